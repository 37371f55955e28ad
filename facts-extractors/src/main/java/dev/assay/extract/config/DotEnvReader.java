package dev.assay.extract.config;

/**
 * Reads a .env file into a flat object of strings: {@code KEY=VALUE} lines with optional {@code export}, values bare
 * (an unquoted {@code #} after a blank starts a comment), in double quotes (escapes \n \r \t \" \\; may span lines),
 * single quotes or backquotes (literal; may span lines). Lines that are not assignments are ignored, as dotenv loaders
 * ignore them; a key given twice keeps its last value.
 */
final class DotEnvReader {

    private DotEnvReader() {
    }

    static ConfigNode read(String text, ConfigBounds bounds) throws ConfigRejected {
        String[] rows = text.split("\r\n|\r|\n", -1);
        ConfigNode root = ConfigNode.object(1);
        int nodes = 1;
        for (int i = 0; i < rows.length; i++) {
            int line = i + 1;
            String s = stripLeading(rows[i]);
            if (s.isEmpty() || s.charAt(0) == '#') {
                continue;
            }
            if (s.startsWith("export ") || s.startsWith("export\t")) {
                s = stripLeading(s.substring(7));
            }
            int keyEnd = keyEnd(s);
            if (keyEnd == 0) {
                continue;
            }
            String key = s.substring(0, keyEnd);
            int eq = keyEnd;
            while (eq < s.length() && (s.charAt(eq) == ' ' || s.charAt(eq) == '\t')) {
                eq++;
            }
            if (eq >= s.length() || s.charAt(eq) != '=') {
                continue;
            }
            String raw = stripLeading(s.substring(eq + 1));
            String value;
            if (!raw.isEmpty() && (raw.charAt(0) == '"' || raw.charAt(0) == '\'' || raw.charAt(0) == '`')) {
                char quote = raw.charAt(0);
                StringBuilder v = new StringBuilder();
                String rest = raw.substring(1);
                int row = i;
                while (true) {
                    int close = findClose(rest, quote, v);
                    if (close >= 0) {
                        break;
                    }
                    if (++row >= rows.length) {
                        throw new ConfigRejected(line, "unterminated quoted value of " + key);
                    }
                    v.append('\n');
                    rest = rows[row];
                }
                i = row;
                value = v.toString();
            } else {
                value = cutComment(raw).strip();
            }
            if (++nodes > bounds.maxNodes()) {
                throw ConfigRejected.bound(line, "more than " + bounds.maxNodes() + " values");
            }
            root.put(key, ConfigNode.scalar(ConfigNode.Type.STRING, value, line));
        }
        return root;
    }

    /** Appends the value up to the closing quote; returns its index, or -1 when the row ends first. */
    private static int findClose(String rest, char quote, StringBuilder v) {
        for (int j = 0; j < rest.length(); j++) {
            char c = rest.charAt(j);
            if (c == quote) {
                return j;
            }
            if (quote == '"' && c == '\\' && j + 1 < rest.length()) {
                char e = rest.charAt(++j);
                switch (e) {
                    case 'n':
                        v.append('\n');
                        break;
                    case 'r':
                        v.append('\r');
                        break;
                    case 't':
                        v.append('\t');
                        break;
                    case '"':
                    case '\\':
                        v.append(e);
                        break;
                    default:
                        v.append('\\').append(e);
                }
                continue;
            }
            v.append(c);
        }
        return -1;
    }

    private static String cutComment(String raw) {
        for (int j = 1; j < raw.length(); j++) {
            if (raw.charAt(j) == '#' && (raw.charAt(j - 1) == ' ' || raw.charAt(j - 1) == '\t')) {
                return raw.substring(0, j);
            }
        }
        return raw;
    }

    private static int keyEnd(String s) {
        if (s.isEmpty() || !isKeyStart(s.charAt(0))) {
            return 0;
        }
        int j = 1;
        while (j < s.length()) {
            char c = s.charAt(j);
            if (!(isKeyStart(c) || (c >= '0' && c <= '9') || c == '.' || c == '-')) {
                break;
            }
            j++;
        }
        return j;
    }

    private static boolean isKeyStart(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
    }

    private static String stripLeading(String s) {
        int j = 0;
        while (j < s.length() && (s.charAt(j) == ' ' || s.charAt(j) == '\t')) {
            j++;
        }
        return s.substring(j);
    }
}
