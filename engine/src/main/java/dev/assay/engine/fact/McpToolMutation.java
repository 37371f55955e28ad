package dev.assay.engine.fact;

import dev.assay.engine.model.Evidence;

/**
 * An MCP tool's metadata changed after it was registered, behind a trigger: {@code kind} is what changes
 * (description, docstring, schema, re-register, remove, list-changed), {@code trigger} what decides when
 * (call-count, time, marker-file, remote, or tool-call: a tool's handler makes the change when called). {@code line}
 * is the mutation, {@code registrationLine} the registration of {@code tool} (or of the file's first tool when the
 * mutation does not name one).
 */
public record McpToolMutation(String file, String language, String kind, String trigger, String tool, int line,
        String snippet, int registrationLine, String registrationSnippet) implements Fact {

    @Override
    public String subject() {
        return file + "#" + tool;
    }

    @Override
    public Evidence evidence() {
        return Evidence.at(file, line, snippet);
    }

    /** Where the tool was registered, so that a finding shows both the registration and the change. */
    public Evidence registrationEvidence() {
        return Evidence.at(file, registrationLine, registrationSnippet);
    }
}
