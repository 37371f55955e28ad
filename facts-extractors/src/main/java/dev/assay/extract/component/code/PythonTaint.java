package dev.assay.extract.component.code;

import dev.assay.engine.fact.TaintFlow;
import dev.assay.extract.component.ScanSettings;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Intra-procedural taint tracking over one Python scope (a function body or the module), reporting a
 * {@link TaintFlow} when an untrusted value reaches a dangerous sink.
 *
 * <p>Guarantees, all on the conservative side: taint moves only through assignment (also tuple unpacking, {@code for}
 * targets, {@code with … as}, walrus), {@code +} and {@code %}, f-strings, {@code .format}/{@code .join} and the
 * string methods listed as propagating, subscripts and attributes of a tainted value, containers and {@code a or b};
 * any other call gives a clean value (default deny), sanitizers give a clean value, a value checked for membership in
 * a literal allowlist is clean inside the check (or after a {@code not in … : return} guard). Nothing flows between
 * functions, into nested functions or through globals. Assignments in straight-line code replace a variable's taint;
 * in branches and loops they add to it (either path may run).
 */
final class PythonTaint {

    private static final String NETWORK = "network";
    private static final String ARGV = "argv";

    private final ScanSettings.Taint lists;
    private final ScanSettings.Bounds bounds;
    private final String file;
    private final PythonExpressions ex;
    private final SourceText src;
    private final CodeFacts out;
    private final Map<String, SyntaxNode> moduleAssignments;
    private final Set<Integer> reported = new HashSet<>();
    private final Map<String, String> sourceCalls = new HashMap<>();
    private final Map<String, String> sourceValues = new HashMap<>();

    /** Where a taint came from: source kind and the line it entered. */
    private record Taint(String source, int line) {

        Taint earlier(Taint other) {
            if (other == null) {
                return this;
            }
            if (line != other.line) {
                return line < other.line ? this : other;
            }
            return source.compareTo(other.source) <= 0 ? this : other;
        }
    }

    /** What an expression evaluates to, as far as taint cares. */
    private record Value(Taint taint, boolean response, boolean client, boolean stringish) {

        static final Value CLEAN = new Value(null, false, false, false);
        static final Value CLEAN_STRING = new Value(null, false, false, true);

        boolean clean() {
            return taint == null && !response && !client;
        }

        Value union(Value other) {
            Taint t = taint == null ? other.taint : taint.earlier(other.taint);
            return new Value(t, false, false, stringish || other.stringish);
        }

        Value asString() {
            return new Value(taint, false, false, true);
        }
    }

    /** Variable (or attribute path such as {@code self.cmd}) → value; only non-clean values are held. */
    private static final class Env {
        private final Map<String, Value> values;

        Env() {
            values = new HashMap<>();
        }

        private Env(Map<String, Value> values) {
            this.values = new HashMap<>(values);
        }

        Env copy() {
            return new Env(values);
        }

        Value get(String name) {
            return values.get(name);
        }

        void set(String name, Value value, boolean strong) {
            if (strong) {
                if (value.clean()) {
                    values.remove(name);
                } else {
                    values.put(name, value);
                }
            } else if (!value.clean()) {
                Value old = values.get(name);
                values.put(name, old == null ? value : new Value(value.taint == null ? old.taint
                        : value.taint.earlier(old.taint), value.response || old.response,
                        value.client || old.client, value.stringish || old.stringish));
            }
        }

        void clear(String name) {
            values.remove(name);
        }

        /** Adds what {@code branch} holds that this does not, except {@code except}. */
        void mergeFrom(Env branch, String except) {
            for (Map.Entry<String, Value> e : branch.values.entrySet()) {
                if (!e.getKey().equals(except)) {
                    set(e.getKey(), e.getValue(), false);
                }
            }
        }
    }

    PythonTaint(ScanSettings settings, String file, PythonExpressions ex, CodeFacts out,
            Map<String, SyntaxNode> moduleAssignments) {
        this.lists = settings.taint();
        this.bounds = settings.bounds();
        this.file = file;
        this.ex = ex;
        this.src = ex.src();
        this.out = out;
        this.moduleAssignments = moduleAssignments;
        for (Map.Entry<String, ScanSettings.Source> e : lists.sources().entrySet()) {
            for (String call : e.getValue().calls()) {
                sourceCalls.put(call, e.getKey());
            }
            for (String value : e.getValue().values()) {
                sourceValues.put(value, e.getKey());
            }
        }
    }

    /** Every callee that can be a sink, whatever its arguments. */
    static Set<String> sinkCallees(ScanSettings.Taint lists) {
        Set<String> all = new HashSet<>();
        ScanSettings.Sinks sinks = lists.sinks();
        for (ScanSettings.Sink sink : List.of(sinks.exec(), sinks.shell(), sinks.deserialize())) {
            all.addAll(sink.calls());
            all.addAll(sink.shellFlagCalls());
            all.addAll(sink.loaderCalls());
        }
        return all;
    }

    /** Analyses one scope; {@code taintedParameters} are tool-handler arguments with the line of their function. */
    void analyzeScope(SyntaxNode body, Map<String, Integer> taintedParameters) {
        Env env = new Env();
        for (Map.Entry<String, Integer> p : taintedParameters.entrySet()) {
            env.set(p.getKey(), new Value(new Taint("tool-argument", p.getValue()), false, false, false), true);
        }
        block(body, env, true, 0);
    }

    private ScanSettings.Source source(String kind) {
        ScanSettings.Source s = lists.sources().get(kind);
        return s != null ? s : new ScanSettings.Source(null, null, null, null, null, null, null, null);
    }

    // ---- statements

    private void block(SyntaxNode block, Env env, boolean strong, int depth) {
        if (depth > bounds.maxExpressionDepth()) {
            return;
        }
        for (SyntaxNode statement : block.namedChildren()) {
            statement(statement, env, strong, depth + 1);
        }
    }

    private void statement(SyntaxNode s, Env env, boolean strong, int depth) {
        switch (s.type()) {
            case "expression_statement": {
                for (SyntaxNode e : s.namedChildren()) {
                    expressionStatement(e, env, strong);
                }
                break;
            }
            case "if_statement":
                ifStatement(s, env, depth);
                break;
            case "for_statement": {
                SyntaxNode right = s.field("right");
                SyntaxNode left = s.field("left");
                Value items = right == null ? Value.CLEAN : eval(right, env, 0);
                if (left != null) {
                    assign(left, new Value(items.taint, false, false, items.stringish), env, false);
                }
                loopBody(s, env, depth);
                break;
            }
            case "while_statement": {
                SyntaxNode condition = s.field("condition");
                if (condition != null) {
                    eval(condition, env, 0);
                }
                loopBody(s, env, depth);
                break;
            }
            case "try_statement": {
                for (SyntaxNode part : s.namedChildren()) {
                    if ("block".equals(part.type())) {
                        block(part, env, strong, depth);
                    } else {
                        nestedBlocks(part, env, depth);
                    }
                }
                break;
            }
            case "with_statement":
                withStatement(s, env, strong, depth);
                break;
            case "match_statement": {
                SyntaxNode subject = s.field("subject");
                if (subject != null) {
                    eval(subject, env, 0);
                }
                SyntaxNode body = s.field("body");
                if (body != null) {
                    nestedBlocks(body, env, depth);
                }
                break;
            }
            case "function_definition":
            case "class_definition":
            case "decorated_definition":
            case "comment":
            case "import_statement":
            case "import_from_statement":
            case "future_import_statement":
                break;
            default: {
                for (SyntaxNode e : s.namedChildren()) {
                    eval(e, env, 0);
                }
            }
        }
    }

    /** Every block below a node (else, except, finally, case clauses), with weak updates. */
    private void nestedBlocks(SyntaxNode node, Env env, int depth) {
        if (depth > bounds.maxExpressionDepth()) {
            return;
        }
        for (SyntaxNode c : node.namedChildren()) {
            if ("block".equals(c.type())) {
                block(c, env, false, depth + 1);
            } else if (c.type().endsWith("_clause") || "case_clause".equals(c.type())) {
                nestedBlocks(c, env, depth + 1);
            } else {
                eval(c, env, 0);
            }
        }
    }

    private void loopBody(SyntaxNode loop, Env env, int depth) {
        SyntaxNode body = loop.field("body");
        if (body != null) {
            // Twice, so that a value tainted late in the body reaches a sink early in it on the next iteration.
            block(body, env, false, depth);
            block(body, env, false, depth);
        }
        SyntaxNode alternative = loop.field("alternative");
        if (alternative != null) {
            nestedBlocks(alternative, env, depth);
        }
    }

    private void ifStatement(SyntaxNode s, Env env, int depth) {
        SyntaxNode condition = s.field("condition");
        if (condition != null) {
            eval(condition, env, 0);
        }
        Membership check = condition == null ? null : membership(condition);
        SyntaxNode consequence = s.field("consequence");
        if (consequence != null) {
            if (check != null && !check.negated()) {
                Env inside = env.copy();
                inside.clear(check.name());
                block(consequence, inside, false, depth);
                env.mergeFrom(inside, check.name());
            } else {
                block(consequence, env, false, depth);
            }
        }
        for (SyntaxNode c : s.namedChildren()) {
            String type = c.type();
            if ("elif_clause".equals(type) || "else_clause".equals(type)) {
                nestedBlocks(c, env, depth);
            }
        }
        if (check != null && check.negated() && consequence != null && exits(consequence)) {
            env.clear(check.name());
        }
    }

    /** {@code name in LITERAL} or {@code name not in LITERAL}, where LITERAL is a constant collection. */
    private record Membership(String name, boolean negated) {
    }

    private Membership membership(SyntaxNode condition) {
        SyntaxNode c = condition;
        while ("parenthesized_expression".equals(c.type()) && c.namedChildCount() == 1) {
            c = c.namedChild(0);
        }
        if (!"comparison_operator".equals(c.type()) || c.namedChildCount() != 2) {
            return null;
        }
        SyntaxNode left = c.namedChild(0);
        SyntaxNode right = c.namedChild(1);
        String op = src.slice(left.endByte(), right.startByte(), 20).strip()
                .replaceAll("\\s+", " ");
        if (!op.equals("in") && !op.equals("not in")) {
            return null;
        }
        if (!"identifier".equals(left.type()) || !constantCollection(right)) {
            return null;
        }
        return new Membership(src.text(left, 200), op.equals("not in"));
    }

    private boolean constantCollection(SyntaxNode node) {
        SyntaxNode n = node;
        if ("identifier".equals(n.type())) {
            SyntaxNode assigned = moduleAssignments.get(src.text(n, 200));
            if (assigned == null) {
                return false;
            }
            n = assigned;
        }
        if ("call".equals(n.type())) {
            String callee = ex.callee(n);
            PythonExpressions.Args args = ex.args(n);
            if ((callee.equals("frozenset") || callee.equals("set") || callee.equals("tuple"))
                    && args.positional().size() == 1) {
                n = args.first();
            } else {
                return false;
            }
        }
        String type = n.type();
        return (type.equals("set") || type.equals("list") || type.equals("tuple") || type.equals("dictionary"))
                && ex.isConstant(n, 0);
    }

    /** Whether a block always leaves the enclosing code (its last statement returns, raises, continues or breaks). */
    private static boolean exits(SyntaxNode block) {
        List<SyntaxNode> statements = block.namedChildren();
        for (int i = statements.size() - 1; i >= 0; i--) {
            SyntaxNode last = statements.get(i);
            String type = last.type();
            if ("comment".equals(type)) {
                continue;
            }
            return type.equals("return_statement") || type.equals("raise_statement")
                    || type.equals("continue_statement") || type.equals("break_statement");
        }
        return false;
    }

    private void withStatement(SyntaxNode s, Env env, boolean strong, int depth) {
        for (SyntaxNode c : s.namedChildren()) {
            if ("with_clause".equals(c.type())) {
                for (SyntaxNode item : c.namedChildren()) {
                    SyntaxNode value = item.field("value");
                    if (value == null) {
                        continue;
                    }
                    if ("as_pattern".equals(value.type()) && value.namedChildCount() >= 2) {
                        Value v = eval(value.namedChild(0), env, 0);
                        SyntaxNode alias = value.field("alias");
                        SyntaxNode target = alias != null ? alias
                                : value.namedChild(value.namedChildCount() - 1);
                        if ("as_pattern_target".equals(target.type())
                                && target.namedChildCount() == 1) {
                            target = target.namedChild(0);
                        }
                        assign(target, v, env, strong);
                    } else {
                        eval(value, env, 0);
                    }
                }
            } else if ("block".equals(c.type())) {
                block(c, env, strong, depth);
            }
        }
    }

    private void expressionStatement(SyntaxNode e, Env env, boolean strong) {
        switch (e.type()) {
            case "assignment": {
                SyntaxNode left = e.field("left");
                SyntaxNode right = e.field("right");
                if (right == null) {
                    return;
                }
                Value v = eval(right, env, 0);
                if (left != null) {
                    assign(left, v, env, strong);
                }
                break;
            }
            case "augmented_assignment": {
                SyntaxNode left = e.field("left");
                SyntaxNode right = e.field("right");
                if (left == null || right == null) {
                    return;
                }
                Value v = eval(right, env, 0);
                String op = src.slice(left.endByte(), right.startByte(), 10).strip();
                if (op.equals("+=") || op.equals("%=")) {
                    v = eval(left, env, 0).union(v);
                    assign(left, v, env, strong);
                }
                break;
            }
            default:
                eval(e, env, 0);
        }
    }

    private void assign(SyntaxNode target, Value v, Env env, boolean strong) {
        switch (target.type()) {
            case "identifier":
                env.set(src.text(target, 200), v, strong);
                break;
            case "attribute":
                env.set(src.text(target, 200), v, strong);
                break;
            case "subscript": {
                SyntaxNode value = target.field("value");
                if (value != null) {
                    env.set(src.text(value, 200), new Value(v.taint, false, false, false), false);
                }
                break;
            }
            case "pattern_list":
            case "tuple_pattern":
            case "list_pattern":
            case "tuple":
            case "list": {
                Value element = new Value(v.taint, false, false, false);
                for (SyntaxNode t : target.namedChildren()) {
                    assign(t, element, env, strong);
                }
                break;
            }
            default:
                break;
        }
    }

    // ---- expressions

    private Value eval(SyntaxNode node, Env env, int depth) {
        if (depth > bounds.maxExpressionDepth()) {
            return Value.CLEAN;
        }
        switch (node.type()) {
            case "identifier": {
                String name = src.text(node, 200);
                Value v = env.get(name);
                if (v != null) {
                    return v;
                }
                String kind = sourceValues.get(ex.imports().resolve(name));
                return kind == null ? Value.CLEAN : sourceValue(kind, node);
            }
            case "attribute":
                return attribute(node, env, depth);
            case "subscript": {
                SyntaxNode value = node.field("value");
                List<SyntaxNode> parts = node.namedChildren();
                for (int i = 1; i < parts.size(); i++) {
                    eval(parts.get(i), env, depth + 1);
                }
                Value v = value == null ? Value.CLEAN : eval(value, env, depth + 1);
                return v.taint == null ? Value.CLEAN : new Value(v.taint, false, false, true);
            }
            case "call":
                return call(node, env, depth);
            case "string": {
                Value v = Value.CLEAN_STRING;
                for (SyntaxNode part : node.namedChildren()) {
                    if ("interpolation".equals(part.type())) {
                        SyntaxNode expr = part.field("expression");
                        if (expr != null) {
                            v = v.union(eval(expr, env, depth + 1));
                        }
                    }
                }
                return v.asString();
            }
            case "concatenated_string":
            case "boolean_operator":
            case "list":
            case "tuple":
            case "set":
            case "dictionary":
            case "pair":
            case "expression_list":
            case "parenthesized_expression":
            case "await":
            case "conditional_expression": {
                Value v = null;
                List<SyntaxNode> parts = node.namedChildren();
                int n = parts.size();
                boolean conditional = "conditional_expression".equals(node.type());
                for (int i = 0; i < n; i++) {
                    Value part = eval(parts.get(i), env, depth + 1);
                    if (conditional && i == 1) {
                        continue; // the condition's value is not the expression's value
                    }
                    v = v == null ? part : v.union(part);
                }
                if (v == null) {
                    return Value.CLEAN;
                }
                boolean passThrough = n == 1 && ("parenthesized_expression".equals(node.type())
                        || "await".equals(node.type()));
                if (passThrough) {
                    return v;
                }
                String type = node.type();
                boolean scalar = "concatenated_string".equals(type) || "boolean_operator".equals(type)
                        || "conditional_expression".equals(type);
                return new Value(v.taint, false, false, scalar && (v.stringish || type.startsWith("concat")));
            }
            case "binary_operator": {
                SyntaxNode left = node.field("left");
                SyntaxNode right = node.field("right");
                Value l = left == null ? Value.CLEAN : eval(left, env, depth + 1);
                Value r = right == null ? Value.CLEAN : eval(right, env, depth + 1);
                String op = left == null || right == null ? ""
                        : src.slice(left.endByte(), right.startByte(), 10).strip();
                if (op.equals("+") || op.equals("%")) {
                    return l.union(r);
                }
                return Value.CLEAN;
            }
            case "named_expression": {
                SyntaxNode name = node.field("name");
                SyntaxNode value = node.field("value");
                Value v = value == null ? Value.CLEAN : eval(value, env, depth + 1);
                if (name != null) {
                    env.set(src.text(name, 200), v, false);
                }
                return v;
            }
            case "lambda":
                return Value.CLEAN;
            default: {
                for (SyntaxNode part : node.namedChildren()) {
                    eval(part, env, depth + 1);
                }
                return Value.CLEAN;
            }
        }
    }

    private Value sourceValue(String kind, SyntaxNode node) {
        return new Value(new Taint(kind, src.startLine(node)), false, false, false);
    }

    private Value attribute(SyntaxNode node, Env env, int depth) {
        Value held = env.get(src.text(node, 200));
        if (held != null) {
            return held;
        }
        String kind = sourceValues.get(ex.render(node, 0));
        if (kind != null) {
            return sourceValue(kind, node);
        }
        SyntaxNode object = node.field("object");
        SyntaxNode attribute = node.field("attribute");
        if (object == null || attribute == null) {
            return Value.CLEAN;
        }
        Value receiver = eval(object, env, depth + 1);
        String name = src.text(attribute, 100);
        if (receiver.response && source(NETWORK).bodyAttributes().contains(name)) {
            return new Value(new Taint(NETWORK, src.startLine(node)), false, false, true);
        }
        return receiver.taint == null ? Value.CLEAN : new Value(receiver.taint, false, false, false);
    }

    private Value call(SyntaxNode call, Env env, int depth) {
        String callee = ex.callee(call);
        PythonExpressions.Args args = ex.args(call);
        Map<Integer, Value> argValues = new HashMap<>();
        Value allArgs = Value.CLEAN;
        for (SyntaxNode a : args.positional()) {
            Value v = eval(a, env, depth + 1);
            argValues.put(a.startByte(), v);
            allArgs = allArgs.union(v);
        }
        for (SyntaxNode a : args.keywords().values()) {
            Value v = eval(a, env, depth + 1);
            argValues.put(a.startByte(), v);
            allArgs = allArgs.union(v);
        }
        SyntaxNode fn = call.field("function");
        Value receiver = Value.CLEAN;
        String method = null;
        if (fn != null && "attribute".equals(fn.type())) {
            SyntaxNode object = fn.field("object");
            SyntaxNode attribute = fn.field("attribute");
            receiver = object == null ? Value.CLEAN : eval(object, env, depth + 1);
            method = attribute == null ? null : src.text(attribute, 100);
        }
        sink(call, callee, args, argValues);

        if (lists.sanitizers().contains(callee)) {
            return Value.CLEAN_STRING;
        }
        String kind = sourceCalls.get(callee);
        if (kind != null) {
            return new Value(new Taint(kind, src.startLine(call)), false, false, true);
        }
        ScanSettings.Source network = source(NETWORK);
        if (network.responseCalls().contains(callee)) {
            return new Value(null, true, false, false);
        }
        if (network.clientCalls().contains(callee)) {
            return new Value(null, false, true, false);
        }
        if (method != null) {
            if (source(ARGV).methods().contains(method)) {
                return new Value(new Taint(ARGV, src.startLine(call)), false, false, false);
            }
            if (receiver.client && network.clientMethods().contains(method)) {
                return new Value(null, true, false, false);
            }
            if (receiver.response && network.bodyMethods().contains(method)) {
                return new Value(new Taint(NETWORK, src.startLine(call)), false, false, true);
            }
            if (lists.propagatingMethods().contains(method)) {
                Value v = receiver.taint == null ? Value.CLEAN_STRING : new Value(receiver.taint, false, false, true);
                if (method.equals("format") || method.equals("format_map") || method.equals("join")) {
                    v = v.union(allArgs).asString();
                }
                return v;
            }
        }
        if (lists.propagatingCalls().contains(callee)) {
            return allArgs.asString();
        }
        return Value.CLEAN;
    }

    private void sink(SyntaxNode call, String callee, PythonExpressions.Args args, Map<Integer, Value> argValues) {
        ScanSettings.Sinks sinks = lists.sinks();
        String kind = null;
        SyntaxNode relevant = null;
        if (sinks.exec().calls().contains(callee)) {
            kind = "exec";
            relevant = firstOrKeyword(args, "source");
        } else if (sinks.shell().calls().contains(callee)) {
            kind = "shell";
            relevant = firstOrKeyword(args, "cmd", "command");
        } else if (sinks.shell().shellFlagCalls().contains(callee)) {
            relevant = firstOrKeyword(args, "args");
            SyntaxNode shell = args.keyword("shell");
            boolean shellTrue = shell != null && !List.of("False", "0", "None").contains(src.text(shell, 20));
            Value command = relevant == null ? Value.CLEAN : argValues.getOrDefault(relevant.startByte(),
                    Value.CLEAN);
            if (shellTrue || command.stringish) {
                kind = "shell";
            }
        } else if (sinks.deserialize().calls().contains(callee)) {
            kind = "deserialize";
            relevant = firstOrKeyword(args, "data", "file");
        } else if (sinks.deserialize().loaderCalls().contains(callee)) {
            SyntaxNode loader = args.keyword("Loader") != null ? args.keyword("Loader")
                    : args.positional().size() > 1 ? args.positional().get(1) : null;
            boolean safe = loader != null && safeLoader(ex.render(loader, 0), sinks.deserialize().safeLoaders());
            if (!safe) {
                kind = "deserialize";
                relevant = firstOrKeyword(args, "stream");
            }
        }
        if (kind == null || relevant == null) {
            return;
        }
        Value v = argValues.getOrDefault(relevant.startByte(), Value.CLEAN);
        if (v.taint != null && reported.add(call.startByte())) {
            out.add(new TaintFlow(file, Language.PYTHON.id(), v.taint.source(), v.taint.line(), kind, callee,
                    src.startLine(call), src.snippet(call)));
        }
    }

    private static boolean safeLoader(String loader, List<String> safeLoaders) {
        for (String safe : safeLoaders) {
            if (loader.equals(safe) || loader.endsWith("." + safe)) {
                return true;
            }
        }
        return false;
    }

    private static SyntaxNode firstOrKeyword(PythonExpressions.Args args, String... keywords) {
        if (args.first() != null && !"list_splat".equals(args.first().type())) {
            return args.first();
        }
        for (String k : keywords) {
            if (args.keyword(k) != null) {
                return args.keyword(k);
            }
        }
        return null;
    }
}
