package dev.assay.extract.component.code;

/**
 * Decodes backslash escapes of string literals, so that facts carry the value a program sees ({@code "\x63url"} is
 * "curl"). Unknown or malformed escapes are kept as written. Linear in the input.
 */
final class Escapes {

    private Escapes() {
    }

    /** JavaScript / TypeScript escapes: \n \t \r \b \f \v \0 \xHH \\uHHHH \\u{H…} and line continuations. */
    static String javascript(String s) {
        return decode(s, false);
    }

    /** Python escapes: as for JavaScript plus \a, octal \ooo and \UHHHHHHHH. */
    static String python(String s) {
        return decode(s, true);
    }

    private static String decode(String s, boolean python) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 >= s.length()) {
                b.append(c);
                i++;
                continue;
            }
            char e = s.charAt(i + 1);
            int consumed = 2;
            switch (e) {
                case 'n': b.append('\n'); break;
                case 't': b.append('\t'); break;
                case 'r': b.append('\r'); break;
                case 'b': b.append('\b'); break;
                case 'f': b.append('\f'); break;
                case 'v': b.append('\u000B'); break;
                case 'a':
                    if (python) {
                        b.append('\u0007');
                    } else {
                        b.append('a');
                    }
                    break;
                case '\\': b.append('\\'); break;
                case '\'': b.append('\''); break;
                case '"': b.append('"'); break;
                case '`': b.append('`'); break;
                case '\n': break;
                case '\r':
                    if (i + 2 < s.length() && s.charAt(i + 2) == '\n') {
                        consumed = 3;
                    }
                    break;
                case 'x': consumed = hex(s, i + 2, 2, b); break;
                case 'u':
                    if (!python && i + 2 < s.length() && s.charAt(i + 2) == '{') {
                        int close = s.indexOf('}', i + 3);
                        consumed = close > i + 3 && close - i - 3 <= 6 ? codePoint(s, i + 3, close, b, close - i + 1)
                                : 0;
                    } else {
                        consumed = hex(s, i + 2, 4, b);
                    }
                    break;
                case 'U': consumed = python ? hex(s, i + 2, 8, b) : 0; break;
                default:
                    if (e >= '0' && e <= '7') {
                        int end = i + 1;
                        int max = python ? 3 : 1;
                        while (end < s.length() && end < i + 1 + max && s.charAt(end) >= '0' && s.charAt(end) <= '7') {
                            end++;
                        }
                        b.append((char) Integer.parseInt(s.substring(i + 1, end), 8));
                        consumed = end - i;
                    } else {
                        consumed = 0;
                    }
            }
            if (consumed == 0) {
                b.append(c).append(e);
                i += 2;
            } else {
                i += consumed;
            }
        }
        return b.toString();
    }

    /** Appends the code point of {@code digits} hex digits at {@code from}; returns chars consumed, 0 if malformed. */
    private static int hex(String s, int from, int digits, StringBuilder b) {
        if (from + digits > s.length()) {
            return 0;
        }
        return codePoint(s, from, from + digits, b, digits + 2);
    }

    private static int codePoint(String s, int from, int to, StringBuilder b, int consumed) {
        int value = 0;
        for (int k = from; k < to; k++) {
            int d = Character.digit(s.charAt(k), 16);
            if (d < 0) {
                return 0;
            }
            value = value * 16 + d;
        }
        if (!Character.isValidCodePoint(value)) {
            return 0;
        }
        b.appendCodePoint(value);
        return consumed;
    }
}
