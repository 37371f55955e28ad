package dev.assay.engine.fact;

import dev.assay.engine.model.Evidence;

/**
 * The decoded text of a file, for text detectors. {@code role} says what the file is to the agent: {@code config},
 * {@code env}, {@code secret-store}, {@code memory}, {@code skill-instructions}, {@code skill-code}, {@code code} (source of a scanned component), {@code log},
 * {@code transcript}, {@code doc} or {@code other}.
 */
public record TextDocument(String file, String role, String text) implements Fact {

    @Override
    public Evidence evidence() {
        return new Evidence(file, 1, 1, text.lines().findFirst().orElse(""));
    }
}
