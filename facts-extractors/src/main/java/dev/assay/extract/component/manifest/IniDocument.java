package dev.assay.extract.component.manifest;

import dev.assay.engine.fact.ConfigValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * An INI document as setuptools reads setup.cfg: {@code [section]} headers, {@code key = value} or {@code key: value}
 * lines, indented continuation lines, {@code #} and {@code ;} comment lines. Keys are lower-cased as configparser does.
 * Bounded by a maximum number of values; what lies beyond is reported as the problem.
 */
final class IniDocument {

    private record Entry(String section, String key, StringBuilder value, int line, String snippet) {
    }

    private final String file;
    private final Map<String, Integer> sectionLines = new LinkedHashMap<>();
    private final Map<String, String> sectionSnippets = new LinkedHashMap<>();
    private final Map<String, List<Entry>> bySection = new LinkedHashMap<>();
    private int count;
    private String problem;

    private IniDocument(String file) {
        this.file = file;
    }

    static IniDocument read(String file, String text, int maxValues, int snippetChars) {
        IniDocument doc = new IniDocument(file);
        String[] lines = text.split("\r\n|\r|\n", -1);
        String section = null;
        Entry current = null;
        for (int i = 0; i < lines.length; i++) {
            String raw = lines[i];
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) {
                if (line.isEmpty()) {
                    current = null;
                }
                continue;
            }
            String snippet = line.length() > snippetChars ? line.substring(0, snippetChars) : line;
            if (current != null && Character.isWhitespace(raw.charAt(0))) {
                if (current.value().length() > 0) {
                    current.value().append('\n');
                }
                current.value().append(line);
                continue;
            }
            if (line.startsWith("[") && line.endsWith("]")) {
                section = line.substring(1, line.length() - 1).strip();
                doc.sectionLines.putIfAbsent(section, i + 1);
                doc.sectionSnippets.putIfAbsent(section, snippet);
                doc.bySection.putIfAbsent(section, new ArrayList<>());
                current = null;
                continue;
            }
            int eq = line.indexOf('=');
            int colon = line.indexOf(':');
            int at = eq < 0 ? colon : colon < 0 ? eq : Math.min(eq, colon);
            if (section == null || at <= 0) {
                current = null;
                continue;
            }
            if (doc.count >= maxValues) {
                doc.problem = "more than " + maxValues + " values; the rest not read";
                break;
            }
            String key = line.substring(0, at).strip().toLowerCase(Locale.ROOT);
            current = new Entry(section, key, new StringBuilder(line.substring(at + 1).strip()), i + 1, snippet);
            doc.bySection.get(section).add(current);
            doc.count++;
        }
        return doc;
    }

    String problem() {
        return problem;
    }

    /** The last value of a key in a section, or "". */
    String get(String section, String key) {
        String found = "";
        for (Entry e : bySection.getOrDefault(section, List.of())) {
            if (e.key().equals(key)) {
                found = e.value().toString();
            }
        }
        return found;
    }

    /** Values in the shape of parsed configs: the root, each section as an object, each key as a string. */
    List<ConfigValue> values(String document) {
        List<ConfigValue> out = new ArrayList<>();
        out.add(new ConfigValue(file, document, "", Integer.toString(sectionLines.size()), "object", 1, ""));
        for (Map.Entry<String, Integer> s : sectionLines.entrySet()) {
            List<Entry> section = bySection.get(s.getKey());
            out.add(new ConfigValue(file, document, s.getKey(), Integer.toString(section.size()), "object",
                    s.getValue(), sectionSnippets.get(s.getKey())));
            for (Entry e : section) {
                out.add(new ConfigValue(file, document, s.getKey() + "." + e.key(), e.value().toString(), "string",
                        e.line(), e.snippet()));
            }
        }
        return out;
    }
}
