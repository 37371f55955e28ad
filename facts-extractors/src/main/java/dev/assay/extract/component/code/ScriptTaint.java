package dev.assay.extract.component.code;

import dev.assay.engine.fact.TaintFlow;
import dev.assay.extract.component.ScanSettings;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Taint tracking over one JavaScript/TypeScript file, reporting a {@link TaintFlow} when a sensitive or untrusted
 * value reaches a network, shell or code-evaluation sink.
 *
 * <p>Sources: the whole environment ({@code env}) or one variable ({@code env-var}), file reads ({@code file}, or
 * {@code credential-file} when the path names a credential location), child-process output, MCP tool-handler
 * arguments, request objects and network response bodies. Taint moves through assignment and destructuring, template
 * literals, {@code +}, {@code ||}/{@code ??}, conditionals, object and array literals and spread (the credential
 * properties of an options object, such as {@code headers}, never taint it), the listed propagating calls and
 * methods, and one level of calls to functions of the same file: a callee's summary says which parameters reach its
 * return value and which reach a sink, and a flow through it names the caller's source line and the callee's sink
 * line. Conservative: any other call gives a clean value, nested functions are their own scopes (no closures), and
 * updates only add taint (either path may run). A member named by a string constant ({@code process['env']},
 * {@code req['write'](…)}, as obfuscators write every access) is the same member as in dotted form.
 *
 * <p>Calls of functions of a relatively imported module ({@code require('./lib/send')}, {@code import {post} from
 * './net.js'}) are recorded in the file's {@link ScriptModule} with their arguments' taint, and their return value
 * carries a placeholder taint that names the call; the summaries of the functions this file exports go there too.
 * The component joins both sides once every file is known (one call deep, as for local functions).
 */
final class ScriptTaint {

    private static final String ENV = "env";
    private static final String ENV_VAR = "env-var";
    private static final String TOOL_ARGUMENT = "tool-argument";
    /** The kind of the placeholder taint an imported call's return value carries, followed by the call's id. */
    private static final String IMPORTED_CALL = "imported-call#";
    private static final int MAX_PARAMS = 30;
    private static final Set<String> WRAPPERS = Set.of("parenthesized_expression", "await_expression",
            "non_null_expression", "as_expression", "satisfies_expression", "type_assertion");
    private static final Set<String> FUNCTIONS = Set.of("function_declaration", "generator_function_declaration",
            "function_expression", "generator_function", "arrow_function", "method_definition");

    private final ScanSettings.ScriptTaint lists;
    private final int maxDepth;
    private final String file;
    private final String language;
    private final ScriptAnalyzer ax;
    private final SourceText src;
    private final CodeFacts out;
    private final ScriptModule module;
    private final Map<String, SyntaxNode> localFunctions = new HashMap<>();
    private final Map<Integer, Summary> summaries = new HashMap<>();
    private final Set<String> reported = new HashSet<>();
    /** What the module's top-level variables hold once its top-level code ran; functions start from it. */
    private final Map<String, Value> moduleVars = new HashMap<>();
    /** The variables each analysed function ends with, for the functions nested in it. */
    private final Map<Integer, Map<String, Value>> functionVars = new HashMap<>();

    /** Where a taint came from: source kind, line and that line's text. */
    private record Taint(String source, int line, String snippet) {
    }

    /**
     * What an expression evaluates to: taints by source kind (the earliest of each), the parameters of the function
     * being summarised it depends on (a bit mask), and what kind of object it is.
     */
    private record Value(Map<String, Taint> taints, int params, boolean response, boolean connection,
            boolean credentialPath) {

        static final Value CLEAN = new Value(Map.of(), 0, false, false, false);

        boolean tainted() {
            return !taints.isEmpty() || params != 0;
        }

        Value union(Value o) {
            if (o == CLEAN || (!o.tainted() && !o.credentialPath)) {
                return data();
            }
            if (this == CLEAN) {
                return o.data();
            }
            Map<String, Taint> t = new TreeMap<>(taints);
            for (Map.Entry<String, Taint> e : o.taints.entrySet()) {
                t.merge(e.getKey(), e.getValue(), (a, b) -> a.line <= b.line ? a : b);
            }
            return new Value(Collections.unmodifiableMap(t), params | o.params, false, false,
                    credentialPath || o.credentialPath);
        }

        /** The same taint as plain data (no response or connection object). */
        Value data() {
            return response || connection ? new Value(taints, params, false, false, credentialPath) : this;
        }

        static Value source(String kind, int line, String snippet) {
            return new Value(Map.of(kind, new Taint(kind, line, snippet)), 0, false, false, false);
        }

        Value withKind(String from, String to) {
            Taint t = taints.get(from);
            if (t == null) {
                return this;
            }
            Map<String, Taint> m = new TreeMap<>(taints);
            m.remove(from);
            m.merge(to, new Taint(to, t.line, t.snippet), (a, b) -> a.line <= b.line ? a : b);
            return new Value(Collections.unmodifiableMap(m), params, response, connection, credentialPath);
        }
    }

    /** A sink inside a summarised function that some of its parameters reach. */
    private record SummarySink(int params, String kind, String callee, int line, String snippet) {
    }

    /** What a local function does with its parameters, and the taint its return value carries of its own. */
    private static final class Summary {
        int returnParams;
        Value returnValue = Value.CLEAN;
        final List<SummarySink> sinks = new ArrayList<>();
        /** Calls of relatively imported functions that get some of the parameters (a relay to another module). */
        final List<ScriptModule.Forward> forwards = new ArrayList<>();
    }

    /** The scope being analysed: variables, and the summary being built (null for a real scope). */
    private static final class Scope {
        final Map<String, Value> vars = new HashMap<>();
        final Summary summary;

        Scope(Summary summary, Map<String, Value> initial) {
            this.summary = summary;
            vars.putAll(initial);
        }

        Value get(String name) {
            return vars.getOrDefault(name, Value.CLEAN);
        }

        void add(String name, Value v) {
            if (!v.tainted() && !v.response && !v.connection && !v.credentialPath) {
                return;
            }
            Value old = vars.get(name);
            if (old == null) {
                vars.put(name, v);
            } else {
                Value merged = old.union(v);
                vars.put(name, new Value(merged.taints, merged.params, old.response || v.response,
                        old.connection || v.connection, merged.credentialPath));
            }
        }
    }

    ScriptTaint(ScanSettings settings, String file, String language, ScriptAnalyzer ax, SourceText src,
            CodeFacts out) {
        this.lists = settings.scriptTaint();
        this.maxDepth = settings.bounds().maxTreeDepth();
        this.file = file;
        this.language = language;
        this.ax = ax;
        this.src = src;
        this.out = out;
        this.module = new ScriptModule(file, language, settings.bounds().maxCallsPerFile());
    }

    /** A function of this file that calls can be followed into, by the name it is declared or assigned under. */
    void declareFunction(String name, SyntaxNode function) {
        if (!name.isEmpty() && !name.equals("<anonymous>")) {
            localFunctions.putIfAbsent(name, function);
        }
    }

    /** Analyses the module's top-level code (functions are analysed one by one with {@link #analyzeFunction}). */
    void analyzeModule(SyntaxNode root) {
        Scope scope = new Scope(null, Map.of());
        for (SyntaxNode c : root.namedChildren()) {
            eval(c, scope, 0);
        }
        moduleVars.putAll(scope.vars);
    }

    /**
     * Analyses one function, after the function it is nested in (whose variables it starts from, as a closure sees
     * them; the module's for a top-level function). A tool handler's first parameter is the tool's arguments.
     */
    void analyzeFunction(SyntaxNode function, boolean toolHandler, SyntaxNode enclosing) {
        Map<String, Value> outer = enclosing == null ? null : functionVars.get(enclosing.startByte());
        Scope scope = new Scope(null, outer == null ? moduleVars : outer);
        List<SyntaxNode> params = parameters(function);
        if (toolHandler && !params.isEmpty()) {
            bind(params.get(0), Value.source(TOOL_ARGUMENT, src.startLine(function), src.snippet(function)), scope);
        }
        body(function, scope);
        if (!scope.vars.isEmpty()) {
            functionVars.put(function.startByte(), scope.vars);
        }
    }

    private void body(SyntaxNode function, Scope scope) {
        SyntaxNode body = function.field("body");
        if (body == null) {
            return;
        }
        if ("statement_block".equals(body.type())) {
            for (SyntaxNode s : body.namedChildren()) {
                eval(s, scope, 0);
            }
        } else {
            returned(eval(body, scope, 0), scope);
        }
    }

    private List<SyntaxNode> parameters(SyntaxNode function) {
        SyntaxNode params = function.field("parameters");
        if (params == null) {
            SyntaxNode single = function.field("parameter");
            return single == null ? List.of() : List.of(single);
        }
        List<SyntaxNode> list = new ArrayList<>();
        for (SyntaxNode p : params.namedChildren()) {
            if (!"comment".equals(p.type())) {
                list.add(p);
            }
        }
        return list;
    }

    private Summary summary(SyntaxNode function) {
        Summary done = summaries.get(function.startByte());
        if (done != null) {
            return done;
        }
        Summary summary = new Summary();
        summaries.put(function.startByte(), summary); // a recursive call sees the summary as built so far
        Scope scope = new Scope(summary, moduleVars);
        List<SyntaxNode> params = parameters(function);
        for (int i = 0; i < Math.min(params.size(), MAX_PARAMS); i++) {
            bind(params.get(i), new Value(Map.of(), 1 << i, false, false, false), scope);
        }
        body(function, scope);
        return summary;
    }

    private void returned(Value v, Scope scope) {
        if (scope.summary != null) {
            scope.summary.returnParams |= v.params;
            scope.summary.returnValue = scope.summary.returnValue.union(new Value(v.taints, 0, false, false,
                    false));
        }
    }

    // ---- binding

    private void bind(SyntaxNode pattern, Value v, Scope scope) {
        bind(pattern, v, scope, 0);
    }

    private void bind(SyntaxNode pattern, Value v, Scope scope, int depth) {
        if (depth > 20) {
            return;
        }
        switch (pattern.type()) {
            case "identifier":
            case "shorthand_property_identifier_pattern":
                scope.add(src.text(pattern, 200), v);
                break;
            case "required_parameter":
            case "optional_parameter": {
                SyntaxNode p = pattern.field("pattern");
                if (p != null) {
                    bind(p, v, scope, depth + 1);
                }
                break;
            }
            case "assignment_pattern":
            case "object_assignment_pattern": {
                SyntaxNode left = pattern.field("left");
                if (left != null) {
                    bind(left, v, scope, depth + 1);
                }
                break;
            }
            case "object_pattern": {
                // Destructuring names out of the whole environment takes single variables, not the environment.
                Value piece = v.withKind(ENV, ENV_VAR);
                for (SyntaxNode c : pattern.namedChildren()) {
                    if ("pair_pattern".equals(c.type())) {
                        SyntaxNode value = c.field("value");
                        if (value != null) {
                            bind(value, piece, scope, depth + 1);
                        }
                    } else if ("rest_pattern".equals(c.type())) {
                        for (SyntaxNode r : c.namedChildren()) {
                            bind(r, v, scope, depth + 1);
                        }
                    } else if (v.response && "shorthand_property_identifier_pattern".equals(c.type())
                            && lists.sources().bodyAttributes().contains(src.text(c, 100))) {
                        bind(c, Value.source("network", src.startLine(c), src.snippet(c)), scope, depth + 1);
                    } else {
                        bind(c, piece, scope, depth + 1);
                    }
                }
                break;
            }
            case "array_pattern":
            case "rest_pattern":
                for (SyntaxNode c : pattern.namedChildren()) {
                    bind(c, v, scope, depth + 1);
                }
                break;
            default:
                break;
        }
    }

    // ---- evaluation

    private Value eval(SyntaxNode node, Scope scope, int depth) {
        if (depth > maxDepth) {
            return Value.CLEAN;
        }
        String type = node.type();
        if (FUNCTIONS.contains(type) || "class_declaration".equals(type) || "comment".equals(type)) {
            return Value.CLEAN;
        }
        if (WRAPPERS.contains(type)) {
            SyntaxNode inner = node.namedChildCount() > 0 ? node.namedChild(0) : null;
            return inner == null ? Value.CLEAN : eval(inner, scope, depth + 1);
        }
        switch (type) {
            case "identifier":
                return scope.get(src.text(node, 200));
            case "string":
                return credentialLiteral(src.text(node, ax.maxTextChars()));
            case "template_string": {
                Value v = credentialLiteral(src.text(node, ax.maxTextChars()));
                for (SyntaxNode c : node.namedChildren()) {
                    if ("template_substitution".equals(c.type())) {
                        v = v.union(eval(c, scope, depth + 1));
                    }
                }
                return v;
            }
            case "template_substitution":
            case "spread_element":
            case "sequence_expression": {
                Value v = Value.CLEAN;
                for (SyntaxNode c : node.namedChildren()) {
                    v = v.union(eval(c, scope, depth + 1));
                }
                return v;
            }
            case "member_expression":
                return member(node, scope, depth);
            case "subscript_expression":
                return subscript(node, scope, depth);
            case "call_expression":
            case "new_expression":
                return call(node, scope, depth);
            case "binary_expression": {
                SyntaxNode left = node.field("left");
                SyntaxNode right = node.field("right");
                Value l = left == null ? Value.CLEAN : eval(left, scope, depth + 1);
                Value r = right == null ? Value.CLEAN : eval(right, scope, depth + 1);
                String op = left == null || right == null ? "" : src.slice(left.endByte(), right.startByte(), 10)
                        .strip();
                return op.equals("+") || op.equals("||") || op.equals("??") ? l.union(r) : Value.CLEAN;
            }
            case "ternary_expression": {
                SyntaxNode condition = node.field("condition");
                if (condition != null) {
                    eval(condition, scope, depth + 1);
                }
                SyntaxNode a = node.field("consequence");
                SyntaxNode b = node.field("alternative");
                Value v = a == null ? Value.CLEAN : eval(a, scope, depth + 1);
                return b == null ? v : v.union(eval(b, scope, depth + 1));
            }
            case "object":
                return object(node, scope, depth);
            case "array": {
                Value v = Value.CLEAN;
                for (SyntaxNode c : node.namedChildren()) {
                    v = v.union(eval(c, scope, depth + 1));
                }
                return v;
            }
            case "variable_declarator": {
                SyntaxNode name = node.field("name");
                SyntaxNode value = node.field("value");
                if (value != null) {
                    Value v = eval(value, scope, depth + 1);
                    if (name != null) {
                        bind(name, v, scope);
                    }
                }
                return Value.CLEAN;
            }
            case "assignment_expression":
            case "augmented_assignment_expression": {
                SyntaxNode left = node.field("left");
                SyntaxNode right = node.field("right");
                Value v = right == null ? Value.CLEAN : eval(right, scope, depth + 1);
                if (left != null) {
                    assignTo(left, v, scope);
                }
                return v;
            }
            case "return_statement": {
                Value v = Value.CLEAN;
                for (SyntaxNode c : node.namedChildren()) {
                    v = v.union(eval(c, scope, depth + 1));
                }
                returned(v, scope);
                return Value.CLEAN;
            }
            case "for_in_statement": {
                SyntaxNode left = node.field("left");
                SyntaxNode right = node.field("right");
                Value items = right == null ? Value.CLEAN : eval(right, scope, depth + 1);
                if (left != null) {
                    bind(left, items.data(), scope);
                }
                SyntaxNode body = node.field("body");
                if (body != null) {
                    eval(body, scope, depth + 1);
                    eval(body, scope, depth + 1); // twice: a value tainted late in the body reaches an earlier sink
                }
                return Value.CLEAN;
            }
            default: {
                for (SyntaxNode c : node.namedChildren()) {
                    eval(c, scope, depth + 1);
                }
                return Value.CLEAN;
            }
        }
    }

    /** {@code x = v}, {@code o.p = v} (taints o), {@code [a, b] = v}. */
    private void assignTo(SyntaxNode left, Value v, Scope scope) {
        SyntaxNode target = left;
        for (int i = 0; i < 20 && ("member_expression".equals(target.type())
                || "subscript_expression".equals(target.type())); i++) {
            SyntaxNode object = target.field("object");
            if (object == null) {
                return;
            }
            target = object;
        }
        bind(target, v.data(), scope);
    }

    /** A literal path naming a credential location marks the value (a later file read of it is a credential read). */
    private Value credentialLiteral(String text) {
        for (String marker : lists.sources().credentialPathMarkers()) {
            if (text.contains(marker)) {
                return new Value(Map.of(), 0, false, false, true);
            }
        }
        return Value.CLEAN;
    }

    private Value member(SyntaxNode node, Scope scope, int depth) {
        SyntaxNode object = node.field("object");
        SyntaxNode property = node.field("property");
        if (object == null || property == null) {
            return Value.CLEAN;
        }
        String rendered = ax.render(node);
        ScanSettings.ScriptSources s = lists.sources();
        if (s.envObjects().contains(rendered)) {
            return Value.source(ENV, src.startLine(node), src.snippet(node));
        }
        String name = src.text(property, 100);
        String objectRendered = ax.render(object);
        if (s.envObjects().contains(objectRendered)) {
            return Value.source(ENV_VAR, src.startLine(node), src.snippet(node));
        }
        Value receiver = eval(object, scope, depth + 1);
        if (receiver.tainted()) {
            return receiver.data();
        }
        if (s.requestObjects().contains(src.text(object, 100)) && s.requestProperties().contains(name)) {
            return Value.source("request", src.startLine(node), src.snippet(node));
        }
        if (receiver.response && s.bodyAttributes().contains(name)) {
            return Value.source("network", src.startLine(node), src.snippet(node));
        }
        return receiver.data();
    }

    private Value subscript(SyntaxNode node, Scope scope, int depth) {
        SyntaxNode object = node.field("object");
        SyntaxNode index = node.field("index");
        if (object == null) {
            return Value.CLEAN;
        }
        if (lists.sources().envObjects().contains(ax.render(node))) { // process['env']: the whole environment
            return Value.source(ENV, src.startLine(node), src.snippet(node));
        }
        if (lists.sources().envObjects().contains(ax.render(object))) {
            if (index != null && !ax.isStringLiteral(index)) {
                eval(index, scope, depth + 1);
            }
            return Value.source(ENV_VAR, src.startLine(node), src.snippet(node));
        }
        if (index != null) {
            eval(index, scope, depth + 1);
        }
        return eval(object, scope, depth + 1).data();
    }

    private Value object(SyntaxNode node, Scope scope, int depth) {
        Value v = Value.CLEAN;
        for (SyntaxNode c : node.namedChildren()) {
            switch (c.type()) {
                case "pair": {
                    SyntaxNode key = c.field("key");
                    SyntaxNode value = c.field("value");
                    if (value == null) {
                        break;
                    }
                    Value pv = eval(value, scope, depth + 1);
                    String k = key == null ? "" : "string".equals(key.type()) ? ax.stringValue(key)
                            : src.text(key, 100);
                    if (!lists.sinks().credentialProperties().contains(k)) {
                        v = v.union(pv);
                    }
                    break;
                }
                case "shorthand_property_identifier": {
                    String k = src.text(c, 100);
                    if (!lists.sinks().credentialProperties().contains(k)) {
                        v = v.union(scope.get(k));
                    }
                    break;
                }
                case "spread_element":
                    v = v.union(eval(c, scope, depth + 1));
                    break;
                default:
                    break;
            }
        }
        return v;
    }

    // ---- calls

    private Value call(SyntaxNode call, Scope scope, int depth) {
        String callee = ax.callee(call);
        List<SyntaxNode> args = ax.arguments(call);
        List<Value> values = new ArrayList<>(args.size());
        Value all = Value.CLEAN;
        for (SyntaxNode a : args) {
            Value v = eval(a, scope, depth + 1);
            values.add(v);
            all = all.union(v);
        }
        SyntaxNode fn = call.field("new_expression".equals(call.type()) ? "constructor" : "function");
        Value receiver = Value.CLEAN;
        String method = null;
        if (fn != null && "member_expression".equals(fn.type())) {
            SyntaxNode object = fn.field("object");
            SyntaxNode property = fn.field("property");
            receiver = object == null ? Value.CLEAN : eval(object, scope, depth + 1);
            method = property == null ? null : src.text(property, 100);
        } else if (fn != null && constantSubscript(fn)) {
            // req['write'](x), as obfuscators write req.write(x): the same method on the same receiver
            SyntaxNode object = fn.field("object");
            receiver = object == null ? Value.CLEAN : eval(object, scope, depth + 1);
            method = ax.stringValue(fn.field("index"));
        } else if (fn != null && !"identifier".equals(fn.type())) {
            eval(fn, scope, depth + 1);
        }
        sinks(call, callee, method, receiver, args, values, all, scope);

        ScanSettings.ScriptSources s = lists.sources();
        int line = src.startLine(call);
        if (s.fileReadCalls().contains(callee)) {
            boolean credential = !values.isEmpty() && values.get(0).credentialPath;
            return Value.source(credential ? "credential-file" : "file", line, src.snippet(call));
        }
        if (s.commandOutputCalls().contains(callee)) {
            return Value.source("command-output", line, src.snippet(call));
        }
        if (s.homeCalls().contains(callee)) {
            return Value.CLEAN;
        }
        if (s.responseCalls().contains(callee)) {
            return new Value(Map.of(), 0, true, false, false);
        }
        if (lists.sinks().connectionCalls().contains(callee)) {
            return new Value(Map.of(), 0, false, true, false);
        }
        if (method != null && receiver.response && s.bodyMethods().contains(method)) {
            return Value.source("network", line, src.snippet(call));
        }
        if (lists.propagatingCalls().contains(callee)) {
            return all;
        }
        if (method != null && lists.propagatingMethods().contains(method)) {
            return receiver.data().union(all);
        }
        if (fn != null && "identifier".equals(fn.type()) && callee.equals(src.text(fn, 200))) {
            SyntaxNode local = localFunctions.get(callee);
            if (local != null) {
                return throughLocal(call, local, values, scope);
            }
        }
        if (fn != null && (callee.startsWith("./") || callee.startsWith("../"))) {
            if (scope.summary != null) {
                forward(call, callee, values, scope.summary);
                return Value.CLEAN; // what a relay gets back from its own import is not followed
            }
            return throughImport(call, callee, values);
        }
        return Value.CLEAN;
    }

    /** {@code o['name']}: a member named by a string constant. */
    private boolean constantSubscript(SyntaxNode node) {
        if (!"subscript_expression".equals(node.type())) {
            return false;
        }
        SyntaxNode index = node.field("index");
        return index != null && ax.isStringLiteral(index);
    }

    /**
     * A call of a function of a relatively imported module: recorded with its arguments' taint; its return value
     * carries a placeholder naming the call, resolved by the component (within a summary: one level only, clean).
     */
    private Value throughImport(SyntaxNode call, String callee, List<Value> values) {
        List<List<ScriptModule.ArgumentTaint>> arguments = new ArrayList<>();
        for (int i = 0; i < values.size() && i < MAX_PARAMS; i++) {
            List<ScriptModule.ArgumentTaint> taints = new ArrayList<>();
            for (Taint t : values.get(i).taints.values()) {
                taints.add(t.source().startsWith(IMPORTED_CALL)
                        ? new ScriptModule.ArgumentTaint(null, importedCall(t))
                        : new ScriptModule.ArgumentTaint(new ScriptModule.Source(t.source(), t.line(), t.snippet()),
                                -1));
            }
            arguments.add(taints);
        }
        int line = src.startLine(call);
        int id = module.add(callee, line, arguments);
        return id < 0 ? Value.CLEAN : Value.source(IMPORTED_CALL + id, line, src.snippet(call));
    }

    /**
     * Inside a summarised function: a call of an imported function that gets some of the parameters, so that the
     * component can follow a caller's taint through this module (the relay) into that one, one module further.
     */
    private void forward(SyntaxNode call, String callee, List<Value> values, Summary summary) {
        List<Integer> params = new ArrayList<>();
        boolean any = false;
        for (int i = 0; i < values.size() && i < MAX_PARAMS; i++) {
            params.add(values.get(i).params);
            any |= values.get(i).params != 0;
        }
        if (any && summary.forwards.size() < MAX_PARAMS) {
            summary.forwards.add(new ScriptModule.Forward(callee, src.startLine(call), params));
        }
    }

    private static int importedCall(Taint t) {
        return Integer.parseInt(t.source().substring(IMPORTED_CALL.length()));
    }

    /** A call of a function of this file: its summary's sinks fire with the caller's taint; its return carries it. */
    private Value throughLocal(SyntaxNode call, SyntaxNode function, List<Value> values, Scope scope) {
        if (scope.summary != null) {
            return Value.CLEAN; // one level only
        }
        Summary summary = summary(function);
        for (SummarySink sink : summary.sinks) {
            Value reaching = Value.CLEAN;
            for (int i = 0; i < values.size() && i < 30; i++) {
                if ((sink.params() & (1 << i)) != 0) {
                    reaching = reaching.union(values.get(i));
                }
            }
            report(reaching, sink.kind(), sink.callee(), call.startByte(), sink.line(), sink.snippet(), null);
        }
        Value result = summary.returnValue;
        for (int i = 0; i < values.size() && i < 30; i++) {
            if ((summary.returnParams & (1 << i)) != 0) {
                result = result.union(values.get(i));
            }
        }
        return result;
    }

    private void sinks(SyntaxNode call, String callee, String method, Value receiver, List<SyntaxNode> args,
            List<Value> values, Value all, Scope scope) {
        ScanSettings.ScriptSinks sinks = lists.sinks();
        String kind = null;
        Value reaching = Value.CLEAN;
        if (sinks.networkCalls().contains(callee)) {
            kind = "network";
            reaching = all;
        } else if (method != null && receiver.connection && sinks.connectionMethods().contains(method)) {
            kind = "network";
            reaching = all;
        } else if (sinks.exec().contains(callee) && !args.isEmpty()) {
            boolean timer = callee.equals("setTimeout") || callee.equals("setInterval");
            if (!timer || !FUNCTIONS.contains(args.get(0).type())) {
                kind = "exec";
                reaching = callee.equals("Function") ? all : values.get(0);
            }
        } else if (sinks.shell().contains(callee) && !args.isEmpty()) {
            kind = "shell";
            reaching = values.get(0);
        } else if (sinks.shellOptionCalls().contains(callee) && !args.isEmpty()) {
            if (shellOption(args) || shellProgram(args)) {
                kind = "shell";
                reaching = values.get(0);
                if (values.size() > 1) {
                    reaching = reaching.union(values.get(1));
                }
            }
        }
        if (kind != null) {
            report(reaching, kind, callee, call.startByte(), src.startLine(call), src.snippet(call), scope.summary);
        }
    }

    private boolean shellOption(List<SyntaxNode> args) {
        for (SyntaxNode a : args) {
            if (!"object".equals(a.type())) {
                continue;
            }
            for (SyntaxNode c : a.namedChildren()) {
                if ("pair".equals(c.type())) {
                    SyntaxNode key = c.field("key");
                    SyntaxNode value = c.field("value");
                    if (key != null && value != null && src.text(key, 20).equals("shell")
                            && !List.of("false", "undefined", "null").contains(src.text(value, 20))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** {@code spawn('sh', ['-c', cmd])}: a shell program given a command string. */
    private boolean shellProgram(List<SyntaxNode> args) {
        if (args.size() < 2 || !ax.isStringLiteral(args.get(0)) || !"array".equals(args.get(1).type())) {
            return false;
        }
        if (!lists.sinks().shellPrograms().contains(ax.stringValue(args.get(0)))) {
            return false;
        }
        for (SyntaxNode c : args.get(1).namedChildren()) {
            if (ax.isStringLiteral(c)) {
                String flag = ax.stringValue(c);
                if (flag.equals("-c") || flag.equalsIgnoreCase("/c") || flag.equalsIgnoreCase("-Command")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Records a flow per source kind, or (inside a summary) which parameters reach the sink. */
    private void report(Value v, String kind, String callee, int callStart, int line, String snippet,
            Summary summary) {
        if (summary != null) {
            if (v.params != 0) {
                summary.sinks.add(new SummarySink(v.params, kind, callee, line, snippet));
            }
            if (v.taints.isEmpty()) {
                return;
            }
        }
        for (Taint t : v.taints.values()) {
            if (!reported.add(callStart + ":" + line + ":" + t.source())) {
                continue;
            }
            if (t.source().startsWith(IMPORTED_CALL)) {
                module.add(new ScriptModule.ImportedSink(importedCall(t), kind, callee, line, snippet));
            } else {
                out.add(new TaintFlow(file, language, t.source(), t.line(), kind, callee, line, snippet,
                        t.snippet()));
            }
        }
    }

    // ---- exports, for importers in other files

    /**
     * Summarises the functions the module exports ({@code export function}, {@code export const f = () => …},
     * {@code export default}, {@code export {a as b}}, {@code module.exports = …}, {@code exports.x = …}) and hands
     * the file's {@link ScriptModule} to the facts when it has anything to join.
     */
    void exports(SyntaxNode root) {
        Map<String, SyntaxNode> named = new TreeMap<>();
        for (SyntaxNode s : root.namedChildren()) {
            if ("export_statement".equals(s.type())) {
                exportStatement(s, named);
            } else if ("expression_statement".equals(s.type())) {
                for (SyntaxNode c : s.namedChildren()) {
                    if ("assignment_expression".equals(c.type())) {
                        commonJsExport(c, named);
                    }
                }
            }
        }
        for (Map.Entry<String, SyntaxNode> e : named.entrySet()) {
            Summary summary = summary(e.getValue());
            List<ScriptModule.ParameterSink> sinks = new ArrayList<>();
            for (SummarySink s : summary.sinks) {
                sinks.add(new ScriptModule.ParameterSink(s.params(), s.kind(), s.callee(), s.line(), s.snippet()));
            }
            List<ScriptModule.Source> returned = new ArrayList<>();
            for (Taint t : summary.returnValue.taints.values()) {
                if (!t.source().startsWith(IMPORTED_CALL)) { // what the module got from another: a second level
                    returned.add(new ScriptModule.Source(t.source(), t.line(), t.snippet()));
                }
            }
            if (!sinks.isEmpty() || summary.returnParams != 0 || !returned.isEmpty() || !summary.forwards.isEmpty()) {
                module.add(new ScriptModule.Export(e.getKey(), sinks, summary.returnParams, returned,
                        summary.forwards));
            }
        }
        if (!module.isEmpty()) {
            out.module(module);
        }
    }

    private void exportStatement(SyntaxNode statement, Map<String, SyntaxNode> named) {
        boolean isDefault = false;
        for (SyntaxNode.Child c : statement.children()) {
            if ("default".equals(c.node().type())) {
                isDefault = true;
            }
        }
        SyntaxNode declaration = statement.field("declaration");
        if (declaration != null) {
            if (FUNCTIONS.contains(declaration.type())) {
                SyntaxNode name = declaration.field("name");
                if (isDefault || name != null) {
                    named.putIfAbsent(isDefault ? "default" : src.text(name, 200), declaration);
                }
            } else if ("lexical_declaration".equals(declaration.type())
                    || "variable_declaration".equals(declaration.type())) {
                for (SyntaxNode d : declaration.namedChildren()) {
                    SyntaxNode name = d.field("name");
                    SyntaxNode value = d.field("value");
                    SyntaxNode fn = value == null ? null : function(value);
                    if (name != null && fn != null && "identifier".equals(name.type())) {
                        named.putIfAbsent(src.text(name, 200), fn);
                    }
                }
            }
        }
        SyntaxNode value = statement.field("value");
        if (isDefault && value != null) {
            exportValue("default", value, named);
        }
        for (SyntaxNode c : statement.namedChildren()) {
            if (!"export_clause".equals(c.type())) {
                continue;
            }
            for (SyntaxNode spec : c.namedChildren()) {
                SyntaxNode name = spec.field("name");
                SyntaxNode alias = spec.field("alias");
                if ("export_specifier".equals(spec.type()) && name != null) {
                    SyntaxNode fn = localFunctions.get(src.text(name, 200));
                    if (fn != null) {
                        named.putIfAbsent(src.text(alias != null ? alias : name, 200), fn);
                    }
                }
            }
        }
    }

    /** {@code module.exports = f | {a, b: g, c() {…}}}, {@code module.exports.x = f}, {@code exports.x = f}. */
    private void commonJsExport(SyntaxNode assignment, Map<String, SyntaxNode> named) {
        SyntaxNode left = assignment.field("left");
        SyntaxNode right = assignment.field("right");
        if (left == null || right == null) {
            return;
        }
        String target = src.text(left, 200);
        if (target.equals("module.exports")) {
            exportValue("default", right, named);
        } else if (target.startsWith("module.exports.") || target.startsWith("exports.")) {
            String name = target.substring(target.indexOf("exports.") + "exports.".length());
            SyntaxNode fn = function(right);
            if (fn != null && name.indexOf('.') < 0) {
                named.putIfAbsent(name, fn);
            }
        }
    }

    /** A default export: a function (the module itself is called), or an object whose members are functions. */
    private void exportValue(String name, SyntaxNode value, Map<String, SyntaxNode> named) {
        SyntaxNode fn = function(value);
        if (fn != null) {
            named.putIfAbsent(name, fn);
            return;
        }
        if (!"object".equals(value.type())) {
            return;
        }
        for (SyntaxNode c : value.namedChildren()) {
            switch (c.type()) {
                case "pair": {
                    SyntaxNode key = c.field("key");
                    SyntaxNode v = c.field("value");
                    SyntaxNode member = v == null ? null : function(v);
                    if (key != null && member != null) {
                        String k = "string".equals(key.type()) ? ax.stringValue(key) : src.text(key, 200);
                        named.putIfAbsent(k, member);
                    }
                    break;
                }
                case "shorthand_property_identifier": {
                    SyntaxNode member = localFunctions.get(src.text(c, 200));
                    if (member != null) {
                        named.putIfAbsent(src.text(c, 200), member);
                    }
                    break;
                }
                case "method_definition": {
                    SyntaxNode key = c.field("name");
                    if (key != null) {
                        named.putIfAbsent(src.text(key, 200), c);
                    }
                    break;
                }
                default:
                    break;
            }
        }
    }

    /** The function an expression is or names (a function of this file), else null. */
    private SyntaxNode function(SyntaxNode value) {
        if (FUNCTIONS.contains(value.type())) {
            return value;
        }
        return "identifier".equals(value.type()) ? localFunctions.get(src.text(value, 200)) : null;
    }
}
