package dev.assay.extract.agent;

import dev.assay.engine.spi.Recognition;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What one agent-installation scan recognised, by agent, and which known locations of the table it looked for and did
 * not find, for the report's {@code coverage.recognition}. Agents are named as the table's document profiles name
 * them; a location that names no document (a skills folder, a memory file) belongs to the agent whose configs share
 * its top folder ({@code .claude/skills} is Claude Code's), a state folder and what is in it to the agent of the state
 * dir's config (OpenClaw), anything else to {@link #OTHER}.
 */
final class InstallationRecognition {

    /** The group of files no agent of the table claims (an .env file in a home folder, a lone config). */
    static final String OTHER = "other";
    static final String STATE_AGENT_FALLBACK = "OpenClaw";

    private final KnownLocations table;
    private final Set<String> stateDocuments = new TreeSet<>();
    private final Map<String, String> agentByTopFolder = new TreeMap<>();
    private final List<Recognition.Found> found = new ArrayList<>();
    private final TreeMap<String, TreeSet<String>> notFound = new TreeMap<>();

    InstallationRecognition(KnownLocations table) {
        this.table = table;
        for (KnownLocations.Location l : table.scopes().get("state")) {
            if ("config".equals(l.kind())) {
                stateDocuments.add(l.document());
            }
        }
        for (KnownLocations.Location l : table.scopes().get("base")) {
            String agent = documentAgent(l);
            if (agent != null && l.path().indexOf('/') > 0) {
                agentByTopFolder.putIfAbsent(l.path().substring(0, l.path().indexOf('/')), agent);
            }
        }
    }

    /** The agent a location of the base scope belongs to. */
    String agentOf(KnownLocations.Location l) {
        if ("state-dir".equals(l.kind())) {
            return STATE_AGENT_FALLBACK;
        }
        String agent = documentAgent(l);
        if (agent == null && "package".equals(l.kind())) {
            agent = packageAgent(l.packageName());
        }
        return agent != null ? agent : agentOfPath(l.path());
    }

    /** The agent whose base-scope configs share this path's top folder, or {@link #OTHER}. */
    String agentOfPath(String relativePath) {
        int slash = relativePath.indexOf('/');
        String top = slash > 0 ? relativePath.substring(0, slash) : relativePath;
        return agentByTopFolder.getOrDefault(top, OTHER);
    }

    /** The agent whose config records this package's version (OpenClaw for openclaw), if any. */
    String packageAgent(String packageName) {
        for (KnownLocations.DocumentProfile p : table.documents().values()) {
            if (p.lastTouched() != null && p.lastTouched().packageName().equals(packageName) && p.agent() != null) {
                return p.agent();
            }
        }
        return null;
    }

    /** The agent of a state dir: the agent of its config document that is present, else OpenClaw. */
    String stateAgent(List<String> presentDocuments) {
        for (String document : presentDocuments) {
            KnownLocations.DocumentProfile p = table.documents().get(document);
            if (p != null && p.agent() != null && stateDocuments.contains(document)) {
                return p.agent();
            }
        }
        return STATE_AGENT_FALLBACK;
    }

    private String documentAgent(KnownLocations.Location l) {
        if (!"config".equals(l.kind())) {
            return null;
        }
        KnownLocations.DocumentProfile p = table.documents().get(l.document());
        return p == null ? null : p.agent();
    }

    /** What a read config file is: a secret store, an MCP client's server list, or an agent's configuration. */
    String configKind(KnownLocations.Location l, String document) {
        if (isSecretStore(l)) {
            return "secret-store";
        }
        KnownLocations.DocumentProfile p = table.documents().get(document);
        boolean servers = p != null && !p.servers().isEmpty();
        return servers && !stateDocuments.contains(document) ? "mcp-client-config" : "agent-config";
    }

    static boolean isSecretStore(KnownLocations.Location l) {
        return "secret-store".equals(l.roleOrDefault()) || "env".equals(l.roleOrDefault())
                || l.tags().contains("secret-store");
    }

    /** The agent a read config document belongs to, or {@link #OTHER}. */
    String documentAgent(String document) {
        KnownLocations.DocumentProfile p = table.documents().get(document);
        return p == null || p.agent() == null ? OTHER : p.agent();
    }

    void found(String agent, String kind, String path) {
        found.add(new Recognition.Found(agent, kind, 1, List.of(path)));
    }

    void notFound(String agent, String path) {
        notFound.computeIfAbsent(agent, a -> new TreeSet<>()).add(path);
    }

    Recognition result() {
        List<Recognition.NotFound> missing = new ArrayList<>();
        notFound.forEach((agent, paths) -> missing.add(new Recognition.NotFound(agent, List.copyOf(paths))));
        return new Recognition(found, missing);
    }
}
