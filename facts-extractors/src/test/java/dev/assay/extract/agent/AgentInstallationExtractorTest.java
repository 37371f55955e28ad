package dev.assay.extract.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.fact.ConfigValue;
import dev.assay.engine.fact.Fact;
import dev.assay.engine.fact.FileEntry;
import dev.assay.engine.fact.FileTag;
import dev.assay.engine.fact.McpServer;
import dev.assay.engine.spi.Extractor;
import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.SkippedFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentInstallationExtractorTest {

    @TempDir
    Path tmp;

    /** Every fact except ConfigValues (checked separately), one line each, in emission order. */
    private static List<String> withoutValues(List<Fact> facts) {
        return facts.stream().filter(f -> !(f instanceof ConfigValue)).map(FactLines::line)
                .collect(Collectors.toList());
    }

    private static List<String> skips(FolderTarget target) {
        return target.skipped().stream().map(s -> s.file() + ": " + s.reason()).collect(Collectors.toList());
    }

    @Test
    void openClawStateDirGivesEveryKindOfFact() {
        Path state = Fixtures.copy("openclaw-state", tmp.resolve(".openclaw"));
        Fixtures.gitInit(state.resolve("workspace"));
        FolderTarget target = new FolderTarget(state, Limits.defaults());

        List<Fact> facts = Fixtures.extract(target);

        assertEquals(List.of(
                "file ", "tag  openclaw-state-dir",
                "file .env", "tag .env env", "tag .env secret-store", "text .env env",
                "file agents/main/agent/auth-profiles.json", "tag agents/main/agent/auth-profiles.json secret-store",
                "text agents/main/agent/auth-profiles.json secret-store",
                "file agents/main/agent/workshop-skills/draft/SKILL.md",
                "tag agents/main/agent/workshop-skills/draft/SKILL.md skill-instructions",
                "text agents/main/agent/workshop-skills/draft/SKILL.md skill-instructions",
                "skill agents/main/agent/workshop-skills/draft workshop name=draft tools=[] "
                        + "desc=A skill the agent is still writing.",
                "file agents/main/sessions/2026-01-20-a.jsonl", "tag agents/main/sessions/2026-01-20-a.jsonl transcript",
                "text agents/main/sessions/2026-01-20-a.jsonl transcript",
                "file agents/main/sessions/2026-01-21-b.jsonl", "tag agents/main/sessions/2026-01-21-b.jsonl transcript",
                "text agents/main/sessions/2026-01-21-b.jsonl transcript",
                "file config/mcporter.json", "text config/mcporter.json config",
                "mcp config/mcporter.json mcporter:search stdio cmd=uvx --from mcp-server-fetch==2025.1.17 "
                        + "mcp-server-fetch L3",
                "pkg config/mcporter.json pypi:mcp-server-fetch@2025.1.17 mcp-launch-args L5",
                "mcp config/mcporter.json mcporter:linear http url=https://mcp.linear.invalid/mcp "
                        + "headers=[X-Api-Key] auth L7",
                "file credentials", "tag credentials openclaw-credentials-dir",
                "file credentials/oauth.json", "tag credentials/oauth.json secret-store",
                "text credentials/oauth.json secret-store",
                "file credentials/whatsapp/creds.json", "tag credentials/whatsapp/creds.json secret-store",
                "text credentials/whatsapp/creds.json secret-store",
                "file cron/jobs.json", "text cron/jobs.json config",
                "file exec-approvals.json", "text exec-approvals.json config",
                "file extra-skills/notes/SKILL.md", "tag extra-skills/notes/SKILL.md skill-instructions",
                "text extra-skills/notes/SKILL.md skill-instructions",
                "skill extra-skills/notes extra name=notes tools=[] desc=Takes notes.",
                "file logs/gateway.log", "tag logs/gateway.log log", "text logs/gateway.log log",
                "file openclaw.json", "text openclaw.json config",
                "mcp openclaw.json openclaw:filesystem stdio cmd=npx -y "
                        + "@modelcontextprotocol/server-filesystem@2025.7.1 / L21",
                "pkg openclaw.json npm:@modelcontextprotocol/server-filesystem@2025.7.1 mcp-launch-args L21",
                "mcp openclaw.json openclaw:remote sse url=https://mcp.example.invalid/sse headers=[Authorization] "
                        + "auth L22",
                "pkg openclaw.json npm:openclaw@2026.1.24 last-touched-version L3",
                "file skills/broken-skill/SKILL.md", "tag skills/broken-skill/SKILL.md skill-instructions",
                "text skills/broken-skill/SKILL.md skill-instructions",
                "skill skills/broken-skill managed name=broken-skill tools=[] desc=",
                "file skills/clawhub-helper/SKILL.md", "tag skills/clawhub-helper/SKILL.md skill-instructions",
                "text skills/clawhub-helper/SKILL.md skill-instructions",
                "skill skills/clawhub-helper managed name=clawhub-helper tools=[Bash, Write, WebFetch] "
                        + "desc=Keeps your ClawHub skills up to date",
                "file workspace/AGENTS.md", "tag workspace/AGENTS.md git-tracked", "tag workspace/AGENTS.md memory",
                "text workspace/AGENTS.md memory",
                "file workspace/MEMORY.md", "tag workspace/MEMORY.md git-tracked", "tag workspace/MEMORY.md memory",
                "text workspace/MEMORY.md memory",
                "file workspace/SOUL.md", "tag workspace/SOUL.md git-tracked", "tag workspace/SOUL.md memory",
                "text workspace/SOUL.md memory",
                "file workspace/memory/2026-01-20.md", "tag workspace/memory/2026-01-20.md git-tracked",
                "tag workspace/memory/2026-01-20.md memory", "text workspace/memory/2026-01-20.md memory",
                "file workspace/skills/weather/README.txt", "tag workspace/skills/weather/README.txt git-tracked",
                "tag workspace/skills/weather/README.txt skill-instructions",
                "text workspace/skills/weather/README.txt skill-instructions",
                "file workspace/skills/weather/SKILL.md", "tag workspace/skills/weather/SKILL.md git-tracked",
                "tag workspace/skills/weather/SKILL.md skill-instructions",
                "text workspace/skills/weather/SKILL.md skill-instructions",
                "skill workspace/skills/weather workspace name=weather tools=[Bash(curl:*), WebFetch, Read] "
                        + "desc=Fetches the forecast for a city.",
                "file workspace/skills/weather/scripts/fetch.sh",
                "tag workspace/skills/weather/scripts/fetch.sh git-tracked",
                "text workspace/skills/weather/scripts/fetch.sh skill-code"),
                withoutValues(facts));

        assertEquals(List.of("skills/broken-skill/SKILL.md: frontmatter: invalid YAML at line 3: "
                + "while parsing a flow sequence"), skips(target));

        TreeMap<String, TreeSet<String>> documents = new TreeMap<>();
        facts.stream().filter(f -> f instanceof ConfigValue).map(f -> (ConfigValue) f)
                .forEach(v -> documents.computeIfAbsent(v.file(), k -> new TreeSet<>()).add(v.document()));
        assertEquals("{.env=[env], agents/main/agent/auth-profiles.json=[openclaw-auth-profiles], "
                + "config/mcporter.json=[mcporter], cron/jobs.json=[openclaw-cron], "
                + "exec-approvals.json=[openclaw-exec-approvals], openclaw.json=[openclaw]}", documents.toString());

        List<String> values = FactLines.lines(facts, "value openclaw.json");
        assertTrue(values.contains("value openclaw.json openclaw gateway.bind=lan (string) L7"), values::toString);
        assertTrue(values.contains("value openclaw.json openclaw gateway.auth.mode=none (string) L8"));
        assertTrue(values.contains("value openclaw.json openclaw tools.exec.security=full (string) L13"));
        assertTrue(values.contains("value openclaw.json openclaw skills.load.extraDirs.0=~/.openclaw/extra-skills "
                + "(string) L16"));
        ConfigValue bind = facts.stream().filter(f -> f instanceof ConfigValue).map(f -> (ConfigValue) f)
                .filter(v -> v.path().equals("gateway.bind")).findFirst().orElseThrow();
        assertEquals("bind: 'lan', // listens on every interface", bind.snippet());
        assertTrue(FactLines.lines(facts, "value .env").contains(
                "value .env env OPENCLAW_GATEWAY_TOKEN=fake-token-0000 (string) L3"));

        FileTag git = facts.stream().filter(f -> f instanceof FileTag).map(f -> (FileTag) f)
                .filter(t -> t.tag().equals("git-tracked")).findFirst().orElseThrow();
        assertEquals("inside the git work tree at workspace", git.note());
    }

    @Test
    void fileEntriesCarryTheModeTheTargetReports() throws Exception {
        Path state = Fixtures.copy("openclaw-state", tmp.resolve("state"));
        Files.setPosixFilePermissions(state.resolve("agents/main/agent/auth-profiles.json"),
                PosixFilePermissions.fromString("rw-r--r--"));
        Files.setPosixFilePermissions(state.resolve("openclaw.json"), PosixFilePermissions.fromString("rw-------"));

        List<Fact> facts = Fixtures.extract(new FolderTarget(state, Limits.defaults()));

        TreeMap<String, String> modes = new TreeMap<>();
        facts.stream().filter(f -> f instanceof FileEntry).map(f -> (FileEntry) f)
                .forEach(e -> modes.put(e.file(), e.modeOctal()));
        assertEquals("0644", modes.get("agents/main/agent/auth-profiles.json"));
        assertEquals("0600", modes.get("openclaw.json"));
        FileEntry config = facts.stream().filter(f -> f instanceof FileEntry).map(f -> (FileEntry) f)
                .filter(e -> e.file().equals("openclaw.json")).findFirst().orElseThrow();
        assertEquals(Files.size(state.resolve("openclaw.json")), config.size());
    }

    @Test
    void homeFolderReadsOnlyKnownLocations() {
        Path home = Fixtures.copy("home", tmp.resolve("alice"));
        Fixtures.copy("openclaw-state", home.resolve(".openclaw"));
        FolderTarget target = new FolderTarget(home, Limits.defaults());

        List<Fact> facts = Fixtures.extract(target);

        assertEquals(List.of(
                "mcp .claude.json claude-code:github http url=https://api.githubcopilot.invalid/mcp/ "
                        + "headers=[Authorization] auth L4",
                "mcp .claude.json claude-code:sentry sse url=https://mcp.sentry.invalid/sse L13",
                "mcp .codeium/windsurf/mcp_config.json windsurf:docs http url=https://docs.example.invalid/mcp L3",
                "mcp .codeium/windsurf/mcp_config.json windsurf:browser stdio cmd=bunx @playwright/mcp@latest "
                        + "env=[DISPLAY] L4",
                "mcp .codex/config.toml codex:fetch stdio cmd=uvx mcp-server-fetch==2025.4.7 env=[HTTP_PROXY] L4",
                "mcp .codex/config.toml codex:remote http url=https://remote.example.invalid/mcp auth L11",
                "mcp .config/Claude/claude_desktop_config.json claude-desktop:filesystem stdio cmd=npx -y "
                        + "@modelcontextprotocol/server-filesystem /home/alice L3",
                "mcp .config/Claude/claude_desktop_config.json claude-desktop:inspector stdio cmd=npx "
                        + "@modelcontextprotocol/inspector@0.14.0 env=[OPENAI_API_KEY] L7",
                "mcp .cursor/mcp.json cursor:context7 http url=https://mcp.context7.invalid/mcp "
                        + "headers=[CONTEXT7_API_KEY] auth L3",
                "mcp .cursor/mcp.json cursor:remote-bridge stdio cmd=npx mcp-remote@0.1.15 "
                        + "http://bridge.example.invalid/mcp L4",
                "mcp .gemini/settings.json gemini:events sse url=https://events.example.invalid/stream L4",
                "mcp .gemini/settings.json gemini:notes http url=https://notes.example.invalid/mcp auth L5",
                "mcp .openclaw/config/mcporter.json mcporter:search stdio cmd=uvx --from "
                        + "mcp-server-fetch==2025.1.17 mcp-server-fetch L3",
                "mcp .openclaw/config/mcporter.json mcporter:linear http url=https://mcp.linear.invalid/mcp "
                        + "headers=[X-Api-Key] auth L7",
                "mcp .openclaw/openclaw.json openclaw:filesystem stdio cmd=npx -y "
                        + "@modelcontextprotocol/server-filesystem@2025.7.1 / L21",
                "mcp .openclaw/openclaw.json openclaw:remote sse url=https://mcp.example.invalid/sse "
                        + "headers=[Authorization] auth L22",
                "mcp .vscode/mcp.json vscode-mcp:git stdio cmd=uvx mcp-server-git==2025.9.25 --repository . L7",
                "mcp .vscode/mcp.json vscode-mcp:tracker http url=http://tracker.example.invalid/mcp "
                        + "headers=[Authorization] auth L8"),
                FactLines.lines(facts, "mcp "));
        assertEquals(List.of(
                "pkg .clawdbot/clawdbot.json npm:clawdbot@2026.1.5 last-touched-version L3",
                "pkg .codex/config.toml pypi:mcp-server-fetch@2025.4.7 mcp-launch-args L6",
                "pkg .config/Claude/claude_desktop_config.json npm:@modelcontextprotocol/inspector@0.14.0 "
                        + "mcp-launch-args L9",
                "pkg .cursor/mcp.json npm:mcp-remote@0.1.15 mcp-launch-args L4",
                "pkg .npm-global/lib/node_modules/openclaw/package.json npm:openclaw@2026.1.24 package-metadata L3",
                "pkg .openclaw/config/mcporter.json pypi:mcp-server-fetch@2025.1.17 mcp-launch-args L5",
                "pkg .openclaw/openclaw.json npm:@modelcontextprotocol/server-filesystem@2025.7.1 mcp-launch-args L21",
                "pkg .openclaw/openclaw.json npm:openclaw@2026.1.24 last-touched-version L3",
                "pkg .vscode/mcp.json pypi:mcp-server-git@2025.9.25 mcp-launch-args L7"),
                FactLines.lines(facts, "pkg "));
        assertEquals(List.of(
                "skill .claude/skills/reviewer personal name=reviewer tools=[Read, Grep, Bash(git diff:*)] "
                        + "desc=Reviews pull requests.",
                "skill .openclaw/agents/main/agent/workshop-skills/draft workshop name=draft tools=[] "
                        + "desc=A skill the agent is still writing.",
                "skill .openclaw/extra-skills/notes extra name=notes tools=[] desc=Takes notes.",
                "skill .openclaw/skills/broken-skill managed name=broken-skill tools=[] desc=",
                "skill .openclaw/skills/clawhub-helper managed name=clawhub-helper tools=[Bash, Write, WebFetch] "
                        + "desc=Keeps your ClawHub skills up to date",
                "skill .openclaw/workspace/skills/weather workspace name=weather tools=[Bash(curl:*), WebFetch, Read] "
                        + "desc=Fetches the forecast for a city.",
                "skill clawd/skills/legacy workspace name=legacy tools=[] desc=An old skill."),
                FactLines.lines(facts, "skill "));
        assertEquals(List.of("text clawd/MEMORY.md memory"), FactLines.lines(facts, "text clawd/M"));

        TreeMap<String, String> documents = new TreeMap<>();
        facts.stream().filter(f -> f instanceof ConfigValue).map(f -> (ConfigValue) f)
                .forEach(v -> documents.put(v.file(), v.document()));
        assertEquals("{.claude.json=claude-code, .claude/settings.json=claude-code-settings, "
                + ".clawdbot/clawdbot.json=clawdbot, .codeium/windsurf/mcp_config.json=windsurf, "
                + ".codex/config.toml=codex, .config/Claude/claude_desktop_config.json=claude-desktop, "
                + ".cursor/mcp.json=cursor, .gemini/settings.json=gemini, .openclaw/.env=env, "
                + ".openclaw/agents/main/agent/auth-profiles.json=openclaw-auth-profiles, "
                + ".openclaw/config/mcporter.json=mcporter, .openclaw/cron/jobs.json=openclaw-cron, "
                + ".openclaw/exec-approvals.json=openclaw-exec-approvals, .openclaw/openclaw.json=openclaw, "
                + ".vscode/mcp.json=vscode-mcp}", documents.toString());

        // The decoy folder was never listed, walked or read, and nothing outside known places was read.
        assertTrue(target.touched.stream().noneMatch(t -> t.contains("Documents")), target.touched::toString);
        assertTrue(target.filesRead().stream().noneMatch(f -> f.startsWith("Documents")));
        assertTrue(target.touched.stream().noneMatch(t -> t.equals("walk ") || t.equals("walk")),
                "the home folder itself is never walked");
    }

    @Test
    void projectFolderUsesProjectConfigsAndSkills() {
        FolderTarget target = new FolderTarget(Fixtures.copy("project", tmp.resolve("proj")), Limits.defaults());

        List<Fact> facts = Fixtures.extract(target);

        assertEquals(List.of(
                "mcp .cursor/mcp.json cursor:local stdio cmd=/usr/local/bin/npx --yes "
                        + "--package=@acme/mcp-tools@2.0.0 acme-tools L1",
                "mcp .mcp.json claude-code:db stdio cmd=docker run -i --rm mcp/postgres:1.0.0 L3",
                "mcp .mcp.json claude-code:pydocs stdio cmd=pipx run --spec docs-mcp==0.3.1 docs-mcp L4"),
                FactLines.lines(facts, "mcp "));
        assertEquals(List.of("pkg .cursor/mcp.json npm:@acme/mcp-tools@2.0.0 mcp-launch-args L1",
                "pkg .mcp.json pypi:docs-mcp@0.3.1 mcp-launch-args L4"), FactLines.lines(facts, "pkg "));
        assertEquals(List.of("skill .claude/skills/lint project name=lint tools=[] desc=Runs the linter."),
                FactLines.lines(facts, "skill "));
        assertTrue(target.filesRead().stream().noneMatch(f -> f.startsWith("src/")));
    }

    @Test
    void gitWorkTreeAtTheRootTagsEveryFile() {
        Path project = Fixtures.copy("project", tmp.resolve("proj"));
        Fixtures.gitInit(project);

        List<Fact> facts = Fixtures.extract(new FolderTarget(project, Limits.defaults()));

        assertEquals(List.of("tag .claude/skills/lint/SKILL.md git-tracked", "tag .cursor/mcp.json git-tracked",
                "tag .mcp.json git-tracked"), FactLines.lines(facts, "tag ").stream()
                        .filter(l -> l.endsWith("git-tracked")).collect(Collectors.toList()));
        FileTag tag = facts.stream().filter(f -> f instanceof FileTag).map(f -> (FileTag) f).findFirst().orElseThrow();
        assertEquals("inside the git work tree at .", tag.note());
    }

    @Test
    void singleClientConfigFile() {
        Path file = Fixtures.source("single/claude_desktop_config.json");
        List<Fact> facts = Fixtures.extract(new FolderTarget(file, Limits.defaults()));

        assertEquals(List.of("file claude_desktop_config.json", "text claude_desktop_config.json config",
                "value claude_desktop_config.json claude-desktop =1 (object) L1",
                "value claude_desktop_config.json claude-desktop mcpServers=1 (object) L1",
                "value claude_desktop_config.json claude-desktop mcpServers.time=2 (object) L1",
                "value claude_desktop_config.json claude-desktop mcpServers.time.command=uvx (string) L1",
                "value claude_desktop_config.json claude-desktop mcpServers.time.args=1 (array) L1",
                "value claude_desktop_config.json claude-desktop mcpServers.time.args.0=mcp-server-time (string) L1",
                "mcp claude_desktop_config.json claude-desktop:time stdio cmd=uvx mcp-server-time L1"),
                facts.stream().map(FactLines::line).collect(Collectors.toList()));
    }

    @Test
    void loneMcpJsonIsToldApartByItsKeys() {
        Path vscode = tmp.resolve("a/mcp.json");
        Fixtures.write(vscode, "{\"servers\": {\"x\": {\"type\": \"sse\", \"url\": \"https://x.invalid/events\"}}}");
        Path cursor = tmp.resolve("b/mcp.json");
        Fixtures.write(cursor, "{\"mcpServers\": {\"y\": {\"url\": \"https://y.invalid/mcp\"}}}");
        Path other = tmp.resolve("c/servers.yaml");
        Fixtures.write(other, "mcpServers:\n  z:\n    command: uvx\n    args: [z-mcp==1.0.0]\n");

        assertEquals(List.of("mcp mcp.json vscode-mcp:x sse url=https://x.invalid/events L1"),
                FactLines.lines(Fixtures.extract(new FolderTarget(vscode, Limits.defaults())), "mcp "));
        assertEquals(List.of("mcp mcp.json cursor:y http url=https://y.invalid/mcp L1"),
                FactLines.lines(Fixtures.extract(new FolderTarget(cursor, Limits.defaults())), "mcp "));
        List<Fact> yaml = Fixtures.extract(new FolderTarget(other, Limits.defaults()));
        assertEquals(List.of("mcp servers.yaml config:z stdio cmd=uvx z-mcp==1.0.0 L2"), FactLines.lines(yaml, "mcp "));
        assertEquals(List.of("pkg servers.yaml pypi:z-mcp@1.0.0 mcp-launch-args L4"), FactLines.lines(yaml, "pkg "));
    }

    @Test
    void archiveWrappedInOneFolderIsFound() {
        Path root = tmp.resolve("unpacked");
        Fixtures.copy("openclaw-state", root.resolve("backup-2026-01-25/.openclaw"));
        FolderTarget target = new FolderTarget(root, Limits.defaults(), "tar.gz");

        List<Fact> facts = Fixtures.extract(target);

        assertTrue(FactLines.lines(facts, "pkg ").contains(
                "pkg backup-2026-01-25/.openclaw/openclaw.json npm:openclaw@2026.1.24 last-touched-version L3"));
        assertTrue(FactLines.lines(facts, "skill ").contains("skill backup-2026-01-25/.openclaw/workspace/skills/weather "
                + "workspace name=weather tools=[Bash(curl:*), WebFetch, Read] desc=Fetches the forecast for a city."));
    }

    @Test
    void unrelatedFolderGivesNothingAndReadsNothing() {
        Fixtures.write(tmp.resolve("src/main.py"), "print('hi')\n");
        Fixtures.write(tmp.resolve("README.md"), "# hi\n");
        FolderTarget target = new FolderTarget(tmp, Limits.defaults());

        assertEquals(List.of(), Fixtures.extract(target));
        assertEquals(List.of(), target.filesRead());
        assertEquals(List.of(), target.skipped());
    }

    @Test
    void stateFolderModesAreReportedWhereTheParentListingHasThem() throws Exception {
        Path home = Fixtures.copy("home", tmp.resolve("home"));
        Path state = Fixtures.copy("openclaw-state", home.resolve(".openclaw"));
        Files.setPosixFilePermissions(state, PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.setPosixFilePermissions(state.resolve("credentials"), PosixFilePermissions.fromString("rwxr-xr-x"));

        List<Fact> facts = Fixtures.extract(new FolderTarget(home, Limits.defaults()));

        TreeMap<String, String> modes = new TreeMap<>();
        facts.stream().filter(f -> f instanceof FileEntry e && e.size() == 0 && !e.file().contains("/."))
                .map(f -> (FileEntry) f)
                .filter(e -> facts.stream().anyMatch(t -> t instanceof FileTag tag && tag.file().equals(e.file())
                        && tag.tag().startsWith("openclaw-") && tag.tag().endsWith("-dir")))
                .forEach(e -> modes.put(e.file(), e.modeOctal()));
        assertEquals("0777", modes.get(".openclaw"), modes::toString);
        assertEquals("0755", modes.get(".openclaw/credentials"), modes::toString);
        // the scanned root's own mode is not in any listing
        List<Fact> rootFacts = Fixtures.extract(new FolderTarget(state, Limits.defaults()));
        assertTrue(rootFacts.stream().anyMatch(f -> f instanceof FileEntry e && e.file().isEmpty() && !e.modeKnown()));
    }

    @Test
    void outputIsDeterministic() {
        Path home = Fixtures.copy("home", tmp.resolve("home"));
        Fixtures.copy("openclaw-state", home.resolve(".openclaw"));
        List<String> first = Fixtures.extract(new FolderTarget(home, Limits.defaults())).stream().map(Fact::toString)
                .collect(Collectors.toList());
        List<String> second = Fixtures.extract(new FolderTarget(home, Limits.defaults())).stream()
                .map(Fact::toString).collect(Collectors.toList());
        assertEquals(first, second);
        List<String> files = Fixtures.extract(new FolderTarget(home, Limits.defaults())).stream()
                .filter(f -> f instanceof FileEntry).map(Fact::file).collect(Collectors.toList());
        assertEquals(files.stream().sorted().collect(Collectors.toList()), files, "facts come in sorted path order");
    }

    @Test
    void registeredAsAServiceUnderItsId() {
        List<String> ids = ServiceLoader.load(Extractor.class).stream().map(p -> p.get().id())
                .collect(Collectors.toList());
        assertTrue(ids.contains("agent-installation"), ids::toString);
    }

    // ---- hostile input ----

    @Test
    void brokenJson5IsSkippedWithOneLineButStillATextDocument() {
        Path state = Fixtures.copy("openclaw-state", tmp.resolve("s"));
        Fixtures.write(state.resolve("openclaw.json"), "{\n  gateway: { bind: 'lan' },\n  agents: {\n}\n");
        FolderTarget target = new FolderTarget(state, Limits.defaults());

        List<Fact> facts = Fixtures.extract(target);

        assertEquals(List.of("file openclaw.json", "text openclaw.json config"),
                FactLines.lines(facts, "").stream().filter(l -> l.contains(" openclaw.json"))
                        .collect(Collectors.toList()));
        SkippedFile skip = target.skipped().stream().filter(s -> s.file().equals("openclaw.json")).findFirst()
                .orElseThrow();
        assertTrue(skip.reason().startsWith("invalid JSON5 at line "), skip.reason());
        assertTrue(!skip.reason().contains("\n") && !skip.reason().contains("Exception"), skip.reason());
        // The default workspace is still followed.
        assertTrue(FactLines.lines(facts, "text workspace/MEMORY.md").contains("text workspace/MEMORY.md memory"));
    }

    @Test
    void deeplyNestedConfigIsRefused() {
        Path state = Fixtures.copy("openclaw-state", tmp.resolve("s"));
        Fixtures.write(state.resolve("openclaw.json"), "{a:".repeat(5000) + "1" + "}".repeat(5000));
        FolderTarget target = new FolderTarget(state, Limits.defaults());

        List<Fact> facts = Fixtures.extract(target);

        assertEquals(List.of(), FactLines.lines(facts, "value openclaw.json"));
        assertEquals(List.of("openclaw.json: JSON5 at line 1 exceeds a bound: nested deeper than 64 levels"),
                skips(target).stream().filter(s -> s.startsWith("openclaw.json")).collect(Collectors.toList()));
    }

    @Test
    void fileAboveTheSizeLimitIsNeverParsed() {
        Path state = Fixtures.copy("openclaw-state", tmp.resolve("s"));
        Fixtures.write(state.resolve("openclaw.json"), "{pad: '" + "x".repeat(20_000) + "'}");
        Limits small = new Limits(10_000, 1L << 20, 1000, 16, 100, 0, 64);
        FolderTarget target = new FolderTarget(state, small);

        List<Fact> facts = Fixtures.extract(target, small);

        assertEquals(List.of(), FactLines.lines(facts, "file openclaw.json"));
        assertEquals(List.of("openclaw.json: larger than 10000 bytes"),
                skips(target).stream().filter(s -> s.startsWith("openclaw.json")).collect(Collectors.toList()));
    }

    @Test
    void binaryFileNamedOpenclawJsonIsNotText() throws Exception {
        Path state = Fixtures.copy("openclaw-state", tmp.resolve("s"));
        Files.write(state.resolve("openclaw.json"), new byte[] {0x7f, 'E', 'L', 'F', 0, 0, 1, 2, (byte) 0xff});
        FolderTarget target = new FolderTarget(state, Limits.defaults());

        List<Fact> facts = Fixtures.extract(target);

        assertEquals(List.of("file openclaw.json binary"), FactLines.lines(facts, "").stream()
                .filter(l -> l.contains(" openclaw.json")).collect(Collectors.toList()));
        assertEquals(List.of("openclaw.json: binary content, not JSON5"),
                skips(target).stream().filter(s -> s.startsWith("openclaw.json")).collect(Collectors.toList()));
    }

    @Test
    void transcriptsAreBoundedAndTheRestRecorded() {
        Path state = Fixtures.copy("openclaw-state", tmp.resolve("s"));
        for (int i = 0; i < 60; i++) {
            Fixtures.write(state.resolve(String.format("agents/main/sessions/extra-%03d.jsonl", i)), "{}\n");
        }
        FolderTarget target = new FolderTarget(state, Limits.defaults());

        List<Fact> facts = Fixtures.extract(target);

        assertEquals(50, facts.stream().filter(f -> f instanceof FileTag && ((FileTag) f).tag().equals("transcript"))
                .count());
        assertTrue(skips(target).contains("agents: 12 more files matching agents/*/sessions/**/*.jsonl not read: "
                + "limit of 50"), skips(target)::toString);
    }

    @Test
    void skillFilesAreBoundedPerSkill() {
        Path state = Fixtures.copy("openclaw-state", tmp.resolve("s"));
        for (int i = 0; i < 250; i++) {
            Fixtures.write(state.resolve(String.format("skills/clawhub-helper/lib/f%03d.js", i)), "x\n");
        }
        FolderTarget target = new FolderTarget(state, Limits.defaults());

        List<Fact> facts = Fixtures.extract(target);

        long skillFiles = facts.stream().filter(f -> f instanceof FileEntry)
                .filter(f -> f.file().startsWith("skills/clawhub-helper/")).count();
        assertEquals(200, skillFiles);
        assertTrue(skips(target).contains("skills/clawhub-helper: 51 more files in this skill not read: limit of 200"),
                skips(target)::toString);
    }

    @Test
    void theFileCountIsBoundedByLimits() {
        Path state = Fixtures.copy("openclaw-state", tmp.resolve("s"));
        Limits few = new Limits(8L << 20, 256L << 20, 5, 32, 200, 1, 64);
        FolderTarget target = new FolderTarget(state, few);

        List<Fact> facts = Fixtures.extract(target, few);

        // Folders reported for their modes (state dir, credentials) are not files read.
        long folders = facts.stream().filter(f -> f instanceof FileTag t && t.tag().endsWith("-dir")).count();
        assertEquals(5, facts.stream().filter(f -> f instanceof FileEntry).count() - folders);
        assertEquals(5, target.filesRead().size());
        assertTrue(skips(target).contains(": 17 more known agent files not read: agent-installation reads at most 5 files"),
                skips(target)::toString);
    }

    @Test
    void oddServerEntriesDoNotBreakTheScan() {
        Path file = tmp.resolve("claude_desktop_config.json");
        Fixtures.write(file, "{\"mcpServers\": {\"a\": \"npx evil\", \"b\": [1, 2], \"c\": {\"disabled\": true},"
                + " \"d\": {\"command\": [\"cmd\", \"/c\", \"npx\", \"-y\", \"tool@3.1.4\"], \"args\": [{\"x\": 1}, 7]},"
                + " \"e\": {\"command\": 42}}, \"extra\": null}");

        List<Fact> facts = Fixtures.extract(new FolderTarget(file, Limits.defaults()));

        assertEquals(List.of("mcp claude_desktop_config.json claude-desktop:d stdio cmd=cmd /c npx -y tool@3.1.4 7 L1",
                "mcp claude_desktop_config.json claude-desktop:e stdio cmd=42 L1"), FactLines.lines(facts, "mcp "));
        assertEquals(List.of("pkg claude_desktop_config.json npm:tool@3.1.4 mcp-launch-args L1"),
                FactLines.lines(facts, "pkg "));
        McpServer d = facts.stream().filter(f -> f instanceof McpServer).map(f -> (McpServer) f).findFirst()
                .orElseThrow();
        assertEquals(List.of("/c", "npx", "-y", "tool@3.1.4", "7"), d.args());
    }

    @Test
    void configPathsOutsideTheTargetAreNotFollowed() {
        Path state = Fixtures.copy("openclaw-state", tmp.resolve("s"));
        Fixtures.write(state.resolve("openclaw.json"), "{agents: {defaults: {workspace: '../../etc'}, list: ["
                + "{workspace: '/etc'}, {workspace: '~/.openclaw/../../root'}]},"
                + " skills: {load: {extraDirs: ['/', '~/../x', 'workspace/../skills']}}}");
        FolderTarget target = new FolderTarget(state, Limits.defaults());

        Fixtures.extract(target);

        assertTrue(target.touched.stream().noneMatch(t -> t.contains("..") || t.contains("/etc")),
                target.touched::toString);
    }
}
