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
 * never followed. One call deep: what an imported function gets from a module of its own is not followed.
 */
final class ModuleFlows {

    /** A {@code .js}-style specifier that TypeScript resolves to its source. */
    private static final Map<String, List<String>> TYPESCRIPT_SOURCES = Map.of(
            ".js", List.of(".ts", ".tsx"), ".mjs", List.of(".mts"), ".cjs", List.of(".cts"), ".jsx", List.of(".tsx"));

    private record Source(String file, ScriptModule.Source source) {
    }

    private record Resolved(ScriptModule module, ScriptModule.Export export) {
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
                for (ScriptModule.ParameterSink sink : callee.export().sinks()) {
                    for (int i = 0; i < call.arguments().size(); i++) {
                        if ((sink.params() & (1 << i)) == 0) {
                            continue;
                        }
                        for (ScriptModule.ArgumentTaint t : call.arguments().get(i)) {
                            for (Source s : t.source() == null ? returned(caller, t.call())
                                    : List.of(new Source(caller.file(), t.source()))) {
                                add(out, seen, new TaintFlow(callee.module().file(), callee.module().language(),
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
