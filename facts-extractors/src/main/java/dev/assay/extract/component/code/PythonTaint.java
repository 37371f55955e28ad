package dev.assay.extract.component.code;

import dev.assay.engine.fact.TaintFlow;
import dev.assay.extract.component.ScanSettings;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.treesitter.TSNode;
import org.treesitter.TSNodeAccess;

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
    private final Map<String, TSNode> moduleAssignments;
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
            Map<String, TSNode> moduleAssignments) {
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
    void analyzeScope(TSNode body, Map<String, Integer> taintedParameters) {
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

    private void block(TSNode block, Env env, boolean strong, int depth) {
        if (depth > bounds.maxExpressionDepth()) {
            return;
        }
        for (TSNode statement : TSNodes.named(block)) {
            statement(statement, env, strong, depth + 1);
        }
    }

    private void statement(TSNode s, Env env, boolean strong, int depth) {
        switch (TSNodeAccess.type(s)) {
            case "expression_statement": {
                for (TSNode e : TSNodes.named(s)) {
                    expressionStatement(e, env, strong);
                }
                break;
            }
            case "if_statement":
                ifStatement(s, env, depth);
                break;
            case "for_statement": {
                TSNode right = TSNodes.field(s, "right");
                TSNode left = TSNodes.field(s, "left");
                Value items = right == null ? Value.CLEAN : eval(right, env, 0);
                if (left != null) {
                    assign(left, new Value(items.taint, false, false, items.stringish), env, false);
                }
                loopBody(s, env, depth);
                break;
            }
            case "while_statement": {
                TSNode condition = TSNodes.field(s, "condition");
                if (condition != null) {
                    eval(condition, env, 0);
                }
                loopBody(s, env, depth);
                break;
            }
            case "try_statement": {
                for (TSNode part : TSNodes.named(s)) {
                    if ("block".equals(TSNodeAccess.type(part))) {
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
                TSNode subject = TSNodes.field(s, "subject");
                if (subject != null) {
                    eval(subject, env, 0);
                }
                TSNode body = TSNodes.field(s, "body");
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
                for (TSNode e : TSNodes.named(s)) {
                    eval(e, env, 0);
                }
            }
        }
    }

    /** Every block below a node (else, except, finally, case clauses), with weak updates. */
    private void nestedBlocks(TSNode node, Env env, int depth) {
        if (depth > bounds.maxExpressionDepth()) {
            return;
        }
        for (TSNode c : TSNodes.named(node)) {
            if ("block".equals(TSNodeAccess.type(c))) {
                block(c, env, false, depth + 1);
            } else if (TSNodeAccess.type(c).endsWith("_clause") || "case_clause".equals(TSNodeAccess.type(c))) {
                nestedBlocks(c, env, depth + 1);
            } else {
                eval(c, env, 0);
            }
        }
    }

    private void loopBody(TSNode loop, Env env, int depth) {
        TSNode body = TSNodes.field(loop, "body");
        if (body != null) {
            // Twice, so that a value tainted late in the body reaches a sink early in it on the next iteration.
            block(body, env, false, depth);
            block(body, env, false, depth);
        }
        TSNode alternative = TSNodes.field(loop, "alternative");
        if (alternative != null) {
            nestedBlocks(alternative, env, depth);
        }
    }

    private void ifStatement(TSNode s, Env env, int depth) {
        TSNode condition = TSNodes.field(s, "condition");
        if (condition != null) {
            eval(condition, env, 0);
        }
        Membership check = condition == null ? null : membership(condition);
        TSNode consequence = TSNodes.field(s, "consequence");
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
        for (TSNode c : TSNodes.named(s)) {
            String type = TSNodeAccess.type(c);
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

    private Membership membership(TSNode condition) {
        TSNode c = condition;
        while ("parenthesized_expression".equals(TSNodeAccess.type(c)) && TSNodeAccess.namedChildCount(c) == 1) {
            c = TSNodeAccess.namedChild(c, 0);
        }
        if (!"comparison_operator".equals(TSNodeAccess.type(c)) || TSNodeAccess.namedChildCount(c) != 2) {
            return null;
        }
        TSNode left = TSNodeAccess.namedChild(c, 0);
        TSNode right = TSNodeAccess.namedChild(c, 1);
        String op = src.slice(TSNodeAccess.endByte(left), TSNodeAccess.startByte(right), 20).strip()
                .replaceAll("\\s+", " ");
        if (!op.equals("in") && !op.equals("not in")) {
            return null;
        }
        if (!"identifier".equals(TSNodeAccess.type(left)) || !constantCollection(right)) {
            return null;
        }
        return new Membership(src.text(left, 200), op.equals("not in"));
    }

    private boolean constantCollection(TSNode node) {
        TSNode n = node;
        if ("identifier".equals(TSNodeAccess.type(n))) {
            TSNode assigned = moduleAssignments.get(src.text(n, 200));
            if (assigned == null) {
                return false;
            }
            n = assigned;
        }
        if ("call".equals(TSNodeAccess.type(n))) {
            String callee = ex.callee(n);
            PythonExpressions.Args args = ex.args(n);
            if ((callee.equals("frozenset") || callee.equals("set") || callee.equals("tuple"))
                    && args.positional().size() == 1) {
                n = args.first();
            } else {
                return false;
            }
        }
        String type = TSNodeAccess.type(n);
        return (type.equals("set") || type.equals("list") || type.equals("tuple") || type.equals("dictionary"))
                && ex.isConstant(n, 0);
    }

    /** Whether a block always leaves the enclosing code (its last statement returns, raises, continues or breaks). */
    private static boolean exits(TSNode block) {
        List<TSNode> statements = TSNodes.named(block);
        for (int i = statements.size() - 1; i >= 0; i--) {
            TSNode last = statements.get(i);
            String type = TSNodeAccess.type(last);
            if ("comment".equals(type)) {
                continue;
            }
            return type.equals("return_statement") || type.equals("raise_statement")
                    || type.equals("continue_statement") || type.equals("break_statement");
        }
        return false;
    }

    private void withStatement(TSNode s, Env env, boolean strong, int depth) {
        for (TSNode c : TSNodes.named(s)) {
            if ("with_clause".equals(TSNodeAccess.type(c))) {
                for (TSNode item : TSNodes.named(c)) {
                    TSNode value = TSNodes.field(item, "value");
                    if (value == null) {
                        continue;
                    }
                    if ("as_pattern".equals(TSNodeAccess.type(value)) && TSNodeAccess.namedChildCount(value) >= 2) {
                        Value v = eval(TSNodeAccess.namedChild(value, 0), env, 0);
                        TSNode alias = TSNodes.field(value, "alias");
                        TSNode target = alias != null ? alias
                                : TSNodeAccess.namedChild(value, TSNodeAccess.namedChildCount(value) - 1);
                        if ("as_pattern_target".equals(TSNodeAccess.type(target))
                                && TSNodeAccess.namedChildCount(target) == 1) {
                            target = TSNodeAccess.namedChild(target, 0);
                        }
                        assign(target, v, env, strong);
                    } else {
                        eval(value, env, 0);
                    }
                }
            } else if ("block".equals(TSNodeAccess.type(c))) {
                block(c, env, strong, depth);
            }
        }
    }

    private void expressionStatement(TSNode e, Env env, boolean strong) {
        switch (TSNodeAccess.type(e)) {
            case "assignment": {
                TSNode left = TSNodes.field(e, "left");
                TSNode right = TSNodes.field(e, "right");
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
                TSNode left = TSNodes.field(e, "left");
                TSNode right = TSNodes.field(e, "right");
                if (left == null || right == null) {
                    return;
                }
                Value v = eval(right, env, 0);
                String op = src.slice(TSNodeAccess.endByte(left), TSNodeAccess.startByte(right), 10).strip();
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

    private void assign(TSNode target, Value v, Env env, boolean strong) {
        switch (TSNodeAccess.type(target)) {
            case "identifier":
                env.set(src.text(target, 200), v, strong);
                break;
            case "attribute":
                env.set(src.text(target, 200), v, strong);
                break;
            case "subscript": {
                TSNode value = TSNodes.field(target, "value");
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
                for (TSNode t : TSNodes.named(target)) {
                    assign(t, element, env, strong);
                }
                break;
            }
            default:
                break;
        }
    }

    // ---- expressions

    private Value eval(TSNode node, Env env, int depth) {
        if (depth > bounds.maxExpressionDepth()) {
            return Value.CLEAN;
        }
        switch (TSNodeAccess.type(node)) {
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
                TSNode value = TSNodes.field(node, "value");
                List<TSNode> parts = TSNodes.named(node);
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
                for (TSNode part : TSNodes.named(node)) {
                    if ("interpolation".equals(TSNodeAccess.type(part))) {
                        TSNode expr = TSNodes.field(part, "expression");
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
                List<TSNode> parts = TSNodes.named(node);
                int n = parts.size();
                boolean conditional = "conditional_expression".equals(TSNodeAccess.type(node));
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
                boolean passThrough = n == 1 && ("parenthesized_expression".equals(TSNodeAccess.type(node))
                        || "await".equals(TSNodeAccess.type(node)));
                if (passThrough) {
                    return v;
                }
                String type = TSNodeAccess.type(node);
                boolean scalar = "concatenated_string".equals(type) || "boolean_operator".equals(type)
                        || "conditional_expression".equals(type);
                return new Value(v.taint, false, false, scalar && (v.stringish || type.startsWith("concat")));
            }
            case "binary_operator": {
                TSNode left = TSNodes.field(node, "left");
                TSNode right = TSNodes.field(node, "right");
                Value l = left == null ? Value.CLEAN : eval(left, env, depth + 1);
                Value r = right == null ? Value.CLEAN : eval(right, env, depth + 1);
                String op = left == null || right == null ? ""
                        : src.slice(TSNodeAccess.endByte(left), TSNodeAccess.startByte(right), 10).strip();
                if (op.equals("+") || op.equals("%")) {
                    return l.union(r);
                }
                return Value.CLEAN;
            }
            case "named_expression": {
                TSNode name = TSNodes.field(node, "name");
                TSNode value = TSNodes.field(node, "value");
                Value v = value == null ? Value.CLEAN : eval(value, env, depth + 1);
                if (name != null) {
                    env.set(src.text(name, 200), v, false);
                }
                return v;
            }
            case "lambda":
                return Value.CLEAN;
            default: {
                for (TSNode part : TSNodes.named(node)) {
                    eval(part, env, depth + 1);
                }
                return Value.CLEAN;
            }
        }
    }

    private Value sourceValue(String kind, TSNode node) {
        return new Value(new Taint(kind, src.startLine(node)), false, false, false);
    }

    private Value attribute(TSNode node, Env env, int depth) {
        Value held = env.get(src.text(node, 200));
        if (held != null) {
            return held;
        }
        String kind = sourceValues.get(ex.render(node, 0));
        if (kind != null) {
            return sourceValue(kind, node);
        }
        TSNode object = TSNodes.field(node, "object");
        TSNode attribute = TSNodes.field(node, "attribute");
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

    private Value call(TSNode call, Env env, int depth) {
        String callee = ex.callee(call);
        PythonExpressions.Args args = ex.args(call);
        Map<Integer, Value> argValues = new HashMap<>();
        Value allArgs = Value.CLEAN;
        for (TSNode a : args.positional()) {
            Value v = eval(a, env, depth + 1);
            argValues.put(TSNodeAccess.startByte(a), v);
            allArgs = allArgs.union(v);
        }
        for (TSNode a : args.keywords().values()) {
            Value v = eval(a, env, depth + 1);
            argValues.put(TSNodeAccess.startByte(a), v);
            allArgs = allArgs.union(v);
        }
        TSNode fn = TSNodes.field(call, "function");
        Value receiver = Value.CLEAN;
        String method = null;
        if (fn != null && "attribute".equals(TSNodeAccess.type(fn))) {
            TSNode object = TSNodes.field(fn, "object");
            TSNode attribute = TSNodes.field(fn, "attribute");
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

    private void sink(TSNode call, String callee, PythonExpressions.Args args, Map<Integer, Value> argValues) {
        ScanSettings.Sinks sinks = lists.sinks();
        String kind = null;
        TSNode relevant = null;
        if (sinks.exec().calls().contains(callee)) {
            kind = "exec";
            relevant = firstOrKeyword(args, "source");
        } else if (sinks.shell().calls().contains(callee)) {
            kind = "shell";
            relevant = firstOrKeyword(args, "cmd", "command");
        } else if (sinks.shell().shellFlagCalls().contains(callee)) {
            relevant = firstOrKeyword(args, "args");
            TSNode shell = args.keyword("shell");
            boolean shellTrue = shell != null && !List.of("False", "0", "None").contains(src.text(shell, 20));
            Value command = relevant == null ? Value.CLEAN : argValues.getOrDefault(TSNodeAccess.startByte(relevant),
                    Value.CLEAN);
            if (shellTrue || command.stringish) {
                kind = "shell";
            }
        } else if (sinks.deserialize().calls().contains(callee)) {
            kind = "deserialize";
            relevant = firstOrKeyword(args, "data", "file");
        } else if (sinks.deserialize().loaderCalls().contains(callee)) {
            TSNode loader = args.keyword("Loader") != null ? args.keyword("Loader")
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
        Value v = argValues.getOrDefault(TSNodeAccess.startByte(relevant), Value.CLEAN);
        if (v.taint != null && reported.add(TSNodeAccess.startByte(call))) {
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

    private static TSNode firstOrKeyword(PythonExpressions.Args args, String... keywords) {
        if (args.first() != null && !"list_splat".equals(TSNodeAccess.type(args.first()))) {
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
