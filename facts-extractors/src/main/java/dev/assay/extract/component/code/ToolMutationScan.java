package dev.assay.extract.component.code;

import dev.assay.engine.fact.McpTool;
import dev.assay.engine.fact.McpToolMutation;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds MCP tool metadata that changes after registration behind a trigger (the rug-pull shape), in Python and
 * JavaScript/TypeScript files that register tools: assignments to a tool's description, docstring or input schema,
 * and tools registered again, removed or announced as changed, inside code that runs later and is gated by a call
 * counter, the clock, a marker file or content fetched from the network. A change without a trigger (descriptions
 * set once at start, translated at start) is not recorded. Two shapes seen in public proofs of concept count as well:
 * a tool's handler rewriting or re-registering a registered tool when it is called (trigger "tool-call"), and a
 * change at module level behind a marker file or the clock that swaps in text shipped in the code or registers a tool
 * a second time (a sleeper that turns on at a later start). A tools/list handler that swaps whole tool tables behind
 * such a trigger is {@link ToolTableSwitch}. Runs after the language analyzer, on its McpTool facts.
 */
final class ToolMutationScan {

    private static final Pattern METADATA_TARGET = Pattern.compile(
            "(?:\\.|\\[\\s*['\"])(description|__doc__|inputSchema|input_schema)['\"]?\\s*\\]?$");
    private static final Pattern REGISTRATION_CALLEE = Pattern.compile(
            "(?:^|\\.)(tool|registerTool|register_tool|add_tool|addTool|remove_tool|removeTool|sendToolListChanged"
                    + "|send_tool_list_changed|notify_tools_changed)$|\\.tool\\([^)]*\\)$");
    private static final Pattern LIST_CHANGED = Pattern.compile("notifications/tools/list_changed");
    private static final Pattern NETWORK = Pattern.compile(
            "\\b(?:fetch|urlopen|axios(?:\\.(?:get|post|request))?|requests\\.(?:get|post|request)"
                    + "|httpx\\.(?:get|post|request)|(?:client|session)\\.get|https?\\.get|got)\\s*\\(");
    private static final Pattern MARKER = Pattern.compile(
            "\\b(?:exists|existsSync|isfile|is_file|accessSync|statSync|access)\\s*\\(");
    private static final Pattern CLOCK = Pattern.compile(
            "\\b(?:time\\.time|time\\.monotonic|datetime\\.\\w+|Date\\.now|new\\s+Date|getTime|getHours|getDay"
                    + "|weekday|setTimeout|setInterval|threading\\.Timer|asyncio\\.sleep|time\\.sleep)\\b");
    private static final Pattern COMPARISON = Pattern.compile("(?:>=?|<=?|==|!=|%)");
    private static final Pattern NAME = Pattern.compile("[A-Za-z_$][\\w$]*");
    private static final Pattern UPDATE_CALLEE = Pattern.compile("^([A-Za-z_$][\\w$]*)\\.update$");
    private static final Pattern QUOTED_NAME = Pattern.compile("^\\(\\s*['\"`]([^'\"`]{1,200})['\"`]");
    /** The first argument of a call when it names a tool: a quoted name (JS/TS) or a function (Python). */
    private static final Pattern FIRST_ARGUMENT_NAME = Pattern.compile(
            "^\\(\\s*(?:['\"`]([^'\"`]{1,200})['\"`]|([A-Za-z_][\\w]*)\\s*[,)])");

    private final String file;
    private final Language language;
    private final SourceText src;
    private final List<McpTool> tools;
    private final CodeFacts out;
    private final int maxDepth;
    private final Set<String> counters = new HashSet<>();
    /** Registered tool names, and JS variables holding a registration's result ({@code const t = server.tool(…)}). */
    private final Map<String, String> registered = new HashMap<>();

    ToolMutationScan(String file, Language language, SourceText src, CodeFacts out, int maxDepth) {
        this.file = file;
        this.language = language;
        this.src = src;
        this.out = out;
        this.tools = out.tools();
        this.maxDepth = maxDepth;
    }

    void run(SyntaxNode root) {
        if (tools.isEmpty()) {
            return;
        }
        for (McpTool t : tools) {
            registered.put(t.name(), t.name());
        }
        TreeWalk.walk(root, maxDepth, (node, type, depth) -> {
            counter(node, type);
            registrationVariable(node, type);
            return true;
        });
        // One walk with ancestors serves both this scan and the tool-table switch's collection.
        ToolTableSwitch tableSwitch = new ToolTableSwitch(file, language, src, out, maxDepth, counters, this::inToolHandler,
                new ToolTableSwitch.Patterns(MARKER, CLOCK, COMPARISON));
        Deque<SyntaxNode> ancestors = new ArrayDeque<>();
        TreeWalk.walk(root, maxDepth, new TreeWalk.Visitor() {
            @Override
            public boolean enter(SyntaxNode node, String type, int depth) {
                inspect(node, type, ancestors);
                tableSwitch.collect(node, type, ancestors);
                ancestors.push(node);
                return true;
            }

            @Override
            public void exit(SyntaxNode node, String type, int depth) {
                ancestors.pop();
            }
        });
        tableSwitch.inspectListHandlers();
        RemoteToolList remote = new RemoteToolList(file, language, src, out, maxDepth, NETWORK, tableSwitch::definition);
        for (SyntaxNode handler : tableSwitch.listHandlers()) {
            remote.inspect(handler, tools);
        }
    }

    /** Names that count something: {@code n += 1}, {@code n++}, {@code self.calls = self.calls + 1}. */
    private void counter(SyntaxNode node, String type) {
        SyntaxNode target = null;
        if (type.equals("augmented_assignment") || type.equals("augmented_assignment_expression")) {
            target = node.field("left");
        } else if (type.equals("update_expression")) {
            target = node.field("argument");
        }
        if (target != null) {
            counters.add(lastName(src.text(target, 200)));
        }
    }

    /** {@code const t = server.tool('x', …)}: t stands for tool x (the SDK's RegisteredTool, which has update()). */
    private void registrationVariable(SyntaxNode node, String type) {
        if (!type.equals("variable_declarator")) {
            return;
        }
        SyntaxNode name = node.field("name");
        SyntaxNode value = node.field("value");
        while (value != null && value.type().equals("await_expression")) {
            value = value.namedChildCount() > 0 ? value.namedChild(0) : null;
        }
        if (name == null || value == null || !value.type().equals("call_expression")
                || !name.type().equals("identifier")) {
            return;
        }
        SyntaxNode function = value.field("function");
        String callee = function == null ? "" : src.text(function, 300).trim();
        if (!REGISTRATION_CALLEE.matcher(callee).find() || callee.matches("(?s).*(?:remove|List|list_|changed).*")) {
            return;
        }
        Matcher quoted = QUOTED_NAME.matcher(textOf(value.field("arguments"), 300));
        String tool = quoted.find() ? quoted.group(1) : "";
        registered.put(src.text(name, 100).trim(), tool.isEmpty() ? src.text(name, 100).trim() : tool);
    }

    private void inspect(SyntaxNode node, String type, Deque<SyntaxNode> ancestors) {
        String kind = null;
        String value = "";
        String tool = "";
        if (type.equals("assignment") || type.equals("assignment_expression")) {
            SyntaxNode left = node.field("left");
            SyntaxNode right = node.field("right");
            if (left == null) {
                return;
            }
            Matcher m = METADATA_TARGET.matcher(src.text(left, 300).trim());
            if (!m.find()) {
                return;
            }
            kind = switch (m.group(1)) {
                case "__doc__" -> "docstring";
                case "description" -> "description";
                default -> "schema";
            };
            value = right == null ? "" : src.text(right, 2000);
            tool = owner(src.text(left, 300).trim());
            tool = registered.getOrDefault(tool, tool);
        } else if (type.equals("call") || type.equals("call_expression")) {
            SyntaxNode function = node.field("function");
            String callee = function == null ? "" : src.text(function, 300).trim();
            String text = src.text(node, 2000);
            Matcher update = UPDATE_CALLEE.matcher(callee);
            if (update.find() && registered.containsKey(update.group(1))) {
                // the SDK's RegisteredTool.update({description, paramsSchema, …}) on a tool registered earlier
                String arguments = textOf(node.field("arguments"), 2000);
                if (arguments.matches("(?s).*\\bdescription\\b.*")) {
                    kind = "description";
                } else if (arguments.matches("(?s).*\\b(?:paramsSchema|inputSchema)\\b.*")) {
                    kind = "schema";
                } else {
                    return;
                }
                value = arguments;
                tool = registered.get(update.group(1));
            } else if (REGISTRATION_CALLEE.matcher(callee).find()) {
                kind = callee.matches("(?s).*(?:remove_tool|removeTool)$") ? "remove"
                        : callee.matches("(?s).*(?:ListChanged|list_changed|tools_changed)$") ? "list-changed"
                        : "re-register";
            } else if (LIST_CHANGED.matcher(text).find()) {
                kind = "list-changed";
            } else {
                return;
            }
            value = text;
        } else {
            return;
        }
        SyntaxNode function = enclosingFunction(ancestors);
        String trigger;
        if (function == null) {
            // module level runs once per start: only a sleeper counts, text shipped in the code swapped in (or a
            // tool registered again) behind a marker file or the clock, so that a later start serves another tool
            trigger = loadTrigger(ancestors);
            if (trigger.isEmpty() || !(kind.equals("re-register") ? registersAgain(node) : isLiteral(value))) {
                return;
            }
        } else {
            // the function's own text, less the change itself: a registration whose handler sleeps or fetches is
            // not a registration made after a delay or from fetched content (server-everything's set-up functions)
            String around = src.slice(function.startByte(), node.startByte(), 20_000)
                    + src.slice(node.endByte(), function.endByte(), 20_000);
            trigger = trigger(ancestors, value, around);
            if (trigger.isEmpty() && inToolHandler(ancestors)
                    && (kind.equals("re-register") ? registersAgain(node) : registered.containsKey(tool))) {
                trigger = "tool-call"; // a registered tool rewrites a tool's text when the model calls it
            }
            if (trigger.isEmpty()) {
                return;
            }
        }
        McpTool registration = registration(tool, src.startLine(node));
        out.add(new McpToolMutation(file, language.id(), kind, trigger,
                registration.name().isEmpty() ? tool : registration.name(), src.startLine(node), src.snippet(node),
                registration.line(), registration.snippet()));
    }

    /** What decides when the change happens; "" when nothing does. Conditions first, then the function body. */
    private String trigger(Deque<SyntaxNode> ancestors, String value, String functionText) {
        String cond = conditions(ancestors);
        if (NETWORK.matcher(value).find()) {
            return "remote";
        }
        if (countsCalls(cond)) {
            return "call-count";
        }
        if (MARKER.matcher(cond).find()) {
            return "marker-file";
        }
        if (CLOCK.matcher(cond).find()) {
            return "time";
        }
        if (NETWORK.matcher(functionText).find() && !value.isBlank() && !isLiteral(value)) {
            return "remote";
        }
        if (CLOCK.matcher(functionText).find() && cond.isEmpty()
                && functionText.matches("(?s).*\\b(?:setTimeout|setInterval|threading\\.Timer|sleep)\\b.*")) {
            return "time";
        }
        return "";
    }

    /** Module-level guard of a sleeper: a marker file or the clock in an enclosing condition. */
    private String loadTrigger(Deque<SyntaxNode> ancestors) {
        String cond = conditions(ancestors);
        if (MARKER.matcher(cond).find()) {
            return "marker-file";
        }
        if (CLOCK.matcher(cond).find()) {
            return "time";
        }
        return "";
    }

    private String conditions(Deque<SyntaxNode> ancestors) {
        StringBuilder conditions = new StringBuilder();
        for (SyntaxNode a : ancestors) {
            String t = a.type();
            if (t.equals("if_statement") || t.equals("while_statement") || t.equals("conditional_expression")
                    || t.equals("ternary_expression") || t.equals("elif_clause")) {
                SyntaxNode condition = a.field("condition");
                if (condition != null) {
                    conditions.append(src.text(condition, 500)).append('\n');
                }
            }
        }
        return conditions.toString();
    }

    /** A registration call whose arguments name a tool already registered above it ({@code mcp.tool()(greet)}). */
    private boolean registersAgain(SyntaxNode call) {
        int line = src.startLine(call);
        String arguments = textOf(call.field("arguments"), 2000);
        Matcher first = FIRST_ARGUMENT_NAME.matcher(arguments);
        if (!first.find()) {
            return false;
        }
        String name = first.group(1) != null ? first.group(1) : first.group(2);
        return tools.stream().anyMatch(t -> t.name().equals(name) && t.line() < line);
    }

    /**
     * Inside the handler of a registered tool: a Python function registered under its own name (decorated), or a
     * JS/TS function passed to a registration call.
     */
    private boolean inToolHandler(Deque<SyntaxNode> ancestors) {
        SyntaxNode previous = null;
        for (SyntaxNode a : ancestors) {
            String t = a.type();
            if (t.equals("function_definition")) {
                SyntaxNode name = a.field("name");
                if (name != null && tools.stream().anyMatch(tool -> tool.name().equals(src.text(name, 200).trim()))) {
                    return true;
                }
            } else if (t.equals("call_expression") && previous != null && previous.type().equals("arguments")) {
                SyntaxNode function = a.field("function");
                String callee = function == null ? "" : src.text(function, 300).trim();
                if (REGISTRATION_CALLEE.matcher(callee).find()) {
                    return true;
                }
            }
            previous = a;
        }
        return false;
    }

    private boolean countsCalls(String condition) {
        if (condition.isEmpty() || !COMPARISON.matcher(condition).find()) {
            return false;
        }
        Matcher m = NAME.matcher(condition);
        while (m.find()) {
            if (counters.contains(m.group())) {
                return true;
            }
        }
        return false;
    }

    private static boolean isLiteral(String value) {
        String v = value.trim();
        return v.matches("(?s)[rRbBuUfF]?(?:'[^']*'|\"[^\"]*\"|`[^`$]*`|'{3}.*'{3}|\"{3}.*\"{3})");
    }

    private String textOf(SyntaxNode node, int maxChars) {
        return node == null ? "" : src.text(node, maxChars);
    }

    private static SyntaxNode enclosingFunction(Deque<SyntaxNode> ancestors) {
        for (SyntaxNode a : ancestors) {
            switch (a.type()) {
                case "function_definition", "function_declaration", "function_expression", "arrow_function",
                        "method_definition", "generator_function_declaration", "lambda":
                    return a;
                default:
                    break;
            }
        }
        return null;
    }

    /** The registration of the tool the mutation names, else the last registration before it, else the first. */
    private McpTool registration(String name, int line) {
        McpTool before = null;
        for (McpTool t : tools) {
            if (!name.isEmpty() && t.name().equals(name)) {
                return t;
            }
            if (t.line() <= line && (before == null || t.line() > before.line())) {
                before = t;
            }
        }
        return before != null ? before : tools.get(0);
    }

    /** {@code get_weather.__doc__} → get_weather; {@code tools[0].description} → tools. */
    private static String owner(String target) {
        String base = target.replaceAll("(?:\\.|\\[\\s*['\"])(?:description|__doc__|inputSchema|input_schema)"
                + "['\"]?\\s*\\]?$", "");
        return lastName(base);
    }

    private static String lastName(String expression) {
        String e = expression.replaceAll("\\[[^\\]]*\\]$", "").trim();
        int dot = e.lastIndexOf('.');
        return dot >= 0 ? e.substring(dot + 1) : e;
    }
}
