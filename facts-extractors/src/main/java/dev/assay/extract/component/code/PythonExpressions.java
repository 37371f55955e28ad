package dev.assay.extract.component.code;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.extract.component.ScanSettings;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reading Python expressions off the tree: resolved callee names, arguments, constants, string values and JSON for
 * literal dicts. Every recursive step is bounded by {@code maxExpressionDepth}; beyond it an expression counts as
 * unknown (not constant, callee "?").
 */
final class PythonExpressions {

    static final String UNKNOWN = "?";
    private static final int MAX_CALLEE_CHARS = 300;

    private final SourceText src;
    private final ImportTable imports;
    private final ScanSettings.Bounds bounds;
    private final Map<Long, Args> argsCache = new HashMap<>();
    private final Map<Long, String> calleeCache = new HashMap<>();
    private final Map<Long, Boolean> constantCache = new HashMap<>();

    PythonExpressions(SourceText src, ImportTable imports, ScanSettings.Bounds bounds) {
        this.src = src;
        this.imports = imports;
        this.bounds = bounds;
    }

    SourceText src() {
        return src;
    }

    ImportTable imports() {
        return imports;
    }

    String text(SyntaxNode node) {
        return src.text(node, bounds.maxArgChars());
    }

    String shortText(SyntaxNode node) {
        return src.text(node, bounds.maxKeywordValueChars());
    }

    /** The arguments of a call, split into positional and keyword ones. */
    record Args(List<SyntaxNode> positional, Map<String, SyntaxNode> keywords, boolean splat) {

        SyntaxNode first() {
            return positional.isEmpty() ? null : positional.get(0);
        }

        SyntaxNode keyword(String name) {
            return keywords.get(name);
        }
    }

    Args args(SyntaxNode call) {
        return argsCache.computeIfAbsent(key(call), k -> readArgs(call));
    }

    /** Nodes by byte range: the call facts and the taint analysis ask the same questions of the same nodes. */
    private static long key(SyntaxNode node) {
        return ((long) node.startByte() << 32) | (node.endByte() & 0xFFFFFFFFL);
    }

    private Args readArgs(SyntaxNode call) {
        List<SyntaxNode> positional = new ArrayList<>();
        Map<String, SyntaxNode> keywords = new LinkedHashMap<>();
        boolean splat = false;
        SyntaxNode list = call.field("arguments");
        if (list == null) {
            return new Args(positional, keywords, false);
        }
        if (!"argument_list".equals(list.type())) {
            positional.add(list);
            return new Args(positional, keywords, false);
        }
        for (SyntaxNode arg : list.namedChildren()) {
            String type = arg.type();
            switch (type) {
                case "keyword_argument": {
                    SyntaxNode name = arg.field("name");
                    SyntaxNode value = arg.field("value");
                    if (name != null && value != null) {
                        keywords.put(src.text(name, 100), value);
                    }
                    break;
                }
                case "list_splat":
                case "dictionary_splat":
                    splat = true;
                    positional.add(arg);
                    break;
                case "comment":
                    break;
                default:
                    positional.add(arg);
            }
        }
        return new Args(positional, keywords, splat);
    }

    /**
     * The callee of a call as a dotted name with imports resolved: {@code sp.run} → {@code subprocess.run}. Calls in a
     * receiver are written {@code ()} ({@code requests.get().json}); {@code __import__('os')} and
     * {@code importlib.import_module('os')} name the module; {@code getattr(x, 'name')} is {@code x.name}.
     */
    String callee(SyntaxNode call) {
        return calleeCache.computeIfAbsent(key(call), k -> readCallee(call));
    }

    private String readCallee(SyntaxNode call) {
        SyntaxNode fn = call.field("function");
        if (fn == null) {
            return UNKNOWN;
        }
        String name = render(fn, 0);
        return name.length() > MAX_CALLEE_CHARS ? name.substring(0, MAX_CALLEE_CHARS) : name;
    }

    String render(SyntaxNode node, int depth) {
        if (depth > bounds.maxExpressionDepth()) {
            return UNKNOWN;
        }
        switch (node.type()) {
            case "identifier":
                return imports.resolve(src.text(node, 200));
            case "attribute": {
                SyntaxNode object = node.field("object");
                SyntaxNode attribute = node.field("attribute");
                if (object == null || attribute == null) {
                    return UNKNOWN;
                }
                return render(object, depth + 1) + "." + src.text(attribute, 200);
            }
            case "call": {
                SyntaxNode fn = node.field("function");
                if (fn == null) {
                    return UNKNOWN;
                }
                String name = render(fn, depth + 1);
                Args args = args(node);
                if ((name.equals("__import__") || name.equals("importlib.import_module")) && args.first() != null
                        && isStringLiteral(args.first())) {
                    return stringValue(args.first());
                }
                if (name.equals("getattr") && args.positional().size() >= 2
                        && isStringLiteral(args.positional().get(1))) {
                    return render(args.positional().get(0), depth + 1) + "." + stringValue(args.positional().get(1));
                }
                return name + "()";
            }
            case "subscript": {
                SyntaxNode value = node.field("value");
                return value == null ? UNKNOWN : render(value, depth + 1) + "[]";
            }
            case "parenthesized_expression":
            case "await": {
                SyntaxNode inner = firstNamed(node);
                return inner == null ? UNKNOWN : render(inner, depth + 1);
            }
            case "string":
            case "concatenated_string":
                return "str";
            case "list":
            case "list_comprehension":
                return "list";
            case "dictionary":
            case "dictionary_comprehension":
                return "dict";
            default:
                return UNKNOWN;
        }
    }

    static SyntaxNode firstNamed(SyntaxNode node) {
        for (SyntaxNode c : node.namedChildren()) {
            if (!"comment".equals(c.type())) {
                return c;
            }
        }
        return null;
    }

    /** The last segment of a dotted callee ({@code subprocess.run} → {@code run}). */
    static String lastSegment(String callee) {
        int dot = callee.lastIndexOf('.');
        return dot < 0 ? callee : callee.substring(dot + 1);
    }

    boolean isStringLiteral(SyntaxNode node) {
        String type = node.type();
        if (type.equals("string")) {
            return !hasInterpolation(node);
        }
        if (type.equals("concatenated_string")) {
            for (SyntaxNode part : node.namedChildren()) {
                if (part.type().equals("string") && hasInterpolation(part)) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    static boolean hasInterpolation(SyntaxNode string) {
        for (SyntaxNode part : string.namedChildren()) {
            if ("interpolation".equals(part.type())) {
                return true;
            }
        }
        return false;
    }

    /** Whether every argument of the call (positional and keyword values) is a literal. */
    boolean argsConstant(Args args) {
        if (args.splat()) {
            return false;
        }
        for (SyntaxNode a : args.positional()) {
            if (!isConstant(a, 0)) {
                return false;
            }
        }
        for (SyntaxNode a : args.keywords().values()) {
            if (!isConstant(a, 0)) {
                return false;
            }
        }
        return true;
    }

    boolean isConstant(SyntaxNode node, int depth) {
        if (depth == 0) {
            return constantCache.computeIfAbsent(key(node), k -> constant(node, 0));
        }
        return constant(node, depth);
    }

    private boolean constant(SyntaxNode node, int depth) {
        if (depth > bounds.maxExpressionDepth()) {
            return false;
        }
        switch (node.type()) {
            case "string":
            case "concatenated_string":
                return isStringLiteral(node);
            case "integer":
            case "float":
            case "true":
            case "false":
            case "none":
            case "ellipsis":
                return true;
            case "unary_operator": {
                SyntaxNode operand = node.field("argument");
                return operand != null && isConstant(operand, depth + 1);
            }
            case "binary_operator": {
                SyntaxNode left = node.field("left");
                SyntaxNode right = node.field("right");
                return left != null && right != null && left != null && right != null
                        && isConstant(left, depth + 1) && isConstant(right, depth + 1);
            }
            case "parenthesized_expression":
            case "list":
            case "tuple":
            case "set":
            case "dictionary":
            case "pair": {
                for (SyntaxNode c : node.namedChildren()) {
                    if (!"comment".equals(c.type()) && !isConstant(c, depth + 1)) {
                        return false;
                    }
                }
                return true;
            }
            default:
                return false;
        }
    }

    /** The value of a string literal (escapes decoded unless raw; f-string fields kept as written). */
    String stringValue(SyntaxNode node) {
        if ("concatenated_string".equals(node.type())) {
            StringBuilder b = new StringBuilder();
            for (SyntaxNode part : node.namedChildren()) {
                if (b.length() < bounds.maxTextChars() && "string".equals(part.type())) {
                    b.append(stringValue(part));
                }
            }
            return cut(b.toString());
        }
        int n = node.childCount();
        if (n < 2) {
            return "";
        }
        SyntaxNode start = node.child(0);
        SyntaxNode end = node.child(n - 1);
        String opener = src.text(start, 10);
        int from = start.endByte();
        int to = "string_end".equals(end.type()) ? end.startByte() : node.endByte();
        String raw = src.slice(from, to, bounds.maxTextChars());
        boolean rawString = opener.indexOf('r') >= 0 || opener.indexOf('R') >= 0;
        return rawString ? raw : Escapes.python(raw);
    }

    private String cut(String s) {
        return s.length() > bounds.maxTextChars() ? s.substring(0, bounds.maxTextChars()) + "…" : s;
    }

    /** The first argument's literal text: a string's value, another literal's source text, else "". */
    String firstArg(Args args) {
        SyntaxNode first = args.first();
        if (first == null || !isConstant(first, 0)) {
            return "";
        }
        String value = isStringLiteral(first) ? stringValue(first) : text(first);
        return value.length() > bounds.maxArgChars() ? value.substring(0, bounds.maxArgChars()) + "…" : value;
    }

    /** Keyword arguments as {@code name=value-text}, in call order. */
    List<String> keywords(Args args) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, SyntaxNode> e : args.keywords().entrySet()) {
            out.add(e.getKey() + "=" + shortText(e.getValue()));
        }
        List<SyntaxNode> positional = args.positional();
        for (int i = 0; i < Math.min(positional.size(), bounds.maxPositionalKeywords()); i++) {
            out.add("@" + i + "=" + argumentForm(positional.get(i)));
        }
        return out;
    }

    /** A literal's source text, or the resolved dotted form of a name, attribute or call ("?" for anything else). */
    String argumentForm(SyntaxNode node) {
        if (isConstant(node, 0)) {
            return shortText(node);
        }
        String form = render(node, 0);
        return form.length() > bounds.maxKeywordValueChars() ? form.substring(0, bounds.maxKeywordValueChars()) + "…"
                : form;
    }

    /**
     * A literal as JSON: dicts, lists, tuples, strings, numbers, booleans and None map to JSON; any other expression
     * becomes a JSON string holding its source text.
     */
    JsonNode toJson(SyntaxNode node, int depth) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        if (depth > bounds.maxExpressionDepth()) {
            return f.textNode(shortText(node));
        }
        switch (node.type()) {
            case "dictionary": {
                ObjectNode o = f.objectNode();
                for (SyntaxNode pair : node.namedChildren()) {
                    if (!"pair".equals(pair.type())) {
                        continue;
                    }
                    SyntaxNode key = pair.field("key");
                    SyntaxNode value = pair.field("value");
                    if (key == null || value == null || key == null || value == null) {
                        continue;
                    }
                    String k = isStringLiteral(key) ? stringValue(key) : shortText(key);
                    o.set(k, toJson(value, depth + 1));
                }
                return o;
            }
            case "list":
            case "tuple": {
                ArrayNode a = f.arrayNode();
                for (SyntaxNode c : node.namedChildren()) {
                    if (!"comment".equals(c.type())) {
                        a.add(toJson(c, depth + 1));
                    }
                }
                return a;
            }
            case "string":
            case "concatenated_string":
                return isStringLiteral(node) ? f.textNode(stringValue(node)) : f.textNode(shortText(node));
            case "integer":
                try {
                    return f.numberNode(Long.parseLong(src.text(node, 40).replace("_", "")));
                } catch (NumberFormatException e) {
                    return f.textNode(src.text(node, 40));
                }
            case "true":
                return f.booleanNode(true);
            case "false":
                return f.booleanNode(false);
            case "none":
                return f.nullNode();
            default:
                return f.textNode(shortText(node));
        }
    }
}
