package dev.assay.extract.component.code;

import dev.assay.engine.fact.McpTool;
import dev.assay.engine.fact.McpToolMutation;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rug pull that swaps whole tool tables: a tools/list handler that answers with one of two tool tables in which
 * the same tool has another description or schema, chosen by state that a tool's handler writes, a call counter, the
 * clock or a marker file (UnitOne's rug_pull_test: a FastMCP subclass whose {@code list_tools} serves a second table
 * once a tool was called). Tables chosen by configuration (a read-only mode, an environment variable, a plugin list
 * read at start) and tables that only add or drop tools (toolsets a tool switches on) are not this shape. Branches and
 * conditions are followed one level into the functions and module-level variables of the same file that they name;
 * the tables' entries are the McpTool facts the language analyzer emitted inside them.
 */
final class ToolTableSwitch {

    /** Python tools/list handlers by name: FastMCP's overridable method and the low-level server's usual names. */
    private static final Pattern LIST_HANDLER_NAME = Pattern.compile("^_?(?:handle_)?list_tools$");
    /** The first argument of {@code setRequestHandler} for tools/list. */
    private static final Pattern LIST_REQUEST = Pattern.compile(
            "^(?:[\\w$]+\\.)?ListToolsRequestSchema$|^['\"`]tools/list['\"`]$");
    private static final Pattern NAME = Pattern.compile("[A-Za-z_$][\\w$]*");
    private static final Set<String> FUNCTIONS = Set.of("function_definition", "function_declaration",
            "function_expression", "arrow_function", "method_definition", "generator_function_declaration",
            "function");
    /** Bounds: characters of a branch or condition read for names, and definitions remembered per file. */
    private static final int MAX_TEXT = 20_000;
    private static final int MAX_DEFINITIONS = 5_000;

    private final String file;
    private final Language language;
    private final SourceText src;
    private final CodeFacts out;
    private final int maxDepth;
    private final List<McpTool> tools;
    private final Set<String> counters;
    private final Predicate<Deque<SyntaxNode>> inToolHandler;
    private final Pattern marker;
    private final Pattern clock;
    private final Pattern comparison;
    /** Functions (any level) and module-level variables by name: what a branch or condition may name. */
    private final Map<String, SyntaxNode> definitions = new HashMap<>();
    private final Set<String> moduleVariables = new HashSet<>();
    /**
     * Names that a registered tool's handler assigns: an attribute or an entry ({@code self.pulled}, {@code
     * _pulled[session]}), or a plain name that is a module-level variable (a local of the handler is not state).
     */
    private final Set<String> writtenByTools = new HashSet<>();
    private final Set<String> plainWrites = new HashSet<>();
    private final List<SyntaxNode> listHandlers = new ArrayList<>();

    record Patterns(Pattern marker, Pattern clock, Pattern comparison) {
    }

    ToolTableSwitch(String file, Language language, SourceText src, CodeFacts out, int maxDepth, Set<String> counters,
            Predicate<Deque<SyntaxNode>> inToolHandler, Patterns patterns) {
        this.file = file;
        this.language = language;
        this.src = src;
        this.out = out;
        this.tools = out.tools();
        this.maxDepth = maxDepth;
        this.counters = counters;
        this.inToolHandler = inToolHandler;
        this.marker = patterns.marker();
        this.clock = patterns.clock();
        this.comparison = patterns.comparison();
    }

    /** After {@link #collect} has seen every node: judges each tools/list handler found. */
    void inspectListHandlers() {
        for (SyntaxNode handler : listHandlers) {
            inspect(handler);
        }
    }

    /** The tools/list handlers {@link #collect} found, in file order. */
    List<SyntaxNode> listHandlers() {
        return List.copyOf(listHandlers);
    }

    /** A function (any level) or module-level variable of the file by name, or null. */
    SyntaxNode definition(String name) {
        return definitions.get(name);
    }

    /** Called for each node of the file's one walk, before the node is pushed on {@code ancestors}. */
    void collect(SyntaxNode node, String type, Deque<SyntaxNode> ancestors) {
        if (type.equals("function_definition") || type.equals("function_declaration")) {
            SyntaxNode name = node.field("name");
            String n = name == null ? "" : src.text(name, 200).trim();
            define(n, node);
            if (type.equals("function_definition") && (LIST_HANDLER_NAME.matcher(n).find()
                    || decoratedAsListTools(ancestors.peek()))) {
                listHandlers.add(node);
            }
        } else if (FUNCTIONS.contains(type) && isListRequestHandler(ancestors)) {
            listHandlers.add(node);
        } else if ((type.equals("variable_declarator") || type.equals("assignment")) && atModuleLevel(ancestors)) {
            SyntaxNode name = node.field(type.equals("assignment") ? "left" : "name");
            SyntaxNode value = node.field(type.equals("assignment") ? "right" : "value");
            if (name != null && value != null && name.type().equals("identifier")) {
                define(src.text(name, 200).trim(), value);
                moduleVariables.add(src.text(name, 200).trim());
            }
        }
        SyntaxNode target = switch (type) {
            case "assignment", "assignment_expression", "augmented_assignment", "augmented_assignment_expression"
                    -> node.field("left");
            case "update_expression" -> node.field("argument");
            default -> null;
        };
        if (target != null && inToolHandler.test(ancestors)) {
            String t = src.text(target, 300);
            (t.contains(".") || t.contains("[") ? writtenByTools : plainWrites).add(baseName(t));
        }
    }

    private void define(String name, SyntaxNode node) {
        if (!name.isEmpty() && definitions.size() < MAX_DEFINITIONS) {
            definitions.putIfAbsent(name, node);
        }
    }

    /** {@code @server.list_tools()} above a Python function. */
    private boolean decoratedAsListTools(SyntaxNode parent) {
        if (parent == null || !parent.type().equals("decorated_definition")) {
            return false;
        }
        for (SyntaxNode c : parent.namedChildren()) {
            if (c.type().equals("decorator") && src.text(c, 300).matches("(?s).*\\blist_tools\\b.*")) {
                return true;
            }
        }
        return false;
    }

    /** A function passed to {@code setRequestHandler(ListToolsRequestSchema | "tools/list", …)}. */
    private boolean isListRequestHandler(Deque<SyntaxNode> ancestors) {
        var it = ancestors.iterator();
        SyntaxNode arguments = it.hasNext() ? it.next() : null;
        SyntaxNode call = it.hasNext() ? it.next() : null;
        if (arguments == null || call == null || !arguments.type().equals("arguments")
                || !call.type().equals("call_expression") || arguments.namedChildCount() < 2) {
            return false;
        }
        SyntaxNode function = call.field("function");
        return function != null && src.text(function, 300).trim().matches("(?s)(?:.*\\.)?setRequestHandler")
                && LIST_REQUEST.matcher(src.text(arguments.namedChild(0), 200).trim()).find();
    }

    private static boolean atModuleLevel(Deque<SyntaxNode> ancestors) {
        for (SyntaxNode a : ancestors) {
            if (FUNCTIONS.contains(a.type()) || a.type().equals("class_definition") || a.type().equals("class_body")) {
                return false;
            }
        }
        return true;
    }

    /** Each condition inside the handler that chooses what it answers with. */
    private void inspect(SyntaxNode handler) {
        TreeWalk.walk(handler, maxDepth, (node, type, depth) -> {
            Switch s = switchOf(node, type, handler);
            if (s != null) {
                compare(handler, node, s);
            }
            return true;
        });
    }

    /** The condition and the two answers a node chooses between, as byte ranges of the file; null when none. */
    private record Switch(SyntaxNode condition, List<int[]> chosen, List<int[]> otherwise) {
    }

    private Switch switchOf(SyntaxNode node, String type, SyntaxNode handler) {
        switch (type) {
            case "if_statement" -> {
                SyntaxNode condition = node.field("condition");
                SyntaxNode consequence = node.field("consequence");
                if (condition == null || consequence == null) {
                    return null;
                }
                SyntaxNode alternative = node.field("alternative");
                List<int[]> otherwise = new ArrayList<>();
                if (alternative != null) {
                    otherwise.add(range(alternative));
                } else if (src.text(consequence, MAX_TEXT).matches("(?s).*\\breturn\\b.*")) {
                    // if (…) return A; return B: the rest of the handler answers otherwise
                    otherwise.add(new int[] {node.endByte(), handler.endByte()});
                } else {
                    // tools = B; if (…) tools = A; return tools: what the handler set up before
                    otherwise.add(new int[] {handler.startByte(), node.startByte()});
                }
                return new Switch(condition, new ArrayList<>(List.of(range(consequence))), otherwise);
            }
            case "ternary_expression" -> {
                SyntaxNode condition = node.field("condition");
                SyntaxNode consequence = node.field("consequence");
                SyntaxNode alternative = node.field("alternative");
                return condition == null || consequence == null || alternative == null ? null
                        : new Switch(condition, new ArrayList<>(List.of(range(consequence))),
                                new ArrayList<>(List.of(range(alternative))));
            }
            case "conditional_expression" -> {
                // Python: A if condition else B
                if (node.namedChildCount() != 3) {
                    return null;
                }
                return new Switch(node.namedChild(1), new ArrayList<>(List.of(range(node.namedChild(0)))),
                        new ArrayList<>(List.of(range(node.namedChild(2)))));
            }
            default -> {
                return null;
            }
        }
    }

    private void compare(SyntaxNode handler, SyntaxNode at, Switch s) {
        List<McpTool> chosen = entries(expand(s.chosen(), handler));
        List<McpTool> otherwise = entries(expand(s.otherwise(), handler));
        for (McpTool a : chosen) {
            for (McpTool b : otherwise) {
                if (a == b || !a.name().equals(b.name()) || a.name().equals("*")) {
                    continue;
                }
                String kind = !Objects.equals(a.description(), b.description()) ? "description"
                        : !Objects.equals(a.inputSchema(), b.inputSchema()) ? "schema" : null;
                if (kind == null) {
                    continue;
                }
                String trigger = trigger(s.condition(), handler);
                if (!trigger.isEmpty()) {
                    out.add(new McpToolMutation(file, language.id(), kind, trigger, b.name(), src.startLine(at),
                            src.snippet(at), b.line(), b.snippet()));
                }
                return; // one finding per switch: the first tool whose text differs
            }
        }
    }

    /** The ranges, plus the definitions of the names they mention (one level), other than the handler's own. */
    private List<int[]> expand(List<int[]> ranges, SyntaxNode handler) {
        List<int[]> all = new ArrayList<>(ranges);
        for (int[] r : ranges) {
            Matcher m = NAME.matcher(src.slice(r[0], r[1], MAX_TEXT));
            Set<String> seen = new HashSet<>();
            while (m.find()) {
                SyntaxNode d = seen.add(m.group()) ? definitions.get(m.group()) : null;
                if (d != null && !(d.startByte() <= handler.startByte() && handler.endByte() <= d.endByte())) {
                    all.add(range(d));
                }
            }
        }
        return all;
    }

    private List<McpTool> entries(List<int[]> ranges) {
        List<McpTool> found = new ArrayList<>();
        for (McpTool t : tools) {
            for (int[] r : ranges) {
                if (src.lineAt(r[0]) <= t.line() && t.line() <= src.lineAt(Math.max(r[0], r[1] - 1))) {
                    found.add(t);
                    break;
                }
            }
        }
        return found;
    }

    /** What decides the switch: a call counter, a marker file, the clock, or state a tool's handler writes. */
    private String trigger(SyntaxNode condition, SyntaxNode handler) {
        List<int[]> ranges = expand(List.of(range(condition)), handler);
        StringBuilder text = new StringBuilder();
        for (int[] r : ranges) {
            text.append(src.slice(r[0], r[1], MAX_TEXT)).append('\n');
        }
        String cond = text.toString();
        Set<String> names = new HashSet<>();
        Matcher m = NAME.matcher(cond);
        while (m.find()) {
            names.add(m.group());
        }
        // state only: a module-level counter, or what a tool's handler writes (not a local of some function)
        if (comparison.matcher(cond).find() && names.stream().anyMatch(
                n -> counters.contains(n) && (moduleVariables.contains(n) || writtenByTools.contains(n)))) {
            return "call-count";
        }
        if (marker.matcher(cond).find()) {
            return "marker-file";
        }
        if (clock.matcher(cond).find()) {
            return "time";
        }
        if (names.stream().anyMatch(
                n -> writtenByTools.contains(n) || (plainWrites.contains(n) && moduleVariables.contains(n)))) {
            return "tool-call";
        }
        return "";
    }

    private static int[] range(SyntaxNode node) {
        return new int[] {node.startByte(), node.endByte()};
    }

    /** {@code _pulled[session] = True} → _pulled; {@code self.state.pulled = true} → pulled. */
    private static String baseName(String target) {
        String t = target.trim();
        while (t.endsWith("]") && t.lastIndexOf('[') > 0) {
            t = t.substring(0, t.lastIndexOf('[')).trim();
        }
        int dot = t.lastIndexOf('.');
        return dot >= 0 ? t.substring(dot + 1) : t;
    }
}
