package dev.assay.engine.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.assay.engine.spi.Recognition;
import dev.assay.engine.spi.SkippedFile;
import java.util.List;

/**
 * What the scan read and what it skipped, with reasons; {@code recognition} (absent when no extractor reported one)
 * says what the files read were recognised as, and which known locations or kinds were looked for and not found.
 */
public record Coverage(int filesIndexed, List<SkippedFile> filesSkipped,
        @JsonInclude(JsonInclude.Include.NON_NULL) Recognition recognition) {

    public Coverage {
        filesSkipped = List.copyOf(filesSkipped);
        recognition = recognition == null || recognition.isEmpty() ? null : recognition;
    }

    /** Coverage without a recognition. */
    public Coverage(int filesIndexed, List<SkippedFile> filesSkipped) {
        this(filesIndexed, filesSkipped, null);
    }
}
