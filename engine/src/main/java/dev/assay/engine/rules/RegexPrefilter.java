package dev.assay.engine.rules;

import com.google.re2j.Pattern;
import com.google.re2j.RegexSyntax;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What text each of a pack's regexes needs before it can match, so that RE2/J, whose matcher is linear but slow per
 * character, only runs over texts (documents, fact fields) that could match. From RE2/J's own parse tree each pattern
 * gets a condition over two kinds of atoms: "contains this literal" (compared case-folded, so a case-sensitive literal
 * is checked more loosely than it matches, never more strictly; at a word boundary only where the pattern puts
 * {@code \b} next to it) and "contains a run of at least n characters of this class" (for repeats such as
 * {@code [A-Za-z0-9+/]{200,}}, and for single characters outside ASCII). Concatenation needs all of its parts,
 * alternation one of them, optional parts nothing. A text's literals are all found in one pass ({@link #signature})
 * and class runs are looked for on first use; a pattern whose condition fails on a text cannot match it, so skipping
 * it never changes a result.
 */
final class RegexPrefilter {

    /** ASCII literals shorter than this occur in nearly every text: looking for them would cost without filtering. */
    private static final int MIN_LITERAL_LENGTH = 2;
    /** Repeats of a class shorter than this are treated like a single occurrence. */
    private static final int MIN_RUN_LENGTH = 4;
    /** At most this many literal sets are shared (see literalSets); about 3 MB with the shipped packs' literals. */
    private static final int MAX_SHARED_LITERAL_SETS = 1 << 14;

    /** A condition on a document's atoms. */
    private sealed interface Condition permits Always, Never, Literal, Run, All, Any, AllOf, AnyOf, AnyLiteral {
        boolean holds(Signature s);
    }

    private record Always() implements Condition {
        @Override
        public boolean holds(Signature s) {
            return true;
        }
    }

    private record Never() implements Condition {
        @Override
        public boolean holds(Signature s) {
            return false;
        }
    }

    private record Literal(int index) implements Condition {
        @Override
        public boolean holds(Signature s) {
            return s.literals != null && s.literals.get(index);
        }
    }

    private record Run(int charClass, int min) implements Condition {
        @Override
        public boolean holds(Signature s) {
            return s.hasRun(charClass, min);
        }
    }

    private record All(List<Condition> parts) implements Condition {
        @Override
        public boolean holds(Signature s) {
            for (Condition c : parts) {
                if (!c.holds(s)) {
                    return false;
                }
            }
            return true;
        }
    }

    private record Any(List<Condition> parts) implements Condition {
        @Override
        public boolean holds(Signature s) {
            for (Condition c : parts) {
                if (c.holds(s)) {
                    return true;
                }
            }
            return false;
        }
    }

    /**
     * The evaluated form of {@link All}: parts in an array, cheapest first (literal bits before class runs, which scan
     * the text). Arrays and index loops, because the launcher runs C1 only, which allocates an iterator per for-each.
     */
    private record AllOf(Condition[] parts) implements Condition {
        @Override
        public boolean holds(Signature s) {
            for (int i = 0; i < parts.length; i++) {
                if (!parts[i].holds(s)) {
                    return false;
                }
            }
            return true;
        }
    }

    /** The evaluated form of {@link Any}: its literals as one bit mask, then the other parts, cheapest first. */
    private record AnyOf(Condition[] parts) implements Condition {
        @Override
        public boolean holds(Signature s) {
            for (int i = 0; i < parts.length; i++) {
                if (parts[i].holds(s)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** Whether a text contains any of these literals: one intersection of bit sets. */
    private record AnyLiteral(BitSet mask) implements Condition {
        @Override
        public boolean holds(Signature s) {
            return s.literals != null && s.literals.intersects(mask);
        }
    }

    private static final Condition ALWAYS = new Always();
    private static final Condition NEVER = new Never();

    /**
     * The atoms one text contains: bit i of {@code literals} for literal i (found in one pass when the signature is
     * made), and, per character class, what is known of its runs (looked for on first use).
     */
    static final class Signature {
        private final String text;
        private final List<CharClass> classes;
        /** Null when no literal occurs (most short texts): signatures are made for every text a rule tests. */
        private final BitSet literals;
        /** Per class: a run at least this long exists (0: nothing known), and none this long exists; made on use. */
        private int[] runAtLeast;
        private int[] noRunOf;

        /** Whether every code unit of the text is ASCII: then a class without ASCII members has no run in it. */
        private final boolean allAscii;

        private Signature(String text, List<CharClass> classes, BitSet literals, boolean allAscii) {
            this.text = text;
            this.classes = classes;
            this.literals = literals;
            this.allAscii = allAscii;
        }

        boolean hasRun(int charClass, int min) {
            if (runAtLeast == null) {
                runAtLeast = new int[classes.size()];
                noRunOf = new int[classes.size()];
                Arrays.fill(noRunOf, Integer.MAX_VALUE);
            }
            if (min <= runAtLeast[charClass]) {
                return true;
            }
            if (min >= noRunOf[charClass]) {
                return false;
            }
            CharClass c = classes.get(charClass);
            boolean found = (min <= 0 || !allAscii || c.hasAscii()) && c.hasRun(text, min);
            if (found) {
                runAtLeast[charClass] = min;
            } else {
                noRunOf[charClass] = min;
            }
            return found;
        }
    }

    /**
     * A class of code points as sorted lo/hi pairs (ASCII members also as a bit map), and whether it has members
     * beyond the basic plane.
     */
    private record CharClass(int[] ranges, long[] ascii, boolean astral) {
        CharClass(int[] ranges) {
            this(ranges, asciiBits(ranges), ranges.length > 0 && ranges[ranges.length - 1] > 0xFFFF);
        }

        /**
         * Whether {@code min} code units in a row all belong to the class; a surrogate counts as a member when the class
         * has members beyond the basic plane. A run of {@code min} code points of the class spans at least {@code min}
         * such units, so this never misses one. Windows are checked from their far end, skipping past a non-member
         * (as in Boyer-Moore), and each unit is examined at most once.
         */
        boolean hasRun(String text, int min) {
            int n = text.length();
            int start = 0;
            int verifiedEnd = 0; // [start, verifiedEnd) are known members
            while (start + min <= n) {
                int j = start + min - 1;
                while (j >= verifiedEnd) { // the ASCII test inline: this loop runs over whole documents
                    char ch = text.charAt(j);
                    if (ch < 128 ? (ascii[ch >> 6] & (1L << (ch & 63))) == 0 : !containsUnit(ch)) {
                        break;
                    }
                    j--;
                }
                if (j < verifiedEnd) {
                    return true;
                }
                verifiedEnd = start + min;
                start = j + 1;
            }
            return false;
        }

        boolean hasAscii() {
            return (ascii[0] | ascii[1]) != 0;
        }

        private boolean containsUnit(char ch) {
            if (ch < 128) {
                return (ascii[ch >> 6] & (1L << (ch & 63))) != 0;
            }
            return Character.isSurrogate(ch) ? astral : contains(ch);
        }

        private static long[] asciiBits(int[] ranges) {
            long[] bits = new long[2];
            for (int i = 0; i + 1 < ranges.length; i += 2) {
                for (int c = ranges[i]; c <= Math.min(ranges[i + 1], 127); c++) {
                    bits[c >> 6] |= 1L << (c & 63);
                }
            }
            return bits;
        }

        boolean contains(int cp) {
            if (cp < 128) {
                return (ascii[cp >> 6] & (1L << (cp & 63))) != 0;
            }
            int lo = 0;
            int hi = ranges.length / 2 - 1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                if (cp < ranges[2 * mid]) {
                    hi = mid - 1;
                } else if (cp > ranges[2 * mid + 1]) {
                    lo = mid + 1;
                } else {
                    return true;
                }
            }
            return false;
        }
    }

    /**
     * A literal as folded code points; {@code boundaryBefore}/{@code boundaryAfter}: the pattern puts {@code \b}
     * right before/after it, so only occurrences at such a boundary count.
     */
    private record LiteralSpec(int[] folded, boolean boundaryBefore, boolean boundaryAfter) {
    }

    private final List<LiteralSpec> literals = new ArrayList<>();
    private final Map<String, Integer> literalIndex = new HashMap<>();
    private final List<CharClass> classes = new ArrayList<>();
    private final Map<String, Integer> classIndex = new HashMap<>();
    private final Map<String, Condition> conditions = new LinkedHashMap<>();
    /** The same conditions in the form {@link #mayMatch} evaluates (same answers, fewer steps). */
    private final Map<String, Condition> checks = new HashMap<>();
    /**
     * Literal indexes by their first two folded code points (every literal has two: a one-character literal becomes
     * a class run), ASCII pairs in an array and the rest in a map, so that few candidates are checked per position.
     */
    private final int[][] asciiPairs = new int[128 * 128][];
    /**
     * The same candidates by pair and then by the folded ASCII character that follows the pair: the literals whose
     * third is that character, and those that are just the pair. A literal whose third is not ASCII is in no list
     * here, since no ASCII character folds to it; a non-ASCII character after the pair may fold to ASCII, so there
     * the pair's whole list is checked.
     */
    private final int[][][] asciiTriples = new int[128 * 128][][];
    private final Map<Long, int[]> otherPairs = new HashMap<>();
    /**
     * The literal sets signatures found, each kept once: texts of one kind contain the same few literals, and a large
     * tree's memo holds millions of signatures, each with a set as wide as all literals. Sets are never changed once
     * made; bounded, beyond the bound a set is simply not shared.
     */
    private final Map<BitSet, BitSet> literalSets = new ConcurrentHashMap<>();

    private RegexPrefilter() {
    }

    /** Conditions for the given patterns, keyed as callers will ask for them. */
    static RegexPrefilter of(Map<String, Pattern> patterns) {
        RegexPrefilter p = new RegexPrefilter();
        for (Map.Entry<String, Pattern> e : patterns.entrySet()) {
            Condition c;
            try {
                c = p.analyze(RegexSyntax.parse(e.getValue()), false, false);
            } catch (RuntimeException unexpected) {
                c = ALWAYS; // a parse the analysis does not follow only costs speed: the pattern always runs
            }
            p.conditions.put(e.getKey(), c);
        }
        p.indexStarts();
        p.conditions.forEach((key, c) -> p.checks.put(key, evaluated(c)));
        return p;
    }

    /** Whether the pattern under {@code key} may match a document with this signature (true for unknown keys). */
    boolean mayMatch(String key, Signature signature) {
        Condition c = checks.get(key);
        return c == null || c.holds(signature);
    }

    /** {@link #mayMatch} through the condition as analysed, not its evaluated form (for tests that compare them). */
    boolean mayMatchAsAnalysed(String key, Signature signature) {
        Condition c = conditions.get(key);
        return c == null || c.holds(signature);
    }

    /**
     * The form of a condition that {@link #mayMatch} evaluates: the literals of an alternation merged into one bit
     * mask, and the parts of a conjunction or alternation ordered so that class runs (a scan of the text, though
     * remembered per signature) come last. Conditions are pure, so the order never changes the answer.
     */
    private static Condition evaluated(Condition c) {
        if (c instanceof All a) {
            List<Condition> parts = new ArrayList<>();
            for (Condition part : a.parts()) {
                parts.add(evaluated(part));
            }
            parts.sort(java.util.Comparator.comparingInt(RegexPrefilter::cost));
            return new AllOf(parts.toArray(new Condition[0]));
        }
        if (c instanceof Any a) {
            BitSet mask = new BitSet();
            List<Condition> parts = new ArrayList<>();
            for (Condition part : a.parts()) {
                if (part instanceof Literal l) {
                    mask.set(l.index());
                } else {
                    parts.add(evaluated(part));
                }
            }
            parts.sort(java.util.Comparator.comparingInt(RegexPrefilter::cost));
            if (!mask.isEmpty()) {
                parts.add(0, new AnyLiteral(mask));
            }
            return parts.size() == 1 ? parts.get(0) : new AnyOf(parts.toArray(new Condition[0]));
        }
        return c;
    }

    /** A rough rank of what evaluating a condition costs: bit tests 0, anything that may scan for a class run 1. */
    private static int cost(Condition c) {
        if (c instanceof Run) {
            return 1;
        }
        if (c instanceof AllOf a) {
            for (Condition p : a.parts()) {
                if (cost(p) > 0) {
                    return 1;
                }
            }
        }
        if (c instanceof AnyOf a) {
            for (Condition p : a.parts()) {
                if (cost(p) > 0) {
                    return 1;
                }
            }
        }
        return 0;
    }

    /**
     * The atoms {@code text} contains, found in one pass. ASCII text (nearly all of it) takes a short path: its fold
     * comes from a table, and a position is checked only for the literals that begin with its first three characters
     * ({@link #asciiTriples}).
     */
    Signature signature(String text) {
        BitSet found = null;
        int n = text.length();
        int previous = -1; // folded code point before position i, and where it starts
        int previousAt = 0;
        int units = 0; // every code unit or-ed together: below 128 when the text is all ASCII
        for (int i = 0; i < n; ) {
            char ch = text.charAt(i);
            units |= ch;
            int f;
            int width = 1;
            if (ch < 128) {
                f = ASCII_FOLD[ch];
            } else if (Character.isSurrogate(ch)) {
                int cp = text.codePointAt(i);
                f = cp == ch ? CaseFold.foldBmp(ch) : CaseFold.fold(cp);
                width = Character.charCount(cp);
            } else {
                f = CaseFold.foldBmp(ch);
            }
            if (previous >= 0) {
                int rest = i + width;
                int[] candidates;
                if (previous < 128 && f < 128) {
                    int pair = previous * 128 + f;
                    candidates = asciiPairs[pair];
                    if (candidates != null && rest < n) {
                        char next = text.charAt(rest);
                        if (next < 128) {
                            candidates = asciiTriples[pair][ASCII_FOLD[next]];
                        }
                    }
                } else {
                    candidates = otherPairs.get(pairKey(previous, f));
                }
                if (candidates != null) {
                    for (int l : candidates) {
                        if ((found == null || !found.get(l)) && occursAt(text, previousAt, rest, literals.get(l))) {
                            if (found == null) {
                                found = new BitSet(literals.size());
                            }
                            found.set(l);
                        }
                    }
                }
            }
            previous = f;
            previousAt = i;
            i += width;
        }
        return new Signature(text, classes, found == null ? null : sharedSet(found), units < 128);
    }

    private BitSet sharedSet(BitSet found) {
        BitSet first = literalSets.get(found);
        if (first != null) {
            return first;
        }
        if (literalSets.size() < MAX_SHARED_LITERAL_SETS) {
            first = literalSets.putIfAbsent(found, found);
        }
        return first == null ? found : first;
    }

    private static long pairKey(int first, int second) {
        return ((long) first << 21) | second;
    }

    /**
     * Whether the literal occurs at {@code at}, given that its first two code points already matched and the third
     * would start at {@code rest}.
     */
    private static boolean occursAt(String text, int at, int rest, LiteralSpec literal) {
        int[] folded = literal.folded();
        int i = rest;
        int n = text.length();
        for (int k = 2; k < folded.length; k++) {
            if (i >= n) {
                return false;
            }
            char ch = text.charAt(i);
            if (Character.isSurrogate(ch)) {
                int cp = text.codePointAt(i);
                if (CaseFold.fold(cp) != folded[k]) {
                    return false;
                }
                i += Character.charCount(cp);
            } else {
                if (CaseFold.foldBmp(ch) != folded[k]) {
                    return false;
                }
                i++;
            }
        }
        return (!literal.boundaryBefore() || boundaryAt(text, at)) && (!literal.boundaryAfter() || boundaryAt(text, i));
    }

    /** RE2/J's {@code \b}: word characters are ASCII letters, digits and underscore; text edges count as non-word. */
    private static boolean boundaryAt(String text, int at) {
        boolean before = at > 0 && isWord(text.charAt(at - 1));
        boolean after = at < text.length() && isWord(text.charAt(at));
        return before != after;
    }

    private static boolean isWord(char c) {
        return c < 128 && (Character.isLetterOrDigit(c) || c == '_');
    }

    /**
     * The condition for node {@code n}; {@code before}/{@code after} say that a word boundary assertion sits right
     * before/after every match of it (so a literal at that edge must occur at a boundary).
     */
    private Condition analyze(RegexSyntax.Node n, boolean before, boolean after) {
        switch (n.op()) {
            case "NO_MATCH":
                return NEVER;
            case "LITERAL":
                return literal(n.runes(), before, after);
            case "CHAR_CLASS":
                // A class without ASCII (zero-width and direction marks, say) is rare enough to look for.
                return n.runes().length > 0 && n.runes()[0] >= 128 ? run(n.runes().clone(), 1) : ALWAYS;
            case "CAPTURE":
                return analyze(n.subs().get(0), before, after);
            case "PLUS":
                return analyze(n.subs().get(0), false, false); // the edges may belong to different repetitions
            case "REPEAT": {
                if (n.min() <= 0) {
                    return ALWAYS;
                }
                RegexSyntax.Node sub = n.subs().get(0);
                int[] cls = classOf(sub);
                if (cls != null && n.min() >= MIN_RUN_LENGTH) {
                    return run(cls, n.min());
                }
                return analyze(sub, false, false); // one occurrence at least
            }
            case "CONCAT": {
                List<Condition> parts = new ArrayList<>();
                List<RegexSyntax.Node> subs = n.subs();
                for (int i = 0; i < subs.size(); i++) {
                    boolean b = i == 0 ? before : "WORD_BOUNDARY".equals(subs.get(i - 1).op());
                    boolean a = i == subs.size() - 1 ? after : "WORD_BOUNDARY".equals(subs.get(i + 1).op());
                    parts.add(analyze(subs.get(i), b, a));
                }
                return all(parts);
            }
            case "ALTERNATE": {
                List<Condition> parts = new ArrayList<>();
                for (RegexSyntax.Node s : n.subs()) {
                    parts.add(analyze(s, before, after));
                }
                return any(parts);
            }
            default: // classes, any character, anchors, boundaries, empty, star, quest: nothing required
                return ALWAYS;
        }
    }

    /** The ranges a single-character node matches, or null when the node is not one character. */
    private static int[] classOf(RegexSyntax.Node n) {
        switch (n.op()) {
            case "CHAR_CLASS":
                return n.runes().clone();
            case "ANY_CHAR_NOT_NL":
                return new int[] {0, '\n' - 1, '\n' + 1, Character.MAX_CODE_POINT};
            case "ANY_CHAR":
                return new int[] {0, Character.MAX_CODE_POINT};
            default:
                return null;
        }
    }

    private Condition run(int[] ranges, int min) {
        Integer index = classIndex.get(Arrays.toString(ranges));
        if (index == null) {
            index = classes.size();
            classes.add(new CharClass(ranges));
            classIndex.put(Arrays.toString(ranges), index);
        }
        return new Run(index, min);
    }

    private Condition literal(int[] runes, boolean boundaryBefore, boolean boundaryAfter) {
        if (runes.length == 0 || runes.length < MIN_LITERAL_LENGTH && runes[0] < 128) {
            return ALWAYS;
        }
        if (runes.length == 1) { // a rare character: the class of everything that folds to it
            return run(foldClass(CaseFold.fold(runes[0])), 1);
        }
        int[] folded = new int[runes.length];
        for (int i = 0; i < runes.length; i++) {
            folded[i] = CaseFold.fold(runes[i]);
        }
        String key = Arrays.toString(folded) + boundaryBefore + boundaryAfter;
        Integer index = literalIndex.get(key);
        if (index == null) {
            index = literals.size();
            literals.add(new LiteralSpec(folded, boundaryBefore, boundaryAfter));
            literalIndex.put(key, index);
        }
        return new Literal(index);
    }

    /** The code points that fold to {@code folded}, as sorted lo/hi pairs. */
    private static int[] foldClass(int folded) {
        java.util.TreeSet<Integer> members = new java.util.TreeSet<>();
        members.add(folded);
        int r = RegexSyntax.simpleFold(folded);
        while (r != folded && members.add(r)) { // the orbit; a chain that does not come back stops at a repeat
            r = RegexSyntax.simpleFold(r);
        }
        members.removeIf(m -> CaseFold.fold(m) != folded);
        int[] ranges = new int[members.size() * 2];
        int i = 0;
        for (int m : members) {
            ranges[i++] = m;
            ranges[i++] = m;
        }
        return ranges;
    }

    private static Condition all(List<Condition> parts) {
        List<Condition> kept = new ArrayList<>();
        for (Condition c : parts) {
            if (c instanceof Never) {
                return NEVER;
            }
            if (c instanceof All a) {
                kept.addAll(a.parts());
            } else if (!(c instanceof Always)) {
                kept.add(c);
            }
        }
        return kept.isEmpty() ? ALWAYS : kept.size() == 1 ? kept.get(0) : new All(List.copyOf(kept));
    }

    private static Condition any(List<Condition> parts) {
        List<Condition> kept = new ArrayList<>();
        for (Condition c : parts) {
            if (c instanceof Always) {
                return ALWAYS;
            }
            if (c instanceof Any a) {
                kept.addAll(a.parts());
            } else if (!(c instanceof Never)) {
                kept.add(c);
            }
        }
        return kept.isEmpty() ? NEVER : kept.size() == 1 ? kept.get(0) : new Any(List.copyOf(kept));
    }

    private void indexStarts() {
        Map<Long, List<Integer>> byStart = new HashMap<>();
        for (int i = 0; i < literals.size(); i++) {
            int[] folded = literals.get(i).folded();
            byStart.computeIfAbsent(pairKey(folded[0], folded[1]), k -> new ArrayList<>()).add(i);
        }
        for (Map.Entry<Long, List<Integer>> e : byStart.entrySet()) {
            int[] ids = e.getValue().stream().mapToInt(Integer::intValue).toArray();
            int first = (int) (e.getKey() >>> 21);
            int second = (int) (e.getKey() & ((1 << 21) - 1));
            if (first < 128 && second < 128) {
                int pair = first * 128 + second;
                asciiPairs[pair] = ids;
                asciiTriples[pair] = byThird(ids);
            } else {
                otherPairs.put(e.getKey(), ids);
            }
        }
    }

    /** A pair's literal ids split by their folded third character (see {@link #asciiTriples}); null where none. */
    private int[][] byThird(int[] ids) {
        int[] counts = new int[128];
        int pairOnly = 0; // literals that are just the pair belong to every list
        for (int id : ids) {
            int[] folded = literals.get(id).folded();
            if (folded.length == 2) {
                pairOnly++;
            } else if (folded[2] < 128) {
                counts[folded[2]]++;
            }
        }
        int[][] out = new int[128][];
        for (int third = 0; third < 128; third++) {
            if (counts[third] + pairOnly > 0) {
                out[third] = new int[counts[third] + pairOnly];
            }
        }
        int[] filled = new int[128];
        for (int id : ids) { // in the pair's order, as the pair's own list
            int[] folded = literals.get(id).folded();
            if (folded.length == 2) {
                for (int third = 0; third < 128; third++) {
                    out[third][filled[third]++] = id;
                }
            } else if (folded[2] < 128) {
                out[folded[2]][filled[folded[2]]++] = id;
            }
        }
        return out;
    }

    /** The condition for a key, as text (for tests and diagnostics). */
    String describe(String key) {
        Condition c = conditions.get(key);
        return c == null ? "none" : describe(c);
    }

    private String describe(Condition c) {
        if (c instanceof Literal l) {
            LiteralSpec spec = literals.get(l.index());
            return (spec.boundaryBefore() ? "\\b" : "") + '"' + new String(spec.folded(), 0, spec.folded().length) + '"'
                    + (spec.boundaryAfter() ? "\\b" : "");
        }
        if (c instanceof Run r) {
            return "run>=" + r.min();
        }
        if (c instanceof All a) {
            return "all(" + String.join(", ", a.parts().stream().map(this::describe).toList()) + ")";
        }
        if (c instanceof Any a) {
            return "any(" + String.join(", ", a.parts().stream().map(this::describe).toList()) + ")";
        }
        return c instanceof Never ? "never" : "always";
    }

    /** {@link CaseFold#foldBmp} of each ASCII character. */
    private static final int[] ASCII_FOLD = new int[128];

    static {
        for (char c = 0; c < 128; c++) {
            ASCII_FOLD[c] = CaseFold.foldBmp(c);
        }
    }

    /**
     * The case-insensitive matcher's notion of "same letter": every code point maps to the smallest member of its
     * RE2/J folding orbit (so {@code k}, {@code K} and the Kelvin sign all map to {@code K}). Basic-plane results are
     * remembered as they are first asked for (filling the whole table up front cost start-up time); a racing write
     * stores the same value.
     */
    static final class CaseFold {
        private static final char[] BMP = new char[0x10000];
        /** Longer than any folding orbit (the longest have four members). */
        private static final int MAX_ORBIT = 16;

        private CaseFold() {
        }

        static int fold(int cp) {
            return cp < BMP.length ? foldBmp((char) cp) : orbitMin(cp);
        }

        static int foldBmp(char c) {
            char f = BMP[c];
            if (f == 0 && c != 0) {
                f = (char) orbitMin(c);
                BMP[c] = f;
            }
            return f;
        }

        /**
         * The smallest member of the orbit, or the code point itself when following the folds does not come back to
         * it (RE2/J's tables lead a few newer letters into another orbit; the matcher then treats such a letter as
         * matching only itself, so keeping it apart is exact).
         */
        private static int orbitMin(int cp) {
            int min = cp;
            int r = RegexSyntax.simpleFold(cp);
            for (int steps = 0; r != cp; steps++) {
                if (steps == MAX_ORBIT) {
                    return cp;
                }
                min = Math.min(min, r);
                r = RegexSyntax.simpleFold(r);
            }
            return min;
        }
    }
}
