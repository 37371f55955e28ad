package dev.assay.engine.fact;

import dev.assay.engine.model.Evidence;

/**
 * A role an extractor recognised for a file: {@code secret-store} (credentials, auth profiles, .env), {@code log},
 * {@code transcript}, {@code memory}, {@code git-tracked}, {@code skill-instructions} and so on. A file may carry several.
 */
public record FileTag(String file, String tag, String note) implements Fact {

    @Override
    public Evidence evidence() {
        return new Evidence(file, 0, 0, note == null || note.isEmpty() ? tag : tag + ": " + note);
    }
}
