package dev.assay.extract.component.code;

import dev.assay.engine.fact.CodeImport;
import dev.assay.engine.fact.McpTool;
import dev.assay.engine.fact.McpToolMutation;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A tools/list handler whose answer takes the tools' descriptions from a call it makes on every listing, where that
 * call reaches the network: the vendor's server lists the user's scenarios from its API and serves each as a tool
 * (the Make server, {@code @makehq/mcp-server}), so what the model reads can change on the server's side after the
 * user approved the tool. The description is followed back through the handler's variables, loop variables and
 * array-callback parameters to the call it came from. That call counts when its text is a network call of this file
 * (or names a function of this file that makes one); when it is made on a value that a relatively imported module gives
 * (a client built from the module's class, a function of it), it is recorded as {@link ImportedToolText} and counts
 * only if the component's join finds that module making network calls. A description read from a local file, taken
 * from a table built at start or written in the code is not this shape.
 */
final class RemoteToolList {

    /** The receiver of a call: {@code make} in {@code make.scenarios.list(…)}, {@code Make} in {@code new Make(…)}. */
    private static final Pattern CALL_ROOT = Pattern.compile(
            "(?<![\\w$.#])([A-Za-z_$][\\w$]*)(?:\\s*\\??\\.\\s*[A-Za-z_$#][\\w$]*)*\\s*\\(");
    private static final Pattern NAME = Pattern.compile("[A-Za-z_$][\\w$]*");
    /** Array methods whose callback's first parameter is an element of the receiver. */
    private static final Set<String> ELEMENT_METHODS = Set.of("map", "flatMap", "filter", "forEach", "find", "some",
            "every", "reduce");
    private static final Set<String> FUNCTIONS = Set.of("arrow_function", "function_expression", "function",
            "lambda");
    /** Bounds: characters of an expression read, and expressions followed per description. */
    private static final int MAX_TEXT = 20_000;
    private static final int MAX_STEPS = 64;

    private final String file;
    private final Language language;
    private final SourceText src;
    private final CodeFacts out;
    private final int maxDepth;
    private final Pattern network;
    private final Function<String, SyntaxNode> definition;
    /** Local names bound by an import of a relative module, and the module's specifier. */
    private final Map<String, String> localModules = new HashMap<>();

    RemoteToolList(String file, Language language, SourceText src, CodeFacts out, int maxDepth, Pattern network,
            Function<String, SyntaxNode> definition) {
        this.file = file;
        this.language = language;
        this.src = src;
        this.out = out;
        this.maxDepth = maxDepth;
        this.network = network;
        this.definition = definition;
        for (CodeImport i : out.imports()) {
            if ((i.module().startsWith("./") || i.module().startsWith("../")) && !i.alias().isEmpty()) {
                localModules.put(i.alias(), i.module());
            }
        }
    }

    /** Judges one tools/list handler: at most one fact, for the first described tool whose text comes from a call. */
    void inspect(SyntaxNode handler, List<McpTool> tools) {
        Map<String, SyntaxNode> bindings = new HashMap<>();
        Deque<SyntaxNode[]> described = new ArrayDeque<>(); // {description value, name value or null}
        TreeWalk.walk(handler, maxDepth, (node, type, depth) -> {
            collect(node, type, bindings, described);
            return true;
        });
        for (SyntaxNode[] d : described) {
            SyntaxNode value = d[0];
            if (isLiteral(src.text(value, MAX_TEXT))) {
                continue;
            }
            Origin origin = origin(value, bindings, handler);
            if (origin == null) {
                continue;
            }
            McpTool registration = registration(tools, src.startLine(handler));
            String name = d[1] == null ? "" : src.text(d[1], 200).replaceAll("^['\"`]|['\"`]$", "").trim();
            McpToolMutation m = new McpToolMutation(file, language.id(), "description", "remote",
                    name.isEmpty() ? registration.name() : name, src.startLine(origin.at()), src.snippet(origin.at()),
                    registration.line(), registration.snippet());
            if (origin.module() == null) {
                out.add(m);
            } else {
                out.add(new ImportedToolText(origin.module(), m));
            }
            return;
        }
    }

    private void collect(SyntaxNode node, String type, Map<String, SyntaxNode> bindings,
            Deque<SyntaxNode[]> described) {
        switch (type) {
            case "variable_declarator" -> bind(bindings, node.field("name"), node.field("value"));
            case "assignment", "assignment_expression", "for_in_statement", "for_statement", "for_in_clause" ->
                    bind(bindings, node.field("left"), node.field("right"));
            case "call_expression" -> elementParameters(node, bindings);
            case "object", "dictionary" -> {
                SyntaxNode description = null;
                SyntaxNode name = null;
                for (SyntaxNode c : node.namedChildren()) {
                    if (c.type().equals("pair") && c.field("key") != null) {
                        String key = src.text(c.field("key"), 100).replaceAll("['\"]", "").trim();
                        if (key.equals("description")) {
                            description = c.field("value");
                        } else if (key.equals("name")) {
                            name = c.field("value");
                        }
                    }
                }
                if (description != null) {
                    described.add(new SyntaxNode[] {description, name});
                }
            }
            case "call" -> {
                // Python: Tool(name=…, description=…)
                SyntaxNode arguments = node.field("arguments");
                if (arguments == null) {
                    return;
                }
                SyntaxNode description = null;
                SyntaxNode name = null;
                for (SyntaxNode c : arguments.namedChildren()) {
                    SyntaxNode key = c.type().equals("keyword_argument") ? c.field("name") : null;
                    if (key != null && src.text(key, 50).equals("description")) {
                        description = c.field("value");
                    } else if (key != null && src.text(key, 50).equals("name")) {
                        name = c.field("value");
                    }
                }
                if (description != null) {
                    described.add(new SyntaxNode[] {description, name});
                }
            }
            default -> {
            }
        }
    }

    private void bind(Map<String, SyntaxNode> bindings, SyntaxNode name, SyntaxNode value) {
        if (name == null || value == null) {
            return;
        }
        // a name, or each name of a destructuring pattern or tuple
        Matcher m = NAME.matcher(src.text(name, 500));
        while (m.find()) {
            bindings.putIfAbsent(m.group(), value);
        }
    }

    /** {@code items.map((item) => …)}: the callback's first parameter stands for an element of {@code items}. */
    private void elementParameters(SyntaxNode call, Map<String, SyntaxNode> bindings) {
        SyntaxNode function = call.field("function");
        SyntaxNode arguments = call.field("arguments");
        if (function == null || arguments == null || !function.type().equals("member_expression")
                || arguments.namedChildCount() == 0) {
            return;
        }
        SyntaxNode property = function.field("property");
        SyntaxNode receiver = function.field("object");
        SyntaxNode callback = arguments.namedChild(0);
        if (property == null || receiver == null || !ELEMENT_METHODS.contains(src.text(property, 50))
                || !FUNCTIONS.contains(callback.type())) {
            return;
        }
        SyntaxNode parameters = callback.field("parameters");
        if (parameters == null) {
            parameters = callback.field("parameter");
        }
        if (parameters != null) {
            bind(bindings, parameters, receiver);
        }
    }

    /** Where a value came from: a call that reaches the network, in this file or through a local module. */
    private record Origin(SyntaxNode at, String module) {
    }

    private Origin origin(SyntaxNode value, Map<String, SyntaxNode> bindings, SyntaxNode handler) {
        Deque<SyntaxNode> work = new ArrayDeque<>();
        work.add(value);
        Set<String> seen = new HashSet<>();
        int steps = 0;
        while (!work.isEmpty() && steps++ < MAX_STEPS) {
            SyntaxNode e = work.removeFirst();
            String text = src.text(e, MAX_TEXT);
            Origin o = called(e, text, handler);
            if (o != null) {
                return o;
            }
            Matcher m = NAME.matcher(text);
            while (m.find()) {
                SyntaxNode bound = seen.add(m.group()) ? bindings.get(m.group()) : null;
                if (bound != null && bound != e) {
                    work.addLast(bound);
                }
            }
        }
        return null;
    }

    /** A network call in the expression, or a call on what a local module gives; null when neither. */
    private Origin called(SyntaxNode e, String text, SyntaxNode handler) {
        if (network.matcher(text).find()) {
            return new Origin(e, null);
        }
        Matcher m = CALL_ROOT.matcher(text);
        while (m.find()) {
            String root = m.group(1);
            if (localModules.containsKey(root)) {
                return new Origin(e, localModules.get(root));
            }
            SyntaxNode d = definition.apply(root);
            if (d == null || (d.startByte() <= handler.startByte() && handler.endByte() <= d.endByte())) {
                continue;
            }
            // one level into the file: a function that makes a network call, or a client built at module level
            // from a local module's class or factory (const make = new Make(…))
            String definitionText = src.text(d, MAX_TEXT);
            if (network.matcher(definitionText).find()) {
                return new Origin(e, null);
            }
            Matcher built = CALL_ROOT.matcher(definitionText);
            if (!FUNCTIONS.contains(d.type()) && !d.type().contains("function") && built.find()
                    && built.start() <= 8 && localModules.containsKey(built.group(1))) {
                return new Origin(e, localModules.get(built.group(1)));
            }
        }
        return null;
    }

    /** The tool the handler lists (its McpTool fact), else the last registration before it, else the first. */
    private static McpTool registration(List<McpTool> tools, int line) {
        McpTool before = null;
        for (McpTool t : tools) {
            if (t.line() <= line && (before == null || t.line() >= before.line())) {
                before = t;
            }
        }
        return before != null ? before : tools.get(0);
    }

    private static boolean isLiteral(String value) {
        String v = value.trim();
        return v.matches("(?s)[rRbBuUfF]?(?:'[^']*'|\"[^\"]*\"|`[^`$]*`|'{3}.*'{3}|\"{3}.*\"{3})");
    }
}
