package dev.assay.extract.agent;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import dev.assay.extract.config.ConfigFormat;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The table of known agent and MCP client locations and how to read them, loaded from {@code known-locations.yaml}
 * and checked on load: unknown kinds, formats, documents, scopes or malformed patterns fail at start, not mid-scan.
 */
record KnownLocations(
        Bounds bounds,
        List<String> stateMarkers,
        List<String> homeMarkers,
        Map<String, List<Location>> scopes,
        Map<String, DocumentProfile> documents,
        McpKeys mcp,
        List<Launcher> launchers,
        Map<String, PackageSyntax> packages,
        List<Folder> stateFolders,
        Includes includes) {

    static final String RESOURCE = "known-locations.yaml";
    static final Set<String> SCOPES = Set.of("base", "state", "workspace", "single-file");
    static final Set<String> KINDS = Set.of("config", "text", "package", "state-dir", "workspace", "skills");
    static final Set<String> ROLES = Set.of("config", "env", "secret-store", "memory", "skill-instructions",
            "skill-code", "log", "transcript", "other");

    record Bounds(int maxFiles, int maxBaseDescent, int walkDepth, int maxSkillsPerFolder, int maxFilesPerSkill,
            int skillWalkDepth, int maxFrontmatterChars, int maxWorkspaces) {
    }

    record Sniff(String key, String document) {
    }

    /** Config includes to follow: the key, the documents that have them, and how deep and how many. */
    record Includes(String key, List<String> documents, int maxDepth, int maxFiles) {

        Includes {
            documents = documents == null ? List.of() : List.copyOf(documents);
        }
    }

    /** A folder of a state dir ("" = the state dir itself) reported with its own mode, tagged {@code tag}. */
    record Folder(String path, String tag, String note) {
    }

    /**
     * {@code sniffRequired}: the file is shared with other programs (an editor's settings.json holds every
     * extension's settings), so it counts as an agent's only when one of its {@code sniff} keys is there; otherwise
     * it is neither read nor recognised.
     */
    record Location(String path, String kind, String document, String format, String role, List<String> tags,
            String note, Integer limit, String location, String projectLocation, List<Sniff> sniff,
            Boolean sniffRequired, @JsonProperty("package") String packageName) {

        Location {
            tags = tags == null ? List.of() : List.copyOf(tags);
            sniff = sniff == null ? List.of() : List.copyOf(sniff);
            sniffRequired = Boolean.TRUE.equals(sniffRequired);
            note = note == null ? "" : note;
        }

        String roleOrDefault() {
            return role != null ? role : "config".equals(kind) ? "config" : "other";
        }

        ConfigFormat configFormat() {
            return ConfigFormat.byId(format).orElseThrow();
        }

        int limitOr(int fallback) {
            return limit == null ? fallback : limit;
        }
    }

    record LastTouched(String path, @JsonProperty("package") String packageName) {
    }

    /**
     * {@code agent}: the agent or client a document belongs to, by name (none for env files and unknown configs).
     * {@code servers} name maps of servers by name, {@code serverLists} lists of servers (only where a client documents
     * a list: a generic file's {@code servers:} list is an OpenAPI server list, not MCP).
     */
    record DocumentProfile(String agent, List<String> servers, LastTouched lastTouched, List<String> workspaceKeys,
            List<String> skillDirKeys, Map<String, String> urlTransports, List<String> serverLists) {

        DocumentProfile {
            servers = servers == null ? List.of() : List.copyOf(servers);
            serverLists = serverLists == null ? List.of() : List.copyOf(serverLists);
            workspaceKeys = workspaceKeys == null ? List.of() : List.copyOf(workspaceKeys);
            skillDirKeys = skillDirKeys == null ? List.of() : List.copyOf(skillDirKeys);
            urlTransports = urlTransports == null ? Map.of() : urlTransports;
        }
    }

    record Auth(List<String> headerNames, List<String> headerNameParts, List<String> serverKeys,
            List<String> urlQueryParams) {
    }

    record McpKeys(List<String> typeKeys, Map<String, String> transportNames, List<String> commandKeys,
            List<String> argsKeys, Map<String, String> urlKeys, List<String> sseUrlSuffixes, List<String> headerKeys,
            List<String> envKeys, List<String> envNameListKeys, Auth auth) {
    }

    record Launcher(List<String> runner, String ecosystem, List<String> packageOptions, List<String> valueOptions) {

        Launcher {
            packageOptions = packageOptions == null ? List.of() : List.copyOf(packageOptions);
            valueOptions = valueOptions == null ? List.of() : List.copyOf(valueOptions);
        }
    }

    record PackageSyntax(List<String> separators, String name, String version) {

        Pattern namePattern() {
            return Pattern.compile(name);
        }

        Pattern versionPattern() {
            return Pattern.compile(version);
        }
    }

    /** The table shipped with this module. */
    static KnownLocations bundled() {
        return Holder.BUNDLED;
    }

    private static final class Holder {
        static final KnownLocations BUNDLED = load();
    }

    static KnownLocations load() {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory())
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
        try (InputStream in = KnownLocations.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " missing from the classpath");
            }
            KnownLocations table = yaml.readValue(in, KnownLocations.class);
            table.validate();
            return table;
        } catch (IOException e) {
            throw new UncheckedIOException(RESOURCE + " unreadable", e);
        }
    }

    void validate() {
        require(bounds != null && mcp != null && mcp.auth() != null && scopes != null && documents != null
                && launchers != null && packages != null && stateMarkers != null && homeMarkers != null
                && stateFolders != null && includes != null,
                "a top-level section is missing");
        require(SCOPES.equals(scopes.keySet()), "scopes must be exactly " + SCOPES);
        for (Map.Entry<String, List<Location>> scope : scopes.entrySet()) {
            for (Location l : scope.getValue()) {
                String where = scope.getKey() + " " + l.path();
                require(l.path() != null && !l.path().isEmpty() && !l.path().startsWith("/"), where + ": bad path");
                require(KINDS.contains(l.kind()), where + ": unknown kind " + l.kind());
                require(ROLES.contains(l.roleOrDefault()), where + ": unknown role " + l.role());
                int globstar = l.path().indexOf("**");
                if (globstar >= 0) {
                    String after = l.path().substring(globstar + 2);
                    require(after.isEmpty() || (after.startsWith("/") && after.indexOf('/', 1) < 0
                            && !after.contains("**")), where + ": '**' must be the last or second-last segment");
                }
                if ("config".equals(l.kind())) {
                    require(ConfigFormat.byId(l.format()).isPresent(), where + ": unknown format " + l.format());
                    require(documents.containsKey(l.document()), where + ": unknown document " + l.document());
                    for (Sniff s : l.sniff()) {
                        require(documents.containsKey(s.document()), where + ": unknown sniffed document");
                    }
                    require(!l.sniffRequired() || !l.sniff().isEmpty(), where + ": sniffRequired needs sniff keys");
                }
                if ("skills".equals(l.kind())) {
                    require(l.location() != null, where + ": skills need a location");
                }
                if ("package".equals(l.kind())) {
                    require(l.packageName() != null, where + ": package entries name their package");
                }
            }
        }
        for (Folder f : stateFolders) {
            require(f.path() != null && !f.path().startsWith("/") && !f.path().contains("*") && f.tag() != null,
                    "stateFolders " + f.path() + ": a literal relative path and a tag");
        }
        require(includes.key() != null && !includes.key().isEmpty() && includes.maxDepth() >= 0 && includes.maxFiles() >= 0
                && documents.keySet().containsAll(includes.documents()), "includes: a key, known documents, bounds");
        for (Launcher launcher : launchers) {
            require(launcher.runner() != null && !launcher.runner().isEmpty(), "launcher without runner");
            require(packages.containsKey(launcher.ecosystem()), "launcher ecosystem without syntax: "
                    + launcher.ecosystem());
        }
        for (Map.Entry<String, PackageSyntax> syntax : packages.entrySet()) {
            try {
                syntax.getValue().namePattern();
                syntax.getValue().versionPattern();
            } catch (PatternSyntaxException e) {
                throw new IllegalStateException(RESOURCE + ": bad pattern for " + syntax.getKey(), e);
            }
        }
        for (DocumentProfile profile : documents.values()) {
            if (profile.lastTouched() != null) {
                require(packages.containsKey("npm"), "lastTouched needs the npm syntax");
            }
        }
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalStateException(RESOURCE + ": " + message);
        }
    }
}
