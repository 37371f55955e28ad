package dev.assay.engine.diff;

import dev.assay.engine.Extraction;
import dev.assay.engine.ScanException;
import dev.assay.engine.Scanner;
import dev.assay.engine.ScannerVersion;
import dev.assay.engine.batch.BatchScanner;
import dev.assay.engine.batch.Parallel;
import dev.assay.engine.formula.Formula;
import dev.assay.engine.formula.FormulaException;
import dev.assay.engine.formula.FormulaRegistry;
import dev.assay.engine.model.Report;
import dev.assay.engine.pack.CompiledPack;
import dev.assay.engine.pack.PackException;
import dev.assay.engine.pack.PackRegistry;
import dev.assay.engine.pack.RulePack;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

/**
 * Compares scores across rule-pack and formula versions, and explains every difference.
 *
 * <p>{@link #scanners} runs two scanners (two pack versions, two formula versions, or both) over the same targets:
 * each target is read once, and the same facts go through both sides' derive and score stages, so every difference is
 * the doing of the pack or the formula. {@link #reports} compares two saved reports, where the target or the scanner
 * may also have changed. Either way each finding added, removed or changed is attributed to its rule (when the pack
 * changed) or to the input (when the target or scanner changed), and the score move is split into steps per rule and
 * per formula parameter. Stateless and thread-safe.
 */
public final class ScoreDiff {

    /** What a pack id and version in a report must look like before it is looked up among the shipped packs. */
    private static final Pattern PACK_ID = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}");
    private static final Pattern PACK_VERSION = Pattern.compile("[0-9A-Za-z][0-9A-Za-z.+-]{0,63}");

    private ScoreDiff() {
    }

    /** {@link #scanners(Scanner, Scanner, List, int, BatchScanner.Progress)} without progress reports. */
    public static DiffResult scanners(Scanner before, Scanner after, List<Path> targets, int jobs)
            throws InterruptedException {
        return scanners(before, after, targets, jobs, (done, failed, total) -> { });
    }

    /**
     * Reads each target once and scores it with both scanners; {@code jobs} targets at a time. A target that cannot be
     * read becomes a failed entry; it does not stop the others. The result lists the targets in the order given.
     *
     * @throws InterruptedException when interrupted while waiting for targets; the rest are abandoned
     */
    public static DiffResult scanners(Scanner before, Scanner after, List<Path> targets, int jobs,
            BatchScanner.Progress progress) throws InterruptedException {
        Comparison comparison = comparison(before, after);
        List<TargetDiff> diffs = new ArrayList<>();
        AtomicInteger done = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        Parallel.forEachInOrder(targets, jobs, target -> {
            TargetDiff d = compareTarget(target, comparison);
            progress.update(done.incrementAndGet(), d.failed() ? failed.incrementAndGet() : failed.get(), targets.size());
            return d;
        }, diffs::add);
        return comparison.result(diffs);
    }

    /**
     * The comparison of two scanners, for callers that read targets themselves and compare them one at a time (a
     * distributed job compares each component where it is read, then joins the per-target results): {@link
     * Comparison#compare} each extraction, then {@link Comparison#result} over all of them gives what {@link #scanners}
     * gives for the same targets in the same order.
     */
    public static Comparison comparison(Scanner before, Scanner after) {
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(after, "after");
        return new Comparison(before, after);
    }

    /** Two scanners and what differs between their packs and formulas; thread-safe. */
    public static final class Comparison {
        private final Scanner before;
        private final Scanner after;
        private final Side s1;
        private final Side s2;
        private final PackChanges packs;
        private final FormulaPath path;
        private final DiffContext ctx;

        private Comparison(Scanner before, Scanner after) {
            this.before = before;
            this.after = after;
            this.s1 = side(before);
            this.s2 = side(after);
            ClassLoader loader = ScoreDiff.class.getClassLoader();
            this.packs = new PackChanges(s1, s2, before.pack().pack(), after.pack().pack());
            this.path = FormulaPath.between(before.formula(), after.formula(),
                    FormulaPath.shippedSource(before.formula(), loader),
                    FormulaPath.shippedSource(after.formula(), loader));
            this.ctx = new DiffContext(s1, s2, packs, before.formula(), after.formula(), path);
        }

        /** The scanners, before and after; extract with both ({@link Scanner#extract(Path, List)}). */
        public List<Scanner> scanners() {
            return List.of(before, after);
        }

        /** Scores one extraction (made with {@link #scanners()}) on both sides and compares the two reports. */
        public TargetDiff compare(Extraction x) {
            return compare(x.target().path(), before.report(x), after.report(x));
        }

        /** Compares the two reports this comparison's scanners made of one target (read back from JSON, say). */
        public TargetDiff compare(String target, Report reportBefore, Report reportAfter) {
            return TargetComparer.compare(target, reportBefore, reportAfter, ctx);
        }

        /** The whole diff over per-target comparisons, in the order given. */
        public DiffResult result(List<TargetDiff> diffs) {
            return new DiffResult(DiffResult.SCHEMA_VERSION, s1, s2, packs.changes(), path.changes(),
                    Summarizer.summarize(diffs), diffs);
        }
    }

    private static TargetDiff compareTarget(Path target, Comparison comparison) {
        String name = target.toString();
        try {
            return comparison.compare(Scanner.extract(target, comparison.scanners()));
        } catch (ScanException e) {
            return TargetDiff.failed(name, firstLine(e.getMessage()));
        } catch (RuntimeException | StackOverflowError e) {
            return TargetDiff.failed(name, "internal error: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + firstLine(e.getMessage())));
        }
    }

    /**
     * Compares two reports. Rule definitions are compared when both packs are shipped here with the rules hashes the
     * reports name, and the score is split per rule and formula parameter when both formula versions are shipped here
     * with the hashes the reports name; otherwise the diff says what changed without that detail. The registries may
     * be null, which means nothing is looked up. A report's pack is only ever looked up among the shipped packs, never
     * as a folder.
     */
    public static DiffResult reports(Report before, Report after, PackRegistry packs, FormulaRegistry formulas) {
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(after, "after");
        Side s1 = side(before);
        Side s2 = side(after);
        ClassLoader loader = ScoreDiff.class.getClassLoader();
        Formula f1 = formula(formulas, s1);
        Formula f2 = formula(formulas, s2);
        FormulaPath path = f1 != null && f2 != null
                ? FormulaPath.between(f1, f2, FormulaPath.shippedSource(f1, loader), FormulaPath.shippedSource(f2, loader))
                : FormulaPath.none();
        boolean packChanged = !s1.packRef().equals(s2.packRef()) || !s1.rulesHash().equals(s2.rulesHash());
        PackChanges pc = new PackChanges(s1, s2, packChanged ? pack(packs, s1) : null, packChanged ? pack(packs, s2) : null);
        DiffContext ctx = new DiffContext(s1, s2, pc, f1, f2, path);
        String p1 = before.target() == null ? "" : Objects.toString(before.target().path(), "");
        String p2 = after.target() == null ? "" : Objects.toString(after.target().path(), "");
        TargetDiff d = TargetComparer.compare(p1.equals(p2) ? p1 : p1 + " → " + p2, before, after, ctx);
        return new DiffResult(DiffResult.SCHEMA_VERSION, s1, s2, pc.changes(), path.changes(),
                Summarizer.summarize(List.of(d)), List.of(d));
    }

    private static Side side(Scanner s) {
        var m = s.pack().pack().manifest();
        Formula f = s.formula();
        return new Side(m.id(), m.version(), s.pack().pack().rulesHash(), f.id(), f.version(), f.hash(),
                ScannerVersion.get());
    }

    private static Side side(Report r) {
        return new Side(text(r.pack()), text(r.packVersion()), text(r.rulesHash()), text(r.formula()),
                r.formulaVersion(), text(r.formulaHash()), text(r.scannerVersion()));
    }

    private static Formula formula(FormulaRegistry formulas, Side side) {
        if (formulas == null) {
            return null;
        }
        try {
            Formula f = formulas.resolve(side.formulaRef());
            return f.hash().equals(side.formulaHash()) ? f : null;
        } catch (FormulaException e) {
            return null;
        }
    }

    private static RulePack pack(PackRegistry packs, Side side) {
        if (packs == null || !PACK_ID.matcher(side.pack()).matches() || !PACK_VERSION.matcher(side.packVersion()).matches()) {
            return null;
        }
        try {
            CompiledPack p = packs.load(side.packRef());
            return p.pack().rulesHash().equals(side.rulesHash()) ? p.pack() : null;
        } catch (PackException | RuntimeException e) {
            return null;
        }
    }

    private static String text(String s) {
        return s == null ? "" : s;
    }

    private static String firstLine(String s) {
        return s == null ? "unknown error" : s.lines().findFirst().orElse("").strip();
    }
}
