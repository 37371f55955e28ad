package dev.assay.engine.authoring;

import dev.assay.engine.pack.PackProblem;
import java.nio.file.Path;
import java.util.Comparator;

/**
 * Something a pack author got wrong, located: {@code file} relative to the pack version folder (empty for the pack as
 * a whole), 1-based {@code line} (0 when no line applies), the rule concerned (empty when none), what is wrong and what
 * to do ({@code hint}, empty when the message says it). Problems sort by file, line and message.
 */
public record Problem(String file, int line, String ruleId, String message, String hint) implements Comparable<Problem> {

    private static final Comparator<Problem> ORDER = Comparator.comparing(Problem::file)
            .thenComparingInt(Problem::line)
            .thenComparing(Problem::message)
            .thenComparing(Problem::ruleId)
            .thenComparing(Problem::hint);

    public Problem {
        file = file == null ? "" : file;
        line = Math.max(0, line);
        ruleId = ruleId == null ? "" : ruleId;
        message = message == null ? "" : message.strip();
        hint = hint == null ? "" : hint.strip();
    }

    static Problem of(PackProblem p) {
        return new Problem(p.file(), p.line(), p.ruleId(), p.message(), p.hint());
    }

    /** {@code file:line: message (hint)}, with the file as given (relative to the pack version folder). */
    public String render() {
        return render(location(file));
    }

    /** The same line with the file resolved against {@code packDir}, so that it can be opened from where Assay ran. */
    public String render(Path packDir) {
        return render(location(file.isEmpty() ? packDir.toString() : packDir.resolve(file).toString()));
    }

    private String location(String where) {
        return where.isEmpty() ? "" : where + (line > 0 ? ":" + line : "");
    }

    private String render(String where) {
        return (where.isEmpty() ? "" : where + ": ") + message + (hint.isEmpty() ? "" : " (" + hint + ")");
    }

    @Override
    public int compareTo(Problem o) {
        return ORDER.compare(this, o);
    }
}
