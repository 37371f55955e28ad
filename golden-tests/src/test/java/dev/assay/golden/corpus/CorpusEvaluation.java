package dev.assay.golden.corpus;

import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Precision and recall of one pack over a labelled corpus, per technique and overall (TP, FP and FN summed over all
 * techniques). A component detects technique T when one of its active findings has a rule id in T's
 * {@code detectedBy} and a scored threat class; needs-review items never count. Results are sorted and repeatable.
 */
public final class CorpusEvaluation {

    /** Counts for one technique (or overall) and the components behind each miss and false alarm. */
    public record Figures(String technique, int positives, int negatives, int truePositives, int falsePositives,
            int falseNegatives, List<String> missed, List<String> falseAlarms) {

        public Figures {
            missed = List.copyOf(missed);
            falseAlarms = List.copyOf(falseAlarms);
        }

        /** TP / (TP + FP); 1.0 when nothing was predicted (no false alarm), see {@link #precisionDefined()}. */
        public double precision() {
            int predicted = truePositives + falsePositives;
            return predicted == 0 ? 1.0 : (double) truePositives / predicted;
        }

        public boolean precisionDefined() {
            return truePositives + falsePositives > 0;
        }

        /** TP / positives; 1.0 for a technique without positives. */
        public double recall() {
            return positives == 0 ? 1.0 : (double) truePositives / positives;
        }
    }

    /** The figures of one pack: per technique (sorted) and overall. */
    public record Result(String pack, Map<String, Figures> byTechnique, Figures overall) {
        public Result {
            byTechnique = Collections.unmodifiableMap(new TreeMap<>(byTechnique));
        }

        /** Figures below their thresholds, one line each ("technique precision 0.50 < 0.75"); empty when all hold. */
        public List<String> shortfalls(Map<String, CorpusLabels.Threshold> thresholds) {
            List<String> out = new ArrayList<>();
            for (var e : thresholds.entrySet()) {
                Figures f = e.getKey().equals(CorpusLabels.OVERALL) ? overall : byTechnique.get(e.getKey());
                if (f == null) {
                    out.add(e.getKey() + ": no figures");
                    continue;
                }
                if (f.precision() + 1e-9 < e.getValue().precision()) {
                    out.add(String.format(Locale.ROOT, "%s precision %.3f < %.3f", e.getKey(), f.precision(),
                            e.getValue().precision()));
                }
                if (f.recall() + 1e-9 < e.getValue().recall()) {
                    out.add(String.format(Locale.ROOT, "%s recall %.3f < %.3f", e.getKey(), f.recall(),
                            e.getValue().recall()));
                }
            }
            return out;
        }
    }

    private CorpusEvaluation() {
    }

    /** The techniques each component's report detects, by the labels' rules; keys are component paths. */
    public static Map<String, Set<String>> detected(CorpusLabels labels, Map<String, Report> reports) {
        Map<String, Set<String>> out = new TreeMap<>();
        for (var e : reports.entrySet()) {
            Set<String> found = new TreeSet<>();
            for (Finding f : e.getValue().findings()) {
                if (!Finding.ACTIVE.equals(f.status()) || !labels.scoredThreatClasses().contains(f.threatClass())) {
                    continue;
                }
                for (CorpusLabels.Technique t : labels.techniques().values()) {
                    if (t.detectedBy().contains(f.id())) {
                        found.add(t.id());
                    }
                }
            }
            out.put(e.getKey(), found);
        }
        return out;
    }

    /** Scores one pack's reports (one per labelled component, keyed by path) against the labels. */
    public static Result evaluate(String pack, CorpusLabels labels, Map<String, Report> reports) {
        Map<String, Set<String>> detected = detected(labels, reports);
        Map<String, Figures> byTechnique = new TreeMap<>();
        int pos = 0;
        int neg = 0;
        int tp = 0;
        int fp = 0;
        int fn = 0;
        List<String> allMissed = new ArrayList<>();
        List<String> allFalse = new ArrayList<>();
        for (String t : labels.techniques().keySet()) {
            int p = 0;
            int n = 0;
            int tpT = 0;
            int fpT = 0;
            List<String> missed = new ArrayList<>();
            List<String> falseAlarms = new ArrayList<>();
            for (CorpusLabels.Component c : labels.components()) {
                Set<String> hits = detected.get(c.path());
                if (hits == null) {
                    throw new IllegalArgumentException("no report for " + c.path());
                }
                boolean actual = c.techniques().contains(t);
                boolean predicted = hits.contains(t);
                if (actual) {
                    p++;
                    if (predicted) {
                        tpT++;
                    } else {
                        missed.add(c.path());
                    }
                } else {
                    n++;
                    if (predicted) {
                        fpT++;
                        falseAlarms.add(c.path());
                    }
                }
            }
            byTechnique.put(t, new Figures(t, p, n, tpT, fpT, p - tpT, missed, falseAlarms));
            pos += p;
            neg += n;
            tp += tpT;
            fp += fpT;
            fn += p - tpT;
            missed.forEach(m -> allMissed.add(t + ": " + m));
            falseAlarms.forEach(m -> allFalse.add(t + ": " + m));
        }
        return new Result(pack, byTechnique,
                new Figures(CorpusLabels.OVERALL, pos, neg, tp, fp, fn, allMissed, allFalse));
    }

    /** A Markdown table of a result, with its thresholds, then the misses and false alarms. */
    public static String table(Result r, Map<String, CorpusLabels.Threshold> thresholds) {
        StringBuilder sb = new StringBuilder();
        sb.append("pack ").append(r.pack()).append('\n');
        sb.append("| technique | positives | TP | FP | FN | precision | recall | min precision | min recall |\n");
        sb.append("|---|---|---|---|---|---|---|---|---|\n");
        for (Figures f : r.byTechnique().values()) {
            row(sb, f, thresholds.get(f.technique()));
        }
        row(sb, r.overall(), thresholds.get(CorpusLabels.OVERALL));
        for (String m : r.overall().missed()) {
            sb.append("missed       ").append(m).append('\n');
        }
        for (String m : r.overall().falseAlarms()) {
            sb.append("false alarm  ").append(m).append('\n');
        }
        return sb.toString();
    }

    private static void row(StringBuilder sb, Figures f, CorpusLabels.Threshold min) {
        sb.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %d | %s | %.2f | %s | %s |%n", f.technique(),
                f.positives(), f.truePositives(), f.falsePositives(), f.falseNegatives(),
                f.precisionDefined() ? String.format(Locale.ROOT, "%.2f", f.precision()) : "n/a", f.recall(),
                min == null ? "-" : String.format(Locale.ROOT, "%.2f", min.precision()),
                min == null ? "-" : String.format(Locale.ROOT, "%.2f", min.recall())));
    }
}
