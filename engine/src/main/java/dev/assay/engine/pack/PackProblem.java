package dev.assay.engine.pack;

/**
 * One problem with a pack, located: the pack-relative {@code file} (empty when it concerns the pack as a whole), the
 * 1-based {@code line} (0 when unknown), the rule it concerns (empty when none), what is wrong and, in {@code hint},
 * what to do about it (empty when the message already says). {@link #text()} is the one-line form
 * {@link PackException#problems()} lists.
 */
public record PackProblem(String file, int line, String ruleId, String message, String hint) {

    public PackProblem {
        file = file == null ? "" : file;
        line = Math.max(0, line);
        ruleId = ruleId == null ? "" : ruleId;
        message = message == null ? "" : message;
        hint = hint == null ? "" : hint;
    }

    /** {@code file: message}, or the message alone when the problem has no file. */
    public String text() {
        return file.isEmpty() ? message : file + ": " + message;
    }
}
