package dev.assay.extract.agent;

import dev.assay.engine.spi.Extractor;
import dev.assay.engine.spi.FactSink;
import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.Target;

/**
 * Facts about an installed agent and its MCP clients, read only from the known locations listed in
 * {@code known-locations.yaml}: an OpenClaw state dir (or legacy Clawdbot/Moltbot), a home folder, a project folder
 * with MCP client configs, a single client config, or an archive of one of these.
 *
 * <p>Emits, per file read and in sorted path order: {@code FileEntry}; {@code FileTag}s (secret-store, env, log,
 * transcript, memory, skill-instructions, git-tracked); {@code TextDocument} for text; {@code ConfigValue}s for
 * parsed configs (with an OpenClaw config's includes merged, and {@code ReplacedConfigValue}s for the values a later
 * included source replaces); {@code McpServer} per declared server; {@code InstalledPackage} for OpenClaw's last-touched
 * version, an installed openclaw/clawdbot package.json and versions pinned in MCP launch lines; {@code InstalledSkill}
 * per skill folder with a SKILL.md. Unparsable configs and broken frontmatter are recorded with
 * {@link Target#skip}. Never throws on target content; bounded by {@link Limits} and the table's bounds.
 */
public final class AgentInstallationExtractor implements Extractor {

    public static final String ID = "agent-installation";

    /** The table to read with; null for the bundled one. */
    private final KnownLocations table;

    /**
     * The extractor over the bundled table of known locations, read on the first {@link #extract}: the scanner
     * instantiates every extractor on the class path, and a scan whose pack does not use this one (a skill scored by
     * SkillTotal) should not pay for reading the table (about 60 ms of a cold start, measured in docs/performance.md).
     */
    public AgentInstallationExtractor() {
        this(null);
    }

    AgentInstallationExtractor(KnownLocations table) {
        this.table = table;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public void extract(Target target, FactSink sink, Limits limits) {
        new AgentScan(table != null ? table : KnownLocations.bundled(), target, sink, limits).run();
    }
}
