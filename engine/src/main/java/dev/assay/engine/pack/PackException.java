package dev.assay.engine.pack;

import java.util.ArrayList;
import java.util.List;

/**
 * A rule pack that cannot be loaded or compiled. {@link #problems()} lists every problem, one line each;
 * {@link #details()} gives the same problems with their file, line, rule and a hint on what to do.
 */
public class PackException extends Exception {

    private static final long serialVersionUID = 1L;

    private final List<String> problems;
    private final transient List<PackProblem> details;

    public PackException(String problem) {
        this(List.of(problem));
    }

    public PackException(List<String> problems) {
        this(problems, problems.stream().map(p -> new PackProblem("", 0, "", p, "")).toList());
    }

    PackException(List<String> problems, List<PackProblem> details) {
        super(problems.isEmpty() ? "invalid rule pack" : problems.get(0)
                + (problems.size() > 1 ? " (and " + (problems.size() - 1) + " more)" : ""));
        this.problems = List.copyOf(problems);
        this.details = List.copyOf(details);
    }

    /** An exception carrying located problems; its {@link #problems()} are their {@link PackProblem#text()}. */
    public static PackException of(List<PackProblem> located) {
        List<String> lines = new ArrayList<>();
        located.forEach(p -> lines.add(p.text()));
        return new PackException(lines, located);
    }

    public List<String> problems() {
        return problems;
    }

    /** The problems with their location; problems made from plain text have no file or line. */
    public List<PackProblem> details() {
        return details == null ? List.of() : details;
    }
}
