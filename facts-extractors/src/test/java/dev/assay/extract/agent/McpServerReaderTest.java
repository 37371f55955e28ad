package dev.assay.extract.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.fact.McpServer;
import dev.assay.engine.spi.FileContent;
import dev.assay.engine.spi.Limits;
import dev.assay.extract.config.ConfigFormat;
import dev.assay.extract.config.ConfigParseResult;
import dev.assay.extract.config.ConfigParser;
import dev.assay.extract.config.ParsedConfig;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class McpServerReaderTest {

    private static final KnownLocations TABLE = KnownLocations.bundled();

    private static List<McpServer> servers(String document, String json) {
        FileContent c = new FileContent("c.json", json.getBytes(StandardCharsets.UTF_8), 0644, false, json, "UTF-8");
        ParsedConfig config = ((ConfigParseResult.Parsed) ConfigParser.parse(c, ConfigFormat.JSON5, Limits.defaults()))
                .config();
        return new McpServerReader(TABLE.mcp()).read(config, document, TABLE.documents().get(document)).stream()
                .map(McpServerReader.Found::server).collect(Collectors.toList());
    }

    private static McpServer only(String document, String json) {
        List<McpServer> all = servers(document, json);
        assertEquals(1, all.size(), all::toString);
        return all.get(0);
    }

    @Test
    void explicitTypeWinsAndIsNormalised() {
        assertEquals("http", only("claude-code", "{mcpServers: {a: {type: 'streamable-http', url: 'https://a.invalid/sse'}}}")
                .transport());
        assertEquals("sse", only("vscode-mcp", "{servers: {a: {type: 'SSE', url: 'https://a.invalid/x'}}}").transport());
        assertEquals("stdio", only("vscode-mcp", "{servers: {a: {type: 'stdio', command: 'node'}}}").transport());
    }

    @Test
    void urlKeysDecideTheTransportWithoutAType() {
        assertEquals("http", only("windsurf", "{mcpServers: {a: {serverUrl: 'https://a.invalid/mcp'}}}").transport());
        assertEquals("sse", only("windsurf", "{mcpServers: {a: {serverUrl: 'https://a.invalid/sse?x=1'}}}").transport());
        assertEquals("sse", only("gemini", "{mcpServers: {a: {url: 'https://a.invalid/events'}}}").transport());
        assertEquals("http", only("gemini", "{mcpServers: {a: {httpUrl: 'https://a.invalid/events'}}}").transport());
        assertEquals("http", only("mcporter", "{mcpServers: {a: {baseUrl: 'https://a.invalid/'}}}").transport());
    }

    @Test
    void authIsSeenInHeadersOauthTokensAndQueryParameters() {
        assertTrue(only("cursor", "{mcpServers: {a: {url: 'https://a.invalid', headers: {Authorization: '${input:t}'}}}}")
                .authConfigured());
        assertTrue(only("cursor", "{mcpServers: {a: {url: 'https://a.invalid', headers: {'X-Goog-Api-Key': 'k'}}}}")
                .authConfigured());
        assertFalse(only("cursor", "{mcpServers: {a: {url: 'https://a.invalid', headers: {Authorization: ''}}}}")
                .authConfigured());
        assertFalse(only("cursor", "{mcpServers: {a: {url: 'https://a.invalid', headers: {Accept: 'x'}}}}")
                .authConfigured());
        assertTrue(only("gemini", "{mcpServers: {a: {httpUrl: 'https://a.invalid', oauth: {enabled: true}}}}")
                .authConfigured());
        assertFalse(only("gemini", "{mcpServers: {a: {httpUrl: 'https://a.invalid', oauth: {enabled: false}}}}")
                .authConfigured());
        assertTrue(only("codex", "{mcp_servers: {a: {url: 'https://a.invalid', bearer_token_env_var: 'T'}}}")
                .authConfigured());
        assertTrue(only("cursor", "{mcpServers: {a: {url: 'https://a.invalid/mcp?api_key=abc'}}}").authConfigured());
        assertFalse(only("cursor", "{mcpServers: {a: {url: 'https://a.invalid/mcp?api_key='}}}").authConfigured());
    }

    @Test
    void namesOfHeadersAndEnvironmentAreSortedAndDistinct() {
        McpServer s = only("codex", "{mcp_servers: {a: {command: 'x', env: {ZED: '1', ALPHA: '2'}, env_vars: ['MID', 'ALPHA'],"
                + " http_headers: {'X-B': 'b'}, env_http_headers: {'X-A': 'A_ENV'}}}}");
        assertEquals(List.of("ALPHA", "MID", "ZED"), s.envNames());
        assertEquals(List.of("X-A", "X-B"), s.headerNames());
    }

    @Test
    void serversUnderEveryClaudeCodeProjectAreRead() {
        List<McpServer> all = servers("claude-code", "{mcpServers: {g: {command: 'a'}},"
                + " projects: {'/p/one': {mcpServers: {x: {command: 'b'}}}, '/p/two': {mcpServers: {y: {url: 'https://y.invalid'}}}}}");
        assertEquals(List.of("g", "x", "y"), all.stream().map(McpServer::name).collect(Collectors.toList()));
    }

    @Test
    void aCommandWithBlanksIsKeptAsWritten() {
        McpServer s = only("cursor", "{mcpServers: {a: {command: 'npx -y pkg@1.0.0'}}}");
        assertEquals("npx -y pkg@1.0.0", s.command());
        assertEquals(List.of(), s.args());
        assertEquals("stdio", s.transport());
    }
}
