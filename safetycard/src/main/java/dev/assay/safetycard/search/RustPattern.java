package dev.assay.safetycard.search;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;

/**
 * A regex in the syntax ripgrep reads (Rust's {@code regex} crate), compiled with Rust's Unicode semantics for use on
 * single lines of text. Linear-time; constructs that cannot be reproduced are refused when compiling.
 */
public final class RustPattern {
    private final Pattern pattern;

    private RustPattern(Pattern pattern) {
        this.pattern = pattern;
    }

    public static RustPattern compile(String rustRegex) throws SearchCommandException {
        RustRegex.Translation t = RustRegex.translate(rustRegex, false, null);
        return new RustPattern(Pattern.compile(t.re2j(), Pattern.MULTILINE));
    }

    /** Whether the pattern matches somewhere in {@code line}. */
    public boolean find(String line) {
        return pattern.matcher(line).find();
    }

    /** Start and end of the first match in {@code line}, or {@code null}. */
    public int[] firstMatch(String line) {
        Matcher m = pattern.matcher(line);
        return m.find() ? new int[] {m.start(), m.end()} : null;
    }
}
