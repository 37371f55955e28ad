package dev.assay.extract.component;

import dev.assay.engine.fact.TaintFlow;
import dev.assay.extract.component.code.ScriptModule;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * JavaScript/TypeScript flows that cross into a required local module, joined once every file is known: a caller's
 * tainted argument that reaches a sink in the imported function ({@code env} → {@code fetch} in {@code lib/send.js}),
 * and an imported function's returned source that reaches a sink in the caller (a credential file read and returned by
 * a module, posted by its importer). A module is a file of the component named by a relative specifier and resolved
 * as Node does (the name, then the suffixes and {@code index} files of {@code jsResolveSuffixes}, and a TypeScript
 * source for a {@code .js} specifier); package names ({@code node_modules}) and paths that leave the component are
 * never followed. One call deep, or two through a relay: an imported function that hands its parameters to a function
 * of another local module ({@code a.js} → {@code b.relay} → {@code c.post}) reaches that function's sinks; what the
 * second module passes on, and what an imported function gets back from a module of its own, are not followed.
 */
final class ModuleFlows {

    /** A {@code .js}-style specifier that TypeScript resolves to its source. */
    private static final Map<String, List<String>> TYPESCRIPT_SOURCES = Map.of(
            ".js", List.of(".ts", ".tsx"), ".mjs", List.of(".mts"), ".cjs", List.of(".cts"), ".jsx", List.of(".tsx"));

    private record Source(String file, ScriptModule.Source source) {
    }

    private record Resolved(ScriptModule module, ScriptModule.Export export) {
    }

    /** A sink an imported function's parameters reach, in its module or one module further; params are its own. */
    private record Reach(ScriptModule module, ScriptModule.ParameterSink sink, int params) {
    }

    private final List<String> suffixes;
    private final Set<String> files;
    private final Map<String, ScriptModule> modules = new TreeMap<>();

    ModuleFlows(List<String> suffixes, Set<String> files) {
        this.suffixes = suffixes;
        this.files = files;
    }

    void observe(ScriptModule module) {
        modules.put(module.file(), module);
    }

    /** The flows, in the importing file's path order, then call order. */
    List<TaintFlow> flows() {
        List<TaintFlow> out = new ArrayList<>();
        Set<TaintFlow> seen = new HashSet<>();
        for (ScriptModule caller : modules.values()) {
            for (ScriptModule.ImportedCall call : caller.calls()) {
                Resolved callee = resolve(caller.file(), call.callee());
                if (callee == null) {
                    continue;
                }
                for (Reach reach : reached(callee)) {
                    ScriptModule.ParameterSink sink = reach.sink();
                    for (int i = 0; i < call.arguments().size(); i++) {
                        if ((reach.params() & (1 << i)) == 0) {
                            continue;
                        }
                        for (ScriptModule.ArgumentTaint t : call.arguments().get(i)) {
                            for (Source s : t.source() == null ? returned(caller, t.call())
                                    : List.of(new Source(caller.file(), t.source()))) {
                                add(out, seen, new TaintFlow(reach.module().file(), reach.module().language(),
                                        s.source().kind(), s.source().line(), sink.kind(), sink.callee(), sink.line(),
                                        sink.snippet(), s.source().snippet(), s.file()));
                            }
                        }
                    }
                }
            }
            for (ScriptModule.ImportedSink sink : caller.sinks()) {
                for (Source s : returned(caller, sink.call())) {
                    add(out, seen, new TaintFlow(caller.file(), caller.language(), s.source().kind(),
                            s.source().line(), sink.kind(), sink.callee(), sink.line(), sink.snippet(),
                            s.source().snippet(), s.file()));
                }
            }
        }
        return out;
    }

    /**
     * The sinks an imported function's parameters reach: its own, and those of the functions of another local module
     * that it hands its parameters to (the relay's forwards; what that module forwards again is not followed, and a
     * forward back into the relay's own file is not a second module).
     */
    private List<Reach> reached(Resolved callee) {
        List<Reach> out = new ArrayList<>();
        for (ScriptModule.ParameterSink sink : callee.export().sinks()) {
            out.add(new Reach(callee.module(), sink, sink.params()));
        }
        for (ScriptModule.Forward f : callee.export().forwards()) {
            Resolved next = resolve(callee.module().file(), f.callee());
            if (next == null || next.module() == callee.module()) {
                continue;
            }
            for (ScriptModule.ParameterSink sink : next.export().sinks()) {
                int params = 0;
                for (int j = 0; j < f.params().size(); j++) {
                    if ((sink.params() & (1 << j)) != 0) {
                        params |= f.params().get(j);
                    }
                }
                if (params != 0) {
                    out.add(new Reach(next.module(), sink, params));
                }
            }
        }
        return out;
    }

    private static void add(List<TaintFlow> out, Set<TaintFlow> seen, TaintFlow flow) {
        if (seen.add(flow)) {
            out.add(flow);
        }
    }

    /**
     * What the return value of a caller's imported call carries: the sources the imported function returns (in its
     * file), and the taint of the caller's arguments it passes through (in the caller's file; an argument that is
     * itself another imported call's result is not followed further).
     */
    private List<Source> returned(ScriptModule caller, int id) {
        if (id < 0 || id >= caller.calls().size()) {
            return List.of();
        }
        ScriptModule.ImportedCall call = caller.calls().get(id);
        Resolved callee = resolve(caller.file(), call.callee());
        if (callee == null) {
            return List.of();
        }
        List<Source> out = new ArrayList<>();
        for (ScriptModule.Source s : callee.export().returnSources()) {
            out.add(new Source(callee.module().file(), s));
        }
        for (int i = 0; i < call.arguments().size(); i++) {
            if ((callee.export().returnParams() & (1 << i)) != 0) {
                for (ScriptModule.ArgumentTaint t : call.arguments().get(i)) {
                    if (t.source() != null) {
                        out.add(new Source(caller.file(), t.source()));
                    }
                }
            }
        }
        return out;
    }

    /**
     * The exported function an imported callee names: the whole callee as the module (its default export), else the
     * part before the last dot as the module and the rest as the export's name.
     */
    private Resolved resolve(String from, String callee) {
        Resolved whole = export(from, callee, "default");
        if (whole != null) {
            return whole;
        }
        int dot = callee.lastIndexOf('.');
        if (dot <= callee.lastIndexOf('/') || dot == callee.length() - 1) {
            return null;
        }
        return export(from, callee.substring(0, dot), callee.substring(dot + 1));
    }

    private Resolved export(String from, String specifier, String name) {
        String file = file(ComponentScan.folder(from), specifier);
        ScriptModule module = file == null || file.equals(from) ? null : modules.get(file);
        if (module == null) {
            return null;
        }
        for (ScriptModule.Export e : module.exports()) {
            if (e.name().equals(name)) {
                return new Resolved(module, e);
            }
        }
        return null;
    }

    /** The component file, other than {@code from}, that a relative specifier in {@code from} names; or null. */
    String moduleFile(String from, String specifier) {
        String file = file(ComponentScan.folder(from), specifier);
        return file == null || file.equals(from) ? null : file;
    }

    /** The component file a relative specifier names from a folder, or null. */
    private String file(String folder, String specifier) {
        String base = LoadGraph.normalize(folder.isEmpty() ? specifier : folder + "/" + specifier);
        if (base == null) {
            return null;
        }
        if (files.contains(base)) {
            return base;
        }
        for (String suffix : suffixes) {
            if (files.contains(base + suffix)) {
                return base + suffix;
            }
        }
        for (Map.Entry<String, List<String>> e : TYPESCRIPT_SOURCES.entrySet()) {
            if (base.endsWith(e.getKey())) {
                String stem = base.substring(0, base.length() - e.getKey().length());
                for (String ts : e.getValue()) {
                    if (files.contains(stem + ts)) {
                        return stem + ts;
                    }
                }
            }
        }
        return null;
    }
}
