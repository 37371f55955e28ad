package dev.assay.extract.component.code;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.engine.fact.CodeCall;
import dev.assay.engine.fact.CodeImport;
import dev.assay.engine.fact.CodeText;
import dev.assay.engine.fact.ManifestScript;
import dev.assay.engine.fact.McpTool;
import dev.assay.extract.component.NamePattern;
import dev.assay.extract.component.ScanSettings;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Facts from one Python syntax tree: imports with aliases, calls with resolved callees, strings, docstrings and
 * comments, MCP tool definitions, setup.py install-time code, and (through {@link PythonTaint}) taint flows.
 * Calls are resolved after the walk, so an import below its use still resolves it.
 */
final class PythonAnalyzer {

    private static final String LANGUAGE = Language.PYTHON.id();

    private final ScanSettings settings;
    private final ScanSettings.Bounds bounds;
    private final String file;
    private final SourceText src;
    private final CodeFacts out;
    private final ImportTable imports = new ImportTable();
    private final PythonExpressions ex;
    private final Set<String> sinkCallees;

    /** A call met during the walk, resolved once all imports are known. */
    private record PendingCall(SyntaxNode node, String function, boolean inHandler, int scope) {
    }

    /** The scope key of module-level code (function scopes are keyed by their start byte). */
    private static final int MODULE_SCOPE = -1;
    /** The scope key of a lambda body, which the taint analysis does not enter. */
    private static final int LAMBDA_SCOPE = -2;

    /** A decorated definition met during the walk. */
    private record Decorated(SyntaxNode node, boolean inHandler) {
    }

    private final List<PendingCall> calls = new ArrayList<>();
    private final List<Decorated> decorated = new ArrayList<>();
    private final List<SyntaxNode> functions = new ArrayList<>();
    private final Map<String, SyntaxNode> functionsByName = new HashMap<>();
    private final Map<String, SyntaxNode> classesByName = new HashMap<>();
    private final Map<String, SyntaxNode> moduleAssignments = new HashMap<>();
    private final Set<Integer> docstringStarts = new HashSet<>();
    private final Map<Integer, String> toolArgumentFunctions = new HashMap<>();
    private final Deque<String> functionNames = new ArrayDeque<>();
    private final Deque<Boolean> handlerFrames = new ArrayDeque<>();
    private final Deque<Integer> scopes = new ArrayDeque<>();
    /** Scopes holding a call of a taint sink: only these are worth a taint analysis. */
    private final Set<Integer> sinkScopes = new HashSet<>();

    PythonAnalyzer(ScanSettings settings, String file, SourceText src, CodeFacts out) {
        this.settings = settings;
        this.bounds = settings.bounds();
        this.file = file;
        this.src = src;
        this.out = out;
        this.ex = new PythonExpressions(src, imports, bounds);
        this.sinkCallees = PythonTaint.sinkCallees(settings.taint());
    }

    void run(SyntaxNode root, boolean setupPy) {
        noteDocstring(root);
        boolean cut = TreeWalk.walk(root, bounds.maxTreeDepth(), new TreeWalk.Visitor() {
            @Override
            public boolean enter(SyntaxNode node, String type, int depth) {
                return visit(node, type, depth);
            }

            @Override
            public void exit(SyntaxNode node, String type, int depth) {
                if (type.equals("function_definition") || type.equals("lambda")) {
                    functionNames.pop();
                    handlerFrames.pop();
                    scopes.pop();
                }
            }
        });
        if (cut) {
            out.note("nested deeper than " + bounds.maxTreeDepth() + " levels; deeper code not analysed");
        }
        for (PendingCall call : calls) {
            emitCall(call);
        }
        for (Decorated d : decorated) {
            decoratedTool(d);
        }
        PythonTaint taint = new PythonTaint(settings, file, ex, out, moduleAssignments);
        if (sinkScopes.contains(MODULE_SCOPE)) {
            taint.analyzeScope(root, Map.of());
        }
        for (SyntaxNode fn : functions) {
            if (!sinkScopes.contains(fn.startByte())) {
                continue;
            }
            SyntaxNode params = fn.field("parameters");
            Map<String, Integer> tainted = new LinkedHashMap<>();
            if (toolArgumentFunctions.containsKey(fn.startByte()) && params != null) {
                for (String p : parameterNames(params)) {
                    tainted.put(p, src.startLine(fn));
                }
            }
            SyntaxNode body = fn.field("body");
            if (body != null) {
                taint.analyzeScope(body, tainted);
            }
        }
        if (setupPy) {
            new SetupPyScripts().run();
        }
    }

    private String currentFunction() {
        return functionNames.isEmpty() ? "" : functionNames.peek();
    }

    private boolean inHandler() {
        return !handlerFrames.isEmpty() && handlerFrames.peek();
    }

    private boolean visit(SyntaxNode node, String type, int depth) {
        switch (type) {
            case "import_statement":
                importStatement(node);
                return false;
            case "import_from_statement":
                fromImport(node);
                return false;
            case "future_import_statement":
                return false;
            case "function_definition": {
                SyntaxNode name = node.field("name");
                String fname = name == null ? "<anonymous>" : src.text(name, 200);
                boolean handler = inHandler() || toolArgumentFunctions.containsKey(node.startByte());
                functionNames.push(fname);
                handlerFrames.push(handler);
                scopes.push(node.startByte());
                functions.add(node);
                functionsByName.putIfAbsent(fname, node);
                SyntaxNode body = node.field("body");
                if (body != null) {
                    noteDocstring(body);
                }
                return true;
            }
            case "lambda":
                functionNames.push("<lambda>");
                handlerFrames.push(inHandler());
                scopes.push(LAMBDA_SCOPE);
                return true;
            case "class_definition": {
                SyntaxNode name = node.field("name");
                if (name != null) {
                    classesByName.putIfAbsent(src.text(name, 200), node);
                }
                SyntaxNode body = node.field("body");
                if (body != null) {
                    noteDocstring(body);
                }
                return true;
            }
            case "decorated_definition":
                decorated.add(new Decorated(node, inHandler()));
                markHandlerFunction(node);
                return true;
            case "assignment":
                if (functionNames.isEmpty()) {
                    SyntaxNode left = node.field("left");
                    SyntaxNode right = node.field("right");
                    if (left != null && right != null && left != null && right != null
                            && "identifier".equals(left.type())) {
                        moduleAssignments.put(src.text(left, 200), right);
                    }
                }
                return true;
            case "call":
                calls.add(new PendingCall(node, currentFunction(), inHandler(),
                        scopes.isEmpty() ? MODULE_SCOPE : scopes.peek()));
                return true;
            case "string":
                text(node, docstringStarts.contains(node.startByte()) ? "docstring" : "string");
                return formatted(node); // only a formatted string holds code (its interpolations)
            case "comment":
                out.add(new CodeText(file, LANGUAGE, "comment", src.text(node, bounds.maxTextChars()),
                        src.startLine(node), src.endLine(node)));
                return false;
            default:
                return true;
        }
    }

    /**
     * Whether a string literal may hold code: true unless its prefix (the letters before its quote) is made only of
     * the plain prefixes r, u and b. So f-strings, t-strings and any prefix not known here are looked into.
     */
    private boolean formatted(SyntaxNode string) {
        int start = string.startByte();
        for (int i = 0; i < 4; i++) {
            int c = src.asciiAt(start + i * src.unit());
            if (c == '"' || c == '\'') {
                return false;
            }
            if (c < 0 || "rRuUbB".indexOf(c) < 0) {
                return true;
            }
        }
        return true;
    }

    private void text(SyntaxNode string, String kind) {
        out.add(new CodeText(file, LANGUAGE, kind, ex.stringValue(string), src.startLine(string), src.endLine(string)));
    }

    /** Remembers the first statement of a body when it is a lone string: that string is a docstring. */
    private void noteDocstring(SyntaxNode body) {
        SyntaxNode first = PythonExpressions.firstNamed(body);
        if (first != null && "expression_statement".equals(first.type())
                && first.namedChildCount() == 1) {
            SyntaxNode value = first.namedChild(0);
            if ("string".equals(value.type())) {
                docstringStarts.add(value.startByte());
            } else if ("concatenated_string".equals(value.type())) {
                for (SyntaxNode part : value.namedChildren()) {
                    docstringStarts.add(part.startByte());
                }
            }
        }
    }

    // ---- imports

    private void importStatement(SyntaxNode node) {
        for (SyntaxNode item : node.namedChildren()) {
            if ("dotted_name".equals(item.type())) {
                String module = src.text(item, 300);
                String head = module.contains(".") ? module.substring(0, module.indexOf('.')) : module;
                imports.bind(head, head);
                addImport(module, "", head, node);
            } else if ("aliased_import".equals(item.type())) {
                SyntaxNode name = item.field("name");
                SyntaxNode alias = item.field("alias");
                if (name == null) {
                    continue;
                }
                String module = src.text(name, 300);
                String local = alias == null ? module : src.text(alias, 200);
                imports.bind(local, module);
                addImport(module, "", local, node);
            }
        }
    }

    private void fromImport(SyntaxNode node) {
        SyntaxNode moduleNode = node.field("module_name");
        if (moduleNode == null) {
            return;
        }
        String module = src.text(moduleNode, 300);
        boolean any = false;
        for (SyntaxNode item : node.namedChildren()) {
            if (item.equals(moduleNode)) {
                continue;
            }
            String type = item.type();
            if ("wildcard_import".equals(type)) {
                addImport(module, "*", "", node);
                any = true;
            } else if ("dotted_name".equals(type)) {
                String name = src.text(item, 200);
                imports.bind(name, join(module, name));
                addImport(module, name, name, node);
                any = true;
            } else if ("aliased_import".equals(type)) {
                SyntaxNode name = item.field("name");
                SyntaxNode alias = item.field("alias");
                if (name == null) {
                    continue;
                }
                String member = src.text(name, 200);
                String local = alias == null ? member : src.text(alias, 200);
                imports.bind(local, join(module, member));
                addImport(module, member, local, node);
                any = true;
            }
        }
        if (!any) {
            addImport(module, "", "", node);
        }
    }

    private static String join(String module, String member) {
        return module.endsWith(".") ? module + member : module + "." + member;
    }

    private void addImport(String module, String name, String alias, SyntaxNode statement) {
        if (NamePattern.any(settings.components().mcpSdkModules(), module)) {
            out.markMcpSdk();
        }
        out.add(new CodeImport(file, LANGUAGE, module, name, alias, src.startLine(statement), src.snippet(statement)));
    }

    // ---- calls

    private void emitCall(PendingCall pending) {
        SyntaxNode call = pending.node();
        String callee = ex.callee(call);
        if (sinkCallees.contains(callee)) {
            sinkScopes.add(pending.scope());
        }
        PythonExpressions.Args args = ex.args(call);
        out.add(new CodeCall(file, LANGUAGE, callee, ex.argsConstant(args), ex.firstArg(args), ex.keywords(args),
                pending.function(), src.startLine(call), src.snippet(call)));
        if (NamePattern.any(settings.components().mcpServerConstructors(), PythonExpressions.lastSegment(callee))
                && callee.contains("mcp")) {
            out.markMcpSdk();
        }
        String method = PythonExpressions.lastSegment(callee);
        if (settings.mcp().pyToolRegistrations().contains(method) && callee.contains(".")) {
            registeredTool(call, args, pending.inHandler());
        } else if (isToolConstructor(callee)) {
            constructedTool(call, args);
        }
    }

    private boolean isToolConstructor(String callee) {
        if (settings.mcp().pyToolConstructors().contains(callee) && (callee.contains(".") || imports.isBound("Tool"))) {
            return !callee.equals("Tool") || imports.resolve("Tool").startsWith("mcp");
        }
        return callee.startsWith("mcp.") && callee.endsWith(".Tool");
    }

    private void markHandlerFunction(SyntaxNode decoratedDefinition) {
        SyntaxNode definition = decoratedDefinition.field("definition");
        if (definition == null || !"function_definition".equals(definition.type())) {
            return;
        }
        for (SyntaxNode decorator : decoratedDefinition.namedChildren()) {
            if (!"decorator".equals(decorator.type())) {
                continue;
            }
            String attr = decoratorAttribute(decorator);
            if (attr != null && (settings.mcp().pyToolDecorators().contains(attr)
                    || settings.mcp().pyHandlerDecorators().contains(attr))) {
                toolArgumentFunctions.put(definition.startByte(), attr);
            }
        }
    }

    /** The attribute name a decorator ends in ({@code @mcp.tool()} → tool), or null when it is not an attribute. */
    private String decoratorAttribute(SyntaxNode decorator) {
        SyntaxNode expr = PythonExpressions.firstNamed(decorator);
        if (expr == null) {
            return null;
        }
        if ("call".equals(expr.type())) {
            expr = expr.field("function");
            if (expr == null) {
                return null;
            }
        }
        if (!"attribute".equals(expr.type())) {
            return null;
        }
        SyntaxNode attr = expr.field("attribute");
        return attr == null ? null : src.text(attr, 100);
    }

    private void decoratedTool(Decorated d) {
        SyntaxNode node = d.node();
        SyntaxNode definition = node.field("definition");
        if (definition == null || !"function_definition".equals(definition.type())) {
            return;
        }
        for (SyntaxNode decorator : node.namedChildren()) {
            if (!"decorator".equals(decorator.type())) {
                continue;
            }
            String attr = decoratorAttribute(decorator);
            if (attr == null || !settings.mcp().pyToolDecorators().contains(attr)) {
                continue;
            }
            SyntaxNode expr = PythonExpressions.firstNamed(decorator);
            PythonExpressions.Args args = expr != null && "call".equals(expr.type()) ? ex.args(expr)
                    : new PythonExpressions.Args(List.of(), Map.of(), false);
            SyntaxNode fnName = definition.field("name");
            Literal name = literal(args.keyword("name") != null ? args.keyword("name") : args.first(),
                    fnName == null ? "" : src.text(fnName, 200));
            Literal description = literal(args.keyword("description"), docstring(definition));
            SyntaxNode params = definition.field("parameters");
            String schema = params == null ? "" : parameterSchema(params);
            out.add(new McpTool(file, name.value(), description.value(), schema,
                    d.inHandler() || name.dynamic() || description.dynamic(), src.startLine(decorator),
                    src.snippet(decorator)));
        }
    }

    /** A literal string or, when the expression is not one, its source text marked dynamic. */
    private record Literal(String value, boolean dynamic) {
    }

    private Literal literal(SyntaxNode node, String fallback) {
        if (node == null) {
            return new Literal(fallback, false);
        }
        if (ex.isStringLiteral(node)) {
            return new Literal(ex.stringValue(node), false);
        }
        if ("identifier".equals(node.type())) {
            SyntaxNode assigned = moduleAssignments.get(src.text(node, 200));
            if (assigned != null && ex.isStringLiteral(assigned)) {
                return new Literal(ex.stringValue(assigned), false);
            }
        }
        return new Literal(ex.text(node), true);
    }

    private String docstring(SyntaxNode function) {
        SyntaxNode body = function.field("body");
        if (body == null) {
            return "";
        }
        SyntaxNode first = PythonExpressions.firstNamed(body);
        if (first != null && "expression_statement".equals(first.type())
                && first.namedChildCount() == 1
                && ex.isStringLiteral(first.namedChild(0))) {
            return ex.stringValue(first.namedChild(0)).strip();
        }
        return "";
    }

    private void registeredTool(SyntaxNode call, PythonExpressions.Args args, boolean inHandler) {
        SyntaxNode fn = args.first();
        SyntaxNode function = fn != null && "identifier".equals(fn.type())
                ? functionsByName.get(src.text(fn, 200))
                : null;
        Literal name = literal(args.keyword("name"), fn == null ? "" : ex.shortText(fn));
        if (args.keyword("name") == null && (fn == null || !"identifier".equals(fn.type()))) {
            name = new Literal(name.value(), true);
        }
        Literal description = literal(args.keyword("description"), function == null ? "" : docstring(function));
        String schema = "";
        if (function != null) {
            SyntaxNode params = function.field("parameters");
            schema = params == null ? "" : parameterSchema(params);
        }
        out.add(new McpTool(file, name.value(), description.value(), schema,
                inHandler || name.dynamic() || description.dynamic(), src.startLine(call), src.snippet(call)));
    }

    private void constructedTool(SyntaxNode call, PythonExpressions.Args args) {
        SyntaxNode nameNode = args.keyword("name") != null ? args.keyword("name") : args.first();
        if (nameNode == null) {
            return;
        }
        Literal name = literal(nameNode, "");
        SyntaxNode descNode = args.keyword("description") != null ? args.keyword("description")
                : args.positional().size() > 1 && args.keyword("name") == null ? args.positional().get(1) : null;
        Literal description = literal(descNode, "");
        SyntaxNode schemaNode = args.keyword("inputSchema") != null ? args.keyword("inputSchema")
                : args.keyword("input_schema");
        String schema = schemaNode == null ? "" : Json.write(ex.toJson(schemaNode, 0), bounds.maxTextChars());
        out.add(new McpTool(file, name.value(), description.value(), schema, name.dynamic() || description.dynamic(),
                src.startLine(call), src.snippet(call)));
    }

    /** Parameter names of a function, without {@code self}, {@code cls} and splats. */
    List<String> parameterNames(SyntaxNode params) {
        List<String> names = new ArrayList<>();
        for (SyntaxNode param : params.namedChildren()) {
            String name = parameterName(param);
            if (name != null && !name.equals("self") && !name.equals("cls")) {
                names.add(name);
            }
        }
        return names;
    }

    private String parameterName(SyntaxNode p) {
        switch (p.type()) {
            case "identifier":
                return src.text(p, 200);
            case "typed_parameter": {
                SyntaxNode first = PythonExpressions.firstNamed(p);
                return first != null && "identifier".equals(first.type()) ? src.text(first, 200) : null;
            }
            case "default_parameter":
            case "typed_default_parameter": {
                SyntaxNode name = p.field("name");
                return name == null ? null : src.text(name, 200);
            }
            default:
                return null;
        }
    }

    /** A JSON Schema for a tool function's parameters, from their annotations and defaults. */
    private String parameterSchema(SyntaxNode params) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode schema = f.objectNode();
        schema.put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        ArrayNode required = f.arrayNode();
        for (SyntaxNode p : params.namedChildren()) {
            String name = parameterName(p);
            if (name == null || name.equals("self") || name.equals("cls")) {
                continue;
            }
            SyntaxNode type = p.field("type");
            String annotation = type == null ? "" : src.text(type, 200);
            if (annotation.equals("Context") || annotation.endsWith(".Context")) {
                continue;
            }
            ObjectNode property = properties.putObject(name);
            String jsonType = jsonType(annotation);
            if (jsonType != null) {
                property.put("type", jsonType);
            } else if (!annotation.isEmpty()) {
                property.put("annotation", annotation);
            }
            if (!p.type().contains("default")) {
                required.add(name);
            }
        }
        if (!required.isEmpty()) {
            schema.set("required", required);
        }
        return Json.write(schema, bounds.maxTextChars());
    }

    private static String jsonType(String annotation) {
        String base = annotation.contains("[") ? annotation.substring(0, annotation.indexOf('[')) : annotation;
        switch (base.strip()) {
            case "str":
                return "string";
            case "int":
                return "integer";
            case "float":
                return "number";
            case "bool":
                return "boolean";
            case "list":
            case "List":
            case "tuple":
            case "Tuple":
            case "Sequence":
                return "array";
            case "dict":
            case "Dict":
            case "Mapping":
                return "object";
            default:
                return null;
        }
    }

    // ---- setup.py

    /** Install-time code of a setup.py: cmdclass overrides and calls that run when pip runs the file. */
    private final class SetupPyScripts {

        void run() {
            Map<String, String> overrideByClass = new TreeMap<>();
            for (PendingCall pending : calls) {
                String callee = ex.callee(pending.node());
                if (!settings.python().setupCallees().contains(callee)) {
                    continue;
                }
                SyntaxNode cmdclass = ex.args(pending.node()).keyword("cmdclass");
                if (cmdclass != null && "identifier".equals(cmdclass.type())) {
                    SyntaxNode assigned = moduleAssignments.get(src.text(cmdclass, 200));
                    cmdclass = assigned != null ? assigned : cmdclass;
                }
                if (cmdclass != null) {
                    overrides(cmdclass, overrideByClass);
                }
            }
            Set<String> calledAtModuleLevel = new HashSet<>();
            for (PendingCall pending : calls) {
                if (pending.function().isEmpty()) {
                    calledAtModuleLevel.add(ex.callee(pending.node()));
                }
            }
            for (PendingCall pending : calls) {
                String callee = ex.callee(pending.node());
                if (!NamePattern.any(settings.python().installTimeCallees(), callee)) {
                    continue;
                }
                String hook = null;
                if (pending.function().isEmpty()) {
                    hook = "setup.py";
                } else if (calledAtModuleLevel.contains(pending.function())
                        && functionsByName.containsKey(pending.function())) {
                    hook = "setup.py";
                } else {
                    String owner = enclosingClass(pending.node(), overrideByClass);
                    if (owner != null) {
                        hook = "cmdclass:" + overrideByClass.get(owner);
                    }
                }
                if (hook != null) {
                    out.add(new ManifestScript(file, "pypi", hook, ex.text(pending.node()),
                            src.startLine(pending.node()),
                            src.snippet(pending.node())));
                }
            }
        }

        private void overrides(SyntaxNode cmdclass, Map<String, String> overrideByClass) {
            if ("dictionary".equals(cmdclass.type())) {
                for (SyntaxNode pair : cmdclass.namedChildren()) {
                    if (!"pair".equals(pair.type())) {
                        continue;
                    }
                    SyntaxNode key = pair.field("key");
                    SyntaxNode value = pair.field("value");
                    if (key != null && value != null && key != null && value != null && ex.isStringLiteral(key)) {
                        override(ex.stringValue(key), value, pair, overrideByClass);
                    }
                }
            } else if ("call".equals(cmdclass.type()) && "dict".equals(ex.callee(cmdclass))) {
                for (Map.Entry<String, SyntaxNode> e : ex.args(cmdclass).keywords().entrySet()) {
                    override(e.getKey(), e.getValue(), e.getValue(), overrideByClass);
                }
            }
        }

        private void override(String command, SyntaxNode value, SyntaxNode where, Map<String, String> overrideByClass) {
            String className = ex.shortText(value);
            overrideByClass.putIfAbsent(className, command);
            out.add(new ManifestScript(file, "pypi", "cmdclass:" + command, className, src.startLine(where),
                    src.snippet(where)));
        }

        /** The cmdclass override class whose body holds the node, if any. */
        private String enclosingClass(SyntaxNode node, Map<String, String> overrideByClass) {
            int at = node.startByte();
            for (String className : overrideByClass.keySet()) {
                SyntaxNode cls = classesByName.get(className);
                if (cls != null && cls.startByte() <= at && at < cls.endByte()) {
                    return className;
                }
            }
            return null;
        }
    }
}
