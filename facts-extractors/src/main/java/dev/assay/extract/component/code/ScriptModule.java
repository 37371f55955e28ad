package dev.assay.extract.component.code;

import java.util.ArrayList;
import java.util.List;

/**
 * What one JavaScript/TypeScript file tells the component about flows that cross into a local module it requires or
 * imports: the summaries of the functions it exports (which parameters reach which sink, which sources its return
 * value carries), its calls of functions of relatively imported modules (with the taint of each argument), and the
 * sinks that the return value of such a call reaches. The component joins them once every file is known; a flow is
 * followed one call deep, or two when the called function passes its parameters on to another local module (a
 * relay), never further.
 */
public final class ScriptModule {

    /** A source that entered a value: its kind, line and that line's text. */
    public record Source(String kind, int line, String snippet) {
    }

    /** A taint an argument carries: a source of this file, or the return value of imported call {@code call}. */
    public record ArgumentTaint(Source source, int call) {
    }

    /** A sink inside an exported function that the parameters in the bit mask {@code params} reach. */
    public record ParameterSink(int params, String kind, String callee, int line, String snippet) {
    }

    /**
     * A call, inside an exported function, of a function of a relatively imported module ({@code callee} as in
     * {@link ImportedCall}) that gets some of the exported function's parameters: {@code params} holds, per argument,
     * the bit mask of the parameters it carries. Lets a flow pass through this module as a relay, one module further.
     */
    public record Forward(String callee, int line, List<Integer> params) {

        public Forward {
            params = List.copyOf(params);
        }
    }

    /** An exported function: the name importers use ({@code default} for the module itself), and its summary. */
    public record Export(String name, List<ParameterSink> sinks, int returnParams, List<Source> returnSources,
            List<Forward> forwards) {

        public Export {
            sinks = List.copyOf(sinks);
            returnSources = List.copyOf(returnSources);
            forwards = List.copyOf(forwards);
        }
    }

    /**
     * A call of a function of a relatively imported module: {@code callee} as resolved through the imports
     * ({@code ./lib/send.post}, {@code ./net.js} for a default export), and the taints of each argument.
     */
    public record ImportedCall(int id, String callee, int line, List<List<ArgumentTaint>> arguments) {

        public ImportedCall {
            arguments = arguments.stream().map(List::copyOf).toList();
        }
    }

    /** A sink of this file that the return value of imported call {@code call} reaches. */
    public record ImportedSink(int call, String kind, String callee, int line, String snippet) {
    }

    private final String file;
    private final String language;
    private final List<Export> exports = new ArrayList<>();
    private final List<ImportedCall> calls = new ArrayList<>();
    private final List<ImportedSink> sinks = new ArrayList<>();
    private final int max;

    ScriptModule(String file, String language, int max) {
        this.file = file;
        this.language = language;
        this.max = max;
    }

    public String file() {
        return file;
    }

    public String language() {
        return language;
    }

    public List<Export> exports() {
        return List.copyOf(exports);
    }

    public List<ImportedCall> calls() {
        return List.copyOf(calls);
    }

    public List<ImportedSink> sinks() {
        return List.copyOf(sinks);
    }

    /** Whether the file has anything to join. */
    public boolean isEmpty() {
        return exports.isEmpty() && calls.isEmpty();
    }

    void add(Export e) {
        if (exports.size() < max) {
            exports.add(e);
        }
    }

    /** Records an imported call; returns its id, or -1 past the bound. */
    int add(String callee, int line, List<List<ArgumentTaint>> arguments) {
        if (calls.size() >= max) {
            return -1;
        }
        int id = calls.size();
        calls.add(new ImportedCall(id, callee, line, arguments));
        return id;
    }

    void add(ImportedSink s) {
        if (sinks.size() < max) {
            sinks.add(s);
        }
    }
}
