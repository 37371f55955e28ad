package dev.assay.safetycard.search;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a command line into words as Python's {@code shlex.split} does (the public calculator's reading of a
 * {@code search}), without ever expanding anything: single quotes are literal, inside double quotes a backslash
 * escapes only {@code "} and {@code \}, a bare backslash escapes the next character, and glob characters, braces,
 * {@code #}, {@code ~} and parentheses stay literal. Wherever a real shell would read the line differently from that,
 * or would act on it instead of passing arguments, the line is refused: pipes, redirections, command separators,
 * background jobs, command substitution, variable expansion and line breaks.
 */
public final class ShellWords {
    /** Bound on the command length; published audit commands are a few hundred characters. */
    public static final int MAX_LENGTH = 8192;

    private ShellWords() {
    }

    public static List<String> split(String line) throws SearchCommandException {
        if (line == null) {
            throw SearchCommandException.invalid("the command is missing");
        }
        if (line.length() > MAX_LENGTH) {
            throw SearchCommandException.invalid("the command is longer than " + MAX_LENGTH + " characters");
        }
        for (int k = 0; k < line.length(); k++) {
            char c = line.charAt(k);
            if (c == '\n' || c == '\r' || c == 0) {
                throw SearchCommandException.invalid("the command contains a line break or NUL character (column "
                        + (k + 1) + "); a search is one line");
            }
        }
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        int i = 0;
        int n = line.length();
        while (i < n) {
            char c = line.charAt(i);
            if (c == ' ' || c == '\t') {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
                i++;
            } else if (c == '\'') {
                int end = line.indexOf('\'', i + 1);
                if (end < 0) {
                    throw SearchCommandException.invalid("unterminated single quote at column " + (i + 1));
                }
                word.append(line, i + 1, end);
                inWord = true;
                i = end + 1;
            } else if (c == '"') {
                i = doubleQuoted(line, i, word);
                inWord = true;
            } else if (c == '\\') {
                if (i + 1 >= n) {
                    throw SearchCommandException.invalid("the command ends with a lone backslash");
                }
                word.append(line.charAt(i + 1));
                inWord = true;
                i += 2;
            } else {
                String refusal = refusal(line, i);
                if (refusal != null) {
                    throw SearchCommandException.invalid(refusal + " at column " + (i + 1)
                            + "; a search must be a single rg command with quoted arguments");
                }
                word.append(c);
                inWord = true;
                i++;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }

    private static int doubleQuoted(String line, int open, StringBuilder word) throws SearchCommandException {
        int i = open + 1;
        int n = line.length();
        while (i < n) {
            char c = line.charAt(i);
            if (c == '"') {
                return i + 1;
            }
            if (c == '\\' && i + 1 < n) {
                char next = line.charAt(i + 1);
                if (next == '"' || next == '\\') {
                    word.append(next);
                    i += 2;
                    continue;
                }
                if (next == '$' || next == '`') {
                    throw SearchCommandException.invalid("'\\" + next + "' inside double quotes reads differently in a"
                            + " shell and in shlex (column " + (i + 1) + "); use single quotes");
                }
                word.append('\\');
                i++;
                continue;
            }
            if (c == '$') {
                throw SearchCommandException.invalid("'$' inside double quotes would be expanded by a shell (column "
                        + (i + 1) + "); use single quotes");
            }
            if (c == '`') {
                throw SearchCommandException.invalid("backquote command substitution is not allowed (column "
                        + (i + 1) + ")");
            }
            word.append(c);
            i++;
        }
        throw SearchCommandException.invalid("unterminated double quote at column " + (open + 1));
    }

    private static String refusal(String line, int i) {
        char c = line.charAt(i);
        return switch (c) {
            case '|' -> "a pipe ('|')";
            case ';' -> "a command separator (';')";
            case '&' -> "a background or '&&' operator ('&')";
            case '<', '>' -> "a redirection ('" + c + "')";
            case '`' -> "backquote command substitution";
            case '$' -> i + 1 < line.length() && line.charAt(i + 1) == '(' ? "command substitution ('$(')"
                    : "variable expansion ('$')";
            default -> null;
        };
    }
}
