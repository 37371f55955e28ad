package dev.assay.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Without --scorer or --pack, scan scores agent installations and components with their own scorer. */
class ScorerChoiceTest {

    @Test
    void anAgentInstallationGetsTheAgentSecurityScore(@TempDir Path dir) throws Exception {
        Path home = dir.resolve("home/.openclaw");
        Files.createDirectories(home);
        Files.writeString(home.resolve("openclaw.json"), "{ gateway: { bind: \"loopback\" } }\n");
        Cli.Result r = Cli.run("scan", dir.resolve("home").toString(), "--format", "json");
        assertEquals(0, r.code(), r.err());
        assertEquals("agent-security-score", ScanAndRescoreTest.parse(r.out()).scorer());
    }

    @Test
    void aSkillFolderGetsSkillTotal(@TempDir Path dir) throws Exception {
        Path skill = dir.resolve("notes-skill");
        Files.createDirectories(skill);
        Files.writeString(skill.resolve("SKILL.md"), "---\nname: notes-skill\ndescription: Keeps notes.\n---\n# Notes\n");
        Cli.Result r = Cli.run("scan", skill.toString(), "--format", "json");
        assertEquals(0, r.code(), r.err());
        assertEquals("skilltotal", ScanAndRescoreTest.parse(r.out()).scorer());
    }

    @Test
    void anExplicitScorerWins(@TempDir Path dir) throws Exception {
        Path skill = dir.resolve("notes-skill");
        Files.createDirectories(skill);
        Files.writeString(skill.resolve("SKILL.md"), "---\nname: notes-skill\ndescription: Keeps notes.\n---\n");
        Cli.Result r = Cli.run("scan", skill.toString(), "--scorer", "agent-security-score", "--format", "json");
        // The scorer asked for is used even though a lone skill folder holds no agent installation to score.
        assertEquals(ExitCode.NOTHING_TO_SCORE, r.code(), r.err());
        assertEquals("agent-security-score", ScanAndRescoreTest.parse(r.out()).scorer());
    }
}
