package dev.assay.safetycard.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A reviewer's SafetyCard scorecard (format of scorecard version 0.9) after it passed validation: the reviewed
 * project at one pinned commit, its capability profile, the ten rated criteria and everything the entry and the
 * report publish. Immutable; lists keep the order the reviewer wrote.
 *
 * @param subpath   the folder scored inside a monorepo, or null
 * @param version   the project's version, or null
 * @param safeSetup the operator-facing safest setup, or null when the scorecard has none
 */
public record Scorecard(String id, String name, String repoUrl, String subpath, String description, String category,
        String pinnedCommit, String version, String scoredDate, String scoredConfiguration,
        Map<String, String> capabilityProfile, String headline, List<CriterionCard> criteria,
        List<CriticalFinding> criticalFindings, RuleOfTwo ruleOfTwo, List<Fix> fixes, List<ReauditEntry> reauditLog,
        List<String> limitations, SafeSetup safeSetup) {

    public Scorecard {
        capabilityProfile = Collections.unmodifiableMap(new LinkedHashMap<>(capabilityProfile));
        criteria = List.copyOf(criteria);
        criticalFindings = List.copyOf(criticalFindings);
        fixes = List.copyOf(fixes);
        reauditLog = List.copyOf(reauditLog);
        limitations = List.copyOf(limitations);
    }

    public CriterionCard criterion(String criterionId) {
        for (CriterionCard c : criteria) {
            if (c.id().equals(criterionId)) {
                return c;
            }
        }
        return null;
    }
}
