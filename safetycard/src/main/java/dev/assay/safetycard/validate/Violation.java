package dev.assay.safetycard.validate;

import java.util.Comparator;
import java.util.Objects;

/**
 * One problem with a scorecard: a stable check id (such as {@code SC-INFERRED-ABOVE-LIMIT}), whether it is an error
 * (the scorecard is not scored) or a warning, where it is, what is wrong and how to fix it. Messages are single
 * sanitized lines: whatever text of the scorecard they quote cannot break a terminal or a log.
 */
public record Violation(String id, Kind kind, Location location, String message, String fix)
        implements Comparable<Violation> {

    /** Errors stop scoring; warnings are reported and the scorecard is scored anyway. */
    public enum Kind {
        ERROR, WARNING;

        public String label() {
            return this == ERROR ? "error" : "warning";
        }
    }

    /** The longest message or fix text kept; quoted scorecard text beyond it is cut. */
    public static final int MAX_TEXT = 400;

    private static final Comparator<Violation> ORDER = Comparator.comparing(Violation::kind)
            .thenComparing(Violation::location)
            .thenComparing(Violation::id)
            .thenComparing(Violation::message);

    public Violation {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(location, "location");
        message = oneLine(message);
        fix = oneLine(fix);
    }

    public static Violation error(String id, Location location, String message, String fix) {
        return new Violation(id, Kind.ERROR, location, message, fix);
    }

    public static Violation warning(String id, Location location, String message, String fix) {
        return new Violation(id, Kind.WARNING, location, message, fix);
    }

    public boolean isError() {
        return kind == Kind.ERROR;
    }

    /** {@code error SC-… at C4 alt D evidence[0] (line 120): message. Fix: …} on one line. */
    public String render() {
        StringBuilder b = new StringBuilder(kind.label()).append(' ').append(id);
        String where = location.describe();
        if (!where.isEmpty()) {
            b.append(" at ").append(where);
        }
        b.append(": ").append(message);
        if (!fix.isEmpty()) {
            b.append(message.endsWith(".") ? " " : ". ").append("Fix: ").append(fix);
        }
        return b.toString();
    }

    @Override
    public int compareTo(Violation o) {
        return ORDER.compare(this, o);
    }

    /** One line without control characters, cut at {@link #MAX_TEXT} characters. */
    static String oneLine(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(Math.min(text.length(), MAX_TEXT + 1));
        text.strip().codePoints().limit(MAX_TEXT + 1L).forEach(cp -> b.appendCodePoint(
                cp == '\n' || cp == '\r' || cp == '\t' ? ' ' : Character.isISOControl(cp) || isBidiControl(cp) ? '?' : cp));
        if (b.codePointCount(0, b.length()) > MAX_TEXT) {
            return b.substring(0, b.offsetByCodePoints(0, MAX_TEXT - 1)) + "…";
        }
        return b.toString();
    }

    /** Characters that reorder how a terminal shows text (and so can disguise what a line says). */
    private static boolean isBidiControl(int cp) {
        return (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x200E || cp == 0x200F;
    }
}
