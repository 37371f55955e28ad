package dev.assay.safetycard.search;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Translates a pattern in the syntax of Rust's {@code regex} crate (ripgrep's default engine) into an equivalent RE2/J
 * pattern. Where the two engines read the same text differently the translation makes RE2/J behave as Rust does:
 * {@code \w \d \s} and their negations are Unicode-aware, {@code \b}/{@code \B} use Unicode word characters (rewritten
 * from their neighbours where that is exact, otherwise refused), nested repetitions and nested classes are
 * regrouped, long Unicode property names are mapped. Constructs Rust rejects are refused as invalid; constructs that
 * cannot be reproduced exactly are refused as unsupported. Also reports what smart case and multi-line search need:
 * whether the pattern has literals, an uppercase literal, and whether it can match a line break.
 */
final class RustRegex {
    /** Bound on pattern length and nesting; hostile scorecards may carry huge or deep patterns. */
    static final int MAX_LENGTH = 4096;
    static final int MAX_DEPTH = 100;

    /** Rust's Unicode {@code \w}: Alphabetic, marks, decimal numbers, connector punctuation, joiners. */
    static final String WORD_ITEMS = "\\p{L}\\p{M}\\p{Nd}\\p{Nl}\\p{Pc}\\x{200C}\\x{200D}"
            + "\\x{24B6}-\\x{24E9}\\x{1F130}-\\x{1F149}\\x{1F150}-\\x{1F169}\\x{1F170}-\\x{1F189}";
    /** Rust's Unicode {@code \s}: the White_Space property. */
    static final String SPACE_ITEMS = "\\t\\n\\x{B}\\f\\r \\x{85}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}"
            + "\\x{2029}\\x{202F}\\x{205F}\\x{3000}";
    static final String WORD_CLASS = "[" + WORD_ITEMS + "]";
    private static final String NON_WORD_NO_LF = "[^" + WORD_ITEMS + "\\n]";
    private static final String NEVER = "[^\\x{0}-\\x{10FFFF}]";
    private static final String META = "\\.+*?()|[]{}^$#&-~";

    /** The result of a translation. */
    record Translation(String re2j, boolean anyLiteral, boolean anyUppercase, boolean canMatchNewline,
            boolean consumingBoundary, boolean literalNewline, List<String> requiredLiterals) {
    }

    private RustRegex() {
    }

    /** Escapes {@code literal} so the Rust regex parser reads it literally (as {@code regex::escape} does). */
    static String escape(String literal) {
        StringBuilder out = new StringBuilder();
        literal.codePoints().forEach(cp -> {
            if (cp < 0x80 && META.indexOf(cp) >= 0) {
                out.append('\\');
            }
            out.appendCodePoint(cp);
        });
        return out.toString();
    }

    /**
     * Translates {@code pattern}. {@code dotall} is {@code --multiline-dotall}; {@code newlineAnalysisOf} is the
     * part of the pattern whose ability to match a line break decides multi-line search (ripgrep decides before
     * adding the {@code -w} wrapper), or {@code null} for the whole pattern.
     */
    static Translation translate(String pattern, boolean dotall, String newlineAnalysisOf) throws SearchCommandException {
        if (pattern.length() > MAX_LENGTH) {
            throw SearchCommandException.unsupported("the pattern is longer than " + MAX_LENGTH + " characters");
        }
        Parser parser = new Parser(pattern, dotall);
        Node root = parser.parseAll();
        Emitter emitter = new Emitter();
        StringBuilder out = new StringBuilder();
        emitter.emit(root, new Ctx(OUT, OUT, true, true), out);
        boolean newline;
        if (newlineAnalysisOf == null) {
            newline = canMatchNewline(root);
        } else {
            newline = canMatchNewline(new Parser(newlineAnalysisOf, dotall).parseAll());
        }
        String re = out.toString();
        try {
            Pattern.compile(re);
        } catch (PatternSyntaxException e) {
            throw SearchCommandException.unsupported("the regex cannot be reproduced: " + e.getDescription());
        }
        return new Translation(re, parser.anyLiteral, parser.anyUppercase, newline, emitter.consuming,
                parser.literalNewline, requiredLiterals(root));
    }

    // ---------------------------------------------------------------- AST

    private sealed interface Node permits Lit, Dot, Assert, ClassNode, Group, FlagSet, Repeat, Concat, Alt {
    }

    private record Lit(int cp) implements Node {
    }

    private record Dot(boolean dotall) implements Node {
    }

    private enum AssertKind { LINE_START, LINE_END, TEXT_START, TEXT_END, WORD_BOUNDARY, NOT_WORD_BOUNDARY }

    private record Assert(AssertKind kind, boolean unicode) implements Node {
    }

    /** A character class already rendered for RE2/J, with what the boundary analysis needs to know about it. */
    private record ClassNode(String re2j, int kinds) implements Node {
    }

    private record Group(String open, Node child) implements Node {
    }

    private record FlagSet(String re2jFlags) implements Node {
    }

    private record Repeat(Node child, String op, int min, int max) implements Node {
    }

    private record Concat(List<Node> items) implements Node {
    }

    private record Alt(List<Node> branches) implements Node {
    }

    // Character kinds for word-boundary analysis: a word char, a non-word char, "outside the match", empty.
    private static final int W = 1;
    private static final int N = 2;
    private static final int OUT = 4;
    private static final int EMPTY = 8;

    static boolean isWordChar(int cp) {
        if (cp == 0x200C || cp == 0x200D || (cp >= 0x24B6 && cp <= 0x24E9) || (cp >= 0x1F130 && cp <= 0x1F149)
                || (cp >= 0x1F150 && cp <= 0x1F169) || (cp >= 0x1F170 && cp <= 0x1F189)) {
            return true;
        }
        return switch (Character.getType(cp)) {
            case Character.UPPERCASE_LETTER, Character.LOWERCASE_LETTER, Character.TITLECASE_LETTER,
                    Character.MODIFIER_LETTER, Character.OTHER_LETTER, Character.NON_SPACING_MARK,
                    Character.ENCLOSING_MARK, Character.COMBINING_SPACING_MARK, Character.DECIMAL_DIGIT_NUMBER,
                    Character.LETTER_NUMBER, Character.CONNECTOR_PUNCTUATION -> true;
            default -> false;
        };
    }

    // ---------------------------------------------------------------- parser

    private static final class Parser {
        private final String p;
        private final boolean dotallDefault;
        private int i;
        private int depth;
        boolean anyLiteral;
        boolean anyUppercase;
        boolean literalNewline;

        Parser(String p, boolean dotallDefault) {
            this.p = p;
            this.dotallDefault = dotallDefault;
        }

        /** Flags in effect: Unicode, dot-all, case-insensitive (for nothing but bookkeeping). */
        private static final class Flags {
            boolean unicode = true;
            boolean dotall;

            Flags copy() {
                Flags f = new Flags();
                f.unicode = unicode;
                f.dotall = dotall;
                return f;
            }
        }

        Node parseAll() throws SearchCommandException {
            Flags flags = new Flags();
            flags.dotall = dotallDefault;
            Node node = parseAlt(flags);
            if (i < p.length()) {
                throw invalid("unopened group: ')' at offset " + i);
            }
            return node;
        }

        private Node parseAlt(Flags flags) throws SearchCommandException {
            if (++depth > MAX_DEPTH) {
                throw SearchCommandException.unsupported("the pattern nests deeper than " + MAX_DEPTH + " levels");
            }
            List<Node> branches = new ArrayList<>();
            branches.add(parseConcat(flags));
            while (i < p.length() && p.charAt(i) == '|') {
                i++;
                branches.add(parseConcat(flags));
            }
            depth--;
            return branches.size() == 1 ? branches.get(0) : new Alt(branches);
        }

        private Node parseConcat(Flags flags) throws SearchCommandException {
            List<Node> items = new ArrayList<>();
            while (i < p.length()) {
                char c = p.charAt(i);
                if (c == '|' || c == ')') {
                    break;
                }
                if (c == '*' || c == '+' || c == '?' || c == '{') {
                    if (items.isEmpty() || items.get(items.size() - 1) instanceof FlagSet) {
                        throw invalid("repetition operator '" + c + "' has nothing to repeat (offset " + i + ")");
                    }
                    Node last = items.remove(items.size() - 1);
                    items.add(repetition(last));
                    continue;
                }
                items.add(atom(flags));
            }
            return items.size() == 1 ? items.get(0) : new Concat(items);
        }

        private Node repetition(Node child) throws SearchCommandException {
            char c = p.charAt(i);
            int start = i;
            int min;
            int max;
            if (c == '*') {
                min = 0;
                max = -1;
                i++;
            } else if (c == '+') {
                min = 1;
                max = -1;
                i++;
            } else if (c == '?') {
                min = 0;
                max = 1;
                i++;
            } else {
                int close = p.indexOf('}', i);
                if (close < 0) {
                    throw invalid("unclosed counted repetition '{' at offset " + i);
                }
                String body = p.substring(i + 1, close);
                int comma = body.indexOf(',');
                try {
                    if (comma < 0) {
                        min = max = decimal(body);
                    } else {
                        min = decimal(body.substring(0, comma));
                        String hi = body.substring(comma + 1);
                        max = hi.isEmpty() ? -1 : decimal(hi);
                    }
                } catch (NumberFormatException e) {
                    throw invalid("invalid counted repetition '{" + body + "}' at offset " + i
                            + " (escape a literal '{' as '\\{')");
                }
                if (max >= 0 && min > max) {
                    throw invalid("invalid counted repetition '{" + body + "}': minimum above maximum");
                }
                if (min > 1000 || max > 1000) {
                    throw SearchCommandException.unsupported("counted repetition '{" + body
                            + "}' exceeds 1000, the most RE2/J allows");
                }
                i = close + 1;
            }
            if (i < p.length() && p.charAt(i) == '?') {
                i++;
            }
            return new Repeat(child, p.substring(start, i), min, max);
        }

        private static int decimal(String s) {
            if (s.isEmpty() || s.length() > 9 || !s.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
                throw new NumberFormatException(s);
            }
            return Integer.parseInt(s);
        }

        private Node atom(Flags flags) throws SearchCommandException {
            char c = p.charAt(i);
            switch (c) {
                case '(':
                    return group(flags);
                case '[':
                    return bracket(flags);
                case '.':
                    i++;
                    return new Dot(flags.dotall);
                case '^':
                    i++;
                    return new Assert(AssertKind.LINE_START, flags.unicode);
                case '$':
                    i++;
                    return new Assert(AssertKind.LINE_END, flags.unicode);
                case '\\':
                    return escapeOutsideClass(flags);
                default:
                    int cp = p.codePointAt(i);
                    i += Character.charCount(cp);
                    return literal(cp);
            }
        }

        private Lit literal(int cp) {
            literalNewline |= cp == '\n';
            anyLiteral = true;
            anyUppercase |= Character.isUpperCase(cp);
            return new Lit(cp);
        }

        private Node group(Flags outer) throws SearchCommandException {
            int open = i;
            i++; // '('
            Flags inner = outer.copy();
            String prefix;
            if (p.startsWith("?", i)) {
                if (p.startsWith("?:", i)) {
                    prefix = "(?:";
                    i += 2;
                } else if (p.startsWith("?P<", i) || (p.startsWith("?<", i) && !p.startsWith("?<=", i)
                        && !p.startsWith("?<!", i))) {
                    int nameStart = p.indexOf('<', i) + 1;
                    int close = p.indexOf('>', nameStart);
                    if (close < 0) {
                        throw invalid("unclosed group name at offset " + open);
                    }
                    String name = p.substring(nameStart, close);
                    if (name.isEmpty() || !name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                        throw invalid("invalid capture group name '" + name + "'");
                    }
                    prefix = "(?P<" + name + ">";
                    i = close + 1;
                } else if (p.startsWith("?=", i) || p.startsWith("?!", i) || p.startsWith("?<=", i)
                        || p.startsWith("?<!", i)) {
                    throw invalid("look-around '(" + p.substring(i, Math.min(p.length(), i + 3))
                            + "' is not supported by ripgrep's default regex engine");
                } else {
                    int k = i + 1;
                    StringBuilder re2jFlags = new StringBuilder();
                    boolean negate = false;
                    while (k < p.length() && p.charAt(k) != ')' && p.charAt(k) != ':') {
                        char f = p.charAt(k);
                        switch (f) {
                            case '-' -> {
                                if (negate) {
                                    throw invalid("repeated '-' in flags at offset " + k);
                                }
                                negate = true;
                                re2jFlags.append('-');
                            }
                            case 'i', 'm', 's', 'U' -> {
                                re2jFlags.append(f);
                                if (f == 's') {
                                    inner.dotall = !negate;
                                }
                            }
                            case 'u' -> inner.unicode = !negate;
                            case 'x' -> throw SearchCommandException.unsupported(
                                    "the verbose flag (?x) is not reproduced");
                            default -> throw invalid("unrecognized flag '" + f + "' at offset " + k);
                        }
                        k++;
                    }
                    if (k >= p.length()) {
                        throw invalid("unclosed flag group at offset " + open);
                    }
                    String fl = re2jFlags.toString();
                    if (fl.endsWith("-")) {
                        fl = fl.substring(0, fl.length() - 1);
                    }
                    if (p.charAt(k) == ')') {
                        // (?flags) changes the flags of the rest of the enclosing group
                        outer.unicode = inner.unicode;
                        outer.dotall = inner.dotall;
                        i = k + 1;
                        return new FlagSet(fl);
                    }
                    prefix = fl.isEmpty() ? "(?:" : "(?" + fl + ":";
                    i = k + 1;
                }
            } else {
                prefix = "(";
            }
            Node child = parseAlt(inner);
            if (i >= p.length() || p.charAt(i) != ')') {
                throw invalid("unclosed group opened at offset " + open);
            }
            i++;
            return new Group(prefix, child);
        }

        private Node escapeOutsideClass(Flags flags) throws SearchCommandException {
            int at = i;
            if (i + 1 >= p.length()) {
                throw invalid("the pattern ends with a lone backslash");
            }
            char e = p.charAt(i + 1);
            switch (e) {
                case 'b':
                    i += 2;
                    return new Assert(AssertKind.WORD_BOUNDARY, flags.unicode);
                case 'B':
                    i += 2;
                    return new Assert(AssertKind.NOT_WORD_BOUNDARY, flags.unicode);
                case 'A':
                    i += 2;
                    return new Assert(AssertKind.TEXT_START, flags.unicode);
                case 'z':
                    i += 2;
                    return new Assert(AssertKind.TEXT_END, flags.unicode);
                case 'd', 'D', 'w', 'W', 's', 'S':
                    i += 2;
                    return perlClass(e, flags.unicode);
                case 'p', 'P':
                    return unicodeClass(flags);
                default:
                    int cp = escapedLiteral(at);
                    return literal(cp);
            }
        }

        /** Parses an escape that denotes one character; {@code i} is at the backslash. */
        private int escapedLiteral(int at) throws SearchCommandException {
            char e = p.charAt(i + 1);
            switch (e) {
                case 'a':
                    i += 2;
                    return 7;
                case 'f':
                    i += 2;
                    return 12;
                case 't':
                    i += 2;
                    return 9;
                case 'n':
                    i += 2;
                    return 10;
                case 'r':
                    i += 2;
                    return 13;
                case 'v':
                    i += 2;
                    return 11;
                case 'x':
                    return hexEscape(2, 2);
                case 'u':
                    return hexEscape(2, 4);
                case 'U':
                    return hexEscape(2, 8);
                case '<', '>':
                    throw SearchCommandException.unsupported("'\\" + e + "' (word start/end) is not reproduced");
                default:
                    break;
            }
            if (e < 0x80 && !Character.isLetterOrDigit(e) && !Character.isWhitespace(e) && e >= 0x21) {
                // Rust regex 1.8+ accepts any escaped ASCII punctuation; ripgrep 13 only the meta characters.
                i += 2;
                return e;
            }
            if (e >= '0' && e <= '9') {
                throw invalid("backreferences and octal escapes ('\\" + e + "' at offset " + at
                        + ") are not supported by ripgrep's default regex engine");
            }
            throw invalid("unrecognized escape sequence '\\" + new String(Character.toChars(p.codePointAt(i + 1)))
                    + "' at offset " + at);
        }

        private int hexEscape(int skip, int fixedDigits) throws SearchCommandException {
            int start = i;
            int k = i + skip;
            String digits;
            if (k < p.length() && p.charAt(k) == '{') {
                int close = p.indexOf('}', k);
                if (close < 0) {
                    throw invalid("unclosed hex escape at offset " + start);
                }
                digits = p.substring(k + 1, close);
                i = close + 1;
            } else {
                if (k + fixedDigits > p.length()) {
                    throw invalid("incomplete hex escape at offset " + start);
                }
                digits = p.substring(k, k + fixedDigits);
                i = k + fixedDigits;
            }
            if (digits.isEmpty() || digits.length() > 8 || !digits.chars().allMatch(ch -> Character.digit(ch, 16) >= 0)) {
                throw invalid("invalid hex escape '" + p.substring(start, i) + "'");
            }
            long v = Long.parseLong(digits, 16);
            if (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) {
                throw invalid("hex escape '" + p.substring(start, i) + "' is not a Unicode scalar value");
            }
            return (int) v;
        }

        private ClassNode perlClass(char e, boolean unicode) {
            return switch (e) {
                case 'd' -> new ClassNode(unicode ? "\\p{Nd}" : "[0-9]", W);
                case 'D' -> new ClassNode(unicode ? "\\P{Nd}" : "[^0-9]", W | N);
                case 'w' -> new ClassNode(unicode ? WORD_CLASS : "[0-9A-Za-z_]", W);
                case 'W' -> new ClassNode(unicode ? "[^" + WORD_ITEMS + "]" : "[^0-9A-Za-z_]", unicode ? N : W | N);
                case 's' -> new ClassNode(unicode ? "[" + SPACE_ITEMS + "]" : "[\\t\\n\\x{B}\\f\\r ]", N);
                default -> new ClassNode(unicode ? "[^" + SPACE_ITEMS + "]" : "[^\\t\\n\\x{B}\\f\\r ]", W | N);
            };
        }

        private ClassNode unicodeClass(Flags flags) throws SearchCommandException {
            UnicodeItem item = unicodeItem();
            if (!flags.unicode) {
                throw invalid("Unicode classes are not allowed when Unicode mode is off (?-u)");
            }
            return new ClassNode(item.negated ? "[^" + item.items + "]" : "[" + item.items + "]", item.kinds);
        }

        private record UnicodeItem(String items, boolean negated, int kinds) {
        }

        /** Parses {@code \pX}, {@code \p{Name}}, {@code \PX}, {@code \P{Name}}; {@code i} is at the backslash. */
        private UnicodeItem unicodeItem() throws SearchCommandException {
            int start = i;
            boolean negated = p.charAt(i + 1) == 'P';
            int k = i + 2;
            String name;
            if (k < p.length() && p.charAt(k) == '{') {
                int close = p.indexOf('}', k);
                if (close < 0) {
                    throw invalid("unclosed Unicode class at offset " + start);
                }
                name = p.substring(k + 1, close);
                i = close + 1;
            } else if (k < p.length()) {
                int cp = p.codePointAt(k);
                name = new String(Character.toChars(cp));
                i = k + Character.charCount(cp);
            } else {
                throw invalid("incomplete Unicode class at offset " + start);
            }
            if (name.startsWith("^")) {
                throw invalid("'\\p{^...}' is not Rust regex syntax; use \\P{...}");
            }
            UnicodeNames.Resolved r = UnicodeNames.resolve(name);
            if (r == null) {
                throw SearchCommandException.unsupported("Unicode class \\p{" + name + "} is not reproduced");
            }
            int kinds = negated ? W | N : r.kinds();
            return new UnicodeItem(r.items(), negated, kinds);
        }

        // ------------------------------------------------------------ bracket classes

        private ClassNode bracket(Flags flags) throws SearchCommandException {
            int open = i;
            BracketParts parts = bracketParts(flags, 0);
            StringBuilder re = new StringBuilder("[");
            List<String> items = parts.items;
            if (parts.negatedPerl != null) {
                // a negated Perl/Unicode class inside brackets: exact only when it is the sole item
                if (!items.isEmpty() || parts.negatedCount > 1) {
                    throw SearchCommandException.unsupported("a negated class (" + parts.negatedPerlSource
                            + ") combined with other items inside [...] is not reproduced (offset " + open + ")");
                }
                re.append(parts.negated ? "" : "^").append(parts.negatedPerl).append(']');
                return new ClassNode(re.toString(), W | N);
            }
            if (parts.negated) {
                re.append('^');
            }
            items.forEach(re::append);
            re.append(']');
            int kinds = parts.negated ? W | N : parts.kinds;
            if (kinds == 0) {
                kinds = W | N;
            }
            return new ClassNode(re.toString(), kinds);
        }

        private static final class BracketParts {
            boolean negated;
            final List<String> items = new ArrayList<>();
            String negatedPerl;
            String negatedPerlSource;
            int negatedCount;
            int kinds;
        }

        private BracketParts bracketParts(Flags flags, int nesting) throws SearchCommandException {
            if (nesting > 20) {
                throw SearchCommandException.unsupported("character classes nest too deeply");
            }
            int open = i;
            i++; // '['
            BracketParts parts = new BracketParts();
            if (i < p.length() && p.charAt(i) == '^') {
                parts.negated = true;
                i++;
            }
            boolean first = true;
            while (true) {
                if (i >= p.length()) {
                    throw invalid("unclosed character class opened at offset " + open);
                }
                char c = p.charAt(i);
                if (c == ']' && !first) {
                    i++;
                    return parts;
                }
                if (p.startsWith("&&", i) || p.startsWith("--", i) || p.startsWith("~~", i)) {
                    throw SearchCommandException.unsupported("class set operation '" + p.substring(i, i + 2)
                            + "' inside [...] is not reproduced (offset " + i + ")");
                }
                if (c == '[') {
                    int close = posixEnd(i);
                    if (close > 0) {
                        String body = p.substring(i + 2, close);
                        boolean neg = body.startsWith("^");
                        String name = neg ? body.substring(1) : body;
                        if (!POSIX.containsKey(name)) {
                            throw invalid("unknown POSIX class '[:" + body + ":]'");
                        }
                        parts.items.add("[:" + body + ":]");
                        parts.kinds |= neg ? W | N : POSIX.get(name);
                        i = close + 2;
                        first = false;
                        continue;
                    }
                    BracketParts nested = bracketParts(flags, nesting + 1);
                    if (nested.negated || nested.negatedPerl != null) {
                        throw SearchCommandException.unsupported("a negated class nested inside [...] is not"
                                + " reproduced (offset " + i + ")");
                    }
                    parts.items.addAll(nested.items);
                    parts.kinds |= nested.kinds;
                    first = false;
                    continue;
                }
                if (c == '\\' && i + 1 < p.length()) {
                    char e = p.charAt(i + 1);
                    if ("dDwWsS".indexOf(e) >= 0) {
                        ClassNode perl = perlClass(e, flags.unicode);
                        i += 2;
                        addClassItem(parts, perl.re2j(), perl.kinds(), "\\" + e);
                        first = false;
                        continue;
                    }
                    if (e == 'p' || e == 'P') {
                        if (!flags.unicode) {
                            throw invalid("Unicode classes are not allowed when Unicode mode is off (?-u)");
                        }
                        int at = i;
                        UnicodeItem u = unicodeItem();
                        String src = p.substring(at, i);
                        addClassItem(parts, u.negated ? "[^" + u.items + "]" : "[" + u.items + "]", u.kinds, src);
                        first = false;
                        continue;
                    }
                    if (e == 'b' || e == 'B' || e == 'A' || e == 'z') {
                        throw invalid("'\\" + e + "' is not allowed inside a character class");
                    }
                }
                int lo = classChar();
                if (p.startsWith("--", i)) {
                    throw SearchCommandException.unsupported("class set operation '--' inside [...] is not"
                            + " reproduced (offset " + i + ")");
                }
                if (i + 1 < p.length() && p.charAt(i) == '-' && p.charAt(i + 1) != ']') {
                    i++;
                    int hi = classChar();
                    if (hi < lo) {
                        throw invalid("invalid range in character class: end before start");
                    }
                    parts.items.add(hexItem(lo) + "-" + hexItem(hi));
                    parts.kinds |= rangeKinds(lo, hi);
                    noteLiteral(lo);
                    noteLiteral(hi);
                } else {
                    parts.items.add(hexItem(lo));
                    parts.kinds |= isWordChar(lo) ? W : N;
                    noteLiteral(lo);
                }
                first = false;
            }
        }

        private void noteLiteral(int cp) {
            anyLiteral = true;
            anyUppercase |= Character.isUpperCase(cp);
        }

        private static void addClassItem(BracketParts parts, String rendered, int kinds, String source) {
            if (rendered.startsWith("[^")) {
                parts.negatedCount++;
                parts.negatedPerl = rendered.substring(2, rendered.length() - 1);
                parts.negatedPerlSource = source;
                return;
            }
            String inner = rendered.startsWith("[") ? rendered.substring(1, rendered.length() - 1) : rendered;
            parts.items.add(inner);
            parts.kinds |= kinds;
        }

        private int posixEnd(int at) {
            if (!p.startsWith("[:", at)) {
                return -1;
            }
            int close = p.indexOf(":]", at + 2);
            if (close < 0) {
                return -1;
            }
            String body = p.substring(at + 2, close);
            return body.matches("\\^?[a-z]+") ? close : -1;
        }

        private int classChar() throws SearchCommandException {
            char c = p.charAt(i);
            if (c == '\\') {
                if (i + 1 >= p.length()) {
                    throw invalid("the pattern ends with a lone backslash");
                }
                return escapedLiteral(i);
            }
            int cp = p.codePointAt(i);
            i += Character.charCount(cp);
            return cp;
        }

        private static int rangeKinds(int lo, int hi) {
            if (hi - lo > 0x3000) {
                return W | N;
            }
            int kinds = 0;
            for (int cp = lo; cp <= hi && kinds != (W | N); cp++) {
                kinds |= isWordChar(cp) ? W : N;
            }
            return kinds;
        }

        private SearchCommandException invalid(String message) {
            return SearchCommandException.invalid("rg rejects this regex: " + message);
        }
    }

    private static final Map<String, Integer> POSIX = new HashMap<>();

    static {
        for (String w : List.of("alnum", "alpha", "digit", "lower", "upper", "word", "xdigit")) {
            POSIX.put(w, W);
        }
        for (String n : List.of("blank", "cntrl", "space")) {
            POSIX.put(n, N);
        }
        for (String m : List.of("ascii", "graph", "print", "punct")) {
            POSIX.put(m, W | N);
        }
    }

    static String hexItem(int cp) {
        if ((cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9')) {
            return new String(Character.toChars(cp));
        }
        return "\\x{" + Integer.toHexString(cp) + "}";
    }

    // ---------------------------------------------------------------- analysis

    private static int first(Node n) {
        if (n instanceof Lit l) {
            return isWordChar(l.cp()) ? W : N;
        } else if (n instanceof Dot) {
            return W | N;
        } else if (n instanceof Assert a) {
            // after "$" comes a line break or the end: both count as non-word characters for \b
            return a.kind() == AssertKind.LINE_END || a.kind() == AssertKind.TEXT_END ? N : EMPTY;
        } else if (n instanceof FlagSet) {
            return EMPTY;
        } else if (n instanceof ClassNode c) {
            return c.kinds();
        } else if (n instanceof Group g) {
            return first(g.child());
        } else if (n instanceof Repeat r) {
            return r.min() == 0 ? first(r.child()) | EMPTY : first(r.child());
        } else if (n instanceof Concat c) {
            return firstOf(c.items(), 0);
        } else {
            int k = 0;
            for (Node b : ((Alt) n).branches()) {
                k |= first(b);
            }
            return k;
        }
    }

    private static int last(Node n) {
        if (n instanceof Assert a) {
            // before "^" comes a line break or the start: both count as non-word characters for \b
            return a.kind() == AssertKind.LINE_START || a.kind() == AssertKind.TEXT_START ? N : EMPTY;
        } else if (n instanceof Group g) {
            return last(g.child());
        } else if (n instanceof Repeat r) {
            return r.min() == 0 ? last(r.child()) | EMPTY : last(r.child());
        } else if (n instanceof Concat c) {
            return lastOf(c.items(), c.items().size());
        } else if (n instanceof Alt a) {
            int k = 0;
            for (Node b : a.branches()) {
                k |= last(b);
            }
            return k;
        }
        return first(n);
    }

    /** Kinds of the first character matched by {@code items[from..]}; EMPTY if all of it can match nothing. */
    private static int firstOf(List<Node> items, int from) {
        int acc = 0;
        for (int k = from; k < items.size(); k++) {
            int f = first(items.get(k));
            acc |= f & ~EMPTY;
            if ((f & EMPTY) == 0) {
                return acc;
            }
        }
        return acc | EMPTY;
    }

    /** Kinds of the last character matched by {@code items[0..to)}. */
    private static int lastOf(List<Node> items, int to) {
        int acc = 0;
        for (int k = to - 1; k >= 0; k--) {
            int f = last(items.get(k));
            acc |= f & ~EMPTY;
            if ((f & EMPTY) == 0) {
                return acc;
            }
        }
        return acc | EMPTY;
    }

    private static int resolve(int kinds, int outer) {
        return (kinds & EMPTY) != 0 ? (kinds & ~EMPTY) | outer : kinds;
    }

    /**
     * Whether ripgrep counts the pattern as able to match a line break, which makes {@code -U} search multi-line.
     * Like ripgrep, line and text anchors count (they look at line breaks); word boundaries do not.
     */
    private static boolean canMatchNewline(Node n) {
        if (n instanceof Assert a) {
            return a.kind() != AssertKind.WORD_BOUNDARY && a.kind() != AssertKind.NOT_WORD_BOUNDARY;
        } else if (n instanceof Lit l) {
            return l.cp() == '\n';
        } else if (n instanceof Dot d) {
            return d.dotall();
        } else if (n instanceof ClassNode c) {
            return Pattern.compile(c.re2j()).matches("\n");
        } else if (n instanceof Group g) {
            return canMatchNewline(g.child());
        } else if (n instanceof Repeat r) {
            return canMatchNewline(r.child());
        } else if (n instanceof Concat c) {
            return c.items().stream().anyMatch(RustRegex::canMatchNewline);
        } else if (n instanceof Alt a) {
            return a.branches().stream().anyMatch(RustRegex::canMatchNewline);
        }
        return false;
    }

    /**
     * Literals of which every match contains at least one (folded with {@link #fold}), or {@code null} when the
     * pattern guarantees none long enough to be worth looking for. Used to skip text that cannot match.
     */
    static List<String> requiredLiterals(Node root) {
        List<String> req = required(root);
        if (req == null || req.isEmpty() || req.size() > 64) {
            return null;
        }
        List<String> folded = new ArrayList<>();
        for (String r : req) {
            if (r.length() < 3) {
                return null;
            }
            folded.add(fold(r));
        }
        return List.copyOf(folded);
    }

    private static List<String> required(Node n) {
        if (n instanceof Lit l) {
            return List.of(new String(Character.toChars(l.cp())));
        } else if (n instanceof Group g) {
            return required(g.child());
        } else if (n instanceof Repeat r) {
            return r.min() >= 1 ? required(r.child()) : null;
        } else if (n instanceof Alt a) {
            List<String> all = new ArrayList<>();
            for (Node b : a.branches()) {
                List<String> req = required(b);
                if (req == null) {
                    return null;
                }
                all.addAll(req);
            }
            return all;
        } else if (n instanceof Concat c) {
            List<String> best = null;
            StringBuilder run = new StringBuilder();
            for (Node item : c.items()) {
                if (item instanceof Lit l) {
                    run.appendCodePoint(l.cp());
                    continue;
                }
                best = better(best, run.length() > 0 ? List.of(run.toString()) : null);
                run.setLength(0);
                best = better(best, required(item));
            }
            return better(best, run.length() > 0 ? List.of(run.toString()) : null);
        }
        return null;
    }

    private static List<String> better(List<String> a, List<String> b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        int ma = a.stream().mapToInt(String::length).min().orElse(0);
        int mb = b.stream().mapToInt(String::length).min().orElse(0);
        return mb > ma || (mb == ma && b.size() < a.size()) ? b : a;
    }

    /**
     * Case-folds text one code point at a time (upper then lower case), so that every pair of characters Rust's
     * case-insensitive matching treats as equal folds to the same character. The result always has the input's
     * length: a character whose fold would change length is kept as it is (it then only matches itself).
     */
    static String fold(String s) {
        char[] out = null;
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            char f;
            if (c < 0x80) {
                f = c >= 'A' && c <= 'Z' ? (char) (c + 32) : c;
            } else if (Character.isSurrogate(c)) {
                int cp = s.codePointAt(i);
                int fc = Character.toLowerCase(Character.toUpperCase(cp));
                if (fc == cp || Character.charCount(fc) != Character.charCount(cp)) {
                    if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                        if (out != null) {
                            out[i] = c;
                            out[i + 1] = s.charAt(i + 1);
                        }
                        i++;
                    } else if (out != null) {
                        out[i] = c;
                    }
                    continue;
                }
                if (out == null) {
                    out = s.toCharArray();
                }
                Character.toChars(fc, out, i);
                i++;
                continue;
            } else {
                int fc = Character.toLowerCase(Character.toUpperCase((int) c));
                f = fc <= 0xFFFF ? (char) fc : c;
            }
            if (f != c && out == null) {
                out = s.toCharArray();
            }
            if (out != null) {
                out[i] = f;
            }
        }
        return out == null ? s : new String(out);
    }

    // ---------------------------------------------------------------- emission

    /** Where a node sits: kinds of the characters just before and after it, and whether it starts/ends the match. */
    private record Ctx(int left, int right, boolean atStart, boolean atEnd) {
    }

    private static final class Emitter {
        boolean consuming;

        void emit(Node n, Ctx ctx, StringBuilder out) throws SearchCommandException {
            if (n instanceof Lit l) {
                Glob.appendLiteral(out, l.cp());
            } else if (n instanceof Dot) {
                out.append('.');
            } else if (n instanceof Assert a) {
                out.append(assertion(a, ctx));
            } else if (n instanceof ClassNode c) {
                out.append(c.re2j());
            } else if (n instanceof FlagSet f) {
                if (!f.re2jFlags().isEmpty()) {
                    out.append("(?").append(f.re2jFlags()).append(')');
                }
            } else if (n instanceof Group g) {
                out.append(g.open());
                emit(g.child(), ctx, out);
                out.append(')');
            } else if (n instanceof Repeat r) {
                int self = r.max() == 1 ? 0 : 1;
                int left = ctx.left() | (self == 1 ? last(r.child()) & ~EMPTY : 0);
                int right = ctx.right() | (self == 1 ? first(r.child()) & ~EMPTY : 0);
                out.append("(?:");
                emit(r.child(), new Ctx(left, right, false, false), out);
                out.append(')').append(r.op());
            } else if (n instanceof Concat c) {
                List<Node> items = c.items();
                for (int k = 0; k < items.size(); k++) {
                    int left = resolve(lastOf(items, k), ctx.left());
                    int right = resolve(firstOf(items, k + 1), ctx.right());
                    boolean atStart = ctx.atStart() && onlyAnchorsOrFlags(items, 0, k, true);
                    boolean atEnd = ctx.atEnd() && onlyAnchorsOrFlags(items, k + 1, items.size(), false);
                    Node item = items.get(k);
                    if (isUnicodeBoundary(item) && boundary((Assert) item, left, right, atStart, atEnd) == null
                            && k + 1 < items.size() && branches(items.get(k + 1)) != null) {
                        k = distribute(items, k, ctx, out);
                        continue;
                    }
                    if (branches(item) != null && k + 1 < items.size() && isUnicodeBoundary(items.get(k + 1))) {
                        int l2 = resolve(lastOf(items, k + 1), ctx.left());
                        int r2 = resolve(firstOf(items, k + 2), ctx.right());
                        boolean end2 = ctx.atEnd() && onlyAnchorsOrFlags(items, k + 2, items.size(), false);
                        if (boundary((Assert) items.get(k + 1), l2, r2, false, end2) == null) {
                            k = distribute(items, k, ctx, out);
                            continue;
                        }
                    }
                    emit(item, new Ctx(left, right, atStart, atEnd), out);
                }
            } else {
                List<Node> branches = ((Alt) n).branches();
                for (int k = 0; k < branches.size(); k++) {
                    if (k > 0) {
                        out.append('|');
                    }
                    emit(branches.get(k), ctx, out);
                }
            }
        }

        private static boolean isUnicodeBoundary(Node n) {
            return n instanceof Assert a && a.unicode()
                    && (a.kind() == AssertKind.WORD_BOUNDARY || a.kind() == AssertKind.NOT_WORD_BOUNDARY);
        }

        /** The alternatives of a group around an alternation, else {@code null}. */
        private static List<Node> branches(Node n) {
            return n instanceof Group g && g.child() instanceof Alt a ? a.branches() : null;
        }

        /**
         * Emits an optional word boundary, an alternation group and an optional word boundary ({@code \b(a|-b)\b})
         * with the boundaries moved into each branch, where each one has a single known neighbour kind. Returns the
         * index of the last item consumed.
         */
        private int distribute(List<Node> items, int k, Ctx ctx, StringBuilder out) throws SearchCommandException {
            int at = k;
            Assert before = null;
            if (isUnicodeBoundary(items.get(at))) {
                before = (Assert) items.get(at);
                at++;
            }
            int groupIndex = at;
            Group group = (Group) items.get(groupIndex);
            Assert after = null;
            if (groupIndex + 1 < items.size() && isUnicodeBoundary(items.get(groupIndex + 1))) {
                after = (Assert) items.get(groupIndex + 1);
            }
            int lastIndex = after != null ? groupIndex + 1 : groupIndex;
            int outerLeft = resolve(lastOf(items, k), ctx.left());
            int outerRight = resolve(firstOf(items, lastIndex + 1), ctx.right());
            boolean atStart = ctx.atStart() && onlyAnchorsOrFlags(items, 0, k, true);
            boolean atEnd = ctx.atEnd() && onlyAnchorsOrFlags(items, lastIndex + 1, items.size(), false);
            String open = group.open().startsWith("(?P<") ? "(" : group.open();
            out.append("(?:");
            List<Node> alts = ((Alt) group.child()).branches();
            for (int b = 0; b < alts.size(); b++) {
                Node branch = alts.get(b);
                if (b > 0) {
                    out.append('|');
                }
                int branchFirst = resolve(first(branch), outerRight);
                int branchLast = resolve(last(branch), outerLeft);
                if (before != null) {
                    String rewrite = boundary(before, outerLeft, branchFirst, atStart, false);
                    if (rewrite == null) {
                        throw unresolvable(before);
                    }
                    out.append(rewrite);
                }
                out.append(open);
                emit(branch, new Ctx(outerLeft, outerRight, before == null && atStart, after == null && atEnd), out);
                out.append(')');
                if (after != null) {
                    String rewrite = boundary(after, branchLast, outerRight, false, atEnd);
                    if (rewrite == null) {
                        throw unresolvable(after);
                    }
                    out.append(rewrite);
                }
            }
            out.append(')');
            return lastIndex;
        }

        private static boolean onlyAnchorsOrFlags(List<Node> items, int from, int to, boolean leading) {
            for (int k = from; k < to; k++) {
                Node n = items.get(k);
                if (n instanceof FlagSet) {
                    continue;
                }
                if (n instanceof Assert a && (leading ? a.kind() == AssertKind.LINE_START || a.kind() == AssertKind.TEXT_START
                        : a.kind() == AssertKind.LINE_END || a.kind() == AssertKind.TEXT_END)) {
                    continue;
                }
                return false;
            }
            return true;
        }

        private String assertion(Assert a, Ctx ctx) throws SearchCommandException {
            switch (a.kind()) {
                case LINE_START:
                    return "^";
                case LINE_END:
                    return "$";
                case TEXT_START:
                    return "\\A";
                case TEXT_END:
                    return "\\z";
                default:
                    break;
            }
            String rewrite = boundary(a, ctx.left(), ctx.right(), ctx.atStart(), ctx.atEnd());
            if (rewrite == null) {
                throw unresolvable(a);
            }
            return rewrite;
        }

        private static SearchCommandException unresolvable(Assert a) {
            return SearchCommandException.unsupported("'" + (a.kind() == AssertKind.WORD_BOUNDARY ? "\\b" : "\\B")
                    + "' next to something that can be either a word or a non-word character cannot be reproduced"
                    + " exactly with Unicode word characters; put it next to a literal character");
        }

        /**
         * An RE2/J rendering of a word-boundary assertion given the kinds of its neighbours, or {@code null} when it
         * cannot be rendered exactly. Known neighbours decide it statically; at the very start (or end) of the match
         * the outside character is consumed instead of looked at, which is exact for deciding which lines match.
         */
        private String boundary(Assert a, int l, int r, boolean atStart, boolean atEnd) {
            boolean isBoundary = a.kind() == AssertKind.WORD_BOUNDARY;
            if (!a.unicode()) {
                return isBoundary ? "\\b" : "\\B";
            }
            boolean lKnown = l == W || l == N;
            boolean rKnown = r == W || r == N;
            if (lKnown && rKnown) {
                boolean holds = (l != r) == isBoundary;
                return holds ? "" : NEVER;
            }
            if (l == OUT && atStart && rKnown) {
                consuming = true;
                // at a boundary the character before differs in kind from the one after; otherwise it is the same
                boolean beforeIsWord = (r == N) == isBoundary;
                return beforeIsWord ? WORD_CLASS : "(?:^|" + NON_WORD_NO_LF + ")";
            }
            if (r == OUT && atEnd && lKnown) {
                consuming = true;
                boolean afterIsWord = (l == N) == isBoundary;
                return afterIsWord ? WORD_CLASS : "(?:$|" + NON_WORD_NO_LF + ")";
            }
            return null;
        }
    }

    /** Unicode property names as Rust accepts them (loose matching), mapped to what RE2/J understands. */
    static final class UnicodeNames {
        record Resolved(String items, int kinds) {
        }

        private static final Map<String, String> CATEGORY = new HashMap<>();
        private static final Map<String, String> SCRIPT = new HashMap<>();

        static {
            String[][] gc = {
                {"l", "L"}, {"letter", "L"}, {"lu", "Lu"}, {"uppercaseletter", "Lu"}, {"ll", "Ll"},
                {"lowercaseletter", "Ll"}, {"lt", "Lt"}, {"titlecaseletter", "Lt"}, {"lm", "Lm"},
                {"modifierletter", "Lm"}, {"lo", "Lo"}, {"otherletter", "Lo"}, {"m", "M"}, {"mark", "M"},
                {"combiningmark", "M"}, {"mn", "Mn"}, {"nonspacingmark", "Mn"}, {"mc", "Mc"}, {"spacingmark", "Mc"},
                {"me", "Me"}, {"enclosingmark", "Me"}, {"n", "N"}, {"number", "N"}, {"nd", "Nd"},
                {"decimalnumber", "Nd"}, {"digit", "Nd"}, {"nl", "Nl"}, {"letternumber", "Nl"}, {"no", "No"},
                {"othernumber", "No"}, {"p", "P"}, {"punctuation", "P"}, {"punct", "P"}, {"pc", "Pc"},
                {"connectorpunctuation", "Pc"}, {"pd", "Pd"}, {"dashpunctuation", "Pd"}, {"ps", "Ps"},
                {"openpunctuation", "Ps"}, {"pe", "Pe"}, {"closepunctuation", "Pe"}, {"pi", "Pi"},
                {"initialpunctuation", "Pi"}, {"pf", "Pf"}, {"finalpunctuation", "Pf"}, {"po", "Po"},
                {"otherpunctuation", "Po"}, {"s", "S"}, {"symbol", "S"}, {"sm", "Sm"}, {"mathsymbol", "Sm"},
                {"sc", "Sc"}, {"currencysymbol", "Sc"}, {"sk", "Sk"}, {"modifiersymbol", "Sk"}, {"so", "So"},
                {"othersymbol", "So"}, {"z", "Z"}, {"separator", "Z"}, {"zs", "Zs"}, {"spaceseparator", "Zs"},
                {"zl", "Zl"}, {"lineseparator", "Zl"}, {"zp", "Zp"}, {"paragraphseparator", "Zp"}, {"c", "C"},
                {"other", "C"}, {"cc", "Cc"}, {"control", "Cc"}, {"cntrl", "Cc"}, {"cf", "Cf"}, {"format", "Cf"},
                {"co", "Co"}, {"privateuse", "Co"}, {"cs", "Cs"}, {"surrogate", "Cs"},
            };
            for (String[] e : gc) {
                CATEGORY.put(e[0], e[1]);
            }
            for (Character.UnicodeScript s : Character.UnicodeScript.values()) {
                String canonical = canonicalScript(s.name());
                SCRIPT.put(loose(canonical), canonical);
            }
        }

        private static String canonicalScript(String enumName) {
            StringBuilder b = new StringBuilder();
            for (String part : enumName.toLowerCase(Locale.ROOT).split("_")) {
                if (b.length() > 0) {
                    b.append('_');
                }
                b.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
            }
            return b.toString();
        }

        static String loose(String name) {
            StringBuilder b = new StringBuilder();
            for (char c : name.toCharArray()) {
                if (c != ' ' && c != '_' && c != '-') {
                    b.append(Character.toLowerCase(c));
                }
            }
            return b.toString();
        }

        static Resolved resolve(String rawName) {
            String name = loose(rawName);
            String value = name;
            String kind = "";
            int eq = rawName.indexOf('=');
            if (eq < 0) {
                eq = rawName.indexOf(':');
            }
            if (eq >= 0) {
                kind = loose(rawName.substring(0, eq));
                value = loose(rawName.substring(eq + 1));
            }
            if (kind.isEmpty() || kind.equals("gc") || kind.equals("generalcategory")) {
                String gc = CATEGORY.get(value);
                if (gc != null) {
                    return new Resolved("\\p{" + gc + "}", categoryKinds(gc));
                }
                if (kind.isEmpty()) {
                    switch (value) {
                        case "whitespace", "space", "wspace":
                            return new Resolved(SPACE_ITEMS, N);
                        case "any":
                            return new Resolved("\\x{0}-\\x{10FFFF}", W | N);
                        case "ascii":
                            return new Resolved("\\x{0}-\\x{7F}", W | N);
                        default:
                            break;
                    }
                }
            }
            if (kind.isEmpty() || kind.equals("sc") || kind.equals("script")) {
                String script = SCRIPT.get(value);
                if (script != null) {
                    try {
                        Pattern.compile("\\p{" + script + "}");
                        return new Resolved("\\p{" + script + "}", W | N);
                    } catch (PatternSyntaxException e) {
                        return null;
                    }
                }
            }
            return null;
        }

        private static int categoryKinds(String gc) {
            if (gc.startsWith("L") || gc.startsWith("M") || gc.equals("Nd") || gc.equals("Nl") || gc.equals("Pc")) {
                return W;
            }
            if (gc.equals("N") || gc.equals("P")) {
                return W | N;
            }
            if (gc.startsWith("C") || gc.startsWith("Z") || gc.startsWith("S") || gc.startsWith("P")
                    || gc.equals("No")) {
                return gc.equals("So") ? W | N : N;
            }
            return W | N;
        }
    }
}
