package dev.assay.engine.authoring;

import dev.assay.engine.ScanException;
import dev.assay.engine.Scanner;
import dev.assay.engine.fact.Fact;
import dev.assay.engine.formula.FormulaRegistry;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.pack.CompiledPack;
import dev.assay.engine.pack.DirectoryPackFiles;
import dev.assay.engine.pack.PackCompiler;
import dev.assay.engine.pack.PackException;
import dev.assay.engine.pack.PackFiles;
import dev.assay.engine.pack.PackLoader;
import dev.assay.engine.rules.Detection;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * Runs a pack version's rule tests ({@link PackTests}): each fixture case's target is copied to a scratch folder and
 * scanned with the pack, then its {@code ruleid}/{@code ok} lists, inline annotations and score, level and attestation
 * are checked; each facts case runs the pack's rules over the facts it states. Every failed check is a problem at the
 * line that states it. Reports are stamped with a fixed clock, so runs are repeatable.
 */
public final class PackTester {

    private static final Clock FIXED = Clock.fixed(Instant.EPOCH, ZoneOffset.UTC);

    private final Supplier<FormulaRegistry> formulas;

    /** A tester that scores fixture cases with the formulas shipped on the class path. */
    public PackTester() {
        this.formulas = FormulaRegistry::shipped;
    }

    /** A tester that scores fixture cases with the given formulas. */
    public PackTester(FormulaRegistry formulas) {
        this.formulas = () -> formulas;
    }

    /** Loads and compiles the pack in {@code packVersionDir}, then runs its tests. */
    public TestResult test(Path packVersionDir) {
        PackFiles files;
        CompiledPack compiled;
        try {
            files = DirectoryPackFiles.open(packVersionDir);
            compiled = PackCompiler.compile(new PackLoader().load(files));
        } catch (PackException e) {
            return new TestResult(packVersionDir, List.of(), located(e));
        }
        return run(packVersionDir, files, compiled);
    }

    /**
     * Runs the tests of the pack in {@code packVersionDir} against an already compiled pack, such as the build-time
     * model of a shipped pack.
     */
    public TestResult test(Path packVersionDir, CompiledPack compiled) {
        try {
            return run(packVersionDir, DirectoryPackFiles.open(packVersionDir), compiled);
        } catch (PackException e) {
            return new TestResult(packVersionDir, List.of(), located(e));
        }
    }

    static List<Problem> located(PackException e) {
        List<Problem> out = new ArrayList<>();
        e.details().forEach(d -> out.add(Problem.of(d)));
        return out;
    }

    private TestResult run(Path dir, PackFiles files, CompiledPack compiled) {
        PackTests tests = PackTests.read(files);
        List<Problem> problems = new ArrayList<>(tests.problems());
        Set<String> ruleIds = new TreeSet<>();
        compiled.pack().rules().forEach(r -> ruleIds.add(r.id()));
        problems.addAll(tests.unknownRules(ruleIds));
        List<CaseOutcome> outcomes = new ArrayList<>();
        if (!tests.cases().isEmpty()) {
            runCases(files, compiled, tests.cases(), outcomes);
        }
        for (FactsCase c : tests.factsCases()) {
            outcomes.add(runFacts(compiled, c));
        }
        return new TestResult(dir, outcomes, problems);
    }

    private void runCases(PackFiles files, CompiledPack compiled, List<FixtureCase> cases, List<CaseOutcome> outcomes) {
        Scanner scanner;
        try {
            scanner = Scanner.builder().pack(compiled).clock(FIXED).registries(null, formulas.get()).build();
        } catch (ScanException | IllegalStateException e) {
            for (FixtureCase c : cases) {
                outcomes.add(new CaseOutcome(c.folder(), 1, List.of(new Problem("pack.yaml", 0, "",
                        "fixture cases cannot run: " + e.getMessage(),
                        "the extractors and formula pack.yaml names must be on the class path"))));
            }
            return;
        }
        Path scratch;
        try {
            scratch = Files.createTempDirectory("assay-pack-test");
        } catch (IOException e) {
            for (FixtureCase c : cases) {
                outcomes.add(new CaseOutcome(c.folder(), 1, List.of(new Problem(c.folder(), 0, "",
                        "cannot create a scratch folder: " + e.getMessage(), ""))));
            }
            return;
        }
        try {
            for (FixtureCase c : cases) {
                outcomes.add(runCase(files, scanner, scratch, c));
            }
        } finally {
            deleteTree(scratch);
        }
    }

    private CaseOutcome runCase(PackFiles files, Scanner scanner, Path scratch, FixtureCase c) {
        List<Problem> failures = new ArrayList<>();
        Report report;
        try {
            report = scanner.scan(c.materialise(files, scratch));
        } catch (IOException | ScanException | RuntimeException e) {
            return new CaseOutcome(c.folder(), 1, List.of(new Problem(c.expectFile().isEmpty() ? c.folder() : c.expectFile(),
                    0, "", "the scan failed: " + oneLine(e), "")));
        }
        int checks = 0;
        for (Expectation e : c.expectations()) {
            checks++;
            List<Finding> fired = report.findings().stream().filter(f -> f.id().equals(e.ruleId())).toList();
            if (e.review()) {
                checkReview(e, fired, report, failures);
            } else if (e.inline()) {
                checkLine(c, e, fired, report, failures);
            } else if (e.mustFire() && fired.isEmpty()) {
                failures.add(new Problem(e.file(), e.line(), e.ruleId(), e.ruleId() + " must fire on this target but did not",
                        "fired: " + firedIds(report)));
            } else if (!e.mustFire() && !fired.isEmpty()) {
                failures.add(new Problem(e.file(), e.line(), e.ruleId(), e.ruleId() + " must not fire on this target but did, at "
                        + where(c, fired), "fix the rule or move the id to ruleid:"));
            }
        }
        if (c.score() != null) {
            checks++;
            if (report.score() == null || report.score().compareTo(c.score()) != 0) {
                failures.add(new Problem(c.expectFile(), c.line("score"), "", "score is " + report.score() + ", expected "
                        + c.score().toPlainString(), "findings: " + firedIds(report)));
            }
        }
        if (c.level() != null) {
            checks++;
            if (!c.level().equals(report.level())) {
                failures.add(new Problem(c.expectFile(), c.line("level"), "", "level is '" + report.level() + "', expected '"
                        + c.level() + "'", "score " + report.score()));
            }
        }
        if (c.attestation() != null) {
            checks++;
            if (c.attestation() != report.attestation().eligible()) {
                failures.add(new Problem(c.expectFile(), c.line("attestation"), "", "attestation is "
                        + report.attestation().eligible() + ", expected " + c.attestation(), report.verdict()));
            }
        }
        return new CaseOutcome(c.folder(), checks, failures);
    }

    private static void checkReview(Expectation e, List<Finding> fired, Report report, List<Problem> failures) {
        boolean reviewed = report.needsReview().stream().anyMatch(f -> f.id().equals(e.ruleId()));
        if (!reviewed) {
            failures.add(new Problem(e.file(), e.line(), e.ruleId(), e.ruleId() + " must be in needs-review but is not",
                    fired.isEmpty() ? "it did not fire at all" : "it fired as an active finding"));
        } else if (!fired.isEmpty()) {
            failures.add(new Problem(e.file(), e.line(), e.ruleId(), e.ruleId()
                    + " must be in needs-review only, but it also fired as an active finding",
                    "message: " + fired.get(0).message()));
        }
    }

    private static void checkLine(FixtureCase c, Expectation e, List<Finding> fired, Report report, List<Problem> failures) {
        List<Evidence> here = new ArrayList<>();
        List<Evidence> inFile = new ArrayList<>();
        for (Finding f : fired) {
            for (Evidence ev : f.evidence()) {
                if (ev.file().equals(e.targetFile())) {
                    inFile.add(ev);
                    if (ev.lineStart() <= e.targetLine() && e.targetLine() <= Math.max(ev.lineStart(), ev.lineEnd())) {
                        here.add(ev);
                    }
                }
            }
        }
        if (e.mustFire() && here.isEmpty()) {
            String hint;
            if (!inFile.isEmpty()) {
                hint = "it fired in this file at line(s) " + lines(inFile);
            } else {
                String skipped = skipReason(report, e.targetFile());
                hint = skipped.isEmpty() ? "it did not fire in this file" : "the scan skipped this file: " + skipped;
            }
            failures.add(new Problem(e.file(), e.line(), e.ruleId(), e.ruleId() + " must fire on line " + e.targetLine()
                    + " but did not", hint));
        } else if (!e.mustFire() && !here.isEmpty()) {
            failures.add(new Problem(e.file(), e.line(), e.ruleId(), e.ruleId() + " must not fire on line " + e.targetLine()
                    + " but did", "message: " + fired.get(0).message()));
        }
    }

    private static String skipReason(Report report, String file) {
        return report.coverage().filesSkipped().stream().filter(s -> s.file().equals(file)).map(s -> s.reason())
                .findFirst().orElse("");
    }

    private static String lines(List<Evidence> ev) {
        TreeSet<Integer> out = new TreeSet<>();
        ev.forEach(e -> out.add(e.lineStart()));
        return out.toString().replaceAll("[\\[\\]]", "");
    }

    private static String where(FixtureCase c, List<Finding> fired) {
        List<String> out = new ArrayList<>();
        for (Finding f : fired) {
            for (Evidence ev : f.evidence()) {
                String at = c.targetPrefix() + ev.file() + (ev.lineStart() > 0 ? ":" + ev.lineStart() : "");
                if (!out.contains(at) && out.size() < 3) {
                    out.add(at);
                }
            }
        }
        return out.isEmpty() ? "(no evidence)" : String.join(", ", out);
    }

    private static String firedIds(Report report) {
        TreeSet<String> ids = new TreeSet<>();
        report.findings().forEach(f -> ids.add(f.id()));
        return ids.isEmpty() ? "none" : String.join(", ", ids);
    }

    private static CaseOutcome runFacts(CompiledPack compiled, FactsCase c) {
        List<Problem> failures = new ArrayList<>();
        List<Detection> detections;
        try {
            CompiledPack.Derivation d = compiled.derive(new ArrayList<Fact>(c.facts()));
            detections = d.detections();
            if (d.stopped()) {
                failures.add(new Problem(c.file(), 0, "", "the rules were stopped after " + CompiledPack.MAX_FIRINGS
                        + " firings", "a rule re-fires on its own conclusions: check the DRL for loops"));
            }
        } catch (RuntimeException e) {
            return new CaseOutcome(c.file(), 1, List.of(new Problem(c.file(), 0, "", "the rules failed on these facts: "
                    + oneLine(e), "")));
        }
        TreeSet<String> active = new TreeSet<>();
        detections.stream().filter(Detection::isActive).forEach(d -> active.add(d.ruleId()));
        TreeSet<String> review = new TreeSet<>();
        detections.stream().filter(d -> Detection.NEEDS_REVIEW.equals(d.status())).forEach(d -> review.add(d.ruleId()));
        for (Expectation e : c.expectations()) {
            if (e.review()) {
                if (!review.contains(e.ruleId()) || active.contains(e.ruleId())) {
                    failures.add(new Problem(e.file(), e.line(), e.ruleId(), e.ruleId()
                            + " must conclude needs-review only on these facts", "active: "
                            + (active.isEmpty() ? "none" : String.join(", ", active)) + "; needs-review: "
                            + (review.isEmpty() ? "none" : String.join(", ", review))));
                }
            } else if (e.mustFire() && !active.contains(e.ruleId())) {
                failures.add(new Problem(e.file(), e.line(), e.ruleId(), e.ruleId() + " must fire on these facts but did not",
                        "fired: " + (active.isEmpty() ? "none" : String.join(", ", active))));
            } else if (!e.mustFire() && active.contains(e.ruleId())) {
                failures.add(new Problem(e.file(), e.line(), e.ruleId(), e.ruleId() + " must not fire on these facts but did",
                        "fix the rule or move the id to expect.ruleid"));
            }
        }
        return new CaseOutcome(c.file(), c.expectations().size(), failures);
    }

    private static String oneLine(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String m = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        String first = m.lines().findFirst().orElse("").strip();
        return first.length() > 300 ? first.substring(0, 300) + "…" : first;
    }

    /** Deletes the scratch folder this tester made; it holds regular files and folders only. */
    private static void deleteTree(Path root) {
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.delete(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException exc) throws IOException {
                    Files.delete(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // A scratch folder left in the temp directory is harmless; the result does not depend on it.
        }
    }
}
