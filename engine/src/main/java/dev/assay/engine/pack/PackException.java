package dev.assay.engine.pack;

import java.util.List;

/** A rule pack that cannot be loaded or compiled; {@link #problems()} lists every problem, one line each. */
public class PackException extends Exception {

    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    public PackException(String problem) {
        this(List.of(problem));
    }

    public PackException(List<String> problems) {
        super(problems.isEmpty() ? "invalid rule pack" : problems.get(0)
                + (problems.size() > 1 ? " (and " + (problems.size() - 1) + " more)" : ""));
        this.problems = List.copyOf(problems);
    }

    public List<String> problems() {
        return problems;
    }
}
