package dev.assay.extract.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.assay.engine.spi.FileContent;
import dev.assay.engine.spi.Limits;
import dev.assay.extract.config.ConfigBounds;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class SkillFrontmatterTest {

    private static SkillFrontmatter read(String text) {
        return read(text, 65536);
    }

    private static SkillFrontmatter read(String text, int max) {
        FileContent c = new FileContent("s/SKILL.md", text.getBytes(StandardCharsets.UTF_8), 0644, false, text, "UTF-8");
        return SkillFrontmatter.read(c, max, ConfigBounds.from(Limits.defaults()));
    }

    @Test
    void stringToolsSplitOnBlanksAndCommasOutsideParentheses() {
        SkillFrontmatter fm = read("---\nname: git-helper\ndescription: Helps with git.\n"
                + "allowed-tools: Bash(git add:*), Bash(git commit:*) Read,Grep\n---\nbody\n");
        assertEquals("git-helper", fm.name());
        assertEquals("Helps with git.", fm.description());
        assertEquals(List.of("Bash(git add:*)", "Bash(git commit:*)", "Read", "Grep"), fm.allowedTools());
        assertNull(fm.error());
    }

    @Test
    void listToolsAreTakenAsWritten() {
        SkillFrontmatter fm = read("\uFEFF---\nname: x\nallowed-tools:\n  - Bash(npm run:*)\n  - mcp__github__create_issue\n"
                + "  - {odd: map}\n---\n");
        assertEquals(List.of("Bash(npm run:*)", "mcp__github__create_issue"), fm.allowedTools());
        assertNull(fm.description());
    }

    @Test
    void noFrontmatterIsNotAnError() {
        SkillFrontmatter fm = read("# Just markdown\n---\nname: not-frontmatter\n---\n");
        assertNull(fm.name());
        assertNull(fm.error());
        assertNull(read("---\n---\nbody").error());
    }

    @Test
    void brokenFrontmatterSaysWhyWithTheFileLine() {
        assertEquals("frontmatter: invalid YAML at line 4: while scanning a quoted scalar",
                read("---\nname: a\ndescription: fine\nbad: \"open\n---\n").error());
        assertEquals("frontmatter: no closing '---' line within 65536 characters", read("---\nname: a\n").error());
        assertEquals("frontmatter: no closing '---' line within 20 characters",
                read("---\nname: " + "a".repeat(100) + "\n---\n", 20).error());
        assertEquals("frontmatter: not a YAML mapping", read("---\n- a\n- b\n---\n").error());
    }
}
