package dev.assay.engine.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class PathMatchingTest {

    @Test
    void configPathGlobs() {
        assertTrue(ConfigPaths.matches("mcpServers.*.url", "mcpServers.fs.url"));
        assertFalse(ConfigPaths.matches("mcpServers.*.url", "mcpServers.fs.env.url"));
        assertTrue(ConfigPaths.matches("agents.**.sandbox.docker.network", "agents.defaults.sandbox.docker.network"));
        assertTrue(ConfigPaths.matches("agents.**.sandbox.docker.network", "agents.sandbox.docker.network"));
        assertTrue(ConfigPaths.matches("permissions.allow.*", "permissions.allow.0"));
        assertFalse(ConfigPaths.matches("gateway.bind", "gateway.bindx"));
        assertEquals("mcpServers.fs.headers", ConfigPaths.expand("mcpServers.{1}.headers", "mcpServers.*.url", "mcpServers.fs.url"));
    }

    @Test
    void fileGlobs() {
        assertTrue(Globs.matches("*.json", "a/b/openclaw.json"));
        assertTrue(Globs.matches("**/.env", ".env"));
        assertTrue(Globs.matches("**/.env", "workspace/x/.env"));
        assertTrue(Globs.matches("skills/*/SKILL.md", "skills/x/SKILL.md"));
        assertFalse(Globs.matches("skills/*/SKILL.md", "skills/x/y/SKILL.md"));
        assertTrue(Globs.matches("skills/**/SKILL.md", "skills/x/y/SKILL.md"));
    }

    @Test
    void redactionNeverShowsTheSecret() {
        String key = "sk-ant-api03-FAKEfakeFAKEfakeFAKEfake";
        String shown = Redaction.redact(key);
        assertFalse(shown.contains("FAKEfake"));
        assertTrue(shown.startsWith("sk-ant"));
        assertEquals("key: " + shown, Redaction.redactIn("key: " + key, key));
        String all = Redaction.redactAll("a " + key + " b", List.of(com.google.re2j.Pattern.compile("sk-ant-[A-Za-z0-9-]+")));
        assertFalse(all.contains("FAKEfake"));
        assertEquals("ab…[redacted 8 chars]", Redaction.redact("abcdefgh"));
    }
}
