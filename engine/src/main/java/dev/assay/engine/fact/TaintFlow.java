package dev.assay.engine.fact;

import dev.assay.engine.model.Evidence;

/**
 * A proven flow from an untrusted or sensitive source ({@code source}: env, argv, input, network, tool-argument,
 * request, credential-file, file, command-output) to a dangerous sink ({@code sink}: exec, shell, deserialize,
 * network) through {@code sinkCallee} at {@code line}. {@code sourceLine} is where the tainted value entered and
 * {@code sourceSnippet} what that line says ("" when the extractor did not record it). Python flows stay inside one
 * function; JavaScript flows may pass one level of local function calls.
 */
public record TaintFlow(String file, String language, String source, int sourceLine, String sink, String sinkCallee,
        int line, String snippet, String sourceSnippet) implements Fact {

    public TaintFlow {
        sourceSnippet = sourceSnippet == null ? "" : sourceSnippet;
    }

    /** A flow without the source line's text. */
    public TaintFlow(String file, String language, String source, int sourceLine, String sink, String sinkCallee,
            int line, String snippet) {
        this(file, language, source, sourceLine, sink, sinkCallee, line, snippet, "");
    }

    @Override
    public Evidence evidence() {
        return Evidence.at(file, line, snippet);
    }

    /** Where the tainted value entered, for a finding that shows both ends of the flow. */
    public Evidence sourceEvidence() {
        return Evidence.at(file, sourceLine, sourceSnippet);
    }
}
