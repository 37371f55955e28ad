package dev.assay.extract.component.code;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.engine.fact.CodeCall;
import dev.assay.engine.fact.CodeImport;
import dev.assay.engine.fact.CodeText;
import dev.assay.engine.fact.McpTool;
import dev.assay.extract.component.NamePattern;
import dev.assay.extract.component.ScanSettings;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Facts from one JavaScript, TypeScript or TSX syntax tree: ES imports, {@code require} and dynamic {@code import()}
 * with aliases and destructuring, calls and {@code new} expressions with resolved callees, strings, template strings,
 * regular expressions and comments, and MCP tool definitions ({@code server.tool}, {@code registerTool},
 * {@code addTool}, ListTools handlers). Module names lose a {@code node:} prefix.
 */
final class ScriptAnalyzer {

    static final String UNKNOWN = "?";
    private static final int MAX_CALLEE_CHARS = 300;
    private static final Set<String> FUNCTIONS = Set.of("function_declaration", "generator_function_declaration",
            "function_expression", "generator_function", "arrow_function", "method_definition");

    private final ScanSettings settings;
    private final ScanSettings.Bounds bounds;
    private final String file;
    private final String language;
    private final Language grammar;
    private final SourceText src;
    private final CodeFacts out;
    private final ImportTable imports = new ImportTable();

    private record PendingCall(SyntaxNode node, String function, boolean deferred) {
    }

    private final List<PendingCall> calls = new ArrayList<>();
    private final Map<String, SyntaxNode> moduleConstants = new HashMap<>();
    private final Set<Integer> boundImportCalls = new HashSet<>();
    private final ScriptTaint taint;

    private record FunctionSeen(SyntaxNode node, boolean toolHandler, SyntaxNode enclosing) {
    }

    private final List<FunctionSeen> functions = new ArrayList<>();
    private final SyntaxNode[] nodes;
    private final String[] types;
    private final String[] functionAt;
    private final boolean[] deferredAt;
    private final SyntaxNode[] enclosingAt;

    ScriptAnalyzer(ScanSettings settings, String file, Language language, SourceText src, CodeFacts out) {
        this.settings = settings;
        this.bounds = settings.bounds();
        this.file = file;
        this.language = language.id();
        this.grammar = language;
        this.src = src;
        this.out = out;
        int frames = bounds.maxTreeDepth() + 2;
        this.nodes = new SyntaxNode[frames];
        this.types = new String[frames];
        this.functionAt = new String[frames];
        this.deferredAt = new boolean[frames];
        this.enclosingAt = new SyntaxNode[frames];
        this.taint = new ScriptTaint(settings, file, this.language, this, src, out);
    }

    void run(SyntaxNode root) {
        boolean cut = TreeWalk.walk(root, bounds.maxTreeDepth(), this::visit);
        if (cut) {
            out.note("nested deeper than " + bounds.maxTreeDepth() + " levels; deeper code not analysed");
        }
        for (PendingCall call : calls) {
            emitCall(call);
        }
        taint.analyzeModule(root);
        for (FunctionSeen f : functions) {
            taint.analyzeFunction(f.node(), f.toolHandler(), f.enclosing());
        }
        taint.exports(root);
    }

    private boolean visit(SyntaxNode node, String type, int depth) {
        nodes[depth] = node;
        types[depth] = type;
        functionAt[depth] = depth == 0 ? "" : functionAt[depth - 1];
        deferredAt[depth] = depth > 0 && deferredAt[depth - 1];
        enclosingAt[depth] = depth == 0 ? null : enclosingAt[depth - 1];
        if (FUNCTIONS.contains(type)) {
            functionAt[depth] = functionName(node, type, depth);
            deferredAt[depth] |= isDeferredCallback(depth);
            if (!"method_definition".equals(type) && functionAt[depth].indexOf('.') < 0) {
                taint.declareFunction(functionAt[depth], node);
            }
            functions.add(new FunctionSeen(node, isToolHandler(node, depth), enclosingAt[depth]));
            enclosingAt[depth] = node;
            return true;
        }
        switch (type) {
            case "import_statement":
                importStatement(node);
                return false;
            case "variable_declarator":
                declarator(node, depth);
                return true;
            case "call_expression":
            case "new_expression":
                calls.add(new PendingCall(node, functionAt[depth], deferredAt[depth]));
                return true;
            case "string":
                out.add(new CodeText(file, language, "string", stringValue(node), src.startLine(node),
                        src.endLine(node)));
                return false;
            case "template_string":
                out.add(new CodeText(file, language, "string", stringValue(node), src.startLine(node),
                        src.endLine(node)));
                return true;
            case "regex":
                out.add(new CodeText(file, language, "string", src.text(node, bounds.maxTextChars()),
                        src.startLine(node), src.endLine(node)));
                return false;
            case "comment":
                out.add(new CodeText(file, language, "comment", src.text(node, bounds.maxTextChars()),
                        src.startLine(node), src.endLine(node)));
                return false;
            default:
                return true;
        }
    }

    /** The name a function goes by: its own, or the variable, property or field it is assigned to. */
    private String functionName(SyntaxNode node, String type, int depth) {
        SyntaxNode name = node.field("name");
        if (name != null) {
            return src.text(name, 200);
        }
        if (depth > 0) {
            SyntaxNode parent = nodes[depth - 1];
            String parentType = types[depth - 1];
            SyntaxNode label = null;
            if ("variable_declarator".equals(parentType)) {
                label = parent.field("name");
            } else if ("pair".equals(parentType)) {
                label = parent.field("key");
            } else if ("assignment_expression".equals(parentType)) {
                label = parent.field("left");
            } else if ("public_field_definition".equals(parentType) || "field_definition".equals(parentType)) {
                label = parent.field("name");
                if (label == null) {
                    label = parent.field("property");
                }
            }
            if (label != null && !"object_pattern".equals(label.type())) {
                return src.text(label, 200);
            }
        }
        return "<anonymous>";
    }

    /** Whether the function at this depth is a callback of a deferring call or a tool handler. */
    private boolean isDeferredCallback(int depth) {
        if (depth < 2 || !"arguments".equals(types[depth - 1])) {
            return false;
        }
        String callType = types[depth - 2];
        if (!"call_expression".equals(callType)) {
            return false;
        }
        String method = lastSegment(calleeText(nodes[depth - 2]));
        ScanSettings.Mcp mcp = settings.mcp();
        return mcp.deferringCalls().contains(method) || mcp.jsToolMethods().contains(method)
                || mcp.jsToolObjectMethods().contains(method);
    }

    /**
     * Whether the function at this depth handles MCP tool calls: the handler argument of {@code server.tool(...)} or
     * {@code registerTool(...)}, the {@code execute}/{@code handler} of an {@code addTool({...})} object, or a
     * {@code setRequestHandler} callback other than the tool list's.
     */
    private boolean isToolHandler(SyntaxNode node, int depth) {
        ScanSettings.Mcp mcp = settings.mcp();
        if (depth >= 2 && "arguments".equals(types[depth - 1]) && "call_expression".equals(types[depth - 2])) {
            String method = lastSegment(calleeText(nodes[depth - 2]));
            List<SyntaxNode> args = arguments(nodes[depth - 2]);
            if (mcp.jsToolMethods().contains(method)) {
                return !args.isEmpty() && args.get(args.size() - 1).equals(node);
            }
            if ("setRequestHandler".equals(method) && args.size() >= 2 && args.get(1).equals(node)) {
                return !mcp.jsListToolsSchemas().contains(lastSegment(src.text(args.get(0), 200)));
            }
            return false;
        }
        if (depth >= 4 && "pair".equals(types[depth - 1]) && "object".equals(types[depth - 2])
                && "arguments".equals(types[depth - 3]) && "call_expression".equals(types[depth - 4])) {
            SyntaxNode key = nodes[depth - 1].field("key");
            String k = key == null ? "" : src.text(key, 20);
            return (k.equals("execute") || k.equals("handler"))
                    && mcp.jsToolObjectMethods().contains(lastSegment(calleeText(nodes[depth - 4])));
        }
        return false;
    }

    /** The callee as written (no import resolution), cheap enough for the walk. */
    private String calleeText(SyntaxNode call) {
        SyntaxNode fn = call.field("function");
        if (fn == null) {
            return "";
        }
        if ("member_expression".equals(fn.type())) {
            SyntaxNode property = fn.field("property");
            return property == null ? "" : src.text(property, 100);
        }
        return src.text(fn, 100);
    }

    static String lastSegment(String callee) {
        int dot = callee.lastIndexOf('.');
        return dot < 0 ? callee : callee.substring(dot + 1);
    }

    // ---- imports

    private static String module(String specifier) {
        return specifier.startsWith("node:") ? specifier.substring(5) : specifier;
    }

    private void addImport(String module, String name, String alias, SyntaxNode where) {
        if (NamePattern.any(settings.components().mcpSdkModules(), module)) {
            out.markMcpSdk();
        }
        out.add(new CodeImport(file, language, module, name, alias, src.startLine(where), src.snippet(where)));
    }

    private void importStatement(SyntaxNode node) {
        SyntaxNode source = node.field("source");
        SyntaxNode clause = null;
        for (SyntaxNode c : node.namedChildren()) {
            if ("import_clause".equals(c.type())) {
                clause = c;
            } else if ("import_require_clause".equals(c.type())) {
                requireClause(c, node);
                return;
            }
        }
        if (source == null) {
            return;
        }
        String module = module(stringValue(source));
        if (clause == null) {
            addImport(module, "", "", node);
            return;
        }
        for (SyntaxNode part : clause.namedChildren()) {
            switch (part.type()) {
                case "identifier": {
                    String local = src.text(part, 200);
                    imports.bind(local, module);
                    addImport(module, "", local, node);
                    break;
                }
                case "namespace_import": {
                    SyntaxNode id = firstOfType(part, "identifier");
                    String local = id == null ? "" : src.text(id, 200);
                    imports.bind(local, module);
                    addImport(module, "*", local, node);
                    break;
                }
                case "named_imports": {
                    for (SyntaxNode spec : part.namedChildren()) {
                        if (!"import_specifier".equals(spec.type())) {
                            continue;
                        }
                        SyntaxNode name = spec.field("name");
                        SyntaxNode alias = spec.field("alias");
                        if (name == null) {
                            continue;
                        }
                        String member = name.type().equals("string") ? stringValue(name)
                                : src.text(name, 200);
                        String local = alias == null ? member : src.text(alias, 200);
                        imports.bind(local, member.equals("default") ? module : module + "." + member);
                        addImport(module, member, local, node);
                    }
                    break;
                }
                default:
                    break;
            }
        }
    }

    private void requireClause(SyntaxNode clause, SyntaxNode statement) {
        SyntaxNode id = firstOfType(clause, "identifier");
        SyntaxNode source = clause.field("source");
        if (source == null) {
            source = firstOfType(clause, "string");
        }
        if (id == null || source == null) {
            return;
        }
        String module = module(stringValue(source));
        String local = src.text(id, 200);
        imports.bind(local, module);
        addImport(module, "", local, statement);
    }

    private static SyntaxNode firstOfType(SyntaxNode node, String type) {
        for (SyntaxNode c : node.namedChildren()) {
            if (type.equals(c.type())) {
                return c;
            }
        }
        return null;
    }

    /** {@code const x = require('m')}, {@code const {a: b} = require('m')}, {@code await import('m')}, constants. */
    private void declarator(SyntaxNode node, int depth) {
        SyntaxNode name = node.field("name");
        SyntaxNode value = node.field("value");
        if (name == null || value == null) {
            return;
        }
        if (functionAt[depth].isEmpty() && "identifier".equals(name.type())) {
            moduleConstants.put(src.text(name, 200), value);
        }
        SyntaxNode v = value;
        while ("await_expression".equals(v.type()) && v.namedChildCount() == 1) {
            v = v.namedChild(0);
        }
        String member = "";
        if ("member_expression".equals(v.type())) {
            SyntaxNode property = v.field("property");
            SyntaxNode object = v.field("object");
            if (property == null || object == null) {
                return;
            }
            member = src.text(property, 200);
            v = object;
        }
        String module = importedModule(v);
        if (module == null) {
            return;
        }
        boundImportCalls.add(v.startByte());
        String base = member.isEmpty() ? module : module + "." + member;
        if ("identifier".equals(name.type())) {
            String local = src.text(name, 200);
            imports.bind(local, base);
            addImport(module, member, local, node);
        } else if ("object_pattern".equals(name.type())) {
            for (SyntaxNode p : name.namedChildren()) {
                String key = null;
                String local = null;
                switch (p.type()) {
                    case "shorthand_property_identifier_pattern":
                        key = src.text(p, 200);
                        local = key;
                        break;
                    case "pair_pattern": {
                        SyntaxNode k = p.field("key");
                        SyntaxNode a = p.field("value");
                        if (k != null && a != null) {
                            key = k.type().equals("string") ? stringValue(k) : src.text(k, 200);
                            if ("assignment_pattern".equals(a.type())) {
                                a = a.field("left");
                            }
                            local = a == null ? null : src.text(a, 200);
                        }
                        break;
                    }
                    case "object_assignment_pattern": {
                        SyntaxNode left = p.field("left");
                        if (left != null) {
                            key = src.text(left, 200);
                            local = key;
                        }
                        break;
                    }
                    default:
                        break;
                }
                if (key != null && local != null) {
                    imports.bind(local, base + "." + key);
                    addImport(module, member.isEmpty() ? key : member + "." + key, local, node);
                }
            }
        } else {
            addImport(module, member, "", node);
        }
    }

    /** The module of {@code require('m')} or {@code import('m')} with a literal specifier, else null. */
    private String importedModule(SyntaxNode call) {
        if (!"call_expression".equals(call.type())) {
            return null;
        }
        SyntaxNode fn = call.field("function");
        if (fn == null) {
            return null;
        }
        boolean require = "identifier".equals(fn.type()) && src.text(fn, 20).equals("require")
                && !imports.isBound("require");
        boolean dynamicImport = "import".equals(fn.type());
        if (!require && !dynamicImport) {
            return null;
        }
        List<SyntaxNode> args = arguments(call);
        if (args.isEmpty() || !isStringLiteral(args.get(0))) {
            return null;
        }
        return module(stringValue(args.get(0)));
    }

    // ---- expressions

    List<SyntaxNode> arguments(SyntaxNode call) {
        SyntaxNode list = call.field("arguments");
        List<SyntaxNode> out = new ArrayList<>();
        if (list == null) {
            return out;
        }
        if (!"arguments".equals(list.type())) {
            out.add(list);
            return out;
        }
        for (SyntaxNode a : list.namedChildren()) {
            if (!"comment".equals(a.type())) {
                out.add(a);
            }
        }
        return out;
    }

    String callee(SyntaxNode call) {
        SyntaxNode fn = call.field("new_expression".equals(call.type()) ? "constructor" : "function");
        if (fn == null) {
            return UNKNOWN;
        }
        String name = "import".equals(fn.type()) ? "import" : render(fn, 0);
        return name.length() > MAX_CALLEE_CHARS ? name.substring(0, MAX_CALLEE_CHARS) : name;
    }

    /** An expression as a dotted name with imports resolved ("?" where it is not a name). */
    String render(SyntaxNode node) {
        return render(node, 0);
    }

    int maxTextChars() {
        return bounds.maxTextChars();
    }

    private String render(SyntaxNode node, int depth) {
        if (depth > bounds.maxExpressionDepth()) {
            return UNKNOWN;
        }
        switch (node.type()) {
            case "identifier":
                return imports.resolve(src.text(node, 200));
            case "this":
            case "super":
                return node.type();
            case "member_expression": {
                SyntaxNode object = node.field("object");
                SyntaxNode property = node.field("property");
                if (object == null || property == null) {
                    return UNKNOWN;
                }
                return render(object, depth + 1) + "." + src.text(property, 200);
            }
            case "subscript_expression": {
                SyntaxNode object = node.field("object");
                SyntaxNode index = node.field("index");
                if (object == null) {
                    return UNKNOWN;
                }
                if (index != null && isStringLiteral(index)) {
                    return render(object, depth + 1) + "." + stringValue(index);
                }
                return render(object, depth + 1) + "[]";
            }
            case "call_expression": {
                String module = importedModule(node);
                if (module != null) {
                    return module;
                }
                SyntaxNode fn = node.field("function");
                return fn == null ? UNKNOWN : render(fn, depth + 1) + "()";
            }
            case "new_expression": {
                SyntaxNode ctor = node.field("constructor");
                return ctor == null ? UNKNOWN : render(ctor, depth + 1) + "()";
            }
            case "parenthesized_expression":
            case "await_expression":
            case "non_null_expression":
            case "as_expression":
            case "satisfies_expression":
            case "type_assertion": {
                SyntaxNode inner = lastExpression(node);
                return inner == null ? UNKNOWN : render(inner, depth + 1);
            }
            case "string":
            case "template_string":
                return "String";
            case "array":
                return "Array";
            default:
                return UNKNOWN;
        }
    }

    /** The expression a wrapper holds: the only named child, or the first for casts ({@code x as T}). */
    private static SyntaxNode lastExpression(SyntaxNode node) {
        for (SyntaxNode c : node.namedChildren()) {
            if (!"comment".equals(c.type())) {
                return c;
            }
        }
        return null;
    }

    boolean isStringLiteral(SyntaxNode node) {
        String type = node.type();
        if ("string".equals(type)) {
            return true;
        }
        return "template_string".equals(type) && firstOfType(node, "template_substitution") == null;
    }

    boolean isConstant(SyntaxNode node, int depth) {
        if (depth > bounds.maxExpressionDepth()) {
            return false;
        }
        switch (node.type()) {
            case "string":
            case "number":
            case "true":
            case "false":
            case "null":
            case "undefined":
            case "regex":
                return true;
            case "template_string":
                return isStringLiteral(node);
            case "identifier":
                return src.text(node, 20).equals("undefined");
            case "unary_expression": {
                SyntaxNode arg = node.field("argument");
                return arg != null && isConstant(arg, depth + 1);
            }
            case "binary_expression": {
                SyntaxNode left = node.field("left");
                SyntaxNode right = node.field("right");
                return left != null && right != null && isConstant(left, depth + 1) && isConstant(right, depth + 1);
            }
            case "parenthesized_expression":
            case "array": {
                for (SyntaxNode c : node.namedChildren()) {
                    if (!"comment".equals(c.type()) && !isConstant(c, depth + 1)) {
                        return false;
                    }
                }
                return true;
            }
            case "object": {
                for (SyntaxNode c : node.namedChildren()) {
                    if ("comment".equals(c.type())) {
                        continue;
                    }
                    if (!"pair".equals(c.type())) {
                        return false;
                    }
                    SyntaxNode value = c.field("value");
                    SyntaxNode key = c.field("key");
                    if (value == null || (key != null && "computed_property_name".equals(key.type()))
                            || !isConstant(value, depth + 1)) {
                        return false;
                    }
                }
                return true;
            }
            default:
                return false;
        }
    }

    /** A string's or template's value between its quotes, escapes decoded (template substitutions as written). */
    String stringValue(SyntaxNode node) {
        return Escapes.javascript(src.inner(node.startByte(), node.endByte(), 1, 1, bounds.maxTextChars()));
    }

    /** A string known without running the code: a literal, a constant concatenation or a module-level constant. */
    private String constantString(SyntaxNode node, int depth) {
        if (depth > bounds.maxExpressionDepth()) {
            return null;
        }
        switch (node.type()) {
            case "string":
            case "template_string":
                return isStringLiteral(node) ? stringValue(node) : null;
            case "parenthesized_expression": {
                SyntaxNode inner = lastExpression(node);
                return inner == null ? null : constantString(inner, depth + 1);
            }
            case "binary_expression": {
                SyntaxNode left = node.field("left");
                SyntaxNode right = node.field("right");
                if (left == null || right == null) {
                    return null;
                }
                String op = src.slice(left.endByte(), right.startByte(), 10).strip();
                String l = op.equals("+") ? constantString(left, depth + 1) : null;
                String r = l == null ? null : constantString(right, depth + 1);
                return r == null ? null : cut(l + r);
            }
            case "identifier": {
                SyntaxNode value = moduleConstants.get(src.text(node, 200));
                return value == null || value.startByte() == node.startByte() ? null
                        : constantString(value, depth + 1);
            }
            default:
                return null;
        }
    }

    private String cut(String s) {
        return s.length() > bounds.maxTextChars() ? s.substring(0, bounds.maxTextChars()) + "…" : s;
    }

    JsonNode toJson(SyntaxNode node, int depth) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        String shortText = src.text(node, bounds.maxKeywordValueChars());
        if (depth > bounds.maxExpressionDepth()) {
            return f.textNode(shortText);
        }
        switch (node.type()) {
            case "object": {
                ObjectNode o = f.objectNode();
                for (SyntaxNode c : node.namedChildren()) {
                    if ("pair".equals(c.type())) {
                        SyntaxNode key = c.field("key");
                        SyntaxNode value = c.field("value");
                        if (key != null && value != null) {
                            o.set(key.type().equals("string") ? stringValue(key) : src.text(key, 200),
                                    toJson(value, depth + 1));
                        }
                    } else if ("shorthand_property_identifier".equals(c.type())) {
                        String name = src.text(c, 200);
                        SyntaxNode value = moduleConstants.get(name);
                        o.set(name, value == null ? f.textNode(name) : toJson(value, depth + 1));
                    }
                }
                return o;
            }
            case "array": {
                ArrayNode a = f.arrayNode();
                for (SyntaxNode c : node.namedChildren()) {
                    if (!"comment".equals(c.type())) {
                        a.add(toJson(c, depth + 1));
                    }
                }
                return a;
            }
            case "string":
            case "template_string":
                return f.textNode(isStringLiteral(node) ? stringValue(node) : shortText);
            case "number":
                try {
                    return f.numberNode(Long.parseLong(src.text(node, 40)));
                } catch (NumberFormatException e) {
                    return f.textNode(src.text(node, 40));
                }
            case "true":
                return f.booleanNode(true);
            case "false":
                return f.booleanNode(false);
            case "null":
                return f.nullNode();
            case "identifier": {
                SyntaxNode value = moduleConstants.get(src.text(node, 200));
                return value == null || value.startByte() == node.startByte()
                        ? f.textNode(shortText)
                        : toJson(value, depth + 1);
            }
            default:
                return f.textNode(shortText);
        }
    }

    // ---- calls

    private void emitCall(PendingCall pending) {
        SyntaxNode call = pending.node();
        String callee = callee(call);
        List<SyntaxNode> args = arguments(call);
        boolean constant = true;
        boolean[] literal = new boolean[args.size()];
        List<String> keywords = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            SyntaxNode a = args.get(i);
            literal[i] = isConstant(a, 0);
            constant &= literal[i];
            if ("object".equals(a.type())) {
                objectKeywords(a, keywords);
            }
        }
        for (int i = 0; i < Math.min(args.size(), bounds.maxPositionalKeywords()); i++) {
            SyntaxNode a = args.get(i);
            String form = literal[i] ? src.text(a, bounds.maxKeywordValueChars()) : render(a, 0);
            keywords.add("@" + i + "=" + (form.length() > bounds.maxKeywordValueChars()
                    ? form.substring(0, bounds.maxKeywordValueChars()) + "…" : form));
        }
        String firstArg = "";
        if (!args.isEmpty() && literal[0]) {
            firstArg = isStringLiteral(args.get(0)) ? stringValue(args.get(0))
                    : src.text(args.get(0), bounds.maxArgChars());
            if (firstArg.length() > bounds.maxArgChars()) {
                firstArg = firstArg.substring(0, bounds.maxArgChars()) + "…";
            }
        }
        out.add(new CodeCall(file, language, callee, constant, firstArg, keywords, pending.function(),
                src.startLine(call), src.snippet(call)));
        if (("require".equals(callee) || "import".equals(callee))
                && !boundImportCalls.contains(call.startByte())) {
            String module = importedModule(call);
            if (module != null) {
                addImport(module, "", "", call);
            }
        }
        if ("new_expression".equals(call.type()) && settings.components().mcpServerConstructors()
                .contains(lastSegment(callee)) && callee.contains("modelcontextprotocol")) {
            out.markMcpSdk();
        }
        SyntaxNode fn = call.field("function");
        if (fn == null || !"member_expression".equals(fn.type())) {
            return;
        }
        String method = lastSegment(callee);
        ScanSettings.Mcp mcp = settings.mcp();
        if (mcp.jsToolMethods().contains(method) && !args.isEmpty()) {
            toolCall(call, method, args, pending.deferred());
        } else if (mcp.jsToolObjectMethods().contains(method) && !args.isEmpty()
                && "object".equals(args.get(0).type())) {
            toolObject(args.get(0), call, pending.deferred());
        } else if ("setRequestHandler".equals(method) && args.size() >= 2
                && mcp.jsListToolsSchemas().contains(lastSegment(src.text(args.get(0), 200)))) {
            listToolsHandler(args.get(1), call);
        }
    }

    private void objectKeywords(SyntaxNode object, List<String> keywords) {
        for (SyntaxNode c : object.namedChildren()) {
            if ("pair".equals(c.type())) {
                SyntaxNode key = c.field("key");
                SyntaxNode value = c.field("value");
                if (key != null && value != null) {
                    String k = key.type().equals("string") ? stringValue(key) : src.text(key, 100);
                    keywords.add(k + "=" + src.text(value, bounds.maxKeywordValueChars()));
                }
            } else if ("shorthand_property_identifier".equals(c.type())) {
                String k = src.text(c, 100);
                keywords.add(k + "=" + k);
            }
        }
    }

    private record Literal(String value, boolean dynamic) {
    }

    private Literal literal(SyntaxNode node) {
        if (node == null) {
            return new Literal("", false);
        }
        String value = constantString(node, 0);
        return value != null ? new Literal(value, false)
                : new Literal(src.text(node, bounds.maxArgChars()), true);
    }

    private boolean stringLike(SyntaxNode node) {
        String type = node.type();
        return type.equals("string") || type.equals("template_string") || type.equals("binary_expression")
                || (type.equals("identifier") && constantString(node, 0) != null);
    }

    private static boolean isFunction(SyntaxNode node) {
        return FUNCTIONS.contains(node.type());
    }

    /** {@code server.tool(name, [description], [schema], [annotations], handler)} and {@code registerTool}. */
    private void toolCall(SyntaxNode call, String method, List<SyntaxNode> args, boolean deferred) {
        Literal name = literal(args.get(0));
        Literal description = new Literal("", false);
        String schema = "";
        if (method.equals("registerTool")) {
            SyntaxNode config = args.size() > 1 && "object".equals(args.get(1).type()) ? args.get(1) : null;
            if (config != null) {
                description = literal(pair(config, "description"));
                SyntaxNode input = pair(config, "inputSchema");
                schema = input == null ? "" : Json.write(toJson(input, 0), bounds.maxTextChars());
            }
        } else {
            int i = 1;
            if (i < args.size() && !isFunction(args.get(i)) && stringLike(args.get(i))) {
                description = literal(args.get(i));
                i++;
            }
            if (i < args.size() && !isFunction(args.get(i))) {
                schema = Json.write(toJson(args.get(i), 0), bounds.maxTextChars());
            }
        }
        out.add(new McpTool(file, name.value(), description.value(), schema,
                deferred || name.dynamic() || description.dynamic(), src.startLine(call), src.snippet(call)));
    }

    /** {@code addTool({name, description, parameters})} and each object of a ListTools answer. */
    private void toolObject(SyntaxNode object, SyntaxNode where, boolean deferred) {
        SyntaxNode nameNode = pair(object, "name");
        if (nameNode == null) {
            return;
        }
        Literal name = literal(nameNode);
        Literal description = literal(pair(object, "description"));
        SyntaxNode input = pair(object, "inputSchema");
        if (input == null) {
            input = pair(object, "parameters");
        }
        String schema = input == null ? "" : Json.write(toJson(input, 0), bounds.maxTextChars());
        out.add(new McpTool(file, name.value(), description.value(), schema,
                deferred || name.dynamic() || description.dynamic(), src.startLine(where), src.snippet(where)));
    }

    /** The value of a property of an object literal, or null. */
    private SyntaxNode pair(SyntaxNode object, String key) {
        for (SyntaxNode c : object.namedChildren()) {
            if ("pair".equals(c.type())) {
                SyntaxNode k = c.field("key");
                if (k != null
                        && key.equals(k.type().equals("string") ? stringValue(k) : src.text(k, 100))) {
                    return c.field("value");
                }
            } else if ("shorthand_property_identifier".equals(c.type()) && key.equals(src.text(c, 100))) {
                SyntaxNode value = moduleConstants.get(key);
                return value != null ? value : c;
            }
        }
        return null;
    }

    /** A ListTools handler: the literal tool objects it answers with, or one dynamic "*" entry. */
    private void listToolsHandler(SyntaxNode handler, SyntaxNode call) {
        List<SyntaxNode> arrays = new ArrayList<>();
        TreeWalk.walk(handler, bounds.maxTreeDepth(), (node, type, depth) -> {
            if ("pair".equals(type)) {
                SyntaxNode key = node.field("key");
                SyntaxNode value = node.field("value");
                if (key != null && value != null && src.text(key, 20).replace("\"", "").replace("'", "")
                        .equals("tools")) {
                    arrays.add(value);
                }
            } else if ("shorthand_property_identifier".equals(type) && src.text(node, 20).equals("tools")) {
                arrays.add(node);
            }
            return true;
        });
        boolean found = false;
        for (SyntaxNode value : arrays) {
            SyntaxNode array = value;
            String arrayType = array.type();
            if ("identifier".equals(arrayType) || "shorthand_property_identifier".equals(arrayType)) {
                SyntaxNode constant = moduleConstants.get(src.text(array, 200));
                if (constant != null) {
                    array = constant;
                }
            }
            if (!"array".equals(array.type())) {
                continue;
            }
            for (SyntaxNode element : array.namedChildren()) {
                if ("object".equals(element.type())) {
                    toolObject(element, element, false);
                    found = true;
                } else if (!"comment".equals(element.type())) {
                    out.add(new McpTool(file, "*", "", "", true, src.startLine(element), src.snippet(element)));
                    found = true;
                }
            }
        }
        if (!found) {
            out.add(new McpTool(file, "*", "", "", true, src.startLine(call), src.snippet(call)));
        }
    }
}
