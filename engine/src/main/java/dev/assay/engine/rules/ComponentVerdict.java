package dev.assay.engine.rules;

import dev.assay.engine.fact.Fact;
import dev.assay.engine.model.Evidence;
import java.util.List;

/**
 * The outcome of scoring one installed component (a skill folder) with the component pack a rule pack names in
 * {@code components}: made by the engine, not by an extractor, and inserted into the enclosing scan's rule session
 * beside the extracted facts. {@code file} is the component's manifest (its SKILL.md), {@code directory} its folder,
 * both relative to the enclosing target. {@code verdict} is the formula's verdict id (such as {@code malicious}) and
 * {@code verdictText} its sentence; {@code riskRules} are the distinct rule ids of the component's scored findings;
 * {@code findingEvidence} is the evidence of those findings with
 * paths relative to the enclosing target (sorted, at most {@value #MAX_EVIDENCE}), or the manifest when there is none.
 */
public record ComponentVerdict(String file, String directory, String name, String pack, String formula, int score,
        String level, String verdict, String verdictText, List<String> riskRules, List<Evidence> findingEvidence)
        implements Fact {

    /** Most pieces of evidence a verdict carries over from the component's findings. */
    public static final int MAX_EVIDENCE = 20;

    public ComponentVerdict {
        riskRules = List.copyOf(riskRules);
        findingEvidence = List.copyOf(findingEvidence.isEmpty()
                ? List.of(Evidence.at(file, 1, "component " + name))
                : findingEvidence.subList(0, Math.min(MAX_EVIDENCE, findingEvidence.size())));
    }

    @Override
    public String subject() {
        return directory;
    }

    @Override
    public Evidence evidence() {
        return findingEvidence.get(0);
    }

    /** A one-line summary for messages: {@code pack: score/level, verdict sentence}. */
    public String summary() {
        return pack + ": " + score + "/" + level + ", " + verdictText;
    }
}
