package dev.assay.engine.rules;

import com.google.re2j.Pattern;
import com.google.re2j.RegexSyntax;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The parts of a text where a pattern can match, found in one pass of a deterministic automaton, so that RE2/J's
 * matcher (an NFA: linear, but slow per character on large alternations) runs only there.
 *
 * <p>The automaton recognises a superset of the pattern's matches: it is built from RE2/J's own parse tree, with every
 * zero-width assertion ({@code \b}, {@code \B}, {@code (?m)^}, {@code (?m)$}) taken as always true and long counted
 * repeats {@code x{n,m}} widened to {@code x{min(n,4)}x*}; it works on UTF-16 units (a code point outside the basic
 * plane also as any surrogate pair). It is determinised lazily, one state per set of NFA states that partial matches
 * started earlier are in, and the set of cached states is bounded (cleared when full, as RE2 does), so hostile text
 * costs at most the NFA's own linear time.
 *
 * <p>The text is cut where no partial match is under way (the empty set) and both neighbouring characters are ASCII
 * non-word characters (so that {@code \b} and {@code \B} at a cut read the same as at the edge of a piece; for
 * patterns with {@code (?m)^}/{@code $}, only next to a line break on the side that makes them read the same). No match
 * of the pattern can span a cut, and every match ends where the superset automaton accepts, so matching only the
 * pieces in which it accepted, with their offsets in the whole text, finds exactly the matches of the whole text.
 * Patterns with text anchors ({@code \A}, {@code \z}, {@code ^}/{@code $} without (?m)), patterns that can match the
 * empty string and operators this class does not know get no regions ({@link #of} returns null): they run as before.
 */
final class MatchRegions {

    /** Counted repeats above this are widened (exact copies would make the automaton large for nothing). */
    private static final int MAX_COPIES = 4;
    /** Beyond this many NFA states a pattern keeps the plain matcher. */
    private static final int MAX_NFA_STATES = 20_000;
    /** Cached deterministic states per thread; when full the cache is cleared and rebuilt as the text needs it. */
    static final int MAX_DFA_STATES = 2_000;

    // NFA: consuming states test a character against ranges; epsilon states fork to next and next2; one match state.
    private static final byte CHAR = 0;
    private static final byte EPSILON = 1;
    private static final byte MATCH = 2;

    private final byte[] kind;
    private final int[][] ranges;
    private final int[] next;
    private final int[] next2;
    private final int match;
    /** Sorted consuming states reached from the start without reading anything (a fresh match starting here). */
    private final int[] startSet;
    /** Character class per UTF-16 unit: units in one class lead every NFA state to the same place. */
    private final char[] classOf;
    /** A member of each class, to test against the NFA's ranges. */
    private final char[] representative;
    private final boolean beginLine;
    private final boolean endLine;
    private final int maxStates;
    private final ThreadLocal<Dfa> dfa = ThreadLocal.withInitial(Dfa::new);

    private MatchRegions(Nfa nfa, int start, boolean beginLine, boolean endLine, int maxStates) {
        this.maxStates = maxStates;
        int n = nfa.kind.size();
        this.kind = new byte[n];
        this.ranges = new int[n][];
        this.next = new int[n];
        this.next2 = new int[n];
        for (int i = 0; i < n; i++) {
            kind[i] = nfa.kind.get(i);
            ranges[i] = nfa.ranges.get(i);
            next[i] = nfa.next.get(i);
            next2[i] = nfa.next2.get(i);
        }
        this.match = nfa.match;
        this.beginLine = beginLine;
        this.endLine = endLine;
        TreeSet<Integer> bounds = new TreeSet<>();
        bounds.add(0);
        for (int[] r : ranges) {
            if (r != null) {
                for (int i = 0; i + 1 < r.length; i += 2) {
                    bounds.add(r[i]);
                    if (r[i + 1] < 0xFFFF) {
                        bounds.add(r[i + 1] + 1);
                    }
                }
            }
        }
        int[] b = bounds.stream().mapToInt(Integer::intValue).toArray();
        this.classOf = new char[0x10000];
        this.representative = new char[b.length];
        for (int k = 0; k < b.length; k++) {
            int end = k + 1 < b.length ? b[k + 1] : 0x10000;
            Arrays.fill(classOf, b[k], end, (char) k);
            representative[k] = (char) b[k];
        }
        this.startSet = closure(new int[] {start}, 1);
    }

    /** The regions finder of a pattern, or null when the pattern must run over whole texts (see the class comment). */
    static MatchRegions of(Pattern pattern) {
        return of(pattern, MAX_DFA_STATES);
    }

    /** As {@link #of(Pattern)}, caching at most {@code maxStates} deterministic states per thread (at least 2). */
    static MatchRegions of(Pattern pattern, int maxStates) {
        RegexSyntax.Node tree;
        try {
            tree = RegexSyntax.parse(pattern);
        } catch (RuntimeException unexpected) {
            return null;
        }
        Nfa nfa = new Nfa();
        int[] frag;
        try {
            frag = nfa.build(tree);
        } catch (Unsupported e) {
            return null;
        }
        nfa.patch(frag[1], nfa.match);
        MatchRegions m = new MatchRegions(nfa, frag[0], nfa.beginLine, nfa.endLine, Math.max(2, maxStates));
        if (Arrays.binarySearch(m.startSet, m.match) >= 0) {
            return null; // matches the empty string: every position is a candidate
        }
        return m;
    }

    /**
     * Ascending start/end offsets of the pieces of {@code text} that can hold a match (adjacent pieces joined); empty
     * when the pattern cannot match anywhere in it.
     */
    int[] regions(String text) {
        Dfa d = dfa.get();
        if (d.classes < 0) {
            d.reset(this);
        }
        int n = text.length();
        int[] out = new int[8];
        int size = 0;
        int state = 0; // nothing under way
        int pieceStart = 0;
        boolean accepted = false;
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (i > 0 && !d.alive[state] && isCut(text.charAt(i - 1), c)) {
                if (accepted) {
                    if (size > 0 && out[size - 1] == pieceStart) {
                        out[size - 1] = i;
                    } else {
                        if (size + 2 > out.length) {
                            out = Arrays.copyOf(out, out.length * 2);
                        }
                        out[size++] = pieceStart;
                        out[size++] = i;
                    }
                    accepted = false;
                }
                pieceStart = i;
            }
            int k = classOf[c];
            int s = d.trans[state * d.classes + k];
            if (s < 0) {
                s = d.step(this, state, k);
            }
            state = s;
            accepted |= d.accept[state];
        }
        if (accepted) {
            if (size > 0 && out[size - 1] == pieceStart) {
                out[size - 1] = n;
            } else {
                if (size + 2 > out.length) {
                    out = Arrays.copyOf(out, out.length * 2);
                }
                out[size++] = pieceStart;
                out[size++] = n;
            }
        }
        return Arrays.copyOf(out, size);
    }

    /**
     * Whether a cut between {@code before} and {@code after} leaves every assertion reading as it does in the whole
     * text: both ASCII non-word characters ({@code \b}, {@code \B}), a line break before it when the pattern has
     * {@code (?m)^} and one after it when it has {@code (?m)$} (an edge of the piece reads as a line edge).
     */
    private boolean isCut(char before, char after) {
        return before < 128 && after < 128 && !isWord(before) && !isWord(after) && (!beginLine || before == '\n')
                && (!endLine || after == '\n');
    }

    private static boolean isWord(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_';
    }

    /** The sorted consuming states and match state reachable without reading from {@code from[0..count)}. */
    private int[] closure(int[] from, int count) {
        boolean[] seen = new boolean[kind.length];
        int[] stack = new int[kind.length];
        int top = 0;
        for (int i = 0; i < count; i++) {
            if (!seen[from[i]]) {
                seen[from[i]] = true;
                stack[top++] = from[i];
            }
        }
        int[] out = new int[8];
        int size = 0;
        while (top > 0) {
            int s = stack[--top];
            if (kind[s] == EPSILON) {
                for (int t : new int[] {next[s], next2[s]}) {
                    if (t >= 0 && !seen[t]) {
                        seen[t] = true;
                        stack[top++] = t;
                    }
                }
            } else {
                if (size == out.length) {
                    out = Arrays.copyOf(out, size * 2);
                }
                out[size++] = s;
            }
        }
        int[] result = Arrays.copyOf(out, size);
        Arrays.sort(result);
        return result;
    }

    /** The lazily built deterministic automaton of one thread. */
    private static final class Dfa {
        int classes = -1;
        int[] trans;
        boolean[] alive;
        boolean[] accept;
        final List<int[]> sets = new ArrayList<>();
        final Map<Key, Integer> ids = new HashMap<>();

        void reset(MatchRegions m) {
            classes = m.representative.length;
            trans = new int[16 * classes];
            Arrays.fill(trans, -1);
            alive = new boolean[16];
            accept = new boolean[16];
            sets.clear();
            ids.clear();
            add(new int[0], m.match); // state 0: nothing under way
        }

        private int add(int[] set, int match) {
            int id = sets.size();
            if (id == alive.length) {
                int cap = id * 2;
                alive = Arrays.copyOf(alive, cap);
                accept = Arrays.copyOf(accept, cap);
                int old = trans.length;
                trans = Arrays.copyOf(trans, cap * classes);
                Arrays.fill(trans, old, trans.length, -1);
            }
            boolean hasMatch = Arrays.binarySearch(set, match) >= 0;
            accept[id] = hasMatch;
            alive[id] = set.length > (hasMatch ? 1 : 0);
            sets.add(set);
            ids.put(new Key(set), id);
            return id;
        }

        /** The state after reading a unit of class {@code k} in {@code state}; partial matches may also start here. */
        int step(MatchRegions m, int state, int k) {
            int[] set = sets.get(state);
            char c = m.representative[k];
            int[] moved = new int[set.length + m.startSet.length];
            int count = 0;
            for (int[] part : new int[][] {set, m.startSet}) {
                for (int s : part) {
                    if (m.kind[s] == CHAR && contains(m.ranges[s], c)) {
                        moved[count++] = m.next[s];
                    }
                }
            }
            int[] target = m.closure(moved, count);
            Integer id = ids.get(new Key(target));
            if (id == null) {
                if (sets.size() >= m.maxStates) {
                    reset(m); // bounded memory; the caller holds only the id returned here
                    return add(target, m.match);
                }
                id = add(target, m.match);
            }
            trans[state * classes + k] = id;
            return id;
        }

        private static boolean contains(int[] ranges, char c) {
            for (int i = 0; i + 1 < ranges.length; i += 2) {
                if (c >= ranges[i] && c <= ranges[i + 1]) {
                    return true;
                }
            }
            return false;
        }
    }

    private record Key(int[] set) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(set, k.set);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(set);
        }
    }

    private static final class Unsupported extends Exception {
        private static final long serialVersionUID = 1L;

        Unsupported() {
            super(null, null, false, false);
        }
    }

    /** Thompson construction over UTF-16 units; a fragment is {start, list of dangling outs encoded as a state}. */
    private static final class Nfa {
        final List<Byte> kind = new ArrayList<>();
        final List<int[]> ranges = new ArrayList<>();
        final List<Integer> next = new ArrayList<>();
        final List<Integer> next2 = new ArrayList<>();
        final int match;
        boolean beginLine;
        boolean endLine;

        Nfa() {
            match = add(MATCH, null);
        }

        private int add(byte k, int[] r) {
            kind.add(k);
            ranges.add(r);
            next.add(-1);
            next2.add(-1);
            return kind.size() - 1;
        }

        /**
         * Fragments are {start, end} where end is an epsilon state whose {@code next} is still open; {@link #patch}
         * closes it.
         */
        void patch(int end, int target) {
            next.set(end, target);
        }

        private int[] epsilon() {
            int s = add(EPSILON, null);
            return new int[] {s, s};
        }

        private int[] units(int[] r) throws Unsupported {
            int s = add(CHAR, r);
            int e = add(EPSILON, null);
            next.set(s, e);
            return new int[] {s, e};
        }

        private int[] concat(int[] a, int[] b) {
            patch(a[1], b[0]);
            return new int[] {a[0], b[1]};
        }

        private int[] alternate(List<int[]> parts) {
            if (parts.isEmpty()) {
                int s = add(EPSILON, null); // no way out: matches nothing
                int e = add(EPSILON, null);
                return new int[] {s, e};
            }
            int[] acc = parts.get(0);
            for (int i = 1; i < parts.size(); i++) {
                int[] p = parts.get(i);
                int fork = add(EPSILON, null);
                next.set(fork, acc[0]);
                next2.set(fork, p[0]);
                int join = add(EPSILON, null);
                patch(acc[1], join);
                patch(p[1], join);
                acc = new int[] {fork, join};
            }
            return acc;
        }

        private int[] star(int[] a) {
            int loop = add(EPSILON, null);
            int out = add(EPSILON, null);
            next.set(loop, a[0]);
            next2.set(loop, out);
            patch(a[1], loop);
            return new int[] {loop, out};
        }

        private int[] quest(int[] a) {
            int fork = add(EPSILON, null);
            int out = add(EPSILON, null);
            next.set(fork, a[0]);
            next2.set(fork, out);
            patch(a[1], out);
            return new int[] {fork, out};
        }

        private void checkSize() throws Unsupported {
            if (kind.size() > MAX_NFA_STATES) {
                throw new Unsupported();
            }
        }

        int[] build(RegexSyntax.Node n) throws Unsupported {
            checkSize();
            switch (n.op()) {
                case "LITERAL": {
                    int[] f = epsilon();
                    for (int r : n.runes()) {
                        f = concat(f, rune(r, n.foldCase()));
                    }
                    return f;
                }
                case "CHAR_CLASS":
                    return codePoints(n.runes());
                case "ANY_CHAR_NOT_NL":
                    return codePoints(new int[] {0, '\n' - 1, '\n' + 1, Character.MAX_CODE_POINT});
                case "ANY_CHAR":
                    return codePoints(new int[] {0, Character.MAX_CODE_POINT});
                case "BEGIN_LINE":
                    beginLine = true;
                    return epsilon();
                case "END_LINE":
                    endLine = true;
                    return epsilon();
                case "WORD_BOUNDARY", "NO_WORD_BOUNDARY", "EMPTY_MATCH":
                    return epsilon();
                case "NO_MATCH":
                    return alternate(List.of());
                case "CAPTURE":
                    return build(n.subs().get(0));
                case "STAR":
                    return star(build(n.subs().get(0)));
                case "PLUS": {
                    int[] once = build(n.subs().get(0));
                    return concat(once, star(build(n.subs().get(0))));
                }
                case "QUEST":
                    return quest(build(n.subs().get(0)));
                case "REPEAT": {
                    RegexSyntax.Node sub = n.subs().get(0);
                    int min = n.min();
                    int max = n.max();
                    int[] f = epsilon();
                    if (max >= 0 && max <= MAX_COPIES) {
                        for (int i = 0; i < max; i++) {
                            f = concat(f, i < min ? build(sub) : quest(build(sub)));
                        }
                        return f;
                    }
                    for (int i = 0; i < Math.min(min, MAX_COPIES); i++) {
                        f = concat(f, build(sub));
                    }
                    return concat(f, star(build(sub))); // a superset of x{min,max}
                }
                case "CONCAT": {
                    int[] f = epsilon();
                    for (RegexSyntax.Node s : n.subs()) {
                        f = concat(f, build(s));
                    }
                    return f;
                }
                case "ALTERNATE": {
                    List<int[]> parts = new ArrayList<>();
                    for (RegexSyntax.Node s : n.subs()) {
                        parts.add(build(s));
                    }
                    return alternate(parts);
                }
                default: // text anchors and anything unknown: keep the plain matcher
                    throw new Unsupported();
            }
        }

        /** One code point, or any member of its folding orbit when the literal ignores case. */
        private int[] rune(int r, boolean foldCase) throws Unsupported {
            if (!foldCase) {
                return codePoints(new int[] {r, r});
            }
            TreeSet<Integer> orbit = new TreeSet<>();
            orbit.add(r);
            for (int f = RegexSyntax.simpleFold(r); f != r && orbit.add(f); f = RegexSyntax.simpleFold(f)) {
                // the whole orbit; a chain that does not come back stops at a repeat
            }
            int[] pairs = new int[orbit.size() * 2];
            int i = 0;
            for (int m : orbit) {
                pairs[i++] = m;
                pairs[i++] = m;
            }
            return codePoints(pairs);
        }

        /**
         * Code point ranges as UTF-16: the basic-plane part as one unit (lone surrogates included when in range), and,
         * when the ranges reach beyond the basic plane, any surrogate pair as well (a superset).
         */
        private int[] codePoints(int[] cp) throws Unsupported {
            List<Integer> bmp = new ArrayList<>();
            boolean astral = false;
            for (int i = 0; i + 1 < cp.length; i += 2) {
                if (cp[i] <= 0xFFFF) {
                    bmp.add(cp[i]);
                    bmp.add(Math.min(cp[i + 1], 0xFFFF));
                }
                astral |= cp[i + 1] > 0xFFFF;
            }
            int[] one = units(bmp.stream().mapToInt(Integer::intValue).toArray());
            if (!astral) {
                return one;
            }
            int[] pair = concat(units(new int[] {0xD800, 0xDBFF}), units(new int[] {0xDC00, 0xDFFF}));
            return alternate(List.of(one, pair));
        }
    }
}
