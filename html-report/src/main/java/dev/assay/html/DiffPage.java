package dev.assay.html;

import dev.assay.engine.diff.Cause;
import dev.assay.engine.diff.DiffResult;
import dev.assay.engine.diff.DiffSummary;
import dev.assay.engine.diff.FindingChange;
import dev.assay.engine.diff.Outcome;
import dev.assay.engine.diff.RuleChange;
import dev.assay.engine.diff.ScoreMove;
import dev.assay.engine.diff.Side;
import dev.assay.engine.diff.TargetDiff;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** The view of a score diff: both sides' versions, the summary with a level-move chart and causes, each target. */
final class DiffPage {

    private DiffPage() {
    }

    static String render(DiffResult d) {
        Map<String, Object> v = new HashMap<>();
        v.put("before", side(d.before()));
        v.put("after", side(d.after()));
        v.put("targetCount", d.targets().size());
        DiffSummary s = d.summary();
        v.put("summary", Map.of("targets", s.targets(), "changed", s.changed(), "scoreChanged", s.scoreChanged(),
                "levelChanged", s.levelChanged(), "failed", s.failed()));

        // Level moves: how many targets went from one level to another, largest first.
        TreeMap<String, int[]> moves = new TreeMap<>();
        Map<String, String[]> ends = new HashMap<>();
        for (TargetDiff t : d.targets()) {
            if (t.failed() || t.levelChanged() == null || !t.levelChanged()) {
                continue;
            }
            String key = t.before().level() + "\u0000" + t.after().level();
            moves.computeIfAbsent(key, k -> new int[2])[0]++;
            moves.get(key)[1] += t.delta().signum();
            ends.put(key, new String[] {t.before().level(), t.after().level()});
        }
        int max = moves.values().stream().mapToInt(a -> a[0]).max().orElse(1);
        List<Map<String, Object>> levelMoves = new ArrayList<>();
        int row = 0;
        for (Map.Entry<String, int[]> e : moves.entrySet()) {
            int n = e.getValue()[0];
            double w = 440.0 * n / max;
            int y = row * 22 + 2;
            Map<String, Object> m = new HashMap<>();
            m.put("from", Shown.text(ends.get(e.getKey())[0]));
            m.put("to", Shown.text(ends.get(e.getKey())[1]));
            m.put("n", n);
            m.put("y", y);
            m.put("ty", y + 12);
            m.put("w", ScanPage.num(w));
            m.put("nx", ScanPage.num(224 + w));
            int dir = e.getValue()[1];
            m.put("dir", dir > 0 ? "up" : dir < 0 ? "down" : "same");
            levelMoves.add(m);
            row++;
        }
        v.put("levelMoves", levelMoves);
        v.put("hasLevelMoves", !levelMoves.isEmpty());
        v.put("levelChartHeight", Math.max(22, row * 22 + 4));

        List<Map<String, Object>> causes = new ArrayList<>();
        for (DiffSummary.Impact i : s.causes()) {
            Map<String, Object> m = new HashMap<>();
            m.put("label", Shown.text(i.kind().id() + " " + i.ref()));
            m.put("targets", i.targets());
            m.put("added", i.added());
            m.put("removed", i.removed());
            m.put("changed", i.changed());
            m.put("scoreMove", signed(i.scoreMove()));
            m.put("levelChanges", i.levelChanges());
            causes.add(m);
        }
        v.put("causes", causes);
        v.put("hasCauses", !causes.isEmpty());
        List<String> ruleChanges = new ArrayList<>();
        for (RuleChange rc : d.ruleChanges()) {
            ruleChanges.add(Shown.text(rc.ruleId() + " " + rc.change()));
        }
        v.put("ruleChanges", ruleChanges);
        v.put("hasRuleChanges", !ruleChanges.isEmpty());

        List<Map<String, Object>> targets = new ArrayList<>();
        int i = 0;
        for (TargetDiff t : d.targets()) {
            Map<String, Object> m = new HashMap<>();
            m.put("target", Shown.text(t.target()));
            m.put("anchor", "t-" + (++i));
            m.put("error", t.failed() ? Shown.text(t.error()) : "");
            if (!t.failed()) {
                outcome(m, "before", t.before());
                outcome(m, "after", t.after());
                m.put("delta", signed(t.delta()));
                List<Map<String, Object>> steps = new ArrayList<>();
                for (ScoreMove mv : t.moves()) {
                    steps.add(Map.of("label", Shown.text(mv.label()), "from", plain(mv.from()), "to", plain(mv.to()),
                            "levels", mv.levelChanged() ? Shown.text(mv.levelFrom() + " → " + mv.levelTo()) : ""));
                }
                m.put("moves", steps);
                m.put("hasMoves", !steps.isEmpty());
                List<Map<String, Object>> changes = new ArrayList<>();
                for (FindingChange c : t.findings()) {
                    changes.add(Map.of("change", c.change().id(), "ruleId", Shown.text(c.ruleId()),
                            "subject", Shown.text(c.subject()), "causes",
                            Shown.text(c.causes().stream().map(Cause::label).collect(Collectors.joining(", ")))));
                }
                m.put("changes", changes);
                m.put("hasChanges", !changes.isEmpty());
                m.put("changeCount", changes.size());
            }
            targets.add(m);
        }
        v.put("targets", targets);
        return Pages.render("diff", "diff " + d.before().packRef() + " → " + d.after().packRef(), v);
    }

    private static Map<String, Object> side(Side s) {
        Map<String, Object> m = new HashMap<>();
        m.put("pack", Shown.text(s.packRef()));
        m.put("rulesHash", Shown.text(s.rulesHash()));
        m.put("formula", Shown.text(s.formulaRef()));
        m.put("formulaHash", Shown.text(s.formulaHash()));
        m.put("scanner", Shown.text(s.scannerVersion()));
        return m;
    }

    private static void outcome(Map<String, Object> m, String side, Outcome o) {
        m.put(side + "Score", plain(o.score()));
        m.put(side + "Level", Shown.text(o.level()));
        m.put(side + "Class", Shown.cssClass(o.level()));
    }

    private static String plain(BigDecimal b) {
        return b == null ? "–" : b.toPlainString();
    }

    private static String signed(BigDecimal b) {
        return b == null ? "–" : (b.signum() > 0 ? "+" : "") + b.toPlainString();
    }
}
