package dev.assay.engine;

import dev.assay.engine.model.Attestation;
import dev.assay.engine.model.Coverage;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.pack.PackManifest;
import java.util.List;

/**
 * A target in which the extractors recognised nothing and the rules found nothing has nothing to score: a clean score
 * there would vouch for an installation that was never seen. Recognised nothing means no file was read, or files were
 * read (an image, an archive) but the recognition the extractors report lists nothing found. Its report says so and is
 * never eligible for attestation.
 */
public final class NothingFound {

    /** What every nothing-found reason ends with, so that readers of a report can tell it from other reasons. */
    public static final String SUFFIX = ": nothing to score";

    private NothingFound() {
    }

    /** True when the extract stage recognised nothing and the rules found nothing. */
    static boolean applies(Coverage coverage, List<Finding> all) {
        return coverage != null && nothingRecognised(coverage) && all.isEmpty();
    }

    /** No file read, or a recognition that looked for things and found none of them. */
    private static boolean nothingRecognised(Coverage coverage) {
        return coverage.filesIndexed() == 0
                || coverage.recognition() != null && coverage.recognition().found().isEmpty();
    }

    /** The pack's sentence for this target (or a generic one), ending in {@link #SUFFIX}. */
    static String reason(PackManifest manifest, String targetPath) {
        String template = manifest.nothingFound().isBlank() ? "nothing Assay recognises was found in {target}"
                : manifest.nothingFound();
        return template.replace("{target}", targetPath == null ? "" : targetPath) + SUFFIX;
    }

    static Attestation attestation(String reason) {
        return new Attestation(false, List.of(reason));
    }

    /** The nothing-found reason of a report, or null when the report scored something. */
    public static String of(Report report) {
        if (report.attestation() == null || report.attestation().eligible() || !report.findings().isEmpty()
                || !report.needsReview().isEmpty() || report.coverage() == null || !nothingRecognised(report.coverage())) {
            return null;
        }
        return report.attestation().reasons().stream().filter(r -> r.endsWith(SUFFIX)).findFirst().orElse(null);
    }
}
