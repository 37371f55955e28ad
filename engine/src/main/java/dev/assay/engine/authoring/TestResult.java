package dev.assay.engine.authoring;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@link PackTester} found: one outcome per case, in order, and the problems that kept tests from running (a pack
 * that does not load, malformed test files). It passes when there are no such problems, at least one case ran, and
 * every case passed.
 */
public record TestResult(Path pack, List<CaseOutcome> outcomes, List<Problem> problems) {

    public TestResult {
        outcomes = List.copyOf(outcomes);
        problems = List.copyOf(problems.stream().sorted().toList());
    }

    public boolean passed() {
        return problems.isEmpty() && !outcomes.isEmpty() && outcomes.stream().allMatch(CaseOutcome::passed);
    }

    public long passedCount() {
        return outcomes.stream().filter(CaseOutcome::passed).count();
    }

    public long failedCount() {
        return outcomes.size() - passedCount();
    }

    /**
     * The report as text lines: {@code PASS name (n checks)} or {@code FAIL name} followed by one
     * {@code file:line: message (hint)} line per failed check, then the problems, then {@code N passed, N failed}.
     */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        for (CaseOutcome o : outcomes) {
            out.add((o.passed() ? "PASS " : "FAIL ") + o.name() + " (" + o.checks() + (o.checks() == 1 ? " check" : " checks")
                    + (o.passed() ? "" : ", " + o.failures().size() + " failed") + ")");
            o.failures().forEach(f -> out.add("  " + f.render(pack)));
        }
        problems.forEach(p -> out.add(p.render(pack)));
        if (outcomes.isEmpty() && problems.isEmpty()) {
            out.add(pack + ": no tests (add tests/cases/<case>/ or tests/facts/*.yaml)");
        }
        out.add(passedCount() + " passed, " + failedCount() + " failed"
                + (problems.isEmpty() ? "" : ", " + problems.size() + (problems.size() == 1 ? " problem" : " problems")));
        return out;
    }
}
