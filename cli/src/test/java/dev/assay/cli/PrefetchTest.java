package dev.assay.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.InputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

class PrefetchTest {

    @TempDir
    Path dir;

    @Test
    void theHintNamesTheFirstTargetOrTheScorer() {
        assertEquals(new Main.PrefetchHint(null, Path.of("home")), Main.prefetchHint(new String[] {"scan", "home"}));
        assertEquals(new Main.PrefetchHint(null, Path.of("a")),
                Main.prefetchHint(new String[] {"scan", "--format", "json", "-o", "out.json", "a", "b"}));
        assertEquals(new Main.PrefetchHint("skilltotal", Path.of("pkg")),
                Main.prefetchHint(new String[] {"scan", "--scorer", "skilltotal", "pkg"}));
        assertEquals(new Main.PrefetchHint("skilltotal", Path.of("pkg")),
                Main.prefetchHint(new String[] {"scan", "--scorer=skilltotal", "--fail-on=high", "pkg"}));
        assertEquals(new Main.PrefetchHint(null, Path.of("--odd-name")),
                Main.prefetchHint(new String[] {"scan", "--", "--odd-name"}));
    }

    @Test
    void noHintWithoutAScanTargetOrWithAPack() {
        assertNull(Main.prefetchHint(new String[] {}));
        assertNull(Main.prefetchHint(new String[] {"--version"}));
        assertNull(Main.prefetchHint(new String[] {"rescore", "report.json"}));
        assertNull(Main.prefetchHint(new String[] {"scan", "--help"}));
        assertNull(Main.prefetchHint(new String[] {"scan", "--format", "json"}));
        assertNull(Main.prefetchHint(new String[] {"scan", "home", "--pack", "agent-security@1.0.0"}));
        assertNull(Main.prefetchHint(new String[] {"scan", "home", "--pack=packs/mine"}));
    }

    @Test
    void theOptionsWithAValueMatchTheScanCommand() {
        CommandSpec scan = Main.commandLine(InputStream.nullInputStream(), new PrintWriter(OutputStream.nullOutputStream()),
                new PrintWriter(OutputStream.nullOutputStream())).getSubcommands().get("scan").getCommandSpec();
        Set<String> withValue = new TreeSet<>();
        for (OptionSpec option : scan.options()) {
            if (option.arity().max() > 0) {
                withValue.addAll(Set.of(option.names()));
            }
        }
        assertEquals(withValue, new TreeSet<>(Main.SCAN_OPTIONS_WITH_VALUE));
    }

    @Test
    void aScanAfterAPrefetchGivesTheSameReportAsWithout() throws IOException {
        Path home = Files.createDirectories(dir.resolve("home"));
        Files.writeString(home.resolve("openclaw.json"), "{\"gateway\": {\"bind\": \"lan\", \"auth\": {\"mode\": \"none\"}}}\n",
                StandardCharsets.UTF_8);
        Cli.Result before = Cli.run("scan", home.toString(), "--format", "json");
        SharedRegistries.prefetch(null, home);
        SharedRegistries.awaitPrefetch();
        Cli.Result after = Cli.run("scan", home.toString(), "--format", "json");
        assertEquals(ExitCode.OK, after.code(), after.err());
        assertEquals(strip(before.out()), strip(after.out()));
    }

    /** generatedAt is the only field that may differ between two runs. */
    private static String strip(String json) {
        return json.replaceAll("\"generatedAt\" ?: \"[^\"]*\"", "");
    }
}
