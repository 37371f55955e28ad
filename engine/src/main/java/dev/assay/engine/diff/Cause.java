package dev.assay.engine.diff;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Comparator;
import java.util.Locale;

/**
 * What a change between the two sides of a diff is attributed to: a {@code rule} of the pack (its id in {@code ref}),
 * a {@code formula} parameter (its path in the spec, such as {@code weights.high}, in {@code ref}) or the {@code input}
 * (the target or the facts extracted from it; {@code ref} names what differed). {@code detail} says what changed in
 * one sentence.
 */
public record Cause(Kind kind, String ref, String detail) implements Comparable<Cause> {

    private static final Comparator<Cause> ORDER = Comparator.comparing(Cause::kind).thenComparing(Cause::ref)
            .thenComparing(Cause::detail);

    /** The three things a score can move because of. */
    public enum Kind {
        RULE, FORMULA, INPUT;

        @JsonValue
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public Cause {
        ref = ref == null ? "" : ref;
        detail = detail == null ? "" : detail;
    }

    /** {@code rule ST-X}, {@code formula weights.high} or {@code input digest}: the short form a summary shows. */
    public String label() {
        return kind.id() + " " + ref;
    }

    @Override
    public int compareTo(Cause o) {
        return ORDER.compare(this, o);
    }
}
