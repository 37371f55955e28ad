package dev.assay.html;

import dev.assay.engine.model.Report;

/**
 * One target of a batch index: its name as given, the file name of its page next to the index (null when none was
 * written), and its report, or the one-line reason it could not be scanned.
 */
public record IndexEntry(String target, String file, Report report, String error) {

    public static IndexEntry scanned(String target, String file, Report report) {
        return new IndexEntry(target, file, report, null);
    }

    public static IndexEntry failed(String target, String error) {
        return new IndexEntry(target, null, null, error);
    }
}
