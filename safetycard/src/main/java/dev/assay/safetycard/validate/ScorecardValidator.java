package dev.assay.safetycard.validate;

import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Severity;
import dev.assay.engine.pack.CompiledPack;
import dev.assay.engine.pack.PackException;
import dev.assay.engine.pack.PackRegistry;
import dev.assay.engine.pack.RuleDefinition;
import dev.assay.engine.rules.Detection;
import dev.assay.safetycard.read.ScorecardDocument;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Validates a scorecard with the {@code safetycard-validation} rule pack: the document's facts go through
 * {@link CompiledPack#derive}, and every detection becomes a {@link Violation} (severity high: error; low: warning),
 * located in the scorecard and carrying the rule's remediation as its fix. The reader's own problems are included, so
 * one call reports everything at once. Thread-safe; the compiled pack is shared.
 */
public final class ScorecardValidator {

    /** The shipped pack this validator uses by default. */
    public static final String PACK = "safetycard-validation";

    private final CompiledPack pack;

    public ScorecardValidator(CompiledPack pack) {
        this.pack = Objects.requireNonNull(pack, "pack");
    }

    /** The validator with the latest shipped {@value #PACK} pack. */
    public static ScorecardValidator shipped() throws PackException {
        return new ScorecardValidator(PackRegistry.shipped().load(PACK));
    }

    public CompiledPack pack() {
        return pack;
    }

    public Validation validate(ScorecardDocument doc) {
        Locator locator = new Locator(doc.tree());
        List<Violation> out = new ArrayList<>();
        for (Violation v : doc.problems()) {
            Location at = locator.locate(v.location().path(), v.location().line());
            out.add(new Violation(v.id(), v.kind(), at, v.message(), v.fix()));
        }
        if (doc.unreadable()) {
            return new Validation(out);
        }
        CompiledPack.Derivation derivation = pack.derive(doc.facts());
        // A rule may reach one node along several paths (two caps, say); one violation per id, place and message.
        Set<String> seen = new LinkedHashSet<>();
        for (Detection d : derivation.detections()) {
            if (!d.isActive()) {
                continue;
            }
            Evidence ev = d.evidence().isEmpty() ? Evidence.at(doc.name(), 0, "") : d.evidence().get(0);
            String path = ev.snippet();
            if (!seen.add(d.ruleId() + '\u0000' + path + '\u0000' + d.message())) {
                continue;
            }
            RuleDefinition rule = pack.context().rule(d.ruleId());
            Violation.Kind kind = d.severity() == Severity.LOW || d.severity() == Severity.INFO
                    ? Violation.Kind.WARNING : Violation.Kind.ERROR;
            out.add(new Violation(d.ruleId(), kind, locator.locate(path, ev.lineStart()), d.message(), rule.remediation()));
        }
        if (derivation.stopped()) {
            out.add(Violation.error("SC-RULES-STOPPED", Location.of("", 0), "validation stopped after "
                    + CompiledPack.MAX_FIRINGS + " rule firings; the list of problems may be incomplete",
                    "Shrink the scorecard; a real one never needs this many checks."));
        }
        return new Validation(out);
    }
}
