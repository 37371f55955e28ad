package dev.assay.cli;

import dev.assay.engine.diff.DiffFormat;
import dev.assay.engine.diff.DiffResult;
import dev.assay.engine.diff.DiffWriters;
import dev.assay.engine.model.Report;
import dev.assay.engine.report.ReportFormat;
import dev.assay.engine.report.ReportWriters;
import dev.assay.html.HtmlReport;

/** Renders reports and diffs in any format the command line offers: the engine's writers, and HTML pages. */
final class Formats {

    private Formats() {
    }

    static String render(Report report, ReportFormat format) {
        return format == ReportFormat.HTML ? HtmlReport.scan(report) : ReportWriters.render(report, format);
    }

    static String render(DiffResult diff, DiffFormat format) {
        return format == DiffFormat.HTML ? HtmlReport.diff(diff) : DiffWriters.render(diff, format);
    }
}
