package dev.assay.safetycard.search;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;

/**
 * A compiled glob with ripgrep's glob syntax: {@code ?} and {@code *} (which never match {@code /} when
 * {@code literalSeparator} is set), {@code **} as a whole path component ({@code **}{@code /x}, {@code x/**},
 * {@code a/**}{@code /b}), character classes {@code [a-z]}, {@code [!x]}, {@code [^x]}, alternatives {@code {a,b}}
 * and backslash escapes. Compiled to an RE2/J pattern, so matching is linear in the path length.
 */
final class Glob {
    /** Bound on a glob's length: globs come from commands and ignore files of hostile repositories. */
    static final int MAX_LENGTH = 4096;

    /** Shapes that are matched without the regex engine: most ignore-file lines are one of these. */
    private enum Shape { REGEX, EXACT, ANY_DEPTH_NAME, ANY_DEPTH_SUFFIX }

    private final String source;
    private final Pattern pattern;
    private final Shape shape;
    private final String literal;

    private Glob(String source, Pattern pattern, Shape shape, String literal) {
        this.source = source;
        this.pattern = pattern;
        this.shape = shape;
        this.literal = literal;
    }

    String source() {
        return source;
    }

    boolean matches(String path) {
        switch (shape) {
            case EXACT:
                return path.equals(literal);
            case ANY_DEPTH_NAME:
                return path.equals(literal) || (path.endsWith(literal) && path.length() > literal.length()
                        && path.charAt(path.length() - literal.length() - 1) == '/');
            case ANY_DEPTH_SUFFIX:
                return path.endsWith(literal) && path.indexOf('/', path.length() - literal.length()) < 0;
            default:
                return pattern.matches(path);
        }
    }

    private static boolean plain(String s) {
        for (int k = 0; k < s.length(); k++) {
            if ("*?[]{}\\,".indexOf(s.charAt(k)) >= 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Compiles {@code glob}. {@link IllegalArgumentException} carries a message naming the problem (unclosed class,
     * nested alternatives, dangling escape, too long).
     */
    static Glob compile(String glob, boolean literalSeparator, boolean caseInsensitive) {
        if (glob.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("glob is longer than " + MAX_LENGTH + " characters");
        }
        StringBuilder re = new StringBuilder();
        if (caseInsensitive) {
            re.append("(?i)");
        }
        if (glob.equals("**")) {
            re.append("(?s:.*)");
        } else {
            new Translator(glob, literalSeparator, re).run();
        }
        Shape shape = Shape.REGEX;
        String literal = null;
        if (!caseInsensitive) {
            if (plain(glob)) {
                shape = Shape.EXACT;
                literal = glob;
            } else if (glob.startsWith("**/") && plain(glob.substring(3)) && glob.indexOf('/', 3) < 0) {
                shape = Shape.ANY_DEPTH_NAME;
                literal = glob.substring(3);
            } else if (glob.startsWith("**/*") && plain(glob.substring(4)) && glob.indexOf('/', 4) < 0
                    && !glob.substring(4).isEmpty()) {
                shape = Shape.ANY_DEPTH_SUFFIX;
                literal = glob.substring(4);
            }
        }
        try {
            return new Glob(glob, Pattern.compile(re.toString(), Pattern.DOTALL), shape, literal);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("glob '" + glob + "' cannot be compiled: " + e.getDescription(), e);
        }
    }

    private static final class Translator {
        private final String g;
        private final boolean literalSeparator;
        private final StringBuilder re;
        private int i;
        private int braceDepth;

        Translator(String g, boolean literalSeparator, StringBuilder re) {
            this.g = g;
            this.literalSeparator = literalSeparator;
            this.re = re;
        }

        void run() {
            int n = g.length();
            while (i < n) {
                char c = g.charAt(i);
                if (c == '*') {
                    star();
                } else if (c == '?') {
                    re.append(literalSeparator ? "[^/]" : ".");
                    i++;
                } else if (c == '[') {
                    charClass();
                } else if (c == '{') {
                    if (braceDepth > 0) {
                        throw new IllegalArgumentException("glob '" + g + "' nests alternatives ('{' inside '{')");
                    }
                    braceDepth++;
                    re.append("(?:");
                    i++;
                } else if (c == '}' && braceDepth > 0) {
                    braceDepth--;
                    re.append(')');
                    i++;
                } else if (c == ',' && braceDepth > 0) {
                    re.append('|');
                    i++;
                } else if (c == '\\') {
                    if (i + 1 >= n) {
                        throw new IllegalArgumentException("glob '" + g + "' ends with a dangling backslash");
                    }
                    literal(g.codePointAt(i + 1));
                    i += 1 + Character.charCount(g.codePointAt(i + 1));
                } else {
                    int cp = g.codePointAt(i);
                    literal(cp);
                    i += Character.charCount(cp);
                }
            }
            if (braceDepth > 0) {
                throw new IllegalArgumentException("glob '" + g + "' has an unclosed '{'");
            }
        }

        private void star() {
            int n = g.length();
            boolean atStart = i == 0;
            char prev = i > 0 ? g.charAt(i - 1) : 0;
            if (i + 1 < n && g.charAt(i + 1) == '*') {
                int after = i + 2;
                boolean prevOk = atStart || prev == '/' || (braceDepth > 0 && (prev == '{' || prev == ','));
                boolean nextEnd = after >= n || (braceDepth > 0 && (g.charAt(after) == ',' || g.charAt(after) == '}'));
                boolean nextSlash = after < n && g.charAt(after) == '/';
                if (prevOk && (nextEnd || nextSlash)) {
                    if (atStart || (braceDepth > 0 && (prev == '{' || prev == ','))) {
                        if (nextSlash) {
                            re.append("(?:/?|.*/)"); // "**/" prefix: any leading folders, or none
                            i = after + 1;
                        } else {
                            re.append(".*");
                            i = after;
                        }
                        return;
                    }
                    // prev == '/': replace the literal slash already emitted
                    re.setLength(re.length() - 1);
                    if (nextSlash) {
                        re.append("(?:/|/.*/)"); // "/**/": zero or more folders
                        i = after + 1;
                    } else {
                        re.append("/.*"); // "/**" suffix: everything below
                        i = after;
                    }
                    return;
                }
                re.append(literalSeparator ? "[^/]*[^/]*" : ".*.*");
                i = after;
                return;
            }
            re.append(literalSeparator ? "[^/]*" : ".*");
            i++;
        }

        private void charClass() {
            int n = g.length();
            int j = i + 1;
            StringBuilder cls = new StringBuilder("[");
            if (j < n && (g.charAt(j) == '!' || g.charAt(j) == '^')) {
                cls.append('^');
                j++;
            }
            boolean first = true;
            boolean closed = false;
            while (j < n) {
                char c = g.charAt(j);
                if (c == ']' && !first) {
                    closed = true;
                    j++;
                    break;
                }
                int cp;
                boolean escaped = c == '\\' && j + 1 < n;
                if (escaped) {
                    cp = g.codePointAt(j + 1);
                    j += 1 + Character.charCount(cp);
                } else {
                    cp = g.codePointAt(j);
                    j += Character.charCount(cp);
                }
                if (cp == '-' && !escaped && !first && j < n && g.charAt(j) != ']') {
                    cls.append('-');
                } else {
                    classLiteral(cls, cp);
                }
                first = false;
            }
            if (!closed) {
                throw new IllegalArgumentException("glob '" + g + "' has an unclosed character class '['");
            }
            cls.append(']');
            re.append(cls);
            i = j;
        }

        private void literal(int cp) {
            appendLiteral(re, cp);
        }

        private static void classLiteral(StringBuilder out, int cp) {
            if (cp < 0x80 && Character.isLetterOrDigit(cp)) {
                out.appendCodePoint(cp);
            } else {
                out.append("\\x{" + Integer.toHexString(cp) + "}");
            }
        }
    }

    /** Appends {@code cp} to an RE2/J pattern as a literal character. */
    static void appendLiteral(StringBuilder re, int cp) {
        if ((cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9') || cp == '_'
                || cp == '/' || cp == ' ') {
            re.appendCodePoint(cp);
        } else {
            re.append("\\x{" + Integer.toHexString(cp) + "}");
        }
    }
}
