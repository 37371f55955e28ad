package dev.assay.extract.component;

import dev.assay.engine.fact.CodeCall;
import dev.assay.engine.fact.Component;
import dev.assay.engine.fact.Fact;
import dev.assay.engine.fact.FileEntry;
import dev.assay.engine.fact.FileTag;
import dev.assay.engine.fact.InstalledPackage;
import dev.assay.engine.fact.InstalledSkill;
import dev.assay.engine.fact.McpTool;
import dev.assay.engine.fact.TextDocument;
import dev.assay.engine.spi.FactSink;
import dev.assay.engine.spi.FileContent;
import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.Target;
import dev.assay.engine.spi.TargetEntry;
import dev.assay.extract.agent.SkillFrontmatterReader;
import dev.assay.extract.component.code.CodeFacts;
import dev.assay.extract.component.code.Language;
import dev.assay.extract.component.code.SourceAnalyzer;
import dev.assay.extract.component.code.SourceText;
import dev.assay.extract.component.manifest.ManifestReader;
import dev.assay.extract.config.ConfigBounds;
import dev.assay.extract.load.TextDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * One run of the component extractor over one target. Reads every file the walk finds (within the target's limits)
 * in path order and emits that file's facts in that order, and emits the Component, the InstalledSkill facts and the
 * source McpTool facts at the end, when the whole component has been seen. Parsing and analysing source files, the
 * costly part, runs on {@link SourceAnalysisPool} for a few files ahead of the one being emitted; what comes out, and
 * in which order, does not depend on that.
 */
final class ComponentScan {

    static final String AGENT_SKILL = "agent_skill";
    static final String MCP_SERVER = "mcp_server";
    static final String NPM_PACKAGE = "npm_package";
    static final String PYTHON_PACKAGE = "python_package";
    static final String DIRECTORY = "directory";
    static final String ENCRYPTED_ARCHIVE = "encrypted-archive";

    private final ScanSettings settings;
    private final Target target;
    private final FactSink out;
    /** Where the file being read puts its facts and skips until they are emitted in order. */
    private FileOutput current;
    private final FactSink sink = f -> current.facts.add(f);
    private final Limits limits;
    private final PathRules rules;
    private final SourceAnalyzer analyzer;
    private final ManifestReader manifests;
    private final EncryptedArchives archives;
    private final LoadGraph loads;
    private final CompiledSources compiled;
    private ModuleFlows moduleFlows;
    private RemoteToolTexts remoteToolTexts;

    private record FoundManifest(String path, ManifestReader.Manifest manifest) {
    }

    private record SourceTools(String path, boolean fileUsesMcp, List<McpTool> tools) {
    }

    private record Skill(String path, String directory, SkillFrontmatterReader.Declared declared) {
    }

    /** A file's facts and skip records in the order they were made, and its source analysis when it has one. */
    private static final class FileOutput {
        final String path;
        final List<Fact> facts = new ArrayList<>();
        final List<String> skips = new ArrayList<>(); // reasons, all for this file
        /** Index into {@link #facts} where the code facts go, and the analysis that gives them. */
        int codeAt = -1;
        boolean setupPy;
        Future<SourceAnalyzer.Result> analysis;

        FileOutput(String path) {
            this.path = path;
        }
    }

    private final List<FoundManifest> found = new ArrayList<>();
    private final List<SourceTools> sourceTools = new ArrayList<>();
    private final List<Skill> skills = new ArrayList<>();
    private final TreeSet<String> mcpSdkFiles = new TreeSet<>();
    private final Map<String, String[]> setupPyIdentity = new TreeMap<>();

    ComponentScan(ScanSettings settings, Target target, FactSink sink, Limits limits) {
        this.settings = settings;
        this.target = target;
        this.out = sink;
        this.limits = limits;
        this.rules = new PathRules(settings);
        this.analyzer = new SourceAnalyzer(settings);
        this.archives = new EncryptedArchives(settings.archives());
        RelationSettings relations = RelationSettings.bundled();
        this.loads = new LoadGraph(relations.loading(), settings.python().setupCallees());
        this.compiled = new CompiledSources(relations);
        // Manifest facts go out as they are read; the load graph sees them on the way.
        this.manifests = new ManifestReader(settings, f -> {
            loads.observe(f);
            sink.accept(f);
        }, limits);
    }

    void run() {
        int depth = Math.max(1, Math.min(limits.maxDepth(), settings.bounds().walkDepth()));
        List<TargetEntry> files = new ArrayList<>();
        for (TargetEntry e : target.walk("", depth)) {
            if (!e.directory()) {
                files.add(e);
            }
        }
        files.sort(Comparator.naturalOrder());
        Set<String> paths = new HashSet<>();
        files.forEach(e -> paths.add(e.path()));
        moduleFlows = new ModuleFlows(RelationSettings.bundled().loading().jsResolveSuffixes(), paths);
        remoteToolTexts = new RemoteToolTexts(settings.scriptTaint());
        Map<String, Set<String>> namesByFolder = new HashMap<>();
        TreeSet<String> skillFolders = new TreeSet<>();
        for (TargetEntry e : files) {
            namesByFolder.computeIfAbsent(folder(e.path()), k -> new TreeSet<>()).add(e.name());
            if (e.name().equals(settings.components().skillFile()) && level(e.path()) <= 1) {
                skillFolders.add(folder(e.path()));
            }
        }
        Deque<FileOutput> ahead = new ArrayDeque<>();
        try {
            for (TargetEntry e : files) {
                current = new FileOutput(e.path());
                try {
                    file(e.path(), skillFolderOf(e.path(), skillFolders),
                            namesByFolder.getOrDefault(folder(e.path()), Set.of()));
                } catch (RuntimeException ex) {
                    // A defect must not end the scan: the file is recorded as not analysed, with the error's kind.
                    current.skips.add(internalError(ex));
                }
                ahead.addLast(current);
                while (ahead.size() > SourceAnalysisPool.filesAhead(limits.oneThread())) {
                    emit(ahead.removeFirst());
                }
            }
            while (!ahead.isEmpty()) {
                emit(ahead.removeFirst());
            }
        } finally {
            ahead.forEach(f -> {
                if (f.analysis != null) {
                    f.analysis.cancel(true);
                }
            });
        }
        current = null;
        // Relations that need the whole component: which demoted files the rest loads, the JavaScript flows that
        // cross into a required local module, tool descriptions taken through a networked local module, which
        // compiled code has no source. Emitted after every file's own
        // facts, in path order.
        loads.tags().forEach(out::accept);
        moduleFlows.flows().forEach(out::accept);
        remoteToolTexts.mutations(moduleFlows).forEach(out::accept);
        for (FileTag tag : compiled.tags()) {
            out.accept(tag);
            target.skip(tag.file(), rules.isCompiled(tag.file()) ? "compiled code without its source: not analysed"
                    : "minified code without its source: analysed only as shipped");
        }
        Component component = component();
        out.accept(component);
        ownPackages();
        for (Skill skill : skills) {
            SkillFrontmatterReader.Declared d = skill.declared();
            String folderName = skill.directory().isEmpty() ? displayName()
                    : skill.directory().substring(skill.directory().lastIndexOf('/') + 1);
            out.accept(new InstalledSkill(skill.path(), skill.directory(), d.name() != null ? d.name() : folderName,
                    d.description() != null ? d.description() : "", d.allowedTools(), "component"));
        }
        boolean mcpServer = component.kind().equals(MCP_SERVER);
        for (SourceTools tools : sourceTools) {
            if (tools.fileUsesMcp() || mcpServer) {
                tools.tools().forEach(out::accept);
            }
        }
    }

    private static String internalError(Throwable ex) {
        return "not analysed: internal error (" + ex.getClass().getSimpleName() + ")";
    }

    /** Emits one file's facts and skips, with its code facts where its reading left them. */
    private void emit(FileOutput f) {
        List<Fact> code = List.of();
        if (f.analysis != null) {
            try {
                code = code(f, f.analysis.get());
            } catch (ExecutionException ex) {
                Throwable cause = ex.getCause();
                if (cause instanceof Error error) {
                    throw error;
                }
                f.skips.add(internalError(cause));
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                f.skips.add("not analysed: the scan was interrupted");
            }
        }
        for (int i = 0; i < f.facts.size(); i++) {
            if (i == f.codeAt) {
                code.forEach(this::emitFact);
            }
            emitFact(f.facts.get(i));
        }
        if (f.codeAt == f.facts.size()) {
            code.forEach(this::emitFact);
        }
        for (String reason : f.skips) {
            target.skip(f.path, reason);
        }
    }

    private void emitFact(Fact fact) {
        loads.observe(fact);
        compiled.observe(fact);
        out.accept(fact);
    }

    static String folder(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? "" : path.substring(0, slash);
    }

    private static int level(String path) {
        int n = 0;
        for (int i = 0; i < path.length(); i++) {
            if (path.charAt(i) == '/') {
                n++;
            }
        }
        return n;
    }

    /** The deepest skill folder that holds the path, or null (skill folders are the root or one level down). */
    private static String skillFolderOf(String path, Set<String> skillFolders) {
        int slash = path.indexOf('/');
        if (slash > 0 && skillFolders.contains(path.substring(0, slash))) {
            return path.substring(0, slash);
        }
        return skillFolders.contains("") ? "" : null;
    }

    private void file(String path, String skillFolder, Set<String> siblings) {
        Optional<FileContent> read = target.read(path);
        if (read.isEmpty()) {
            return;
        }
        FileContent content = read.get();
        sink.accept(new FileEntry(path, content.bytes() == null ? 0 : content.bytes().length, content.mode(),
                !content.isText()));
        Map<String, String> tags = new TreeMap<>(rules.tags(path, skillFolder));
        String suffix = PathRules.suffix(path);
        if (rules.isCompiled(path)) {
            tags.put("compiled", "compiled or packed executable (." + suffix + ")");
        }
        archives.inspect(content.bytes()).ifPresent(note -> tags.put(ENCRYPTED_ARCHIVE, note));
        if (!content.isText()) {
            boolean code = rules.language(path, null).isPresent() || rules.isCode(path);
            if (!rules.claimsText(path)) {
                if (code) {
                    tags.put("binary-code", "binary content in a ." + suffix + " source file");
                    current.skips.add("binary content in a source file: not analysed");
                }
                emitTags(path, tags);
                return;
            }
            // A text file with binary bytes in it (a block of them at the top, say) is scanned for what text it
            // holds: a few bytes must not hide a SKILL.md or a script from every rule.
            tags.put(code ? "binary-code" : "binary-text", "binary content in a ." + suffix + " file; its text parts"
                    + " are scanned");
            current.skips.add("binary content in a text file: only its text parts scanned");
            content = new FileContent(path, content.bytes(), content.mode(), false,
                    TextDecoder.textParts(content.bytes()), TextDecoder.UTF_8_TEXT_PARTS);
        }
        String text = content.text();
        Optional<Language> language = rules.language(path, firstLine(text));
        String minified = minified(text);
        if (minified != null) {
            tags.put("minified", minified);
        }
        Optional<ManifestReader.Kind> kind = manifests.kindOf(path);
        if (kind.isPresent()) {
            ManifestReader.Manifest manifest = manifests.read(kind.get(), content, siblings);
            if (manifest.problem() != null) {
                tags.put("unparseable-manifest", manifest.problem());
                current.skips.add(manifest.problem());
            } else if (kind.get() == ManifestReader.Kind.MCP) {
                tags.remove(PathRules.DOCS);
                tags.putIfAbsent(PathRules.AGENT_FACING, "MCP manifest");
            }
            found.add(new FoundManifest(path, manifest));
        }
        if (PathRules.fileName(path).equals(settings.components().skillFile()) && skillFolder != null
                && folder(path).equals(skillFolder)) {
            SkillFrontmatterReader.Declared declared = SkillFrontmatterReader.read(content,
                    settings.bounds().maxFrontmatterChars(), ConfigBounds.from(limits));
            if (declared.error() != null) {
                tags.put("unparseable-manifest", declared.error());
                current.skips.add(declared.error());
            }
            skills.add(new Skill(path, skillFolder, declared));
        }
        emitTags(path, tags);
        sink.accept(new TextDocument(path, rules.role(path, tags, language.isPresent()), text));
        InlineIgnores.read(path, text).forEach(sink::accept);
        if (language.isPresent()) {
            boolean setupPy = PathRules.fileName(path).equals("setup.py");
            current.codeAt = current.facts.size();
            current.setupPy = setupPy;
            FileContent source = content;
            current.analysis = SourceAnalysisPool.submit(() -> {
                SourceText.Encoding encoding = parseEncoding(source.encoding());
                byte[] bytes = encoding != null ? source.bytes()
                        : TextDecoder.UTF_8_TEXT_PARTS.equals(source.encoding())
                        ? TextDecoder.textPartBytes(source.bytes())
                        : source.text().getBytes(StandardCharsets.UTF_8);
                return analyzer.analyze(path, language.get(), bytes,
                        encoding != null ? encoding : SourceText.Encoding.UTF_8, setupPy);
            }, limits.oneThread());
        }
    }

    /**
     * The encoding in which tree-sitter reads a file's own bytes as they are (a byte order mark included), or null
     * when it cannot: UTF-32, which tree-sitter does not read, is parsed from its text encoded as UTF-8, and the text
     * parts of a binary file from its bytes with the binary ones blanked (same offsets).
     */
    private static SourceText.Encoding parseEncoding(String encoding) {
        return switch (encoding) {
            case "UTF-8", "UTF-8-BOM" -> SourceText.Encoding.UTF_8;
            case "UTF-16LE", "UTF-16LE-BOM" -> SourceText.Encoding.UTF_16LE;
            case "UTF-16BE", "UTF-16BE-BOM" -> SourceText.Encoding.UTF_16BE;
            default -> null;
        };
    }

    private void emitTags(String path, Map<String, String> tags) {
        tags.forEach((tag, note) -> sink.accept(new FileTag(path, tag, note)));
    }

    /** The code facts of an analysed file (recording its skips and what the component needs to know), in order. */
    private List<Fact> code(FileOutput file, SourceAnalyzer.Result result) {
        String path = file.path;
        if (result instanceof SourceAnalyzer.NotAnalysed) {
            file.skips.add(((SourceAnalyzer.NotAnalysed) result).reason());
            return List.of();
        }
        CodeFacts facts = ((SourceAnalyzer.Analysed) result).facts();
        if (!facts.notes().isEmpty()) {
            file.skips.add("partly analysed: " + String.join("; ", facts.notes()));
        }
        if (facts.usesMcpSdk()) {
            mcpSdkFiles.add(path);
        }
        if (facts.module() != null) {
            moduleFlows.observe(facts.module());
        }
        remoteToolTexts.observe(path, facts);
        if (!facts.tools().isEmpty()) {
            sourceTools.add(new SourceTools(path, facts.usesMcpSdk(), facts.tools()));
        }
        if (file.setupPy) {
            for (CodeCall call : facts.calls()) {
                if (settings.python().setupCallees().contains(call.callee())) {
                    setupPyIdentity.put(path, new String[] {keywordLiteral(call, "name"),
                        keywordLiteral(call, "version")});
                }
            }
        }
        return facts.facts();
    }

    /** The value of {@code key='text'} in a call's keywords when it is a plain quoted string, else "". */
    private static String keywordLiteral(CodeCall call, String key) {
        for (String k : call.keywords()) {
            if (k.startsWith(key + "=")) {
                String v = k.substring(key.length() + 1).strip();
                if (v.length() >= 2 && (v.charAt(0) == '"' || v.charAt(0) == '\'') && v.charAt(v.length() - 1) == v
                        .charAt(0) && v.indexOf(v.charAt(0), 1) == v.length() - 1) {
                    return v.substring(1, v.length() - 1);
                }
            }
        }
        return "";
    }

    private static String firstLine(String text) {
        int end = text.indexOf('\n');
        String line = end < 0 ? text : text.substring(0, Math.min(end, 512));
        return line.length() > 512 ? line.substring(0, 512) : line;
    }

    /** A note when the text looks minified (one very long line, little whitespace), else null. */
    private String minified(String text) {
        ScanSettings.Bounds b = settings.bounds();
        if (text.length() < b.minifiedMinBytes()) {
            return null;
        }
        int longest = 0;
        int current = 0;
        long whitespace = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                longest = Math.max(longest, current);
                current = 0;
                whitespace++;
            } else {
                current++;
                if (c == ' ' || c == '\t' || c == '\r') {
                    whitespace++;
                }
            }
        }
        longest = Math.max(longest, current);
        if (longest <= b.minifiedLineChars()) {
            return null;
        }
        boolean oneLine = longest >= b.minifiedShareOfFile() * text.length();
        boolean dense = whitespace < b.minifiedMaxWhitespace() * text.length();
        return oneLine || dense ? "longest line " + longest + " characters" : null;
    }

    // ---- the component

    /**
     * Decides what the component is. Precedence: agent_skill (a SKILL.md at the root or one level down) > mcp_server
     * (an MCP server manifest at the root or one level down, else a source file that uses an MCP SDK) > npm_package
     * (package.json) > python_package (pyproject.toml, setup.py, setup.cfg, then wheel/sdist metadata) > directory.
     * Manifests are looked for at the root first, then one level down (an archive's wrapping folder).
     */
    private Component component() {
        if (!skills.isEmpty()) {
            Skill skill = skills.stream().min(Comparator.comparingInt((Skill s) -> level(s.path()))
                    .thenComparing(Skill::path)).orElseThrow();
            String folderName = skill.directory().isEmpty() ? displayName()
                    : skill.directory().substring(skill.directory().lastIndexOf('/') + 1);
            String name = skill.declared().name() != null ? skill.declared().name() : folderName;
            return new Component(skill.path(), AGENT_SKILL, name, "");
        }
        Optional<FoundManifest> mcp = shallowest(m -> m.manifest().kind() == ManifestReader.Kind.MCP
                && m.manifest().decidesMcpServer(), 1);
        Optional<FoundManifest> npm = shallowest(m -> m.manifest().kind() == ManifestReader.Kind.NPM, 1);
        Optional<FoundManifest> python = shallowest(m -> m.manifest().kind() == ManifestReader.Kind.PYTHON, 1);
        Optional<FoundManifest> metadata = shallowest(m -> m.manifest().kind() == ManifestReader.Kind.PYTHON_METADATA,
                2);
        Optional<String> setupPy = setupPyIdentity.keySet().stream().filter(p -> level(p) <= 1)
                .min(Comparator.comparingInt(ComponentScan::level).thenComparing(Comparator.naturalOrder()));
        String[] identity = identity(npm, python, metadata, setupPy);
        if (mcp.isPresent()) {
            ManifestReader.Manifest m = mcp.get().manifest();
            return new Component(mcp.get().path(), MCP_SERVER, m.name().isEmpty() ? identity[0] : m.name(),
                    m.version().isEmpty() ? identity[1] : m.version());
        }
        if (!mcpSdkFiles.isEmpty()) {
            return new Component(mcpSdkFiles.first(), MCP_SERVER, identity[0], identity[1]);
        }
        if (npm.isPresent()) {
            return new Component(npm.get().path(), NPM_PACKAGE, identity[0], identity[1]);
        }
        if (python.isPresent() || setupPy.isPresent() || metadata.isPresent()) {
            String file = python.map(FoundManifest::path).or(() -> setupPy)
                    .orElseGet(() -> metadata.get().path());
            return new Component(file, PYTHON_PACKAGE, identity[0], identity[1]);
        }
        return new Component("", DIRECTORY, displayName(), "");
    }

    /**
     * The component's own registry identity, for advisories: the package.json at the root or one level down (npm), and
     * pyproject/setup.cfg, setup.py or wheel/sdist metadata (PyPI), else a wheel or sdist file name of the target.
     * Only manifests with both a name and a version count.
     */
    private void ownPackages() {
        shallowest(m -> m.manifest().kind() == ManifestReader.Kind.NPM && !m.manifest().name().isEmpty()
                && !m.manifest().version().isEmpty(), 1)
                .ifPresent(m -> ownPackage(m.path(), "npm", m.manifest().name(), m.manifest().version()));
        Optional<FoundManifest> python = shallowest(m -> (m.manifest().kind() == ManifestReader.Kind.PYTHON
                && level(m.path()) <= 1 || m.manifest().kind() == ManifestReader.Kind.PYTHON_METADATA)
                && !m.manifest().name().isEmpty() && !m.manifest().version().isEmpty(), 2);
        if (python.isPresent()) {
            ownPackage(python.get().path(), "pypi", python.get().manifest().name(), python.get().manifest().version());
            return;
        }
        Optional<String> setupPy = setupPyIdentity.entrySet().stream()
                .filter(e -> level(e.getKey()) <= 1 && !e.getValue()[0].isEmpty() && !e.getValue()[1].isEmpty())
                .map(Map.Entry::getKey).min(Comparator.naturalOrder());
        if (setupPy.isPresent()) {
            String[] id = setupPyIdentity.get(setupPy.get());
            ownPackage(setupPy.get(), "pypi", id[0], id[1]);
            return;
        }
        String shown = target.displayPath().replace('\\', '/');
        String name = shown.substring(shown.lastIndexOf('/') + 1);
        java.util.regex.Matcher m = PYTHON_ARCHIVE.matcher(name);
        if (m.matches()) {
            ownPackage("", "pypi", m.group(1), m.group(2));
        }
    }

    /** A wheel ({@code name-version-tags.whl}) or sdist ({@code name-version.tar.gz}) file name. */
    private static final java.util.regex.Pattern PYTHON_ARCHIVE = java.util.regex.Pattern.compile(
            "([A-Za-z0-9][A-Za-z0-9._]*?)-([0-9][A-Za-z0-9.!+]*)(?:-[^/]+\\.whl|\\.tar\\.gz|\\.zip)");

    private void ownPackage(String file, String ecosystem, String name, String version) {
        String n = ecosystem.equals("pypi") ? name.toLowerCase(Locale.ROOT).replaceAll("[-_.]+", "-") : name;
        out.accept(new InstalledPackage(file, ecosystem, n, version.strip(), "component-manifest",
                file.isEmpty() ? 0 : 1, n + "@" + version.strip()));
    }

    /** Name and version: package.json, then pyproject/setup.cfg, setup.py, metadata, then the target's name. */
    private String[] identity(Optional<FoundManifest> npm, Optional<FoundManifest> python,
            Optional<FoundManifest> metadata, Optional<String> setupPy) {
        List<String[]> candidates = new ArrayList<>();
        npm.ifPresent(m -> candidates.add(new String[] {m.manifest().name(), m.manifest().version()}));
        python.ifPresent(m -> candidates.add(new String[] {m.manifest().name(), m.manifest().version()}));
        setupPy.ifPresent(p -> candidates.add(setupPyIdentity.get(p)));
        metadata.ifPresent(m -> candidates.add(new String[] {m.manifest().name(), m.manifest().version()}));
        for (String[] c : candidates) {
            if (!c[0].isEmpty()) {
                return c;
            }
        }
        return new String[] {displayName(), ""};
    }

    private Optional<FoundManifest> shallowest(java.util.function.Predicate<FoundManifest> which, int maxLevel) {
        return found.stream().filter(m -> m.manifest().problem() == null && level(m.path()) <= maxLevel)
                .filter(which)
                .min(Comparator.comparingInt((FoundManifest m) -> level(m.path())).thenComparing(FoundManifest::path));
    }

    /** The target's own name: its last path segment without an archive suffix. */
    private String displayName() {
        String shown = target.displayPath().replace('\\', '/');
        while (shown.endsWith("/") && shown.length() > 1) {
            shown = shown.substring(0, shown.length() - 1);
        }
        String name = shown.substring(shown.lastIndexOf('/') + 1);
        String lower = name.toLowerCase(Locale.ROOT);
        for (String archive : List.of(".tar.gz", ".tgz", ".tar", ".zip", ".whl")) {
            if (lower.endsWith(archive) && name.length() > archive.length()) {
                return name.substring(0, name.length() - archive.length());
            }
        }
        return name.isEmpty() ? "." : name;
    }
}
