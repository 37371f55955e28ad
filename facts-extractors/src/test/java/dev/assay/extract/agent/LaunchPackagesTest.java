package dev.assay.extract.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LaunchPackagesTest {

    private static final KnownLocations TABLE = KnownLocations.bundled();
    private static final LaunchPackages LAUNCHES = new LaunchPackages(TABLE.launchers(), TABLE.packages());

    private static String pins(String commandLine) {
        List<LaunchPackages.Token> tokens = Arrays.stream(commandLine.split(" "))
                .map(w -> new LaunchPackages.Token(w, 1, "mcp.json")).collect(Collectors.toList());
        return LAUNCHES.pins(tokens).stream().map(p -> p.ecosystem() + ":" + p.name() + "@" + p.version())
                .collect(Collectors.joining(" "));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', nullValues = "NONE", value = {
        "npx -y mcp-remote@0.1.15 https://x.invalid/mcp | npm:mcp-remote@0.1.15",
        "npx @modelcontextprotocol/server-filesystem@2025.7.1 / | npm:@modelcontextprotocol/server-filesystem@2025.7.1",
        "npx --yes pkg@v1.2.3 | npm:pkg@1.2.3",
        "npx -y pkg | NONE",
        "npx -y pkg@latest | NONE",
        "npx -y pkg@^1.2.3 | NONE",
        "npx -y pkg@1.2 | NONE",
        "npx -y @scope/pkg | NONE",
        "npx --registry https://r.invalid pkg@1.0.0 | npm:pkg@1.0.0",
        "npx -p a@1.0.0 -p b@2.0.0-beta.1 tool | npm:a@1.0.0 npm:b@2.0.0-beta.1",
        "npx --package=@acme/tools@2.0.0 acme | npm:@acme/tools@2.0.0",
        "npx -- pkg@3.0.0 | npm:pkg@3.0.0",
        "npx -y Bad_Name@1.0.0 | NONE",
        "C:\\Program Files\\nodejs\\npx.cmd -y pkg@1.0.0 | npm:pkg@1.0.0",
        "cmd /c npx -y pkg@1.0.0 | npm:pkg@1.0.0",
        "/usr/local/bin/bunx @playwright/mcp@0.0.41 | npm:@playwright/mcp@0.0.41",
        "pnpm dlx pkg@4.5.6 | npm:pkg@4.5.6",
        "npm exec --yes -- pkg@1.0.0 | npm:pkg@1.0.0",
        "uvx mcp-server-git==2025.9.25 --repository . | pypi:mcp-server-git@2025.9.25",
        "uvx mcp-server-git | NONE",
        "uvx mcp-server-git>=1.0 | NONE",
        "uvx Mcp_Server.Git==1.0 | pypi:mcp-server-git@1.0",
        "uvx fastmcp[cli]==2.14.1 run | pypi:fastmcp@2.14.1",
        "uvx pkg@0.4.0 | pypi:pkg@0.4.0",
        "uvx --python 3.12 --from mcp-server-fetch==2025.1.17 mcp-server-fetch | pypi:mcp-server-fetch@2025.1.17",
        "uvx --from git+https://x.invalid/repo mcp | NONE",
        "uvx --with httpx==0.27.0 tool==1.0.0 | pypi:httpx@0.27.0",
        "uv tool run mcp==1.23.0 | pypi:mcp@1.23.0",
        "uv run server.py | NONE",
        "pipx run --spec docs-mcp==0.3.1 docs-mcp | pypi:docs-mcp@0.3.1",
        "pipx run black==24.1.0 | pypi:black@24.1.0",
        "docker run -i --rm mcp/postgres:1.0.0 | NONE",
        "node /opt/server.js pkg@1.0.0 | NONE",
        "npx | NONE"
    })
    void pinsAreExactVersionsOnly(String commandLine, String expected) {
        assertEquals(expected == null ? "" : expected, pins(commandLine.strip()));
    }

    @ParameterizedTest
    @CsvSource({"npx,npx", "/usr/bin/npx,npx", "C:\\nodejs\\NPX.CMD,npx", "uvx.exe,uvx", "bunx,bunx"})
    void executableNamesDropFoldersAndSuffixes(String word, String name) {
        assertEquals(name, LaunchPackages.executableName(word));
    }
}
