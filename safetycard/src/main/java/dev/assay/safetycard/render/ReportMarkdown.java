package dev.assay.safetycard.render;

import dev.assay.engine.formula.CriteriaResult;
import dev.assay.safetycard.catalog.Catalog;
import dev.assay.safetycard.catalog.FormulaInfo;
import dev.assay.safetycard.model.CapListing;
import dev.assay.safetycard.model.CriterionCard;
import dev.assay.safetycard.model.CriticalFinding;
import dev.assay.safetycard.model.EvidenceItem;
import dev.assay.safetycard.model.Fix;
import dev.assay.safetycard.model.Mechanism;
import dev.assay.safetycard.model.ParameterRating;
import dev.assay.safetycard.model.ReauditEntry;
import dev.assay.safetycard.model.SafeSetup;
import dev.assay.safetycard.model.Scorecard;
import dev.assay.safetycard.score.Permalinks;
import dev.assay.safetycard.validate.Violation;
import java.util.List;
import java.util.Map;

/**
 * {@code report.md}: the scored review for people. It leads with the agent surface, so a reader can tell a small
 * surface from strong controls, then the score table, the rule of two, critical findings, every criterion with its
 * findings, gaps and evidence (linked at the pinned commit), fixes with their estimated gain, the safe setup, the
 * re-audit log and the limitations. All scorecard text is escaped: it renders as text, never as HTML.
 */
public final class ReportMarkdown {

    private final Catalog catalog;
    private final FormulaInfo formula;

    public ReportMarkdown(Catalog catalog, FormulaInfo formula) {
        this.catalog = catalog;
        this.formula = formula;
    }

    /**
     * @param warnings     validation warnings to list at the end (may be empty)
     * @param repoVerified whether every citation and search was checked against a clone at the pinned commit
     */
    public String render(Scorecard card, CriteriaResult result, List<Violation> warnings, boolean repoVerified) {
        StringBuilder b = new StringBuilder();
        b.append("# ").append(Text.md(card.name())).append(": SafetyCard ").append(result.score().toPlainString())
                .append(" / ").append(result.max().toPlainString()).append(" (").append(Text.md(result.band().label()))
                .append(")\n\n");
        b.append(Text.md(card.description())).append("\n\n");
        b.append("- Repository: ").append(Text.md(card.repoUrl()))
                .append(card.subpath() == null ? "" : " (folder " + Text.code(card.subpath()) + ")").append('\n');
        b.append("- Commit: ").append(Text.code(card.pinnedCommit()))
                .append(card.version() == null ? "" : " (" + Text.md(card.version()) + ")").append('\n');
        b.append("- Scored: ").append(Text.md(card.scoredDate())).append(", scorecard ").append(catalog.scorecardVersion())
                .append(", formula ").append(formula.formula().ref()).append(" (").append(formula.formula().hash()).append(")\n");
        b.append("- Configuration scored: ").append(Text.md(card.scoredConfiguration())).append("\n\n");
        b.append("> ").append(Text.md(card.headline())).append("\n\n");

        b.append("## Agent surface\n\n| Capability | By default |\n|---|---|\n");
        for (Catalog.Label key : catalog.capabilityProfile()) {
            b.append("| ").append(Text.cell(key.label())).append(" | ")
                    .append(Text.cell(card.capabilityProfile().getOrDefault(key.id(), ""))).append(" |\n");
        }
        b.append('\n');

        scoreTable(b, result);
        ruleOfTwo(b, card);
        critical(b, card);
        b.append("## Criteria\n\n");
        for (CriteriaResult.Criterion scored : result.criteria()) {
            criterion(b, card, card.criterion(scored.id()), scored);
        }
        fixes(b, card);
        safeSetup(b, card);
        reaudit(b, card);
        b.append("## Limitations\n\n");
        for (String l : card.limitations()) {
            b.append("- ").append(Text.md(l)).append('\n');
        }
        b.append("\n## Scope\n\nThis review describes commit ").append(Text.code(card.pinnedCommit())).append(" of ")
                .append(Text.md(card.repoUrl())).append(" and nothing else. ")
                .append(repoVerified ? "Every citation and search was checked against a clone at that commit."
                        : "Citations and searches were not checked against a clone for this report.")
                .append('\n');
        if (!warnings.isEmpty()) {
            b.append("\n## Validation warnings\n\n");
            for (Violation w : warnings) {
                b.append("- ").append(Text.md(w.render())).append('\n');
            }
        }
        return b.toString();
    }

    private void scoreTable(StringBuilder b, CriteriaResult result) {
        b.append("## Score\n\n| Criterion | Counted | S | C | D | B | Cap | Score |\n|---|---|---|---|---|---|---|---|\n");
        for (CriteriaResult.Criterion c : result.criteria()) {
            CriteriaResult.Mechanism m = c.mechanisms().stream().filter(x -> x.kind().equals(c.counted())).findFirst()
                    .orElse(c.mechanisms().get(0));
            b.append("| ").append(c.id()).append(' ').append(Text.cell(c.name())).append(" | ")
                    .append(c.structuralAbsence() ? "absent" : c.counted()).append(" |");
            for (FormulaInfo.Parameter p : formula.parameters()) {
                CriteriaResult.Parameter sp = m.parameters().get(p.id());
                b.append(' ').append(sp == null ? "" : sp.structuralAbsence() ? "SA" : "L" + sp.level()).append(" |");
            }
            b.append(' ').append(c.cap() == null ? "" : c.cap().id()).append(" | ").append(c.score().toPlainString())
                    .append(" |\n");
        }
        CriteriaResult.Applicable a = result.applicable();
        b.append("\n**Total ").append(result.score().toPlainString()).append(" / ").append(result.max().toPlainString())
                .append("**, ").append(Text.md(result.band().label())).append(". Over the ").append(a.count())
                .append(" criteria whose surface exists: ").append(a.score().toPlainString()).append(" / ")
                .append(a.max().toPlainString()).append(a.percent() == null ? "" : " (" + a.percent() + "%)").append(".\n\n");
    }

    private static void ruleOfTwo(StringBuilder b, Scorecard card) {
        b.append("## Rule of two\n\n");
        b.append("- Untrusted input: ").append(Text.md(card.ruleOfTwo().untrustedInput())).append('\n');
        b.append("- Sensitive data: ").append(Text.md(card.ruleOfTwo().sensitiveData())).append('\n');
        b.append("- State change or egress: ").append(Text.md(card.ruleOfTwo().stateChangeOrEgress())).append('\n');
        b.append("- All three in one session: ").append(card.ruleOfTwo().sameSession() ? "yes" : "no").append("\n\n");
    }

    private static void critical(StringBuilder b, Scorecard card) {
        b.append("## Critical findings\n\n");
        if (card.criticalFindings().isEmpty()) {
            b.append("None.\n\n");
            return;
        }
        for (CriticalFinding f : card.criticalFindings()) {
            b.append("- **").append(Text.md(f.criterion())).append("** ").append(Text.md(f.summary()));
            if (!f.owasp().isEmpty()) {
                b.append(" (").append(Text.md(String.join(", ", f.owasp()))).append(')');
            }
            b.append('\n');
            evidence(b, card, f.evidence(), "  ");
        }
        b.append('\n');
    }

    private void criterion(StringBuilder b, Scorecard card, CriterionCard c, CriteriaResult.Criterion scored) {
        Catalog.CriterionInfo info = catalog.criterion(c.id()).orElseThrow();
        b.append("### ").append(c.id()).append(' ').append(Text.md(info.name())).append(": ")
                .append(scored.score().toPlainString()).append(" / ").append(scored.max().toPlainString()).append("\n\n");
        b.append('*').append(Text.md(info.question())).append("*\n\n");
        b.append(Text.md(c.summary())).append("\n\n");
        if (c.structuralAbsence()) {
            b.append("The risk surface does not exist at this commit (structural absence). Searches that show it:\n\n");
            evidence(b, card, c.absenceEvidence(), "");
            b.append('\n');
            return;
        }
        mechanism(b, card, c.ratings(), "Default configuration", scored, "default");
        if (c.hasAlt()) {
            mechanism(b, card, c.alt(), "Opt-in alternative: " + c.alt().label(), scored, "alt");
        }
        if (scored.cap() != null) {
            b.append("Cap applied: **").append(scored.cap().id()).append("** (at most ").append(scored.cap().max().toPlainString())
                    .append(')');
            String reason = null;
            // The counted mechanism's own list: the criterion's caps for the default, alt.caps for the alt.
            for (CapListing cap : "alt".equals(scored.counted()) ? c.alt().caps() : c.caps()) {
                if (cap.id().equals(scored.cap().id())) {
                    reason = cap.reason();
                }
            }
            if (reason == null) {
                reason = "alt".equals(scored.counted()) ? catalog.texts().altCapReason()
                        : catalog.texts().automaticCapReasons().getOrDefault(scored.cap().id(), "");
            }
            b.append(reason.isEmpty() ? "" : ": " + Text.md(reason)).append("\n\n");
        }
        if (!c.notes().isEmpty()) {
            b.append("Notes: ").append(Text.md(c.notes())).append("\n\n");
        }
    }

    private void mechanism(StringBuilder b, Scorecard card, Mechanism m, String title, CriteriaResult.Criterion scored,
            String kind) {
        CriteriaResult.Mechanism sm = scored.mechanisms().stream().filter(x -> x.kind().equals(kind)).findFirst().orElse(null);
        b.append("**").append(Text.md(title)).append("**");
        if (sm != null) {
            b.append(": raw ").append(sm.raw().toPlainString()).append(", score ").append(sm.score().toPlainString())
                    .append(", confidence ").append(sm.confidence()).append(kind.equals(scored.counted()) ? " (counted)" : "");
        }
        b.append("\n\n| Parameter | Level | Status | Finding | To reach the next level |\n|---|---|---|---|---|\n");
        for (Map.Entry<String, ParameterRating> e : m.parameters().entrySet()) {
            ParameterRating p = e.getValue();
            b.append("| ").append(e.getKey()).append(' ').append(Text.cell(formula.parameter(e.getKey()).name()))
                    .append(" | ").append(p.levelName()).append(" | ").append(Text.cell(p.status())).append(" | ")
                    .append(Text.cell(p.finding())).append(" | ").append(Text.cell(p.gap())).append(" |\n");
        }
        b.append('\n');
        for (Map.Entry<String, ParameterRating> e : m.parameters().entrySet()) {
            b.append("Evidence for ").append(e.getKey()).append(":\n\n");
            evidence(b, card, e.getValue().evidence(), "");
            b.append('\n');
        }
    }

    private void fixes(StringBuilder b, Scorecard card) {
        b.append("## Fixes\n\n");
        if (card.fixes().isEmpty()) {
            b.append("None listed.\n\n");
            return;
        }
        b.append("| Fix | Criterion | Level | Estimated gain | Playbook |\n|---|---|---|---|---|\n");
        for (Fix f : card.fixes()) {
            b.append("| ").append(Text.cell(f.summary())).append(" | ").append(Text.cell(f.criterion())).append(' ')
                    .append(Text.cell(f.parameter())).append(" | L").append(f.fromLevel()).append(" to L").append(f.toLevel())
                    .append(" | ").append(formula.gain(f.parameter(), f.fromLevel(), f.toLevel()).stripTrailingZeros().toPlainString())
                    .append(" | ").append(Text.cell(f.playbook())).append(" |\n");
        }
        b.append("\nEstimated gains are weight times level change, before caps.\n\n");
    }

    /** The safe setup, each step with what it traces to in this review. */
    private void safeSetup(StringBuilder b, Scorecard card) {
        SafeSetup setup = card.safeSetup();
        if (setup == null) {
            return;
        }
        b.append("## Safest setup\n\n").append(Text.md(setup.intro())).append("\n\n");
        int n = 0;
        for (SafeSetup.Step s : setup.steps()) {
            n++;
            b.append(n).append(". **").append(Text.md(s.title())).append("** (").append(kindName(s.kind())).append(") ")
                    .append(Text.md(s.how())).append('\n');
            b.append("   - Gives you: ").append(Text.md(s.givesYou())).append('\n');
            b.append("   - Traces to: ").append(Text.md(trace(card, s))).append('\n');
            if (!s.evidence().isEmpty()) {
                evidence(b, card, s.evidence(), "   ");
            }
        }
        b.append("\nThe safe setup describes how to run the reviewed commit most safely; it does not change any score.\n\n");
    }

    private static String kindName(String kind) {
        return switch (kind) {
            case "operator" -> "outside the tool";
            case "default" -> "keep the default";
            case "opt_in" -> "switch on";
            default -> kind;
        };
    }

    /** What a step traces to, spelled out from the scorecard itself. */
    static String trace(Scorecard card, SafeSetup.Step s) {
        CriterionCard c = card.criterion(s.criterion());
        switch (s.tracesTo()) {
            case "limitation": {
                Integer i = s.limitation();
                return i != null && i >= 0 && i < card.limitations().size()
                        ? "limitation: " + card.limitations().get(i) : "a limitation";
            }
            case "alt":
                return c != null && c.hasAlt() ? s.criterion() + " opt-in alternative: " + c.alt().label()
                        : s.criterion() + " opt-in alternative";
            case "gap":
            case "level": {
                ParameterRating p = c == null || c.ratings() == null ? null : c.ratings().parameter(s.parameter());
                if (p == null) {
                    return s.criterion() + " " + s.parameter();
                }
                if (s.tracesTo().equals("gap")) {
                    String gap = p.gap().isEmpty() && c.hasAlt() && c.alt().parameter(s.parameter()) != null
                            ? c.alt().parameter(s.parameter()).gap() : p.gap();
                    return s.criterion() + " " + s.parameter() + " gap: " + gap;
                }
                return s.criterion() + " " + s.parameter() + " at " + p.levelName() + ": " + p.finding();
            }
            default:
                return s.criterion();
        }
    }

    private static void reaudit(StringBuilder b, Scorecard card) {
        b.append("## Re-audit log\n\n");
        if (card.reauditLog().isEmpty()) {
            b.append("No changes.\n\n");
            return;
        }
        for (ReauditEntry r : card.reauditLog()) {
            b.append("- ").append(Text.md(r.criterion())).append(' ').append(Text.md(r.parameter())).append(": L")
                    .append(r.fromLevel()).append(" to L").append(r.toLevel()).append(". ").append(Text.md(r.reason()))
                    .append('\n');
        }
        b.append('\n');
    }

    private static void evidence(StringBuilder b, Scorecard card, List<EvidenceItem> items, String indent) {
        for (EvidenceItem item : items) {
            b.append(indent).append("- ");
            if (item instanceof EvidenceItem.CodeCitation c) {
                String label = Text.md(c.file()) + ":" + c.lines();
                String url = Permalinks.of(card.repoUrl(), card.pinnedCommit(), c.file(), c.firstLine(), c.lastLine()).orElse(null);
                b.append(url == null ? label : "[" + label.replace("[", "\\[").replace("]", "\\]") + "](" + url + ")");
                if (c.hasContains()) {
                    b.append(" contains ").append(Text.code(c.contains()));
                }
            } else if (item instanceof EvidenceItem.Search s) {
                b.append(Text.code(s.search())).append(" in ").append(Text.code(s.scope())).append(": ").append(s.hits())
                        .append(s.hits() == 1 ? " line" : " lines");
            }
            if (!item.note().isEmpty()) {
                b.append(" (").append(Text.md(item.note())).append(')');
            }
            b.append('\n');
        }
    }
}
