package dev.assay.engine.authoring;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds Semgrep-style rule annotations in fixture files: a line holding only a comment {@code ruleid: ID} (or
 * {@code ok: ID}, several ids separated by commas) says that the rule must (must not) fire with evidence on the next
 * line that is not itself an annotation. Comments may be written {@code #}, {@code //}, {@code --}, {@code /* … *}{@code /}
 * or {@code <!-- … -->}. Binary files and files over {@value #MAX_BYTES} bytes are not searched.
 */
public final class Annotations {

    static final int MAX_BYTES = 1 << 20;
    private static final String IDS = "[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*(?:\\s*,\\s*[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*)*";
    private static final Pattern ANNOTATION = Pattern.compile(
            "^\\s*(?:#|//|--|/\\*|<!--)\\s*(ruleid|ok)\\s*:\\s*(" + IDS + ")\\s*(?:\\*/|-->)?\\s*$");
    /** A comment that starts like an annotation but does not parse: reported rather than silently ignored. */
    private static final Pattern LOOKS_LIKE = Pattern.compile("^\\s*(?:#|//|--|/\\*|<!--)\\s*(?:ruleid\\b.*|ok\\s*:.*)$");

    private Annotations() {
    }

    /** The annotations of one file and the annotation-like comments that could not be read. */
    public record Scan(List<Expectation> expectations, List<Problem> problems) {
        public Scan {
            expectations = List.copyOf(expectations);
            problems = List.copyOf(problems);
        }
    }

    /**
     * Reads the annotations of a fixture file.
     *
     * @param packPath   the file's path in the pack, for expectations and problems
     * @param targetPath the file's path inside the case's target, as findings' evidence names it
     */
    public static Scan read(String packPath, String targetPath, byte[] bytes) {
        List<Expectation> out = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        if (bytes.length > MAX_BYTES || binary(bytes)) {
            return new Scan(out, problems);
        }
        List<String> lines = new String(bytes, StandardCharsets.UTF_8).lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher m = ANNOTATION.matcher(line);
            if (!m.matches()) {
                if (LOOKS_LIKE.matcher(line).matches()) {
                    problems.add(new Problem(packPath, i + 1, "", "annotation not understood: " + clip(line.strip()),
                            "write the comment alone on its line, e.g. '# ruleid: RULE-ID' or '// ok: RULE-A, RULE-B'"));
                }
                continue;
            }
            int target = i + 1;
            while (target < lines.size() && ANNOTATION.matcher(lines.get(target)).matches()) {
                target++;
            }
            if (target >= lines.size()) {
                problems.add(new Problem(packPath, i + 1, "", "annotation has no line after it",
                        "put the annotation on the line before the line the rule must (or must not) fire on"));
                continue;
            }
            boolean mustFire = m.group(1).equals("ruleid");
            for (String id : m.group(2).split(",")) {
                out.add(new Expectation(id.strip(), mustFire, packPath, i + 1, targetPath, target + 1));
            }
        }
        return new Scan(out, problems);
    }

    static boolean binary(byte[] bytes) {
        int n = Math.min(bytes.length, 8192);
        for (int i = 0; i < n; i++) {
            if (bytes[i] == 0) {
                return true;
            }
        }
        return false;
    }

    private static String clip(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "…" : s;
    }
}
