package dev.assay.extract.agent;

import dev.assay.engine.fact.ConfigValue;
import dev.assay.engine.fact.FileEntry;
import dev.assay.engine.fact.FileTag;
import dev.assay.engine.fact.InstalledPackage;
import dev.assay.engine.fact.InstalledSkill;
import dev.assay.engine.fact.ReplacedConfigValue;
import dev.assay.engine.fact.TextDocument;
import dev.assay.engine.spi.FactSink;
import dev.assay.engine.spi.FileContent;
import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.Recognition;
import dev.assay.engine.spi.Target;
import dev.assay.engine.spi.TargetEntry;
import dev.assay.extract.config.ConfigBounds;
import dev.assay.extract.config.ConfigFormat;
import dev.assay.extract.config.ConfigNode;
import dev.assay.extract.config.ConfigParseResult;
import dev.assay.extract.config.ConfigParser;
import dev.assay.extract.config.ConfigTree;
import dev.assay.extract.config.MergedConfig;
import dev.assay.extract.config.ParsedConfig;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One run of the agent-installation extractor over one target: first plans which known files to read (following
 * state dirs, workspaces and skills folders, and the OpenClaw config for further workspaces and skills folders), then
 * reads them in sorted path order and emits their facts. Not reusable.
 */
final class AgentScan {

    private static final String GIT_TRACKED = "git-tracked";

    /** A file the scan will read, and what it is. */
    private static final class Planned {
        final String path;
        final String kind;
        final String role;
        final KnownLocations.Location location;
        final TreeMap<String, String> tags = new TreeMap<>();
        String skillDirectory;
        String skillLocation;

        Planned(String path, String kind, String role, KnownLocations.Location location) {
            this.path = path;
            this.kind = kind;
            this.role = role;
            this.location = location;
        }
    }

    private record SkillsFolder(String path, String location) {
    }

    /** A config whose document has includes, resolved once: the merged values and the tree rebuilt from them. */
    private record Resolved(ConfigIncludes includes, List<ConfigValue> values, MergedConfig tree) {
    }

    private final KnownLocations table;
    private final KnownLocations.Bounds bounds;
    private final Target target;
    private final FactSink sink;
    private final ConfigBounds configBounds;
    private final int maxFiles;
    private final McpServerReader servers;
    private final LaunchPackages launches;

    private final InstallationRecognition recognition;
    /** State dir → the agent it belongs to, for grouping what was found in it. */
    private final TreeMap<String, String> stateAgents = new TreeMap<>();
    private String base = "";

    private final TreeMap<String, Planned> plan = new TreeMap<>();
    private final Map<String, Optional<FileContent>> contents = new HashMap<>();
    private final Map<String, ConfigParseResult> parsed = new HashMap<>();
    private final Map<String, Resolved> resolved = new HashMap<>();
    private final Map<String, String> gitRoots = new HashMap<>();
    private int droppedForLimit;

    AgentScan(KnownLocations table, Target target, FactSink sink, Limits limits) {
        this.table = table;
        this.bounds = table.bounds();
        this.target = target;
        this.sink = sink;
        this.configBounds = ConfigBounds.from(limits);
        this.maxFiles = Math.min(bounds.maxFiles(), limits.maxFiles());
        this.servers = new McpServerReader(table.mcp());
        this.launches = new LaunchPackages(table.launchers(), table.packages());
        this.recognition = new InstallationRecognition(table);
    }

    void run() {
        Optional<String> found = findBase();
        if (found.isEmpty()) {
            // Nothing known at the root: every known location of a home or project folder was looked for in vain.
            for (KnownLocations.Location l : table.scopes().get("base")) {
                recognition.notFound(recognition.agentOf(l), l.path());
            }
            target.recognise(recognition.result());
            return;
        }
        base = found.get();
        boolean home = table.homeMarkers().stream().anyMatch(m -> target.exists(TargetGlob.join(base, m)));
        ConfiguredFolder folders = new ConfiguredFolder(target, base, home, stateFolderNames());

        LinkedHashSet<String> stateDirs = new LinkedHashSet<>();
        LinkedHashSet<String> workspaces = new LinkedHashSet<>();
        List<SkillsFolder> skillsFolders = new ArrayList<>();
        if (hasStateMarker(base)) {
            stateDirs.add(base);
        }
        List<String> nested = new ArrayList<>();
        planScope("base", base, home, nested, workspaces, skillsFolders);
        stateDirs.addAll(nested);
        for (String state : stateDirs) {
            String agent = recognition.stateAgent(presentStateDocuments(state));
            stateAgents.put(state, agent);
            recognition.found(agent, "state-folder", state.isEmpty() ? "." : state);
        }
        for (String state : stateDirs) {
            LinkedHashSet<String> stateWorkspaces = new LinkedHashSet<>();
            planScope("state", state, home, new ArrayList<>(), stateWorkspaces, skillsFolders);
            followConfig(state, folders, stateWorkspaces, skillsFolders);
            workspaces.addAll(stateWorkspaces);
        }
        for (String workspace : workspaces) {
            planScope("workspace", workspace, home, new ArrayList<>(), new LinkedHashSet<>(), skillsFolders);
        }
        Set<String> seenSkillsFolders = new LinkedHashSet<>();
        for (SkillsFolder folder : skillsFolders) {
            if (seenSkillsFolders.add(folder.path())) {
                planSkills(folder);
            }
        }
        boolean singleFile = isSingleFile(base);
        if (singleFile) {
            planScope("single-file", base, home, new ArrayList<>(), new LinkedHashSet<>(), skillsFolders);
        }
        if (droppedForLimit > 0) {
            target.skip(base, droppedForLimit + " more known agent files not read: agent-installation reads at most "
                    + maxFiles + " files");
        }
        TreeMap<String, KnownLocations.Folder> modeFolders = new TreeMap<>();
        for (String state : stateDirs) {
            for (KnownLocations.Folder f : table.stateFolders()) {
                String path = f.path().isEmpty() ? state : TargetGlob.join(state, f.path());
                if (target.isDirectory(path)) {
                    modeFolders.putIfAbsent(path, f);
                }
            }
        }
        // Files and folders in one sorted path order, so that facts come out in the same order on every run.
        TreeSet<String> paths = new TreeSet<>(plan.keySet());
        paths.addAll(modeFolders.keySet());
        for (String path : paths) {
            if (modeFolders.containsKey(path)) {
                emitFolder(path, modeFolders.get(path));
            }
            if (plan.containsKey(path)) {
                emit(plan.get(path));
            }
        }
        if (singleFile) {
            // A lone config was given: the known locations of a home folder were not looked for.
            target.recognise(new Recognition(recognition.result().found(), List.of()));
        } else {
            target.recognise(recognition.result());
        }
    }

    /** The documents of a state dir's own config files that are present (openclaw.json is OpenClaw's). */
    private List<String> presentStateDocuments(String state) {
        List<String> documents = new ArrayList<>();
        for (KnownLocations.Location l : table.scopes().get("state")) {
            if ("config".equals(l.kind()) && !l.path().contains("*") && target.exists(TargetGlob.join(state, l.path()))) {
                documents.add(l.document());
            }
        }
        return documents;
    }

    /** The agent a file or folder belongs to when no config document names one: its state dir's, or by top folder. */
    private String groupOf(String path) {
        for (Map.Entry<String, String> state : stateAgents.descendingMap().entrySet()) {
            if (state.getKey().isEmpty() || path.equals(state.getKey()) || path.startsWith(state.getKey() + "/")) {
                return state.getValue();
            }
        }
        String relative = base.isEmpty() || !path.startsWith(base + "/") ? path : path.substring(base.length() + 1);
        return recognition.agentOfPath(relative);
    }

    // ---- finding what to read ----

    /** The folder known locations are relative to: the root, or the single folder an archive wraps them in. */
    private Optional<String> findBase() {
        String base = "";
        for (int level = 0; level <= bounds.maxBaseDescent(); level++) {
            if (knownAt(base)) {
                return Optional.of(base);
            }
            List<TargetEntry> entries = target.list(base);
            if (entries.size() != 1 || !entries.get(0).directory()) {
                return Optional.empty();
            }
            base = entries.get(0).path();
        }
        return Optional.empty();
    }

    private boolean knownAt(String base) {
        if (hasStateMarker(base) || isSingleFile(base)) {
            return true;
        }
        for (KnownLocations.Location l : table.scopes().get("base")) {
            boolean directory = isFolderKind(l.kind());
            if (!TargetGlob.expand(target, base, l.path(), bounds.walkDepth(), directory).isEmpty()) {
                return true;
            }
        }
        return false;
    }

    private boolean hasStateMarker(String dir) {
        for (String marker : table.stateMarkers()) {
            String path = TargetGlob.join(dir, marker);
            if (target.exists(path) && !target.isDirectory(path)) {
                return true;
            }
        }
        return false;
    }

    private boolean isSingleFile(String base) {
        List<TargetEntry> entries = target.list(base);
        return entries.size() == 1 && !entries.get(0).directory();
    }

    private List<String> stateFolderNames() {
        List<String> names = new ArrayList<>();
        for (KnownLocations.Location l : table.scopes().get("base")) {
            if ("state-dir".equals(l.kind())) {
                names.add(l.path());
            }
        }
        return names;
    }

    private static boolean isFolderKind(String kind) {
        return "state-dir".equals(kind) || "workspace".equals(kind) || "skills".equals(kind);
    }

    private void planScope(String scope, String dir, boolean home, List<String> stateDirs, Set<String> workspaces,
            List<SkillsFolder> skillsFolders) {
        for (KnownLocations.Location l : table.scopes().get(scope)) {
            List<String> matches = TargetGlob.expand(target, dir, l.path(), bounds.walkDepth(), isFolderKind(l.kind()));
            if (matches.isEmpty() && ("base".equals(scope) || "state".equals(scope))) {
                recognition.notFound("state".equals(scope) ? stateAgents.getOrDefault(dir,
                        InstallationRecognition.STATE_AGENT_FALLBACK) : recognition.agentOf(l), TargetGlob.join(dir, l.path()));
            }
            switch (l.kind()) {
                case "state-dir":
                    stateDirs.addAll(matches);
                    break;
                case "workspace":
                    workspaces.addAll(matches);
                    break;
                case "skills": {
                    String location = !home && l.projectLocation() != null ? l.projectLocation() : l.location();
                    for (String folder : matches) {
                        skillsFolders.add(new SkillsFolder(folder, location));
                    }
                    break;
                }
                default: {
                    List<String> files = matches;
                    int limit = l.limitOr(Integer.MAX_VALUE);
                    for (int i = 0; i < files.size() && i < limit; i++) {
                        add(new Planned(files.get(i), l.kind(), l.roleOrDefault(), l));
                    }
                    if (files.size() > limit) {
                        target.skip(TargetGlob.literalPrefix(dir, l.path()), (files.size() - limit)
                                + " more files matching " + l.path() + " not read: limit of " + limit);
                    }
                }
            }
        }
    }

    /** Adds further workspaces and skills folders that a state dir's config names. */
    private void followConfig(String state, ConfiguredFolder folders, Set<String> workspaces,
            List<SkillsFolder> skillsFolders) {
        for (Planned p : new ArrayList<>(plan.values())) {
            if (!"config".equals(p.kind) || !TargetGlob.parent(p.path).equals(state)) {
                continue;
            }
            KnownLocations.DocumentProfile profile = table.documents().get(p.location.document());
            if (profile.workspaceKeys().isEmpty() && profile.skillDirKeys().isEmpty()) {
                continue;
            }
            Optional<ParsedConfig> config = parse(p);
            if (config.isEmpty()) {
                continue;
            }
            // With includes merged: a workspace or skills folder an included file declares counts as well.
            ConfigNode root = tree(p, config.get()).root();
            int taken = 0;
            for (String key : profile.workspaceKeys()) {
                for (ConfigNode node : McpServerReader.match(root, key.split("\\."), 0)) {
                    Optional<String> folder = node.nonEmptyText().flatMap(v -> folders.resolve(v, state));
                    if (folder.isPresent() && taken < bounds.maxWorkspaces() && workspaces.add(folder.get())) {
                        taken++;
                    }
                }
            }
            for (String key : profile.skillDirKeys()) {
                for (ConfigNode node : McpServerReader.match(root, key.split("\\."), 0)) {
                    node.nonEmptyText().flatMap(v -> folders.resolve(v, state))
                            .ifPresent(folder -> skillsFolders.add(new SkillsFolder(folder, "extra")));
                }
            }
        }
    }

    private void planSkills(SkillsFolder folder) {
        List<String> skillDirs = new ArrayList<>();
        for (TargetEntry e : target.list(folder.path())) {
            if (e.directory() && target.exists(TargetGlob.join(e.path(), "SKILL.md"))) {
                skillDirs.add(e.path());
            }
        }
        if (!skillDirs.isEmpty()) {
            recognition.found(groupOf(folder.path()), "skills-folder", folder.path());
        }
        int limit = bounds.maxSkillsPerFolder();
        for (int i = 0; i < skillDirs.size() && i < limit; i++) {
            planSkill(skillDirs.get(i), folder.location());
        }
        if (skillDirs.size() > limit) {
            target.skip(folder.path(), (skillDirs.size() - limit) + " more skill folders not read: limit of " + limit);
        }
    }

    private void planSkill(String dir, String location) {
        String skillMd = TargetGlob.join(dir, "SKILL.md");
        Planned main = new Planned(skillMd, "skill-md", "skill-instructions", null);
        main.tags.put("skill-instructions", "");
        main.skillDirectory = dir;
        main.skillLocation = location;
        if (plan.containsKey(skillMd)) {
            return;
        }
        // When the file bound is already reached the skill's files are still counted as dropped.
        add(main);
        List<String> others = new ArrayList<>();
        for (TargetEntry e : target.walk(dir, bounds.skillWalkDepth())) {
            String relative = e.path().substring(dir.length() + 1);
            if (!e.directory() && !e.path().equals(skillMd) && !relative.startsWith(".git/")
                    && !relative.contains("/.git/")) {
                others.add(e.path());
            }
        }
        int limit = bounds.maxFilesPerSkill() - 1;
        for (int i = 0; i < others.size() && i < limit; i++) {
            String path = others.get(i);
            boolean instructions = isInstructionFile(path);
            Planned p = new Planned(path, "skill-file", instructions ? "skill-instructions" : "skill-code", null);
            if (instructions) {
                p.tags.put("skill-instructions", "");
            }
            add(p);
        }
        if (others.size() > limit) {
            target.skip(dir, (others.size() - limit) + " more files in this skill not read: limit of "
                    + bounds.maxFilesPerSkill());
        }
    }

    private static boolean isInstructionFile(String path) {
        String name = TargetGlob.name(path).toLowerCase(Locale.ROOT);
        return name.endsWith(".md") || name.endsWith(".markdown") || name.endsWith(".txt");
    }

    /** Plans a file; a file already planned keeps what it is and gains the new tags. False when the bound is hit. */
    private boolean add(Planned p) {
        Planned existing = plan.get(p.path);
        if (existing != null) {
            p.tags.forEach(existing.tags::putIfAbsent);
            if (p.location != null) {
                p.location.tags().forEach(t -> existing.tags.putIfAbsent(t, p.location.note()));
            }
            return false;
        }
        if (plan.size() >= maxFiles) {
            droppedForLimit++;
            return false;
        }
        if (p.location != null) {
            p.location.tags().forEach(t -> p.tags.putIfAbsent(t, p.location.note()));
        }
        plan.put(p.path, p);
        return true;
    }

    // ---- reading and emitting ----

    /**
     * A folder whose own permission bits matter (the state folder, the secret folders inside it: the table's
     * {@code stateFolders}) as a FileEntry of size 0, tagged with what it is. Its mode comes from the parent's
     * listing, so the scanned root itself has an unknown mode (-1).
     */
    private void emitFolder(String path, KnownLocations.Folder folder) {
        int mode = FileEntry.UNKNOWN_MODE;
        if (!path.isEmpty()) {
            for (TargetEntry e : target.list(TargetGlob.parent(path))) {
                if (e.path().equals(path)) {
                    mode = e.mode();
                }
            }
        }
        sink.accept(new FileEntry(path, 0, mode, false));
        sink.accept(new FileTag(path, folder.tag(), folder.note()));
    }

    private Optional<FileContent> read(String path) {
        return contents.computeIfAbsent(path, target::read);
    }

    private Optional<ParsedConfig> parse(Planned p) {
        Optional<FileContent> content = read(p.path);
        if (content.isEmpty()) {
            return Optional.empty();
        }
        ConfigParseResult result = parsed.computeIfAbsent(p.path,
                path -> ConfigParser.parse(content.get(), p.location.configFormat(), configBounds));
        return result instanceof ConfigParseResult.Parsed
                ? Optional.of(((ConfigParseResult.Parsed) result).config()) : Optional.empty();
    }

    /** The config with its includes resolved (once, when first asked for), for a document that has includes. */
    private Resolved resolve(Planned p, ParsedConfig config, String document) {
        return resolved.computeIfAbsent(p.path, path -> {
            ConfigIncludes includes = new ConfigIncludes(table.includes(), target, configBounds, document,
                    TargetGlob.parent(path));
            List<ConfigValue> values = includes.values(config);
            return new Resolved(includes, values, MergedConfig.of(values));
        });
    }

    /** What readers of a parsed config see: the tree with its includes merged when its document has them. */
    private ConfigTree tree(Planned p, ParsedConfig config) {
        String document = sniff(p.location, config.root());
        return table.includes().documents().contains(document) ? resolve(p, config, document).tree() : config;
    }

    private void emit(Planned p) {
        if (p.location != null && p.location.sniffRequired() && !sniffed(p)) {
            // Not an agent's file after all (an editor's settings without any agent's keys): not read, not recognised.
            contents.remove(p.path);
            parsed.remove(p.path);
            return;
        }
        Optional<FileContent> read = read(p.path);
        if (read.isEmpty()) {
            return;
        }
        FileContent content = read.get();
        sink.accept(new FileEntry(p.path, content.bytes() == null ? 0 : content.bytes().length, content.mode(),
                content.binary()));
        TreeMap<String, String> tags = new TreeMap<>(p.tags);
        gitRoot(TargetGlob.parent(p.path)).ifPresent(root -> tags.put(GIT_TRACKED,
                "inside the git work tree at " + (root.isEmpty() ? "." : root)));
        tags.forEach((tag, note) -> sink.accept(new FileTag(p.path, tag, note)));
        if (content.isText()) {
            sink.accept(new TextDocument(p.path, p.role, content.text()));
        }
        recordFound(p);
        switch (p.kind) {
            case "config":
                emitConfig(p);
                break;
            case "package":
                emitPackage(p, content);
                break;
            case "skill-md":
                emitSkill(p, content);
                break;
            default:
                break;
        }
        // Contents are dropped once emitted: the scan keeps at most what it still has to emit.
        contents.remove(p.path);
        parsed.remove(p.path);
    }

    /** A file read, as the report's recognition lists it (skill files other than SKILL.md are counted by skill). */
    private void recordFound(Planned p) {
        if ("skill-md".equals(p.kind)) {
            recognition.found(groupOf(p.skillDirectory), "skill", p.skillDirectory);
            return;
        }
        if (p.location == null) {
            return;
        }
        switch (p.kind) {
            case "config": {
                String document = parse(p).map(c -> sniff(p.location, c.root())).orElse(p.location.document());
                String agent = recognition.documentAgent(document);
                recognition.found(InstallationRecognition.OTHER.equals(agent) ? groupOf(p.path) : agent,
                        recognition.configKind(p.location, document), p.path);
                break;
            }
            case "package": {
                String agent = recognition.packageAgent(p.location.packageName());
                recognition.found(agent != null ? agent : groupOf(p.path), "agent-package", p.path);
                break;
            }
            default:
                recognition.found(groupOf(p.path), InstallationRecognition.isSecretStore(p.location) ? "secret-store"
                        : p.role, p.path);
        }
    }

    private void emitConfig(Planned p) {
        parse(p);
        ConfigParseResult result = parsed.get(p.path);
        if (result instanceof ConfigParseResult.Failed) {
            target.skip(p.path, ((ConfigParseResult.Failed) result).reason());
            return;
        }
        if (result == null) {
            return;
        }
        ParsedConfig config = ((ConfigParseResult.Parsed) result).config();
        String document = sniff(p.location, config.root());
        boolean hasIncludes = table.includes().documents().contains(document);
        Resolved r = hasIncludes ? resolve(p, config, document) : null;
        ConfigTree tree = hasIncludes ? r.tree() : config;
        List<ConfigValue> values;
        List<ReplacedConfigValue> replaced = List.of();
        if (hasIncludes) {
            values = r.values();
            replaced = r.includes().replaced();
            for (Map.Entry<String, FileContent> included : r.includes().followed().entrySet()) {
                emitIncluded(included.getKey(), included.getValue());
                recognition.found(groupOf(p.path), "agent-config-include", included.getKey());
            }
            resolved.remove(p.path);
        } else {
            values = config.values(document);
        }
        for (ConfigValue value : values) {
            sink.accept(value);
        }
        for (ReplacedConfigValue value : replaced) {
            sink.accept(value); // not in effect, but on disk: what secret rules read
        }
        KnownLocations.DocumentProfile profile = table.documents().get(document);
        for (McpServerReader.Found found : servers.read(tree, document, profile)) {
            sink.accept(found.server());
            for (LaunchPackages.Pin pin : launches.pins(found.launchLine())) {
                int line = pin.token().line();
                String file = pin.token().file();
                sink.accept(new InstalledPackage(file, pin.ecosystem(), pin.name(), pin.version(), "mcp-launch-args",
                        line, tree.snippet(file, line)));
            }
        }
        KnownLocations.LastTouched lastTouched = profile.lastTouched();
        if (lastTouched != null) {
            Optional<ConfigNode> node = tree.root().atPath(lastTouched.path());
            node.flatMap(ConfigNode::nonEmptyText).map(String::strip)
                    .filter(v -> table.packages().get("npm").versionPattern().matches(v))
                    .ifPresent(version -> {
                        String file = tree.fileOf(node.get());
                        int line = node.get().line();
                        sink.accept(new InstalledPackage(file, "npm", lastTouched.packageName(), version,
                                "last-touched-version", line, tree.snippet(file, line)));
                    });
        }
    }

    /**
     * A file an OpenClaw config includes: read as part of that config (its values are the config's), and a file of
     * its own for the rules on files (permissions, git-tracked secrets).
     */
    private void emitIncluded(String path, FileContent content) {
        sink.accept(new FileEntry(path, content.bytes() == null ? 0 : content.bytes().length, content.mode(),
                content.binary()));
        gitRoot(TargetGlob.parent(path)).ifPresent(root -> sink.accept(new FileTag(path, GIT_TRACKED,
                "inside the git work tree at " + (root.isEmpty() ? "." : root))));
        if (content.isText()) {
            sink.accept(new TextDocument(path, "config", content.text()));
        }
    }

    /** Whether the file parses and holds one of its location's sniff keys. */
    private boolean sniffed(Planned p) {
        Optional<ParsedConfig> config = parse(p);
        return config.isPresent() && p.location.sniff().stream().anyMatch(s -> config.get().root().get(s.key()).isPresent());
    }

    private static String sniff(KnownLocations.Location location, ConfigNode root) {
        for (KnownLocations.Sniff s : location.sniff()) {
            if (root.get(s.key()).isPresent()) {
                return s.document();
            }
        }
        return location.document();
    }

    private void emitPackage(Planned p, FileContent content) {
        ConfigParseResult result = ConfigParser.parse(content, ConfigFormat.JSON, configBounds);
        if (result instanceof ConfigParseResult.Failed) {
            target.skip(p.path, ((ConfigParseResult.Failed) result).reason());
            return;
        }
        ParsedConfig config = ((ConfigParseResult.Parsed) result).config();
        ConfigNode root = config.root();
        Optional<String> name = root.get("name").flatMap(ConfigNode::nonEmptyText);
        Optional<ConfigNode> version = root.get("version");
        if (name.isEmpty() || !name.get().equals(p.location.packageName()) || version.isEmpty()) {
            return;
        }
        Optional<String> v = version.get().nonEmptyText().map(String::strip)
                .filter(s -> table.packages().get("npm").versionPattern().matches(s));
        v.ifPresent(s -> sink.accept(new InstalledPackage(p.path, "npm", name.get(), s, "package-metadata",
                version.get().line(), config.snippet(version.get().line()))));
    }

    private void emitSkill(Planned p, FileContent content) {
        SkillFrontmatter fm = SkillFrontmatter.read(content, bounds.maxFrontmatterChars(), configBounds);
        if (fm.error() != null) {
            target.skip(p.path, fm.error());
        }
        String folderName = TargetGlob.name(p.skillDirectory);
        sink.accept(new InstalledSkill(p.path, p.skillDirectory, fm.name() != null ? fm.name() : folderName,
                fm.description() != null ? fm.description() : "", fm.allowedTools(), p.skillLocation));
    }

    /** The innermost folder at or above {@code dir} that holds a .git entry, if any. */
    private Optional<String> gitRoot(String dir) {
        List<String> visited = new ArrayList<>();
        String current = dir;
        String found = null;
        while (true) {
            String cached = gitRoots.get(current);
            if (cached != null) {
                found = cached.equals("\u0000") ? null : cached;
                break;
            }
            visited.add(current);
            if (target.exists(TargetGlob.join(current, ".git"))) {
                found = current;
                break;
            }
            if (current.isEmpty()) {
                break;
            }
            current = TargetGlob.parent(current);
        }
        for (String v : visited) {
            gitRoots.put(v, found == null ? "\u0000" : found);
        }
        return Optional.ofNullable(found);
    }
}
