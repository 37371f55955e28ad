package dev.assay.extract.component;

import dev.assay.engine.rules.Globs;
import dev.assay.extract.component.code.Language;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What a file is by its path (and, for files without a suffix, its {@code #!} line): context tags, parsed language and
 * text role, all from the lists in {@code component-scan.yaml}. Case-insensitive; deterministic.
 */
final class PathRules {

    static final String TEST_CODE = "test-code";
    static final String DOCS = "docs";
    static final String DATA_CORPUS = "data-corpus";
    static final String AGENT_FACING = "agent-facing";

    private static final List<String> INSTRUCTION_SUFFIXES = List.of("md", "mdc", "markdown", "txt", "rst", "");

    private final ScanSettings settings;

    PathRules(ScanSettings settings) {
        this.settings = settings;
    }

    static String fileName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** The suffix after the last dot of the file name, lower case; "" when none (a leading dot does not count). */
    static String suffix(String path) {
        String name = fileName(path);
        int dot = name.lastIndexOf('.');
        return dot <= 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }

    private static List<String> folders(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? List.of() : List.of(path.substring(0, slash).split("/"));
    }

    /**
     * The path-based tags of a file with a note on what matched: test-code, docs, data-corpus, agent-facing.
     *
     * @param skillDirectory the folder of the agent skill the file belongs to, or null
     */
    Map<String, String> tags(String path, String skillDirectory) {
        Map<String, String> tags = new TreeMap<>();
        String name = fileName(path);
        List<String> folders = folders(path);
        ScanSettings.TagRule test = rule(TEST_CODE);
        String why = folderMatch(folders, test.directories());
        if (why == null) {
            why = fileMatch(name, test.files());
        }
        if (why != null) {
            tags.put(TEST_CODE, why);
        }
        String agent = agentFacing(path, name, skillDirectory);
        if (agent != null) {
            tags.put(AGENT_FACING, agent);
        } else {
            ScanSettings.TagRule docs = rule(DOCS);
            String doc = folderMatch(folders, docs.directories());
            if (doc == null) {
                doc = fileMatch(name, docs.files());
            }
            if (doc == null) {
                doc = pathMatch(path, docs.paths());
            }
            if (doc != null) {
                tags.put(DOCS, doc);
            }
        }
        if (!isCode(path)) {
            String data = folderMatch(folders, rule(DATA_CORPUS).directories());
            if (data != null) {
                tags.put(DATA_CORPUS, data + " (not code)");
            }
        }
        return tags;
    }

    private String agentFacing(String path, String name, String skillDirectory) {
        ScanSettings.TagRule rule = rule(AGENT_FACING);
        String why = fileMatch(name, rule.files());
        if (why == null) {
            why = pathMatch(path, rule.paths());
        }
        if (why == null && skillDirectory != null && !isCode(path)) {
            String inside = skillDirectory.isEmpty() ? path
                    : path.startsWith(skillDirectory + "/") ? path.substring(skillDirectory.length() + 1) : null;
            if (inside != null) {
                String folder = folderMatch(folders(inside), rule.skillDirectories());
                if (folder != null) {
                    why = "skill " + folder.replace("folder ", "") + " read by the agent";
                }
            }
        }
        return why;
    }

    private ScanSettings.TagRule rule(String tag) {
        ScanSettings.TagRule rule = settings.tags().get(tag);
        return rule != null ? rule : new ScanSettings.TagRule(null, null, null, null);
    }

    private static String folderMatch(List<String> folders, List<String> patterns) {
        for (String folder : folders) {
            for (String p : patterns) {
                if (NamePattern.matches(p, folder)) {
                    return "folder " + folder + "/";
                }
            }
        }
        return null;
    }

    private static String fileMatch(String name, List<String> patterns) {
        for (String p : patterns) {
            if (NamePattern.matches(p, name)) {
                return "file name " + p;
            }
        }
        return null;
    }

    private static String pathMatch(String path, List<String> globs) {
        String lower = path.toLowerCase(Locale.ROOT);
        for (String g : globs) {
            if (Globs.matches(g.toLowerCase(Locale.ROOT), lower)) {
                return "path " + g;
            }
        }
        return null;
    }

    /** The parsed language by suffix, or by the interpreter of a {@code #!} line when the file has no suffix. */
    Optional<Language> language(String path, String firstLine) {
        String suffix = suffix(path);
        for (Language language : Language.values()) {
            ScanSettings.LanguageRule rule = settings.languages().get(language.settingsKey());
            if (rule != null && !suffix.isEmpty() && rule.suffixes().contains(suffix)) {
                return Optional.of(language);
            }
        }
        if (!suffix.isEmpty() || firstLine == null || !firstLine.startsWith("#!")) {
            return Optional.empty();
        }
        String interpreter = interpreter(firstLine);
        for (Language language : Language.values()) {
            ScanSettings.LanguageRule rule = settings.languages().get(language.settingsKey());
            if (rule != null && rule.interpreters().contains(interpreter)) {
                return Optional.of(language);
            }
        }
        return Optional.empty();
    }

    /** {@code #!/usr/bin/env -S python3.11 -u} → python; version digits are dropped. */
    static String interpreter(String shebang) {
        String[] words = shebang.substring(2).strip().split("\\s+");
        int i = 0;
        String program = words.length > 0 ? fileName(words[0]) : "";
        if (program.equals("env")) {
            i = 1;
            while (i < words.length && (words[i].startsWith("-") || words[i].contains("="))) {
                i++;
            }
            program = i < words.length ? fileName(words[i]) : "";
        }
        return program.replaceAll("[0-9.]+$", "").toLowerCase(Locale.ROOT);
    }

    boolean isCode(String path) {
        String suffix = suffix(path);
        if (suffix.isEmpty()) {
            return false;
        }
        if (settings.codeSuffixes().contains(suffix)) {
            return true;
        }
        for (ScanSettings.LanguageRule rule : settings.languages().values()) {
            if (rule.suffixes().contains(suffix)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the file's name says it is text: source in a parsed language, other code (not compiled), instructions,
     * docs or config, or the skill file. Binary bytes in such a file are an anomaly, not a reason to skip it.
     */
    boolean claimsText(String path) {
        if (isCompiled(path)) {
            return false;
        }
        String suffix = suffix(path);
        String name = fileName(path);
        return language(path, null).isPresent() || isCode(path) || name.equals(settings.components().skillFile())
                || (!suffix.isEmpty() && INSTRUCTION_SUFFIXES.contains(suffix))
                || settings.configSuffixes().contains(suffix) || settings.configFiles().contains(name);
    }

    boolean isCompiled(String path) {
        return settings.compiledSuffixes().contains(suffix(path));
    }

    /** The TextDocument role: skill-instructions, code, config, doc or other. */
    String role(String path, Map<String, String> tags, boolean parsedLanguage) {
        String suffix = suffix(path);
        if (tags.containsKey(AGENT_FACING) && INSTRUCTION_SUFFIXES.contains(suffix)) {
            return "skill-instructions";
        }
        if (parsedLanguage || isCode(path)) {
            return "code";
        }
        String name = fileName(path);
        if (settings.configSuffixes().contains(suffix) || settings.configFiles().contains(name)
                || name.startsWith(".env")) {
            return "config";
        }
        if (tags.containsKey(DOCS)) {
            return "doc";
        }
        return "other";
    }
}
