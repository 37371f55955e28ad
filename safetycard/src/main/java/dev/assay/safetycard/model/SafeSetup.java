package dev.assay.safetycard.model;

import java.util.List;

/**
 * The operator-facing safest setup: an introduction and ordered steps, each traced to a finding the scorecard already
 * holds. It never changes a score.
 */
public record SafeSetup(String intro, List<Step> steps) {

    public SafeSetup {
        steps = List.copyOf(steps);
    }

    /**
     * One step. {@code kind} is {@code operator} (outside the tool), {@code default} (a shipped default to keep) or
     * {@code opt_in} (an opt-in mechanism to enable); {@code tracesTo} is {@code level}, {@code gap}, {@code alt} or
     * {@code limitation}, with {@code parameter} for a level or gap and {@code limitation} (0-based) for a limitation.
     */
    public record Step(String title, String kind, String how, String givesYou, String criterion, String tracesTo,
            String parameter, Integer limitation, List<EvidenceItem> evidence) {

        public Step {
            parameter = parameter == null ? "" : parameter;
            evidence = List.copyOf(evidence);
        }
    }
}
