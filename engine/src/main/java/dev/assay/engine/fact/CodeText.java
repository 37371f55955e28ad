package dev.assay.engine.fact;

import dev.assay.engine.model.Evidence;

/**
 * A string literal, docstring or comment in source code with the lines it spans, so that rules can tell a pattern
 * that appears in executable code from one that only appears in text ({@code kind} string, docstring or comment).
 */
public record CodeText(String file, String language, String kind, String text, int lineStart, int lineEnd)
        implements Fact {

    public boolean covers(int line) {
        return line >= lineStart && line <= lineEnd;
    }

    @Override
    public Evidence evidence() {
        return new Evidence(file, lineStart, lineEnd, text);
    }
}
