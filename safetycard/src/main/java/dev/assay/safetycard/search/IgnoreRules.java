package dev.assay.safetycard.search;

import java.util.ArrayList;
import java.util.List;

/**
 * The rules of one gitignore-format source ({@code .gitignore}, {@code .ignore}, {@code .rgignore},
 * {@code .git/info/exclude}, or the {@code -g} overrides), rooted at a repository-relative folder. Lines follow
 * gitignore syntax as ripgrep reads it: {@code #} comments, {@code !} re-includes, a trailing {@code /} matches only
 * folders, a pattern without an inner {@code /} matches at any depth, {@code /**} matches everything below; the last
 * matching line wins.
 */
final class IgnoreRules {
    /** Bound on rule lines per source; a hostile repository could ship an enormous ignore file. */
    static final int MAX_RULES = 20_000;

    private record Rule(Glob glob, boolean whitelist, boolean onlyDir) {
    }

    private final String root;
    private final List<Rule> rules;

    private IgnoreRules(String root, List<Rule> rules) {
        this.root = root;
        this.rules = rules;
    }

    static IgnoreRules empty(String root) {
        return new IgnoreRules(root, List.of());
    }

    boolean isEmpty() {
        return rules.isEmpty();
    }

    /**
     * Parses the text of an ignore file rooted at {@code root} ("" for the repository root). Lines that do not
     * compile are skipped, as ripgrep skips them; {@code problems} receives one message per skipped line.
     */
    static IgnoreRules parse(String root, String text, String sourceName, List<String> problems) {
        List<Rule> rules = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int k = 0; k < lines.length; k++) {
            String line = lines[k];
            if (line.endsWith("\r")) {
                line = line.substring(0, line.length() - 1);
            }
            if (k == 0 && line.startsWith("\uFEFF")) {
                line = line.substring(1);
            }
            if (rules.size() >= MAX_RULES) {
                problems.add(sourceName + ": more than " + MAX_RULES + " rules; the rest are not applied");
                break;
            }
            try {
                Rule rule = rule(line, false);
                if (rule != null) {
                    rules.add(rule);
                }
            } catch (IllegalArgumentException e) {
                problems.add(sourceName + ":" + (k + 1) + ": " + e.getMessage());
            }
        }
        return new IgnoreRules(root, List.copyOf(rules));
    }

    /** Rules from {@code -g}/{@code --iglob} values, rooted at the repository root, in command-line order. */
    static IgnoreRules overrides(List<String> globs, List<Boolean> caseInsensitive) throws SearchCommandException {
        List<Rule> rules = new ArrayList<>();
        for (int k = 0; k < globs.size(); k++) {
            try {
                Rule rule = rule(globs.get(k), caseInsensitive.get(k));
                if (rule != null) {
                    rules.add(rule);
                }
            } catch (IllegalArgumentException e) {
                throw SearchCommandException.invalid("invalid --glob value: " + e.getMessage());
            }
        }
        return new IgnoreRules("", List.copyOf(rules));
    }

    /** Whether any rule ignores (for {@code -g} overrides: whether any glob selects files, not only excludes). */
    boolean hasIgnoreRule() {
        return rules.stream().anyMatch(r -> !r.whitelist());
    }

    private static Rule rule(String raw, boolean caseInsensitive) {
        String line = raw;
        if (line.startsWith("#")) {
            return null;
        }
        if (!line.endsWith("\\ ")) {
            line = stripTrailingWhitespace(line);
        }
        if (line.isEmpty()) {
            return null;
        }
        boolean whitelist = false;
        boolean absolute = false;
        if (line.startsWith("\\!") || line.startsWith("\\#")) {
            line = line.substring(1);
            absolute = line.startsWith("/");
        } else {
            if (line.startsWith("!")) {
                whitelist = true;
                line = line.substring(1);
            }
            if (line.startsWith("/")) {
                line = line.substring(1);
                absolute = true;
            }
        }
        boolean onlyDir = false;
        if (line.endsWith("/")) {
            onlyDir = true;
            line = line.substring(0, line.length() - 1);
        }
        String actual = line;
        if (!absolute && line.indexOf('/') < 0 && !actual.startsWith("**/")) {
            actual = "**/" + actual;
        }
        if (actual.endsWith("/**")) {
            actual = actual + "/*";
        }
        return new Rule(Glob.compile(actual, true, caseInsensitive), whitelist, onlyDir);
    }

    private static String stripTrailingWhitespace(String s) {
        int end = s.length();
        while (end > 0 && Character.isWhitespace(s.charAt(end - 1))) {
            end--;
        }
        return s.substring(0, end);
    }

    /**
     * Matches a repository-relative path (no leading {@code ./}, {@code /}-separated). The path is made relative
     * to this source's root first, as git and ripgrep do for nested ignore files.
     */
    IgnoreMatch match(String repoPath, boolean isDir) {
        if (rules.isEmpty()) {
            return IgnoreMatch.NONE;
        }
        String candidate = repoPath;
        if (!root.isEmpty() && candidate.indexOf('/') >= 0 && candidate.startsWith(root + "/")) {
            candidate = candidate.substring(root.length() + 1);
        }
        for (int k = rules.size() - 1; k >= 0; k--) {
            Rule rule = rules.get(k);
            if ((!rule.onlyDir() || isDir) && rule.glob().matches(candidate)) {
                return rule.whitelist() ? IgnoreMatch.WHITELIST : IgnoreMatch.IGNORE;
            }
        }
        return IgnoreMatch.NONE;
    }
}
