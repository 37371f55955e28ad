package dev.assay.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Help.Ansi;

/** A run that names a verb builds that verb alone; it must parse and print exactly as with every verb present. */
class VerbCommandLineTest {

    private static final PrintWriter QUIET = new PrintWriter(OutputStream.nullOutputStream());

    private static CommandLine commandLine(String first) {
        return Main.commandLine(InputStream.nullInputStream(), QUIET, QUIET, first);
    }

    @Test
    void everyVerbAloneHasTheSameModelAndHelpAsInTheWholeCommandLine() {
        Map<String, CommandLine> all = commandLine(null).getSubcommands();
        assertEquals(List.of("scan", "rescore", "diff", "pack", "card", "baseline", "inventory"), List.copyOf(all.keySet()));
        for (Map.Entry<String, CommandLine> verb : all.entrySet()) {
            Map<String, CommandLine> alone = commandLine(verb.getKey()).getSubcommands();
            assertEquals(List.of(verb.getKey()), List.copyOf(alone.keySet()));
            CommandLine one = alone.get(verb.getKey());
            assertEquals(verb.getValue().getUsageMessage(Ansi.OFF), one.getUsageMessage(Ansi.OFF));
            assertEquals(verb.getValue().getCommandSpec().qualifiedName(), one.getCommandSpec().qualifiedName());
            assertEquals(verb.getValue().getSubcommands().keySet(), one.getSubcommands().keySet());
            assertEquals(QUIET, one.getOut()); // the settings reach the verb
            assertEquals(QUIET, one.getErr());
        }
    }

    @Test
    void anythingButAVerbGetsTheWholeCommandLine() {
        for (String first : new String[] {"--help", "--version", "scna", "", "SCAN"}) {
            assertEquals(7, commandLine(first).getSubcommands().size(), first);
        }
    }

    @Test
    void helpVersionAndUnknownCommandsPrintAsBefore() {
        Cli.Result help = Cli.run("--help");
        assertEquals(0, help.code());
        for (String verb : List.of("scan", "rescore", "diff", "pack", "card", "baseline", "inventory")) {
            assertEquals(true, help.out().contains("  " + verb), verb);
        }
        Cli.Result unknown = Cli.run("scna", "x");
        assertEquals(1, unknown.code());
        assertEquals(true, unknown.err().contains("(expected scan or rescore or diff or pack or card or baseline or inventory)"), unknown.err());
        Cli.Result scanHelp = Cli.run("scan", "--help");
        assertEquals(0, scanHelp.code());
        assertEquals(true, scanHelp.out().startsWith("Usage: assay scan"), scanHelp.out());
    }
}
