package dev.assay.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.SkippedFile;
import dev.assay.engine.spi.Target;
import dev.assay.engine.spi.TargetException;
import dev.assay.extract.agent.AgentInventory;
import dev.assay.extract.load.LocalTargetOpener;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code assay inventory}: what agents, MCP servers and skills a home or project folder holds, without scoring. */
@Command(name = "inventory", versionProvider = AssayCommand.Version.class, sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "List every agent, MCP server and skill found, without scoring.",
            "",
            "Reads the same known locations as 'assay scan' (never the whole folder): for each agent its recognised "
                    + "files and recorded versions; for each MCP server its client, name, transport, command or URL and "
                    + "whether its launch pins a package version; for each skill its name, location and folder. Lists "
                    + "are sorted, so the same folder always gives the same inventory.",
            ""
        },
        footerHeading = "%nExit codes:%n",
        footer = {
            "  0  the inventory was written",
            "  1  bad input or usage; one line on stderr says what",
            "  3  nothing was recognised: no agent, MCP server or skill in HOME"
        })
final class InventoryCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "HOME",
            description = "A home folder, project folder, agent state folder, single config file or archive "
                    + "(default: your home folder).")
    Path home;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text (default) or json.")
    String format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Write the inventory to FILE instead of standard output (replaced in one step).")
    Path output;

    @Mixin
    HelpOptions helpOptions;

    @Override
    public Integer call() throws UserError {
        if (!format.equals("text") && !format.equals("json")) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                    "--format must be text or json, not " + Messages.quoted(format));
        }
        OutputOptions out = new OutputOptions();
        out.output = output;
        out.check();
        Path folder = home != null ? home : Path.of(System.getProperty("user.home"));
        Limits limits = Limits.defaults();
        AgentInventory inventory;
        try (Target target = new LocalTargetOpener().open(folder, limits)) {
            inventory = AgentInventory.of(target, limits);
        } catch (TargetException e) {
            throw new UserError(e.getMessage(), e);
        }
        String where = folder.toString();
        out.emit(format.equals("json") ? json(where, inventory) : text(where, inventory), spec.commandLine().getOut());
        if (inventory.isEmpty()) {
            Main.printError(spec.commandLine().getErr(), "no agent installation found in " + where
                    + ": no agent config, MCP server or skill in the known locations");
            return ExitCode.NOTHING_TO_SCORE;
        }
        return ExitCode.OK;
    }

    static String json(String where, AgentInventory inventory) throws UserError {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("target", where);
        doc.put("agents", inventory.agents());
        doc.put("mcpServers", inventory.mcpServers());
        doc.put("skills", inventory.skills());
        doc.put("skipped", inventory.skipped());
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(doc) + "\n";
        } catch (JsonProcessingException e) {
            throw new UserError("cannot write the inventory as JSON: " + e.getOriginalMessage(), e);
        }
    }

    static String text(String where, AgentInventory inventory) {
        StringBuilder b = new StringBuilder("Inventory of ").append(where).append(" (not scored)\n");
        b.append("\nAgents (").append(inventory.agents().size()).append(")\n");
        for (AgentInventory.Agent a : inventory.agents()) {
            b.append("  ").append(a.name());
            if (!a.versions().isEmpty()) {
                b.append("  ").append(String.join(", ", a.versions()));
            }
            b.append('\n');
            a.files().forEach(f -> b.append("    ").append(f.path()).append("  (").append(f.document()).append(")\n"));
        }
        b.append("\nMCP servers (").append(inventory.mcpServers().size()).append(")\n");
        for (AgentInventory.Server s : inventory.mcpServers()) {
            b.append("  ").append(s.agent().isEmpty() ? s.client() : s.agent()).append(" / ").append(s.name())
                    .append("  ").append(s.transport()).append("  ")
                    .append(s.url().isEmpty() ? s.launch() : s.url()).append('\n');
            b.append("    ").append(s.pinning());
            if (!s.packages().isEmpty()) {
                b.append(" ").append(String.join(", ", s.packages()));
            }
            b.append("  ").append(s.file()).append(':').append(s.line()).append('\n');
        }
        b.append("\nSkills (").append(inventory.skills().size()).append(")\n");
        for (AgentInventory.Skill s : inventory.skills()) {
            b.append("  ").append(s.name()).append("  ").append(s.location()).append("  ").append(s.directory())
                    .append('\n');
        }
        if (!inventory.skipped().isEmpty()) {
            b.append("\nSkipped (").append(inventory.skipped().size()).append(")\n");
            for (SkippedFile s : inventory.skipped()) {
                b.append("  ").append(s.file()).append(": ").append(s.reason()).append('\n');
            }
        }
        return b.toString();
    }
}
