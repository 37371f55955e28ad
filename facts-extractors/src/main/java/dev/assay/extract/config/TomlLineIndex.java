package dev.assay.extract.config;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the line where each TOML key or table is first written, since Jackson's TOML reader keeps no locations.
 * It follows table headers ([a.b]), arrays of tables ([[a]], counted per parent) and dotted keys; values inside inline
 * tables and multi-line arrays have no entry and take the line of their nearest ancestor. Lines it cannot read are
 * ignored: Jackson has already validated the syntax.
 */
final class TomlLineIndex {

    private final Map<String, Integer> lines = new HashMap<>();
    private final Map<String, Integer> arrayTableCounts = new HashMap<>();
    private List<String> table = List.of();

    private String openMultilineString;
    private int openBrackets;

    TomlLineIndex(String text) {
        String[] rows = text.split("\r\n|\r|\n", -1);
        for (int i = 0; i < rows.length; i++) {
            scan(rows[i], i + 1);
        }
    }

    /** The line of the path, or of its nearest ancestor that has one; 1 when none has. */
    int lineOf(List<String> path) {
        for (int len = path.size(); len > 0; len--) {
            Integer line = lines.get(key(path.subList(0, len)));
            if (line != null) {
                return line;
            }
        }
        return 1;
    }

    private void scan(String row, int line) {
        if (openMultilineString != null) {
            int close = row.indexOf(openMultilineString);
            if (close >= 0) {
                String rest = row.substring(close + 3);
                openMultilineString = null;
                scanValue(rest);
            }
            return;
        }
        if (openBrackets > 0) {
            scanValue(row);
            return;
        }
        String s = row.strip();
        if (s.isEmpty() || s.startsWith("#")) {
            return;
        }
        if (s.startsWith("[[")) {
            List<String> keys = new ArrayList<>();
            if (parseKeys(s, 2, "]]", keys) >= 0) {
                enterTable(keys, true, line);
            }
        } else if (s.startsWith("[")) {
            List<String> keys = new ArrayList<>();
            if (parseKeys(s, 1, "]", keys) >= 0) {
                enterTable(keys, false, line);
            }
        } else {
            List<String> keys = new ArrayList<>();
            int end = parseKeys(s, 0, "=", keys);
            if (end >= 0) {
                List<String> full = new ArrayList<>(table);
                for (String k : keys) {
                    full.add(k);
                    lines.putIfAbsent(key(full), line);
                }
                scanValue(s.substring(end));
            }
        }
    }

    private void enterTable(List<String> keys, boolean arrayOfTables, int line) {
        List<String> resolved = new ArrayList<>();
        for (int j = 0; j < keys.size(); j++) {
            resolved.add(keys.get(j));
            String p = key(resolved);
            lines.putIfAbsent(p, line);
            boolean definedHere = arrayOfTables && j == keys.size() - 1;
            Integer count = arrayTableCounts.get(p);
            if (count != null && !definedHere) {
                // A table under an array of tables belongs to its latest element.
                resolved.add(Integer.toString(count - 1));
            }
        }
        if (arrayOfTables) {
            String p = key(resolved);
            int index = arrayTableCounts.merge(p, 1, Integer::sum) - 1;
            resolved.add(Integer.toString(index));
            lines.putIfAbsent(key(resolved), line);
        }
        table = List.copyOf(resolved);
    }

    /** Tracks brackets and multi-line strings opened by a value so that continuation lines are not read as keys. */
    private void scanValue(String value) {
        int i = 0;
        int n = value.length();
        while (i < n) {
            char c = value.charAt(i);
            if (c == '#') {
                return;
            }
            if (c == '"' || c == '\'') {
                String triple = value.startsWith(String.valueOf(c).repeat(3), i) ? String.valueOf(c).repeat(3) : null;
                if (triple != null) {
                    int close = value.indexOf(triple, i + 3);
                    if (close < 0) {
                        openMultilineString = triple;
                        return;
                    }
                    i = close + 3;
                    continue;
                }
                i = skipString(value, i, c);
                continue;
            }
            if (c == '[' || c == '{') {
                openBrackets++;
            } else if ((c == ']' || c == '}') && openBrackets > 0) {
                openBrackets--;
            }
            i++;
        }
    }

    private static int skipString(String s, int start, char quote) {
        int i = start + 1;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '\\' && quote == '"') {
                i += 2;
                continue;
            }
            if (c == quote) {
                return i + 1;
            }
            i++;
        }
        return s.length();
    }

    /** Parses dotted keys from {@code start} up to the terminator; returns the index after it, or -1. */
    private static int parseKeys(String s, int start, String terminator, List<String> out) {
        int i = start;
        int n = s.length();
        while (true) {
            while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
                i++;
            }
            if (i >= n) {
                return -1;
            }
            char c = s.charAt(i);
            StringBuilder k = new StringBuilder();
            if (c == '"') {
                i++;
                while (i < n && s.charAt(i) != '"') {
                    char d = s.charAt(i);
                    if (d == '\\' && i + 1 < n) {
                        i = unescape(s, i + 1, k);
                        continue;
                    }
                    k.append(d);
                    i++;
                }
                if (i >= n) {
                    return -1;
                }
                i++;
            } else if (c == '\'') {
                int close = s.indexOf('\'', i + 1);
                if (close < 0) {
                    return -1;
                }
                k.append(s, i + 1, close);
                i = close + 1;
            } else {
                while (i < n && isBareKeyChar(s.charAt(i))) {
                    k.append(s.charAt(i));
                    i++;
                }
                if (k.length() == 0) {
                    return -1;
                }
            }
            out.add(k.toString());
            while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
                i++;
            }
            if (s.startsWith(terminator, i)) {
                return i + terminator.length();
            }
            if (i < n && s.charAt(i) == '.') {
                i++;
                continue;
            }
            return -1;
        }
    }

    private static int unescape(String s, int i, StringBuilder out) {
        char e = s.charAt(i);
        switch (e) {
            case 'n':
                out.append('\n');
                return i + 1;
            case 't':
                out.append('\t');
                return i + 1;
            case 'r':
                out.append('\r');
                return i + 1;
            case 'b':
                out.append('\b');
                return i + 1;
            case 'f':
                out.append('\f');
                return i + 1;
            case 'u':
            case 'U': {
                int len = e == 'u' ? 4 : 8;
                if (i + 1 + len <= s.length()) {
                    try {
                        out.appendCodePoint(Integer.parseInt(s.substring(i + 1, i + 1 + len), 16));
                        return i + 1 + len;
                    } catch (IllegalArgumentException notHex) {
                        out.append(e);
                        return i + 1;
                    }
                }
                out.append(e);
                return i + 1;
            }
            default:
                out.append(e);
                return i + 1;
        }
    }

    private static boolean isBareKeyChar(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    }

    private static String key(List<String> path) {
        return String.join("\u0000", path);
    }
}
