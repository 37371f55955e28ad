package dev.assay.extract.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.assay.engine.spi.Limits;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfiguredFolderTest {

    @TempDir
    Path tmp;

    private static final List<String> STATE_NAMES = List.of(".openclaw", ".clawdbot", ".moltbot");

    @Test
    void homeRelativeAndAbsolutePathsMapIntoAHomeFolder() {
        Fixtures.write(tmp.resolve(".openclaw/workspace/SOUL.md"), "x");
        Fixtures.write(tmp.resolve("clawd/MEMORY.md"), "x");
        ConfiguredFolder folders = new ConfiguredFolder(new FolderTarget(tmp, Limits.defaults()), "", true, STATE_NAMES);

        assertEquals(Optional.of(".openclaw/workspace"), folders.resolve("~/.openclaw/workspace/", ".openclaw"));
        assertEquals(Optional.of("clawd"), folders.resolve("/home/alice/clawd", ".openclaw"));
        assertEquals(Optional.of("clawd"), folders.resolve("/Users/alice/clawd", ".openclaw"));
        assertEquals(Optional.of("clawd"), folders.resolve("C:\\Users\\alice\\clawd", ".openclaw"));
        assertEquals(Optional.of("clawd"), folders.resolve("$HOME/clawd", ".openclaw"));
        assertEquals(Optional.of("clawd"), folders.resolve(tmp.resolve("clawd").toString(), ".openclaw"));
        assertEquals(Optional.empty(), folders.resolve("/srv/elsewhere", ".openclaw"));
        assertEquals(Optional.empty(), folders.resolve("~/missing", ".openclaw"));
        assertEquals(Optional.empty(), folders.resolve("", ".openclaw"));
    }

    @Test
    void aStateDirTargetMapsPathsInsideItsOwnName() {
        Fixtures.write(tmp.resolve("workspace-team/AGENTS.md"), "x");
        ConfiguredFolder folders = new ConfiguredFolder(new FolderTarget(tmp, Limits.defaults()), "", false, STATE_NAMES);

        assertEquals(Optional.of("workspace-team"), folders.resolve("~/.openclaw/workspace-team", ""));
        assertEquals(Optional.of("workspace-team"), folders.resolve("/home/bob/.clawdbot/workspace-team", ""));
        assertEquals(Optional.empty(), folders.resolve("~/workspace-team", ""));
    }

    @Test
    void escapesAreRefusedBeforeTheTargetIsAsked() {
        Fixtures.write(tmp.resolve("inside/x"), "x");
        FolderTarget target = new FolderTarget(tmp, Limits.defaults());
        ConfiguredFolder folders = new ConfiguredFolder(target, "", true, STATE_NAMES);

        assertEquals(Optional.empty(), folders.resolve("~/../inside", ".openclaw"));
        assertEquals(Optional.empty(), folders.resolve("~/./inside", ".openclaw"));
        assertEquals(Optional.empty(), folders.resolve("~//inside", ".openclaw"));
        assertEquals(Optional.empty(), folders.resolve("/home/a/.openclaw/../../etc", ".openclaw"));
        assertEquals(List.of(), target.touched);
    }
}
