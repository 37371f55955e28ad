package dev.assay.engine.fact;

import dev.assay.engine.model.Evidence;
import java.util.List;

/**
 * An agent skill found installed: {@code file} is its SKILL.md, {@code directory} the skill folder, {@code location}
 * the skills directory kind it was found in (workspace, managed, personal, extra, project, workshop). {@code allowedTools} is empty when the
 * frontmatter declares none.
 */
public record InstalledSkill(String file, String directory, String name, String description, List<String> allowedTools,
        String location) implements Fact {

    public InstalledSkill {
        allowedTools = List.copyOf(allowedTools);
    }

    @Override
    public String subject() {
        return directory;
    }

    @Override
    public Evidence evidence() {
        return Evidence.at(file, 1, "skill " + name);
    }
}
