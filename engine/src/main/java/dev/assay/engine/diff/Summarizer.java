package dev.assay.engine.diff;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** Sums target comparisons into a {@link DiffSummary}. */
final class Summarizer {

    private static final int CAUSES_PER_MOVE = 3;

    private Summarizer() {
    }

    static DiffSummary summarize(List<TargetDiff> targets) {
        int failed = 0;
        int changed = 0;
        int scoreChanged = 0;
        int levelChanged = 0;
        List<TargetDiff> moved = new ArrayList<>();
        Map<Cause.Kind, Map<String, Tally>> tallies = new TreeMap<>();
        for (TargetDiff t : targets) {
            if (t.failed()) {
                failed++;
                continue;
            }
            changed += t.changed() ? 1 : 0;
            levelChanged += t.levelChanged() ? 1 : 0;
            if (t.delta().signum() != 0) {
                scoreChanged++;
                moved.add(t);
            }
            Set<String> seen = new TreeSet<>();
            for (FindingChange c : t.findings()) {
                for (Cause cause : c.causes()) {
                    Tally tally = tally(tallies, cause);
                    switch (c.change()) {
                        case ADDED -> tally.added++;
                        case REMOVED -> tally.removed++;
                        default -> tally.changed++;
                    }
                    if (seen.add(cause.kind() + "\u0000" + cause.ref())) {
                        tally.targets++;
                    }
                }
            }
            for (ScoreMove m : t.moves()) {
                for (Cause cause : m.causes()) {
                    Tally tally = tally(tallies, cause);
                    tally.score = tally.score.add(m.delta());
                    tally.levels += m.levelChanged() ? 1 : 0;
                    if (seen.add(cause.kind() + "\u0000" + cause.ref())) {
                        tally.targets++;
                    }
                }
            }
        }
        moved.sort(Comparator.comparing((TargetDiff t) -> t.delta().abs()).reversed().thenComparing(TargetDiff::target));
        List<DiffSummary.Move> largest = new ArrayList<>();
        for (TargetDiff t : moved.subList(0, Math.min(DiffSummary.LARGEST, moved.size()))) {
            List<ScoreMove> steps = new ArrayList<>(t.moves());
            steps.sort(Comparator.comparing((ScoreMove m) -> m.delta().abs()).reversed().thenComparing(ScoreMove::label));
            List<String> causes = steps.stream().limit(CAUSES_PER_MOVE).map(ScoreMove::label).toList();
            largest.add(new DiffSummary.Move(t.target(), t.before().score(), t.after().score(), t.delta(),
                    t.before().level(), t.after().level(), causes));
        }
        List<DiffSummary.Impact> impacts = new ArrayList<>();
        tallies.forEach((kind, byRef) -> byRef.forEach((ref, x) -> impacts.add(new DiffSummary.Impact(kind, ref,
                x.targets, x.added, x.removed, x.changed, x.score, x.levels))));
        impacts.sort(Comparator.comparing((DiffSummary.Impact i) -> i.scoreMove().abs()).reversed()
                .thenComparing(Comparator.comparingInt(DiffSummary.Impact::targets).reversed())
                .thenComparing(DiffSummary.Impact::kind)
                .thenComparing(DiffSummary.Impact::ref));
        return new DiffSummary(targets.size(), failed, changed, scoreChanged, levelChanged, largest, impacts);
    }

    private static Tally tally(Map<Cause.Kind, Map<String, Tally>> tallies, Cause cause) {
        return tallies.computeIfAbsent(cause.kind(), k -> new TreeMap<>()).computeIfAbsent(cause.ref(), k -> new Tally());
    }

    /** Running counts for one cause. */
    private static final class Tally {
        int targets;
        int added;
        int removed;
        int changed;
        int levels;
        BigDecimal score = BigDecimal.ZERO;
    }
}
