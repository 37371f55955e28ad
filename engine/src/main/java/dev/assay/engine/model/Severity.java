package dev.assay.engine.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Finding severity, most severe first; the declaration order is the canonical sort order. */
public enum Severity {
    CRITICAL, HIGH, MEDIUM, LOW, INFO;

    @JsonValue
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a lower- or upper-case severity name; throws IllegalArgumentException naming the valid values. */
    @JsonCreator
    public static Severity parse(String text) {
        if (text != null) {
            for (Severity s : values()) {
                if (s.id().equalsIgnoreCase(text.trim())) {
                    return s;
                }
            }
        }
        throw new IllegalArgumentException("unknown severity '" + text + "' (expected critical, high, medium, low or info)");
    }

    /** True when this severity is at least as severe as {@code other}. */
    public boolean atLeast(Severity other) {
        return ordinal() <= other.ordinal();
    }
}
