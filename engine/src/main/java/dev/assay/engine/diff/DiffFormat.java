package dev.assay.engine.diff;

import java.util.Locale;

/** The formats a {@link DiffResult} can be written in. */
public enum DiffFormat {
    /** For a person at a terminal. */
    TEXT,
    /** The whole result as JSON, for programs. */
    JSON,
    /** GitHub-flavoured Markdown, safe to paste into a pull request. */
    MARKDOWN,
    /** One self-contained, inert HTML page; written by the {@code assay-html-report} module, not by {@link DiffWriters}. */
    HTML;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses a format name, ignoring case.
     *
     * @throws IllegalArgumentException naming the valid formats
     */
    public static DiffFormat parse(String text) {
        if (text != null) {
            for (DiffFormat f : values()) {
                if (f.id().equalsIgnoreCase(text.strip())) {
                    return f;
                }
            }
        }
        throw new IllegalArgumentException("unknown diff format '" + Shown.line(text, 40)
                + "' (expected text, json, markdown or html)");
    }
}
