package dev.assay.safetycard.draft;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/** The prompt-injection guard's rules, read from {@code review-guard.yaml}. Content, not code. */
record GuardRules(int version, int maxWarnings, int excerptChars, List<Phrase> phrases, int discussionWindow,
        List<String> discussion, List<Hidden> hidden) {

    /** Text aimed at reviewers; {@code strong} phrases need quoting and a discussion around them to be excused. */
    record Phrase(String id, boolean strong, String message, String pattern) {
    }

    /** Invisible characters: inclusive code point ranges; {@code betweenAscii} limits to ASCII neighbours. */
    record Hidden(String id, String message, List<int[]> ranges, boolean betweenAscii) {
        boolean contains(int cp) {
            for (int[] r : ranges) {
                if (cp >= r[0] && cp <= r[1]) {
                    return true;
                }
            }
            return false;
        }
    }

    static GuardRules shipped() {
        JsonNode root = Resources.yaml("review-guard.yaml");
        String where = "review-guard.yaml";
        List<Phrase> phrases = new ArrayList<>();
        for (JsonNode p : root.path("phrases")) {
            String strength = Resources.text(p, "strength", where);
            if (!strength.equals("strong") && !strength.equals("weak")) {
                throw new IllegalStateException(where + ": strength must be strong or weak");
            }
            phrases.add(new Phrase(Resources.text(p, "id", where), strength.equals("strong"),
                    Resources.text(p, "message", where), Resources.text(p, "pattern", where)));
        }
        List<Hidden> hidden = new ArrayList<>();
        for (JsonNode h : root.path("hidden")) {
            List<int[]> ranges = new ArrayList<>();
            for (JsonNode r : h.path("ranges")) {
                if (r.size() != 2 || !r.get(0).canConvertToInt() || !r.get(1).canConvertToInt()) {
                    throw new IllegalStateException(where + ": a range is [first, last]");
                }
                ranges.add(new int[] {r.get(0).asInt(), r.get(1).asInt()});
            }
            String placement = Resources.text(h, "where", where);
            hidden.add(new Hidden(Resources.text(h, "id", where), Resources.text(h, "message", where),
                    List.copyOf(ranges), placement.equals("between-ascii")));
        }
        return new GuardRules(Resources.integer(root, "version", where), Resources.integer(root, "max_warnings", where),
                Resources.integer(root, "excerpt_chars", where), List.copyOf(phrases),
                Resources.integer(root, "discussion_window", where), Resources.strings(root, "discussion"),
                List.copyOf(hidden));
    }
}
