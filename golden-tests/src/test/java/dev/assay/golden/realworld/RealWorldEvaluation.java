package dev.assay.golden.realworld;

import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Detection on real skills, as a registry would use a report: a skill is flagged when its verdict is malicious or
 * its level high or critical. Recall = flagged malicious / malicious; precision = flagged malicious or suspicious /
 * flagged (judged); benign flagged = flagged benign / the benign population (see {@link #evaluate}).
 */
public final class RealWorldEvaluation {

    private RealWorldEvaluation() {
    }

    /** Whether a report flags its skill. */
    public static boolean flagged(Report r) {
        boolean malicious = r.findings().stream().anyMatch(f -> "malicious_indicator".equals(f.threatClass())
                && Finding.ACTIVE.equals(f.status()));
        return malicious || "high".equals(r.level()) || "critical".equals(r.level());
    }

    /** The figures over the labelled skills, with the skills behind each miss and each false alarm. */
    public record Figures(int malicious, int caught, int flagged, int flaggedHarmful, int benign, int benignFlagged,
            int benignPopulation, List<String> missed, List<String> falseAlarms) {

        public double recall() {
            return malicious == 0 ? 1.0 : (double) caught / malicious;
        }

        public double precision() {
            return flagged == 0 ? 1.0 : (double) flaggedHarmful / flagged;
        }

        public double benignFlaggedRate() {
            return benignPopulation == 0 ? 0.0 : (double) benignFlagged / benignPopulation;
        }

        /** Figures that miss their thresholds, one line each; empty when all hold. */
        public List<String> shortfalls(RealWorldLabels.Thresholds min) {
            List<String> out = new ArrayList<>();
            if (recall() + 1e-9 < min.recall()) {
                out.add(String.format(Locale.ROOT, "recall %.3f < %.3f, missed %s", recall(), min.recall(), missed));
            }
            if (precision() + 1e-9 < min.precision()) {
                out.add(String.format(Locale.ROOT, "precision %.3f < %.3f, false alarms %s", precision(),
                        min.precision(), falseAlarms));
            }
            if (benignFlaggedRate() > min.benignFlagged() + 1e-9) {
                out.add(String.format(Locale.ROOT, "benign flagged %.4f > %.4f, %s", benignFlaggedRate(),
                        min.benignFlagged(), falseAlarms));
            }
            return out;
        }

        public String summary() {
            return String.format(Locale.ROOT,
                    "malicious caught %d/%d (recall %.3f); flagged %d, of them malicious or suspicious %d (precision %.3f); "
                            + "benign flagged %d of about %d benign skills (%.2f %%)",
                    caught, malicious, recall(), flagged, flaggedHarmful, precision(), benignFlagged, benignPopulation,
                    100.0 * benignFlaggedRate());
        }
    }

    /**
     * Evaluates reports keyed by skill path (as in the labels) against the labels; unlabelled keys are ignored. The
     * benign flag rate is over {@code population} skills less the harmful ones labelled: the labels cover every skill
     * of the mirror that a pack flags, so the benign skills flagged are all among them, and the unlabelled rest is
     * counted as benign (the random sample of unflagged skills found no harm). Use the labelled benign count as the
     * population when no mirror-wide count applies.
     */
    public static Figures evaluate(RealWorldLabels labels, Map<String, Report> reports, int population) {
        int malicious = 0, caught = 0, flagged = 0, harmful = 0, benign = 0, benignFlagged = 0;
        List<String> missed = new ArrayList<>();
        List<String> falseAlarms = new ArrayList<>();
        for (RealWorldLabels.Skill s : labels.skills()) {
            Report r = reports.get(s.path());
            if (r == null) {
                continue;
            }
            boolean f = flagged(r);
            if (s.label().equals("malicious")) {
                malicious++;
                if (f) {
                    caught++;
                } else {
                    missed.add(s.path());
                }
            }
            if (s.label().equals("benign")) {
                benign++;
            }
            if (f) {
                flagged++;
                if (s.harmful()) {
                    harmful++;
                } else {
                    benignFlagged++;
                    falseAlarms.add(s.path());
                }
            }
        }
        long harmfulLabelled = labels.skills().stream().filter(RealWorldLabels.Skill::harmful).count();
        int benignPopulation = Math.max(benign, population - (int) harmfulLabelled);
        return new Figures(malicious, caught, flagged, harmful, benign, benignFlagged, benignPopulation, missed,
                falseAlarms);
    }
}
