package dev.assay.engine.report;

import dev.assay.engine.model.Report;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Writes a {@link Report} in any {@link ReportFormat}. Output is a pure function of the report: no clock, no locale,
 * no platform line separator ('\n' everywhere), findings and evidence in the order the report holds them, and a
 * trailing newline. Text and Markdown show hostile strings with control characters made visible; Markdown also escapes
 * everything that could open a table cell, a link or HTML. Thread-safe; the writer is flushed but not closed.
 */
public final class ReportWriters {

    private ReportWriters() {
    }

    public static void write(Report report, ReportFormat format, Writer out) throws IOException {
        Objects.requireNonNull(report, "report");
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(out, "out");
        switch (format) {
            case JSON:
                ReportJson.writePretty(report, out);
                break;
            case SARIF:
                ReportJson.writePretty(SarifReport.build(report), out);
                break;
            case TEXT:
                out.write(TextReport.render(report));
                out.flush();
                break;
            case MARKDOWN:
                out.write(MarkdownReport.render(report));
                out.flush();
                break;
            default:
                // HTML pages need the template engine, which the engine does not depend on (assay-html-report).
                throw new IllegalArgumentException("report format " + format.id() + " is written by assay-html-report");
        }
    }

    /** Writes the report as UTF-8 bytes; the stream is flushed but not closed. */
    public static void write(Report report, ReportFormat format, OutputStream out) throws IOException {
        Objects.requireNonNull(out, "out");
        Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        write(report, format, writer);
        writer.flush();
    }

    /**
     * The report as one line of JSON (no '\n'), as batch scans print it: the JSON format without its indentation,
     * decimals written without trailing zeros.
     */
    public static String jsonLine(Report report) {
        Objects.requireNonNull(report, "report");
        try {
            return ReportJson.writeLine(report);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot render report as one JSON line", e);
        }
    }

    /** The report in {@code format} as a string. */
    public static String render(Report report, ReportFormat format) {
        StringWriter out = new StringWriter();
        try {
            write(report, format, out);
        } catch (IOException e) {
            // A StringWriter does not fail; a serialization failure here is a bug in the report model.
            throw new UncheckedIOException("cannot render report as " + format.id(), e);
        }
        return out.toString();
    }
}
