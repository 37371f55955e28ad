package dev.assay.html;

import dev.assay.engine.diff.DiffResult;
import dev.assay.engine.model.Report;
import java.util.List;

/**
 * Renders reports as self-contained HTML pages. Each method is a pure function of its input (no clock, no locale, no
 * file system), thread-safe, and gives one complete document ending in a newline.
 */
public final class HtmlReport {

    private HtmlReport() {
    }

    /** The page of one scan report. */
    public static String scan(Report report) {
        return ScanPage.render(report);
    }

    /** The page of a score diff over one or more targets. */
    public static String diff(DiffResult diff) {
        return DiffPage.render(diff);
    }

    /** The index of a batch run: one row per target in the order given, linking to each target's page. */
    public static String index(List<IndexEntry> entries) {
        return IndexPage.render(entries);
    }
}
