package com.google.re2j;

import java.util.ArrayList;
import java.util.List;

/**
 * The parse tree RE2/J builds for a compiled {@link Pattern}, as plain public data, and RE2/J's case-folding orbit.
 * It lets Assay work out, from the very parse the matcher uses, which text a pattern needs before it can match (see
 * {@code dev.assay.engine.rules.RegexPrefilter}). This class sits in RE2/J's package because the parser and its tree
 * are package-visible; it only reads them. Works on the class path (split package), like the engine itself.
 */
public final class RegexSyntax {

    private RegexSyntax() {
    }

    /**
     * One node of a parsed expression. {@code op} is the RE2/J operator name ({@code LITERAL}, {@code CHAR_CLASS},
     * {@code CONCAT}, {@code ALTERNATE}, {@code REPEAT}, ...); {@code runes} holds a literal's code points or a
     * class's ranges as lo/hi pairs; {@code min}/{@code max} bound a repeat ({@code max} -1: unbounded).
     */
    public record Node(String op, boolean foldCase, int[] runes, int min, int max, List<Node> subs) {
    }

    /** Parses the pattern with the flags and mode {@link Pattern#compile(String, int)} gave it, before simplification. */
    public static Node parse(Pattern pattern) {
        int flags = pattern.flags();
        String expr = pattern.pattern();
        if ((flags & Pattern.CASE_INSENSITIVE) != 0) {
            expr = "(?i)" + expr;
        }
        if ((flags & Pattern.DOTALL) != 0) {
            expr = "(?s)" + expr;
        }
        if ((flags & Pattern.MULTILINE) != 0) {
            expr = "(?m)" + expr;
        }
        int mode = RE2.PERL;
        if ((flags & Pattern.DISABLE_UNICODE_GROUPS) != 0) {
            mode &= ~RE2.UNICODE_GROUPS;
        }
        return convert(Parser.parse(expr, mode));
    }

    /** The next code point in the case-folding orbit of {@code rune} (itself when it has no other case). */
    public static int simpleFold(int rune) {
        return Unicode.simpleFold(rune);
    }

    private static Node convert(Regexp re) {
        List<Node> subs = new ArrayList<>();
        if (re.subs != null) {
            for (Regexp s : re.subs) {
                subs.add(convert(s));
            }
        }
        int[] runes = re.runes == null ? new int[0] : re.runes.clone();
        return new Node(re.op.name(), (re.flags & RE2.FOLD_CASE) != 0, runes, re.min, re.max, List.copyOf(subs));
    }
}
