package dev.assay.extract.component.code;

import dev.assay.engine.fact.McpTool;
import dev.assay.engine.fact.McpToolMutation;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds MCP tool metadata that changes after registration behind a trigger (the rug-pull shape), in Python and
 * JavaScript/TypeScript files that register tools: assignments to a tool's description, docstring or input schema,
 * and tools registered again, removed or announced as changed, inside code that runs later and is gated by a call
 * counter, the clock, a marker file or content fetched from the network. A change without a trigger (descriptions
 * set once at start, translated at start) is not recorded. Runs after the language analyzer, on its McpTool facts.
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

    private final String file;
    private final Language language;
    private final SourceText src;
    private final List<McpTool> tools;
    private final CodeFacts out;
    private final int maxDepth;
    private final Set<String> counters = new HashSet<>();

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
        TreeWalk.walk(root, maxDepth, (node, type, depth) -> {
            counter(node, type);
            return true;
        });
        Deque<SyntaxNode> ancestors = new ArrayDeque<>();
        TreeWalk.walk(root, maxDepth, new TreeWalk.Visitor() {
            @Override
            public boolean enter(SyntaxNode node, String type, int depth) {
                inspect(node, type, ancestors);
                ancestors.push(node);
                return true;
            }

            @Override
            public void exit(SyntaxNode node, String type, int depth) {
                ancestors.pop();
            }
        });
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
        } else if (type.equals("call") || type.equals("call_expression")) {
            SyntaxNode function = node.field("function");
            String callee = function == null ? "" : src.text(function, 300).trim();
            String text = src.text(node, 2000);
            if (REGISTRATION_CALLEE.matcher(callee).find()) {
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
        if (function == null) {
            return; // module level: runs once, at start
        }
        String trigger = trigger(ancestors, value, src.text(function, 20_000));
        if (trigger.isEmpty()) {
            return;
        }
        McpTool registration = registration(tool, src.startLine(node));
        out.add(new McpToolMutation(file, language.id(), kind, trigger,
                registration.name().isEmpty() ? tool : registration.name(), src.startLine(node), src.snippet(node),
                registration.line(), registration.snippet()));
    }

    /** What decides when the change happens; "" when nothing does. Conditions first, then the function body. */
    private String trigger(Deque<SyntaxNode> ancestors, String value, String functionText) {
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
        String cond = conditions.toString();
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
        return v.matches("(?s)[rRbBuUfF]?(?:'[^']*'|\"[^\"]*\"|`[^`$]*`)");
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
