package dev.assay.extract.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class KnownLocationsTest {

    private static final KnownLocations TABLE = KnownLocations.bundled();

    @Test
    void theBundledTableNamesExactlyTheDocumentsAndRolesRulePacksAreToldAbout() {
        assertEquals(new TreeSet<>(List.of("openclaw", "clawdbot", "moltbot", "openclaw-auth-profiles",
                "openclaw-exec-approvals", "openclaw-cron", "openclaw-installed-package", "mcporter", "claude-desktop", "claude-code",
                "claude-code-settings", "cursor", "vscode-mcp", "windsurf", "gemini", "codex", "cline", "roo-code", "kiro",
                "zed", "goose", "opencode", "continue", "claude-code-managed-settings", "claude-code-managed-mcp",
                "claude-code-plugin", "claude-code-plugin-hooks", "claude-code-plugin-mcp", "junie", "junie-allowlist", "amp",
                "kiro-permissions", "kiro-settings", "roo-code-settings", "vscode-settings", "env", "config")),
                new TreeSet<>(TABLE.documents().keySet()));
        TreeSet<String> roles = new TreeSet<>();
        TreeSet<String> tags = new TreeSet<>();
        TABLE.scopes().values().forEach(list -> list.forEach(l -> {
            if (l.kind().equals("config") || l.kind().equals("text") || l.kind().equals("package")) {
                roles.add(l.roleOrDefault());
            }
            tags.addAll(l.tags());
        }));
        assertEquals(new TreeSet<>(List.of("config", "env", "log", "memory", "other", "secret-store", "transcript")),
                roles);
        assertEquals(new TreeSet<>(List.of("env", "log", "memory", "secret-store", "transcript")), tags);
    }

    @Test
    void validationRejectsUnknownKindsFormatsAndDocuments() {
        assertThrows(IllegalStateException.class, () -> withBaseEntry(new KnownLocations.Location("x", "conf", null,
                null, null, null, null, null, null, null, null, false, null)).validate());
        assertThrows(IllegalStateException.class, () -> withBaseEntry(new KnownLocations.Location("x", "config",
                "claude-code", "xml", null, null, null, null, null, null, null, false, null)).validate());
        assertThrows(IllegalStateException.class, () -> withBaseEntry(new KnownLocations.Location("x", "config",
                "nobody", "json", null, null, null, null, null, null, null, false, null)).validate());
        assertThrows(IllegalStateException.class, () -> withBaseEntry(new KnownLocations.Location("a/**/b/c",
                "text", null, null, null, null, null, null, null, null, null, false, null)).validate());
        assertThrows(IllegalStateException.class, () -> withBaseEntry(new KnownLocations.Location("/etc/passwd",
                "text", null, null, null, null, null, null, null, null, null, false, null)).validate());
        assertThrows(IllegalStateException.class, () -> withBaseEntry(new KnownLocations.Location("x.json", "config",
                "config", "json", null, null, null, null, null, null, null, true, null)).validate());
        withBaseEntry(new KnownLocations.Location("ok/**/*.md", "text", null, null, "memory", null, null, 5, null,
                null, null, false, null)).validate();
    }

    private static KnownLocations withBaseEntry(KnownLocations.Location entry) {
        Map<String, List<KnownLocations.Location>> scopes = new LinkedHashMap<>(TABLE.scopes());
        List<KnownLocations.Location> base = new ArrayList<>(scopes.get("base"));
        base.add(entry);
        scopes.put("base", base);
        return new KnownLocations(TABLE.bounds(), TABLE.stateMarkers(), TABLE.homeMarkers(), scopes,
                TABLE.documents(), TABLE.mcp(), TABLE.launchers(), TABLE.packages(), TABLE.stateFolders(), TABLE.includes());
    }

    @Test
    void knownScopesOnly() {
        assertTrue(Set.of("base", "state", "workspace", "single-file").equals(TABLE.scopes().keySet()));
    }
}
