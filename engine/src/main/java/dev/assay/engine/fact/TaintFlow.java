package dev.assay.engine.fact;

import dev.assay.engine.model.Evidence;

/**
 * A proven flow from an untrusted or sensitive source ({@code source}: env, argv, input, network, tool-argument,
 * request, credential-file, file, command-output) to a dangerous sink ({@code sink}: exec, shell, deserialize,
 * network) through {@code sinkCallee} at {@code line} of {@code file}. {@code sourceLine} is where the tainted value
 * entered, in {@code sourceFile} (the same file unless the flow passed a call into a required local module), and
 * {@code sourceSnippet} what that line says ("" when the extractor did not record it). Python flows stay inside one
 * function; JavaScript flows may pass one level of local function calls, in the file or in a required local module.
 */
public record TaintFlow(String file, String language, String source, int sourceLine, String sink, String sinkCallee,
        int line, String snippet, String sourceSnippet, String sourceFile) implements Fact {

    public TaintFlow {
        sourceSnippet = sourceSnippet == null ? "" : sourceSnippet;
        sourceFile = sourceFile == null || sourceFile.isEmpty() ? file : sourceFile;
    }

    /** A flow that starts in the file it ends in. */
    public TaintFlow(String file, String language, String source, int sourceLine, String sink, String sinkCallee,
            int line, String snippet, String sourceSnippet) {
        this(file, language, source, sourceLine, sink, sinkCallee, line, snippet, sourceSnippet, file);
    }

    /** A flow without the source line's text. */
    public TaintFlow(String file, String language, String source, int sourceLine, String sink, String sinkCallee,
            int line, String snippet) {
        this(file, language, source, sourceLine, sink, sinkCallee, line, snippet, "", file);
    }

    @Override
    public Evidence evidence() {
        return Evidence.at(file, line, snippet);
    }

    /** Where the tainted value entered, for a finding that shows both ends of the flow. */
    public Evidence sourceEvidence() {
        return Evidence.at(sourceFile, sourceLine, sourceSnippet);
    }

    /** Whether the source is in another file than the sink (a call into a required local module). */
    public boolean crossesFiles() {
        return !sourceFile.equals(file);
    }

    /** The source line for a message: its number, or {@code file:line} when the flow crosses files. */
    public String sourceAt() {
        return crossesFiles() ? sourceFile + ":" + sourceLine : String.valueOf(sourceLine);
    }

    /** The sink line for a message: its number, or {@code file:line} when the flow crosses files. */
    public String sinkAt() {
        return crossesFiles() ? file + ":" + line : String.valueOf(line);
    }
}
