package dev.assay.extract.agent;

import dev.assay.engine.spi.FileContent;
import dev.assay.extract.config.ConfigBounds;
import java.util.List;

/**
 * Public entry to the SKILL.md frontmatter reader for extractors outside this package (the component extractor), so
 * that every extractor reads frontmatter the same way and within the same bounds.
 */
public final class SkillFrontmatterReader {

    private SkillFrontmatterReader() {
    }

    /**
     * What a SKILL.md frontmatter declares. {@code name} and {@code description} are null when absent; {@code error}
     * is the one-line reason the frontmatter could not be read, or null.
     */
    public record Declared(String name, String description, List<String> allowedTools, String error) {

        public Declared {
            allowedTools = List.copyOf(allowedTools);
        }
    }

    /** Reads the frontmatter of a SKILL.md (the YAML between the first two {@code ---} lines). */
    public static Declared read(FileContent content, int maxChars, ConfigBounds bounds) {
        SkillFrontmatter fm = SkillFrontmatter.read(content, maxChars, bounds);
        return new Declared(fm.name(), fm.description(), fm.allowedTools(), fm.error());
    }
}
