package dev.assay.extract.component;

import dev.assay.engine.yaml.RecordBinder;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The data the component extractor works from, read from {@code component-scan.yaml}: bounds, path lists per file tag,
 * languages by suffix, manifest names, MCP registration shapes and the Python and JavaScript taint lists. Immutable; unknown keys in
 * the YAML are an error so that a typo cannot silently drop a list.
 */
public record ScanSettings(Bounds bounds, Components components, Map<String, TagRule> tags,
        Map<String, LanguageRule> languages, List<String> codeSuffixes, List<String> configSuffixes,
        List<String> configFiles, List<String> compiledSuffixes, Npm npm, Python python, Bash bash, Mcp mcp,
        Taint taint, Archives archives, ScriptTaint scriptTaint) {

    private static final ScanSettings BUNDLED = load("component-scan.yaml");

    public ScanSettings {
        tags = Collections.unmodifiableMap(new TreeMap<>(tags));
        languages = Collections.unmodifiableMap(new TreeMap<>(languages));
        codeSuffixes = List.copyOf(codeSuffixes);
        configSuffixes = List.copyOf(configSuffixes);
        configFiles = List.copyOf(configFiles);
        compiledSuffixes = List.copyOf(compiledSuffixes);
    }

    /** The settings bundled with the extractor. */
    public static ScanSettings bundled() {
        return BUNDLED;
    }

    /** Strict: an unknown key, or a missing or null bound, is an error (ScanSettingsTest reads it as Jackson did). */
    static ScanSettings load(String resource) {
        return RecordBinder.bundled(ScanSettings.class, resource, ScanSettings.class);
    }

    static List<String> list(List<String> values) {
        return values == null ? List.of() : NameList.of(values);
    }

    /** Size, time and count bounds; see the YAML for what each one means. */
    public record Bounds(int walkDepth, int maxFrontmatterChars, int maxParseBytes, int minProgressChecks,
            int progressChecksPerKilobyte, int maxParseSeconds, long gcAfterParsedBytes, double maxErrorShare,
            int maxTreeDepth, int maxFieldChildren,
            int maxExpressionDepth, int maxCallsPerFile, int maxTextsPerFile, int maxTextChars, int maxArgChars,
            int maxKeywordValueChars, int maxPositionalKeywords, int maxSnippetChars, int minifiedMinBytes,
            int minifiedLineChars,
            double minifiedShareOfFile, double minifiedMaxWhitespace) {

        public Bounds {
            if (walkDepth <= 0 || maxFrontmatterChars <= 0 || maxParseBytes <= 0 || minProgressChecks <= 0
                    || progressChecksPerKilobyte <= 0 || maxParseSeconds <= 0 || gcAfterParsedBytes <= 0
                    || maxTreeDepth <= 0 || maxFieldChildren <= 0 || maxExpressionDepth <= 0 || maxCallsPerFile <= 0 || maxTextsPerFile <= 0
                    || maxTextChars <= 0 || maxArgChars <= 0 || maxKeywordValueChars <= 0 || maxPositionalKeywords < 0
                    || maxSnippetChars <= 0
                    || minifiedLineChars <= 0) {
                throw new IllegalArgumentException("component-scan bounds must be positive");
            }
        }
    }

    /** File names that decide the component kind. */
    public record Components(String skillFile, List<String> npmManifests, List<String> pythonManifests,
            List<String> pythonMetadataDirectories, List<String> pythonMetadataFiles, List<String> mcpManifests,
            List<String> mcpServerKeys, List<String> mcpClientKeys, List<String> mcpSdkModules,
            List<String> mcpServerConstructors) {

        public Components {
            npmManifests = list(npmManifests);
            pythonManifests = list(pythonManifests);
            pythonMetadataDirectories = list(pythonMetadataDirectories);
            pythonMetadataFiles = list(pythonMetadataFiles);
            mcpManifests = list(mcpManifests);
            mcpServerKeys = list(mcpServerKeys);
            mcpClientKeys = list(mcpClientKeys);
            mcpSdkModules = list(mcpSdkModules);
            mcpServerConstructors = list(mcpServerConstructors);
        }
    }

    /**
     * Where a tag applies: folder names ({@code directories}), file names ({@code files}), whole-path globs
     * ({@code paths}) and, for agent-facing, folders of an agent skill ({@code skillDirectories}).
     */
    public record TagRule(List<String> directories, List<String> files, List<String> paths,
            List<String> skillDirectories) {

        public TagRule {
            directories = list(directories);
            files = list(files);
            paths = list(paths);
            skillDirectories = list(skillDirectories);
        }
    }

    /** A parsed language: file suffixes and the interpreters a {@code #!} line may name. */
    public record LanguageRule(List<String> suffixes, List<String> interpreters) {

        public LanguageRule {
            suffixes = list(suffixes);
            interpreters = list(interpreters);
        }
    }

    /**
     * Bounds for reading archive headers (FileTag encrypted-archive): most entries, header blocks or extra records
     * looked at, most 7z header bytes searched, and the longest entry name shown in a note.
     */
    public record Archives(int maxEntries, int maxHeaderBytes, int maxNameChars) {

        public Archives {
            if (maxEntries <= 0 || maxHeaderBytes <= 0 || maxNameChars <= 0) {
                throw new IllegalArgumentException("component-scan archives bounds must be positive");
            }
        }
    }

    public record Npm(List<String> lifecycleScripts, String implicitInstallFile) {

        public Npm {
            lifecycleScripts = list(lifecycleScripts);
        }
    }

    public record Python(List<String> setupCallees, List<String> installTimeCallees,
            List<String> pthExecutablePrefixes) {

        public Python {
            setupCallees = list(setupCallees);
            installTimeCallees = list(installTimeCallees);
            pthExecutablePrefixes = list(pthExecutablePrefixes);
        }
    }

    public record Bash(List<String> wrappers) {

        public Bash {
            wrappers = list(wrappers);
        }
    }

    public record Mcp(List<String> jsToolMethods, List<String> jsToolObjectMethods, List<String> jsListToolsSchemas,
            List<String> deferringCalls, List<String> pyToolDecorators, List<String> pyHandlerDecorators,
            List<String> pyToolRegistrations, List<String> pyToolConstructors) {

        public Mcp {
            jsToolMethods = list(jsToolMethods);
            jsToolObjectMethods = list(jsToolObjectMethods);
            jsListToolsSchemas = list(jsListToolsSchemas);
            deferringCalls = list(deferringCalls);
            pyToolDecorators = list(pyToolDecorators);
            pyHandlerDecorators = list(pyHandlerDecorators);
            pyToolRegistrations = list(pyToolRegistrations);
            pyToolConstructors = list(pyToolConstructors);
        }
    }

    /** The Python taint lists: sources by kind, sinks by kind, sanitizers and propagating string methods. */
    public record Taint(Map<String, Source> sources, Sinks sinks, List<String> sanitizers,
            List<String> propagatingCalls, List<String> propagatingMethods) {

        public Taint {
            sources = Collections.unmodifiableMap(new TreeMap<>(sources));
            sanitizers = list(sanitizers);
            propagatingCalls = list(propagatingCalls);
            propagatingMethods = list(propagatingMethods);
        }
    }

    /** One source kind: calls and values that are untrusted, and (for network) response shapes. */
    public record Source(List<String> calls, List<String> methods, List<String> values, List<String> responseCalls,
            List<String> clientCalls, List<String> clientMethods, List<String> bodyAttributes,
            List<String> bodyMethods) {

        public Source {
            calls = list(calls);
            methods = list(methods);
            values = list(values);
            responseCalls = list(responseCalls);
            clientCalls = list(clientCalls);
            clientMethods = list(clientMethods);
            bodyAttributes = list(bodyAttributes);
            bodyMethods = list(bodyMethods);
        }
    }

    public record Sinks(Sink exec, Sink shell, Sink deserialize) {
    }

    /** One sink kind: {@code calls} always sinks; the others sink only when their condition holds. */
    public record Sink(List<String> calls, List<String> shellFlagCalls, List<String> loaderCalls,
            List<String> safeLoaders) {

        public Sink {
            calls = list(calls);
            shellFlagCalls = list(shellFlagCalls);
            loaderCalls = list(loaderCalls);
            safeLoaders = list(safeLoaders);
        }
    }

    /** The JavaScript/TypeScript taint lists (see {@code scriptTaint} in the YAML for what each one means). */
    public record ScriptTaint(ScriptSources sources, ScriptSinks sinks, List<String> propagatingCalls,
            List<String> propagatingMethods) {

        public ScriptTaint {
            propagatingCalls = list(propagatingCalls);
            propagatingMethods = list(propagatingMethods);
        }
    }

    public record ScriptSources(List<String> envObjects, List<String> fileReadCalls,
            List<String> credentialPathMarkers, List<String> homeCalls, List<String> commandOutputCalls,
            List<String> requestObjects, List<String> requestProperties, List<String> responseCalls,
            List<String> bodyMethods, List<String> bodyAttributes) {

        public ScriptSources {
            envObjects = list(envObjects);
            fileReadCalls = list(fileReadCalls);
            credentialPathMarkers = list(credentialPathMarkers);
            homeCalls = list(homeCalls);
            commandOutputCalls = list(commandOutputCalls);
            requestObjects = list(requestObjects);
            requestProperties = list(requestProperties);
            responseCalls = list(responseCalls);
            bodyMethods = list(bodyMethods);
            bodyAttributes = list(bodyAttributes);
        }
    }

    public record ScriptSinks(List<String> networkCalls, List<String> credentialProperties,
            List<String> connectionCalls, List<String> connectionMethods,
            List<String> exec, List<String> shell, List<String> shellOptionCalls, List<String> shellPrograms) {

        public ScriptSinks {
            networkCalls = list(networkCalls);
            credentialProperties = list(credentialProperties);
            connectionCalls = list(connectionCalls);
            connectionMethods = list(connectionMethods);
            exec = list(exec);
            shell = list(shell);
            shellOptionCalls = list(shellOptionCalls);
            shellPrograms = list(shellPrograms);
        }
    }
}
