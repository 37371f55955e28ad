package dev.assay.extract.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.spi.Limits;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TargetGlobTest {

    @TempDir
    Path tmp;

    @Test
    void nameMatching() {
        assertTrue(TargetGlob.matches("*.md", "MEMORY.md"));
        assertTrue(TargetGlob.matches("*", ".hidden"));
        assertTrue(TargetGlob.matches("a?c*", "abcdef"));
        assertFalse(TargetGlob.matches("*.md", "notes.mdx"));
        assertFalse(TargetGlob.matches("a?c", "ac"));
        assertTrue(TargetGlob.matches("*a*a*a*a*b", "a".repeat(40) + "b"));
        assertFalse(TargetGlob.matches("*a*a*a*a*b", "a".repeat(4000)));
    }

    @Test
    void expandsLiteralWildcardAndGlobstarSegments() {
        Fixtures.write(tmp.resolve("agents/main/sessions/a.jsonl"), "{}");
        Fixtures.write(tmp.resolve("agents/main/sessions/deep/b.jsonl"), "{}");
        Fixtures.write(tmp.resolve("agents/main/sessions/c.txt"), "x");
        Fixtures.write(tmp.resolve("agents/work/agent/auth-profiles.json"), "{}");
        Fixtures.write(tmp.resolve("agents/file"), "x");
        FolderTarget target = new FolderTarget(tmp, Limits.defaults());

        assertEquals(List.of("agents/main/sessions/a.jsonl", "agents/main/sessions/deep/b.jsonl"),
                TargetGlob.expand(target, "", "agents/*/sessions/**/*.jsonl", 8, false));
        assertEquals(List.of("agents/work/agent/auth-profiles.json"),
                TargetGlob.expand(target, "", "agents/*/agent/auth-profiles.json", 8, false));
        assertEquals(List.of("agents/main", "agents/work"), TargetGlob.expand(target, "", "agents/*", 8, true));
        assertEquals(List.of("agents/file"), TargetGlob.expand(target, "", "agents/*", 8, false));
        assertEquals(List.of(), TargetGlob.expand(target, "", "agents/file/x", 8, false));
        assertEquals(List.of(), TargetGlob.expand(target, "", "missing/**", 8, false));
        assertEquals("agents", TargetGlob.literalPrefix("", "agents/*/sessions/**/*.jsonl"));
        assertEquals("s/logs", TargetGlob.literalPrefix("s", "logs/**"));
    }
}
