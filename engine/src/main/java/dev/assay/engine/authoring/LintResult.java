package dev.assay.engine.authoring;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** What {@link PackLinter} found in one pack version: its problems, sorted by file and line. Clean when there are none. */
public record LintResult(Path pack, List<Problem> problems) {

    public LintResult {
        problems = List.copyOf(problems.stream().sorted().distinct().toList());
    }

    public boolean clean() {
        return problems.isEmpty();
    }

    /** One {@code file:line: message (hint)} line per problem (files resolved against the pack folder), then a summary. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        problems.forEach(p -> out.add(p.render(pack)));
        out.add(pack + ": " + (problems.isEmpty() ? "no problems"
                : problems.size() + (problems.size() == 1 ? " problem" : " problems")));
        return out;
    }
}
