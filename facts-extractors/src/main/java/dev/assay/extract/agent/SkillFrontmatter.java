package dev.assay.extract.agent;

import dev.assay.extract.config.ConfigBounds;
import dev.assay.extract.config.ConfigFormat;
import dev.assay.extract.config.ConfigNode;
import dev.assay.extract.config.ConfigParseResult;
import dev.assay.extract.config.ConfigParser;
import dev.assay.engine.spi.FileContent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The YAML frontmatter of a SKILL.md (between a first line {@code ---} and the next {@code ---} or {@code ...} line),
 * read with the config parser's bounds. {@code allowed-tools} may be a string (tools separated by blanks or commas;
 * blanks inside parentheses, as in {@code Bash(git add:*)}, belong to the tool) or a list of strings.
 */
record SkillFrontmatter(String name, String description, List<String> allowedTools, String error) {

    static SkillFrontmatter absent() {
        return new SkillFrontmatter(null, null, List.of(), null);
    }

    static SkillFrontmatter broken(String error) {
        return new SkillFrontmatter(null, null, List.of(), error);
    }

    static SkillFrontmatter read(FileContent content, int maxChars, ConfigBounds bounds) {
        String text = content.text();
        if (text == null) {
            return broken("SKILL.md is not text");
        }
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        String[] rows = text.split("\r\n|\r|\n", -1);
        if (rows.length == 0 || !rows[0].stripTrailing().equals("---")) {
            return absent();
        }
        // The opening line becomes an empty line so that YAML line numbers are the file's line numbers.
        StringBuilder yaml = new StringBuilder("\n");
        int closing = -1;
        for (int i = 1; i < rows.length; i++) {
            String row = rows[i].stripTrailing();
            if (row.equals("---") || row.equals("...")) {
                closing = i;
                break;
            }
            if (yaml.length() + rows[i].length() > maxChars) {
                break;
            }
            yaml.append(rows[i]).append('\n');
        }
        if (closing < 0) {
            return broken("frontmatter: no closing '---' line within " + maxChars + " characters");
        }
        String source = yaml.toString();
        FileContent frontmatter = new FileContent(content.path(), source.getBytes(StandardCharsets.UTF_8),
                content.mode(), false, source, "UTF-8");
        ConfigParseResult result = ConfigParser.parse(frontmatter, ConfigFormat.YAML, bounds);
        if (result instanceof ConfigParseResult.Failed) {
            return broken("frontmatter: " + ((ConfigParseResult.Failed) result).reason());
        }
        ConfigNode root = ((ConfigParseResult.Parsed) result).config().root();
        if (root.type() == ConfigNode.Type.NULL) {
            return absent();
        }
        if (!root.isObject()) {
            return broken("frontmatter: not a YAML mapping");
        }
        String name = root.get("name").flatMap(ConfigNode::nonEmptyText).map(String::strip).orElse(null);
        String description = root.get("description").flatMap(ConfigNode::nonEmptyText).map(String::strip).orElse(null);
        List<String> tools = new ArrayList<>();
        root.get("allowed-tools").ifPresent(node -> {
            if (node.isArray()) {
                for (ConfigNode element : node.elements()) {
                    element.nonEmptyText().map(String::strip).filter(s -> !s.isEmpty()).ifPresent(tools::add);
                }
            } else {
                node.nonEmptyText().ifPresent(s -> tools.addAll(splitTools(s)));
            }
        });
        return new SkillFrontmatter(name, description, List.copyOf(tools), null);
    }

    static List<String> splitTools(String value) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int depth = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')' && depth > 0) {
                depth--;
            }
            if (depth == 0 && (Character.isWhitespace(c) || c == ',')) {
                if (current.length() > 0) {
                    out.add(current.toString());
                    current.setLength(0);
                }
                continue;
            }
            current.append(c);
        }
        if (current.length() > 0) {
            out.add(current.toString());
        }
        return out;
    }
}
