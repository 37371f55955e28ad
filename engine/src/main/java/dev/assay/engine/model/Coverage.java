package dev.assay.engine.model;

import dev.assay.engine.spi.SkippedFile;
import java.util.List;

/** What the scan read and what it skipped, with reasons. */
public record Coverage(int filesIndexed, List<SkippedFile> filesSkipped) {

    public Coverage {
        filesSkipped = List.copyOf(filesSkipped);
    }
}
