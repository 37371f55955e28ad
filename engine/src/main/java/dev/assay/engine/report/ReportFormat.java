package dev.assay.engine.report;

import java.util.Locale;

/** The output formats a {@link dev.assay.engine.model.Report} can be written in; each has a lower-case id used on the command line. */
public enum ReportFormat {
    /** The canonical, byte-stable report that {@link ReportReader} reads back. */
    JSON,
    /** Plain text for a terminal, no colours. */
    TEXT,
    /** SARIF 2.1.0 for code-scanning tools. */
    SARIF,
    /** GitHub-flavoured Markdown, safe to paste into a pull request. */
    MARKDOWN,
    /** One self-contained, inert HTML page; written by the {@code assay-html-report} module, not by {@link ReportWriters}. */
    HTML;

    /** The lower-case name, as accepted by {@link #parse(String)}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses a format name, ignoring case and surrounding blanks.
     *
     * @throws IllegalArgumentException naming the valid formats when {@code text} is not one of them
     */
    public static ReportFormat parse(String text) {
        if (text != null) {
            String wanted = text.trim();
            for (ReportFormat f : values()) {
                if (f.id().equalsIgnoreCase(wanted)) {
                    return f;
                }
            }
        }
        String shown = text == null ? "null" : "'" + Plain.oneLine(text, 40) + "'";
        throw new IllegalArgumentException("unknown report format " + shown + " (expected json, text, sarif, markdown or html)");
    }
}
