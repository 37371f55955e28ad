package dev.assay.extract.component;

import dev.assay.engine.fact.InlineIgnore;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads {@code assay-ignore: RULE-ID reason} comments out of a text file, in any comment syntax (the marker is found
 * anywhere on a line; a trailing {@code *}{@code /} or {@code -->} is not part of the reason). Whether they count is
 * the pack's decision, made after the rules ran; here they are only facts.
 */
final class InlineIgnores {

    static final String MARKER = "assay-ignore:";
    /** A file may carry at most this many comments; further ones are not read. */
    static final int MAX_PER_FILE = 200;
    private static final int MAX_REASON = 200;
    private static final Pattern COMMENT = Pattern.compile(
            "assay-ignore:[ \\t]*([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*)(?![A-Za-z0-9-])[ \\t]*([^\\r\\n]*)");
    private static final Pattern CLOSER = Pattern.compile("[ \\t]*(\\*/|-->)[ \\t]*$");

    private InlineIgnores() {
    }

    static List<InlineIgnore> read(String path, String text) {
        if (!text.contains(MARKER)) {
            return List.of();
        }
        List<InlineIgnore> found = new ArrayList<>();
        int lineNo = 0;
        for (String line : (Iterable<String>) text.lines()::iterator) {
            lineNo++;
            if (!line.contains(MARKER)) {
                continue;
            }
            Matcher m = COMMENT.matcher(line);
            if (m.find()) {
                String reason = CLOSER.matcher(m.group(2)).replaceFirst("").strip();
                if (reason.length() > MAX_REASON) {
                    reason = reason.substring(0, MAX_REASON);
                }
                found.add(new InlineIgnore(path, lineNo, m.group(1), reason));
                if (found.size() == MAX_PER_FILE) {
                    break;
                }
            }
        }
        return found;
    }
}
