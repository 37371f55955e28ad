package dev.assay.cli;

import dev.assay.engine.formula.Formula;
import dev.assay.engine.model.Report;
import dev.assay.engine.triage.Baseline;
import dev.assay.engine.triage.Suppression;
import dev.assay.engine.triage.Suppressions;
import dev.assay.engine.triage.Triager;
import dev.assay.engine.triage.TriageException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --baseline} and {@code --suppressions}: decisions a project made about findings it knows. Without
 * {@code --suppressions}, {@code .assay.yaml} in the working folder is read when it exists; a scanned target's own
 * {@code .assay.yaml} is never read, so a component cannot suppress its own findings.
 */
final class TriageOptions {

    static final String DEFAULT_FILE = ".assay.yaml";

    @Option(names = "--baseline", paramLabel = "FILE",
            description = "Findings whose fingerprints this baseline holds (see 'assay baseline create') are listed as "
                    + "baseline, not scored and not counted by --fail-on; entries no longer found are reported as fixed.")
    Path baseline;

    @Option(names = "--suppressions", paramLabel = "FILE",
            description = "Suppressions by rule id, path glob and/or fingerprint, each with a reason and an optional "
                    + "expiry date (default: .assay.yaml in the working folder, when present). Suppressed findings "
                    + "are listed with their reason and not scored; expired suppressions are reported and ignored.")
    Path suppressions;

    /** Set by tests; the day that decides whether a suppression has expired. */
    Clock clock = Clock.systemUTC();

    private Baseline loadedBaseline;
    private List<Suppression> loadedSuppressions;
    private boolean loaded;

    /** Reads the files once, before any scan, so that a bad file costs no scan. */
    void load() throws UserError {
        if (loaded) {
            return;
        }
        try {
            if (baseline != null) {
                loadedBaseline = Baseline.read(baseline);
            }
            Path file = suppressions;
            if (file == null && Files.isRegularFile(Path.of(DEFAULT_FILE))) {
                file = Path.of(DEFAULT_FILE);
            }
            loadedSuppressions = file == null ? List.of() : new ArrayList<>(Suppressions.read(file));
        } catch (TriageException e) {
            throw new UserError(e.getMessage(), e);
        }
        loaded = true;
    }

    boolean active() {
        return loadedBaseline != null || (loadedSuppressions != null && !loadedSuppressions.isEmpty());
    }

    Report apply(Report report, Formula formula) {
        if (!active()) {
            return report;
        }
        return Triager.apply(report, formula, loadedBaseline, baseline == null ? null : baseline.toString(),
                loadedSuppressions, LocalDate.now(clock));
    }
}
