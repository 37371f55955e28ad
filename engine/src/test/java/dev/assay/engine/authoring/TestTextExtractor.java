package dev.assay.engine.authoring;

import dev.assay.engine.fact.FileEntry;
import dev.assay.engine.fact.TextDocument;
import dev.assay.engine.spi.Extractor;
import dev.assay.engine.spi.FactSink;
import dev.assay.engine.spi.FileContent;
import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.Target;
import dev.assay.engine.spi.TargetEntry;
import java.util.Optional;

/** Test-only extractor {@value #ID}: a FileEntry and a TextDocument (role "config") for every file of the target. */
public final class TestTextExtractor implements Extractor {

    public static final String ID = "test-text";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public void extract(Target target, FactSink sink, Limits limits) {
        for (TargetEntry e : target.walk("", 8)) {
            sink.accept(new FileEntry(e.path(), e.size(), e.mode(), false));
            Optional<FileContent> c = target.read(e.path());
            c.ifPresent(content -> sink.accept(new TextDocument(e.path(), "config", content.text())));
        }
    }
}
