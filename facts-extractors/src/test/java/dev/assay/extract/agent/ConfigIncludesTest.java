package dev.assay.extract.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.fact.ConfigValue;
import dev.assay.engine.fact.Fact;
import dev.assay.engine.fact.FileTag;
import dev.assay.engine.fact.InstalledPackage;
import dev.assay.engine.fact.InstalledSkill;
import dev.assay.engine.fact.McpServer;
import dev.assay.engine.fact.ReplacedConfigValue;
import dev.assay.engine.fact.TextDocument;
import dev.assay.engine.spi.Limits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** OpenClaw's {@code $include}: followed in place, merged in OpenClaw's order, and never out of the state folder. */
class ConfigIncludesTest {

    @TempDir
    Path tmp;

    private static Optional<ConfigValue> value(List<Fact> facts, String path) {
        return facts.stream().filter(f -> f instanceof ConfigValue v && v.path().equals(path)).map(f -> (ConfigValue) f)
                .reduce((a, b) -> {
                    throw new AssertionError("two values at " + path + ": " + a + " and " + b);
                });
    }

    private static List<String> skips(FolderTarget target) {
        return target.skipped().stream().map(s -> s.file() + ": " + s.reason()).toList();
    }

    @Test
    void anIncludedSettingIsReadInPlaceAndPointsAtItsOwnFileAndLine() {
        Path state = tmp.resolve(".openclaw");
        Fixtures.write(state.resolve("openclaw.json"), """
                {
                  // agents live in their own file
                  agents: { "$include": "./config/agents.json5" },
                  gateway: {
                    "$include": ["./config/gateway-base.json5", "./config/gateway-lan.json5"],
                    port: 18789,
                  },
                }
                """);
        Fixtures.write(state.resolve("config/agents.json5"), """
                {
                  defaults: {
                    sandbox: { mode: "off" },
                  },
                }
                """);
        Fixtures.write(state.resolve("config/gateway-base.json5"), """
                { bind: "loopback", port: 1, auth: { mode: "token" } }
                """);
        Fixtures.write(state.resolve("config/gateway-lan.json5"), """
                { bind: "lan", port: 2 }
                """);
        FolderTarget target = new FolderTarget(tmp, Limits.defaults());
        List<Fact> facts = Fixtures.extract(target);

        ConfigValue mode = value(facts, "agents.defaults.sandbox.mode").orElseThrow();
        assertEquals(".openclaw/config/agents.json5", mode.file());
        assertEquals(3, mode.line());
        assertEquals("off", mode.value());
        assertEquals("openclaw", mode.document());
        // A later file overrides an earlier one; the object's own keys override both.
        assertEquals("lan", value(facts, "gateway.bind").orElseThrow().value());
        assertEquals(".openclaw/config/gateway-lan.json5", value(facts, "gateway.bind").orElseThrow().file());
        assertEquals("18789", value(facts, "gateway.port").orElseThrow().value());
        assertEquals(".openclaw/openclaw.json", value(facts, "gateway.port").orElseThrow().file());
        assertEquals("token", value(facts, "gateway.auth.mode").orElseThrow().value());
        assertTrue(target.filesRead().contains(".openclaw/config/agents.json5"), target.filesRead().toString());
        assertEquals(List.of(), skips(target));
    }

    /** OpenClaw's deepMerge (src/config/includes.ts): objects merge, lists concatenate, anything else replaces. */
    @Test
    void listsAreConcatenatedObjectsMergedAndOtherValuesReplacedAsOpenClawMerges() {
        Path state = tmp.resolve(".openclaw");
        Fixtures.write(state.resolve("openclaw.json"), """
                {
                  tools: {
                    "$include": ["./tools-a.json5", "./tools-b.json5"],
                    deny: ["exec"],
                    elevated: "off",
                  },
                }
                """);
        Fixtures.write(state.resolve("tools-a.json5"), """
                {
                  deny: ["web_fetch"],
                  elevated: { enabled: true, allowFrom: { telegram: ["*"] } },
                  exec: { safeBins: ["jq"], host: "gateway" },
                }
                """);
        Fixtures.write(state.resolve("tools-b.json5"), """
                {
                  deny: ["browser"],
                  exec: { safeBins: { jq: true } },
                }
                """);
        FolderTarget target = new FolderTarget(tmp, Limits.defaults());
        List<Fact> facts = Fixtures.extract(target);

        // Lists concatenate in merge order: tools-a, tools-b, then the object's own keys.
        assertEquals(".openclaw/tools-a.json5 web_fetch", shown(value(facts, "tools.deny.0")));
        assertEquals(".openclaw/tools-b.json5 browser", shown(value(facts, "tools.deny.1")));
        assertEquals(".openclaw/openclaw.json exec", shown(value(facts, "tools.deny.2")));
        assertEquals("3", value(facts, "tools.deny").orElseThrow().value());
        // A scalar replaces an object, with everything under it; an object replaces a list; objects merge.
        assertEquals(".openclaw/openclaw.json off", shown(value(facts, "tools.elevated")));
        assertTrue(value(facts, "tools.elevated.enabled").isEmpty());
        assertTrue(value(facts, "tools.elevated.allowFrom.telegram.0").isEmpty());
        assertEquals("object", value(facts, "tools.exec.safeBins").orElseThrow().type());
        assertTrue(value(facts, "tools.exec.safeBins.0").isEmpty(), "the list tools-b replaced is gone");
        assertEquals(".openclaw/tools-b.json5 true", shown(value(facts, "tools.exec.safeBins.jq")));
        assertEquals(".openclaw/tools-a.json5 gateway", shown(value(facts, "tools.exec.host")));
        // Every value belongs to the merged config of the top file, wherever it is written.
        assertEquals(List.of(".openclaw/openclaw.json"), facts.stream().filter(f -> f instanceof ConfigValue)
                .map(f -> ((ConfigValue) f).configFile()).distinct().toList());
    }

    @Test
    void anIncludeHeldDeeperIsPartOfTheOwnKeysOfOneHeldHigher() {
        Path state = tmp.resolve(".openclaw");
        Fixtures.write(state.resolve("openclaw.json"), """
                {
                  agents: {
                    "$include": "./agents.json5",
                    defaults: { "$include": "./defaults.json5", sandbox: { mode: "all" } },
                  },
                }
                """);
        Fixtures.write(state.resolve("agents.json5"), """
                { defaults: { sandbox: { mode: "off", scope: "agent" }, workspace: "~/a" } }
                """);
        Fixtures.write(state.resolve("defaults.json5"), """
                { sandbox: { mode: "non-main" }, workspace: "~/d" }
                """);
        FolderTarget target = new FolderTarget(tmp, Limits.defaults());
        List<Fact> facts = Fixtures.extract(target);
        assertEquals(".openclaw/openclaw.json all", shown(value(facts, "agents.defaults.sandbox.mode")));
        assertEquals(".openclaw/agents.json5 agent", shown(value(facts, "agents.defaults.sandbox.scope")));
        assertEquals(".openclaw/defaults.json5 ~/d", shown(value(facts, "agents.defaults.workspace")));
    }

    private static List<String> replaced(List<Fact> facts) {
        return facts.stream().filter(f -> f instanceof ReplacedConfigValue).map(f -> (ReplacedConfigValue) f)
                .map(r -> r.path() + "=" + r.value() + " at " + r.file() + ":" + r.line() + " by " + r.replacedBy()
                        + " in " + r.configFile())
                .toList();
    }

    /**
     * A value a later source replaces is not in the merged config, but it is still written on disk: it is kept as a
     * ReplacedConfigValue at its own file and line, naming the value that replaces it (for secret rules).
     */
    @Test
    void aReplacedValueLeavesTheMergedConfigButIsKeptAtItsFileAndLine() {
        Path state = tmp.resolve(".openclaw");
        Fixtures.write(state.resolve("openclaw.json"), """
                {
                  gateway: {
                    "$include": ["./gateway-a.json5", "./gateway-b.json5"],
                    bind: "loopback",
                  },
                  hooks: {
                    "$include": "./hooks.json5",
                    token: "${HOOKS_TOKEN}",
                  },
                  tools: { "$include": "./tools.json5", deny: ["exec"], elevated: "off" },
                }
                """);
        Fixtures.write(state.resolve("gateway-a.json5"), """
                {
                  bind: "lan",
                  auth: {
                    token: "literal-token-one",
                  },
                }
                """);
        Fixtures.write(state.resolve("gateway-b.json5"), """
                {
                  auth: {
                    token: "${GATEWAY_TOKEN}",
                  },
                }
                """);
        Fixtures.write(state.resolve("hooks.json5"), """
                {
                  token: "literal-hook-token",
                  path: "/hooks",
                }
                """);
        Fixtures.write(state.resolve("tools.json5"), """
                {
                  deny: ["web_fetch"],
                  elevated: { enabled: true },
                }
                """);
        FolderTarget target = new FolderTarget(tmp, Limits.defaults());
        List<Fact> facts = Fixtures.extract(target);

        // The merged config holds the later values only.
        assertEquals(".openclaw/gateway-b.json5 ${GATEWAY_TOKEN}", shown(value(facts, "gateway.auth.token")));
        assertEquals(".openclaw/openclaw.json ${HOOKS_TOKEN}", shown(value(facts, "hooks.token")));
        assertEquals(".openclaw/openclaw.json loopback", shown(value(facts, "gateway.bind")));
        // What they replaced, where it is written; lists concatenate and objects merge, so nothing else is replaced.
        String config = ".openclaw/openclaw.json";
        assertEquals(List.of(
                "gateway.auth.token=literal-token-one at .openclaw/gateway-a.json5:4 by .openclaw/gateway-b.json5:3 in " + config,
                "gateway.bind=lan at .openclaw/gateway-a.json5:2 by .openclaw/openclaw.json:4 in " + config,
                "hooks.token=literal-hook-token at .openclaw/hooks.json5:2 by .openclaw/openclaw.json:8 in " + config,
                "tools.elevated.enabled=true at .openclaw/tools.json5:3 by .openclaw/openclaw.json:10 in " + config,
                "tools.elevated=1 at .openclaw/tools.json5:3 by .openclaw/openclaw.json:10 in " + config),
                replaced(facts).stream().sorted().toList());
        assertEquals("array", value(facts, "tools.deny").orElseThrow().type());
        assertEquals("2", value(facts, "tools.deny").orElseThrow().value());
    }

    /** A file listed twice replaces its own values with themselves: they are in effect, not listed as replaced. */
    @Test
    void aValueInEffectIsNotListedAsReplacedByItself() {
        Path state = tmp.resolve(".openclaw");
        Fixtures.write(state.resolve("openclaw.json"), """
                {
                  gateway: { "$include": ["./same.json5", "./same.json5"] },
                  hooks: { "$include": ["./hooks.json5", "./hooks-ref.json5", "./hooks.json5"] },
                }
                """);
        Fixtures.write(state.resolve("same.json5"), "{ auth: { token: \"literal\" } }\n");
        Fixtures.write(state.resolve("hooks.json5"), "{ token: \"hook-literal\" }\n");
        Fixtures.write(state.resolve("hooks-ref.json5"), "{ token: \"${HOOKS}\" }\n");
        List<Fact> facts = Fixtures.extract(new FolderTarget(tmp, Limits.defaults()));
        assertEquals(".openclaw/same.json5 literal", shown(value(facts, "gateway.auth.token")));
        assertEquals(".openclaw/hooks.json5 hook-literal", shown(value(facts, "hooks.token")));
        // hooks-ref.json5's reference is replaced (by hooks.json5 again); hooks.json5's own first copy is in effect.
        assertEquals(List.of("hooks.token=${HOOKS} at .openclaw/hooks-ref.json5:1 by .openclaw/hooks.json5:1 in "
                + ".openclaw/openclaw.json"), replaced(facts));
    }

    @Test
    void aConfigWithoutIncludesIsItsOwnConfig() {
        Fixtures.write(tmp.resolve(".openclaw/openclaw.json"), "{ gateway: { bind: \"lan\" } }\n");
        List<Fact> facts = Fixtures.extract(new FolderTarget(tmp, Limits.defaults()));
        ConfigValue bind = value(facts, "gateway.bind").orElseThrow();
        assertEquals(bind.file(), bind.configFile());
        assertEquals(List.of(), replaced(facts), "nothing merged, nothing replaced");
    }

    private static String shown(Optional<ConfigValue> v) {
        return v.map(c -> c.file() + " " + c.value()).orElse("(none)");
    }

    @Test
    void escapesAreReportedAndNotRead() throws Exception {
        Path state = tmp.resolve("home/.openclaw");
        Fixtures.write(tmp.resolve("home/outside.json5"), "{ tools: { elevated: { enabled: true } } }\n");
        Fixtures.write(tmp.resolve("home/.openclaw/a.json5"), "{ \"$include\": \"./b.json5\", fromA: 1 }\n");
        Fixtures.write(tmp.resolve("home/.openclaw/b.json5"), "{ \"$include\": \"./a.json5\", fromB: 2 }\n");
        Files.createSymbolicLink(state.resolve("linked.json5"), tmp.resolve("home/outside.json5"));
        Fixtures.write(state.resolve("openclaw.json"), """
                {
                  one: { "$include": "../../etc/passwd" },
                  two: { "$include": "/etc/passwd" },
                  three: { "$include": "../outside.json5" },
                  four: { "$include": "./linked.json5" },
                  five: { "$include": "~/outside.json5" },
                  six: { "$include": "./a.json5" },
                }
                """);
        FolderTarget target = new FolderTarget(tmp.resolve("home"), Limits.defaults());
        List<Fact> facts = Fixtures.extract(target);

        String skipped = String.join("\n", skips(target));
        assertTrue(skipped.contains("../../etc/passwd: $include \"../../etc/passwd\" in .openclaw/openclaw.json not followed: "
                + "absolute, home-relative or outside the state folder .openclaw"), skipped);
        assertTrue(skipped.contains("/etc/passwd: $include \"/etc/passwd\""), skipped);
        assertTrue(skipped.contains("../outside.json5: $include \"../outside.json5\""), skipped);
        assertTrue(skipped.contains("~/outside.json5: $include"), skipped);
        assertTrue(skipped.contains(".openclaw/linked.json5: $include \"./linked.json5\" in .openclaw/openclaw.json not "
                + "followed: "), skipped);
        assertTrue(skipped.contains(".openclaw/a.json5: $include \"./a.json5\" in .openclaw/b.json5 not followed: include cycle"),
                skipped);
        assertFalse(target.filesRead().contains("outside.json5"), target.filesRead().toString());
        assertTrue(value(facts, "tools.elevated.enabled").isEmpty(), "nothing of the outside file is read");
        assertTrue(value(facts, "four.tools.elevated.enabled").isEmpty(), "a symbolic link is never followed");
        // The cycle is cut where it closes: a and b are read once each.
        assertEquals("1", value(facts, "six.fromA").orElseThrow().value());
        assertEquals("2", value(facts, "six.fromB").orElseThrow().value());
    }

    @Test
    void includesStopAfterThreeLevels() {
        Path state = tmp.resolve(".openclaw");
        Fixtures.write(state.resolve("openclaw.json"), "{ l1: { \"$include\": \"./1.json5\" } }\n");
        Fixtures.write(state.resolve("1.json5"), "{ l2: { \"$include\": \"./2.json5\" } }\n");
        Fixtures.write(state.resolve("2.json5"), "{ l3: { \"$include\": \"./3.json5\" } }\n");
        Fixtures.write(state.resolve("3.json5"), "{ l4: { \"$include\": \"./4.json5\" }, depth: 3 }\n");
        Fixtures.write(state.resolve("4.json5"), "{ depth: 4 }\n");
        FolderTarget target = new FolderTarget(tmp, Limits.defaults());
        List<Fact> facts = Fixtures.extract(target);
        assertEquals("3", value(facts, "l1.l2.l3.depth").orElseThrow().value());
        assertTrue(value(facts, "l1.l2.l3.l4.depth").isEmpty());
        assertTrue(String.join("\n", skips(target)).contains(".openclaw/4.json5: $include \"./4.json5\" in "
                + ".openclaw/3.json5 not followed: deeper than 3 levels of includes"), skips(target).toString());
    }

    @Test
    void serversWorkspacesAndSkillsFoldersDeclaredInIncludedFilesAreReadAsIfInTheMainFile() throws Exception {
        Path state = tmp.resolve("home/.openclaw");
        Files.createDirectories(tmp.resolve("home/.git"));
        Fixtures.write(state.resolve("openclaw.json"), """
                {
                  meta: { "$include": "./config/meta.json5" },
                  agents: { "$include": "./config/agents.json5" },
                  skills: { "$include": "./config/skills.json5" },
                  mcp: {
                    "$include": ["./config/mcp-a.json5", "./config/mcp-b.json5"],
                    servers: { local: { command: "node" } },
                  },
                }
                """);
        Fixtures.write(state.resolve("config/meta.json5"), "{ lastTouchedVersion: \"2026.1.20\" }\n");
        Fixtures.write(state.resolve("config/agents.json5"), """
                {
                  list: [
                    { id: "research", workspace: "~/.openclaw/workspace-research" },
                  ],
                }
                """);
        Fixtures.write(state.resolve("config/skills.json5"), "{\n  load: { extraDirs: [\"~/.openclaw/team-skills\"] },\n}\n");
        Fixtures.write(state.resolve("config/mcp-a.json5"), """
                {
                  servers: {
                    bridge: { command: "npx", args: ["-y", "mcp-remote@0.1.14", "https://bridge.example.test/mcp"] },
                    tickets: { url: "https://tickets.example.test/mcp", headers: { Authorization: "Bearer ${T}" } },
                  },
                }
                """);
        Fixtures.write(state.resolve("config/mcp-b.json5"), """
                {
                  servers: {
                    tickets: { url: "http://tickets.example.test/mcp" },
                  },
                }
                """);
        Fixtures.write(state.resolve("workspace-research/MEMORY.md"), "# notes\n");
        Fixtures.write(state.resolve("team-skills/notes/SKILL.md"), "---\nname: notes\ndescription: Notes.\n---\n# Notes\n");
        FolderTarget target = new FolderTarget(tmp.resolve("home"), Limits.defaults());
        List<Fact> facts = Fixtures.extract(target);

        List<McpServer> servers = facts.stream().filter(f -> f instanceof McpServer).map(f -> (McpServer) f).toList();
        List<String> shown = servers.stream().map(s -> s.name() + " " + s.transport() + " " + s.file() + ":" + s.line()
                + " " + (s.url() == null ? s.command() : s.url()) + " auth=" + s.authConfigured()).sorted().toList();
        // tickets is merged key by key: the url (and the entry's line) of the later file, the header of the earlier one.
        assertEquals(List.of(
                "bridge stdio .openclaw/config/mcp-a.json5:3 npx auth=false",
                "local stdio .openclaw/openclaw.json:7 node auth=false",
                "tickets http .openclaw/config/mcp-b.json5:3 http://tickets.example.test/mcp auth=true"), shown);
        InstalledPackage pin = facts.stream().filter(f -> f instanceof InstalledPackage p && p.name().equals("mcp-remote"))
                .map(f -> (InstalledPackage) f).findFirst().orElseThrow();
        assertEquals(".openclaw/config/mcp-a.json5", pin.file());
        assertEquals(3, pin.line());
        assertTrue(pin.snippet().contains("mcp-remote@0.1.14"), pin.snippet());
        InstalledPackage touched = facts.stream().filter(f -> f instanceof InstalledPackage p
                && p.source().equals("last-touched-version")).map(f -> (InstalledPackage) f).findFirst().orElseThrow();
        assertEquals(".openclaw/config/meta.json5:1 2026.1.20", touched.file() + ":" + touched.line() + " " + touched.version());

        assertTrue(facts.stream().anyMatch(f -> f instanceof TextDocument d
                && d.file().equals(".openclaw/workspace-research/MEMORY.md") && d.role().equals("memory")),
                "the workspace an included file names is read");
        List<String> skills = facts.stream().filter(f -> f instanceof InstalledSkill).map(f -> ((InstalledSkill) f).name()
                + " " + ((InstalledSkill) f).location()).toList();
        assertEquals(List.of("notes extra"), skills);
        assertTrue(facts.stream().anyMatch(f -> f instanceof FileTag t && t.file().equals(".openclaw/config/mcp-a.json5")
                && t.tag().equals("git-tracked")), "an included file in a git work tree is tagged like the main config");

        AgentInventory inventory = AgentInventory.of(target, Limits.defaults());
        List<String> lines = AgentInventoryTest.lines(inventory);
        assertTrue(lines.contains("mcp OpenClaw/openclaw:bridge stdio [npx -y mcp-remote@0.1.14 "
                + "https://bridge.example.test/mcp|] pinned[npm:mcp-remote@0.1.14]"), lines.toString());
        assertTrue(lines.contains("skill notes extra .openclaw/team-skills/notes"), lines.toString());
    }

    @Test
    void otherDocumentsKeepTheKeyAsData() {
        Fixtures.write(tmp.resolve(".cursor/mcp.json"), "{ \"$include\": \"./other.json\", \"mcpServers\": {} }\n");
        Fixtures.write(tmp.resolve(".cursor/other.json"), "{ \"x\": 1 }\n");
        FolderTarget target = new FolderTarget(tmp, Limits.defaults());
        Fixtures.extract(target);
        assertFalse(target.filesRead().contains(".cursor/other.json"), "only OpenClaw documents have includes");
    }
}
