package dev.assay.extract.agent;

import dev.assay.engine.fact.ConfigValue;
import dev.assay.engine.fact.Fact;
import dev.assay.engine.fact.InstalledPackage;
import dev.assay.engine.fact.InstalledSkill;
import dev.assay.engine.fact.McpServer;
import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.SkippedFile;
import dev.assay.engine.spi.Target;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What is installed in a target, without scoring: the agents whose files were recognised, the MCP servers their
 * configs declare and the skills found, read by the agent-installation extractor from the same known locations a
 * scan reads. Every list is in a canonical order (by name, then path), so the same target always gives the same
 * inventory.
 */
public record AgentInventory(List<Agent> agents, List<Server> mcpServers, List<Skill> skills,
        List<SkippedFile> skipped) {

    public AgentInventory {
        agents = List.copyOf(agents);
        mcpServers = List.copyOf(mcpServers);
        skills = List.copyOf(skills);
        skipped = List.copyOf(skipped);
    }

    /** An agent or MCP client: its config files (each with the document id rules name) and recorded versions. */
    public record Agent(String name, List<AgentFile> files, List<String> versions) {
        public Agent {
            files = List.copyOf(files);
            versions = List.copyOf(versions);
        }
    }

    /** One recognised file of an agent and the {@code ConfigValue.document} id it was read as. */
    public record AgentFile(String path, String document) {
    }

    /**
     * A declared MCP server. {@code client} is the document id of the config declaring it, {@code agent} the agent
     * that document belongs to (empty for a config of no known client). {@code launch} is the command line of a stdio
     * server, {@code url} the address of a remote one. {@code pinning}: {@code pinned} when a launcher fetches an exact
     * version ({@code packages} names them), {@code unpinned} when a launcher fetches whatever is newest, and
     * {@code not-a-package-launch} for remote servers and local commands.
     */
    public record Server(String agent, String client, String name, String transport, String launch, String url,
            String pinning, List<String> packages, String file, int line) {
        public Server {
            packages = List.copyOf(packages);
        }
    }

    /** A skill folder with a SKILL.md; {@code location} is where it was found (personal, project, workspace, …). */
    public record Skill(String name, String location, String directory, List<String> allowedTools) {
        public Skill {
            allowedTools = List.copyOf(allowedTools);
        }
    }

    public static final String PINNED = "pinned";
    public static final String UNPINNED = "unpinned";
    public static final String NOT_A_PACKAGE_LAUNCH = "not-a-package-launch";

    /** True when nothing at all was recognised. */
    public boolean isEmpty() {
        return agents.isEmpty() && mcpServers.isEmpty() && skills.isEmpty();
    }

    /** Reads the inventory of an open target with the bundled table of known locations. */
    public static AgentInventory of(Target target, Limits limits) {
        return of(KnownLocations.bundled(), target, limits);
    }

    static AgentInventory of(KnownLocations table, Target target, Limits limits) {
        List<Fact> facts = new ArrayList<>();
        new AgentInstallationExtractor(table).extract(target, facts::add, limits);
        LaunchPackages launches = new LaunchPackages(table.launchers(), table.packages());

        TreeMap<String, TreeMap<String, String>> agentFiles = new TreeMap<>();
        TreeMap<String, TreeSet<String>> agentVersions = new TreeMap<>();
        Map<String, String> documentOfFile = new TreeMap<>();
        List<Server> servers = new ArrayList<>();
        List<Skill> skills = new ArrayList<>();
        for (Fact fact : facts) {
            if (fact instanceof ConfigValue value) {
                documentOfFile.putIfAbsent(value.file(), value.document());
            } else if (fact instanceof McpServer server) {
                documentOfFile.putIfAbsent(server.file(), server.client());
                servers.add(server(table, launches, server));
            } else if (fact instanceof InstalledSkill skill) {
                skills.add(new Skill(skill.name(), skill.location(), skill.directory(), skill.allowedTools()));
            }
        }
        documentOfFile.forEach((file, document) -> agentOf(table, document).ifPresent(agent ->
                agentFiles.computeIfAbsent(agent, a -> new TreeMap<>()).put(file, document)));
        for (Fact fact : facts) {
            // Versions of the agent itself: its installed package.json or the version its config last recorded.
            if (fact instanceof InstalledPackage p && !"mcp-launch-args".equals(p.source())) {
                String agent = agentOf(table, documentOfFile.getOrDefault(p.file(), "")).or(() -> agentOfPackage(table, p.name())).orElse(p.name());
                agentVersions.computeIfAbsent(agent, a -> new TreeSet<>()).add(p.name() + "@" + p.version());
                agentFiles.computeIfAbsent(agent, a -> new TreeMap<>()).putIfAbsent(p.file(), "package");
            }
        }
        List<Agent> agents = new ArrayList<>();
        agentFiles.forEach((agent, files) -> {
            List<AgentFile> list = new ArrayList<>();
            files.forEach((path, document) -> list.add(new AgentFile(path, document)));
            agents.add(new Agent(agent, list, List.copyOf(agentVersions.getOrDefault(agent, new TreeSet<>()))));
        });
        servers.sort(Comparator.comparing(Server::agent).thenComparing(Server::name).thenComparing(Server::file)
                .thenComparingInt(Server::line));
        skills.sort(Comparator.comparing(Skill::name).thenComparing(Skill::directory));
        return new AgentInventory(agents, servers, skills, target.skipped());
    }

    private static Optional<String> agentOf(KnownLocations table, String document) {
        KnownLocations.DocumentProfile profile = table.documents().get(document);
        return Optional.ofNullable(profile == null ? null : profile.agent());
    }

    /** The agent whose config records the version of this package (OpenClaw for openclaw), if any. */
    private static Optional<String> agentOfPackage(KnownLocations table, String packageName) {
        return table.documents().values().stream()
                .filter(d -> d.lastTouched() != null && d.lastTouched().packageName().equals(packageName))
                .map(KnownLocations.DocumentProfile::agent).filter(Objects::nonNull).findFirst();
    }

    private static Server server(KnownLocations table, LaunchPackages launches, McpServer server) {
        List<LaunchPackages.Token> line = new ArrayList<>();
        if (server.command() != null) {
            for (String word : server.command().strip().split("\\s+")) {
                line.add(new LaunchPackages.Token(word, server.line(), server.file()));
            }
        }
        server.args().forEach(a -> line.add(new LaunchPackages.Token(a, server.line(), server.file())));
        List<String> packages = new ArrayList<>();
        for (LaunchPackages.Pin pin : launches.pins(line)) {
            packages.add(pin.ecosystem() + ":" + pin.name() + "@" + pin.version());
        }
        String pinning = !packages.isEmpty() ? PINNED
                : !server.remote() && launches.launcher(line).isPresent() ? UNPINNED : NOT_A_PACKAGE_LAUNCH;
        String launch = server.remote() ? "" : server.commandLine();
        return new Server(agentOf(table, server.client()).orElse(""), server.client(), server.name(),
                server.transport(), launch, Objects.requireNonNullElse(server.url(), ""), pinning, packages,
                server.file(), server.line());
    }
}
