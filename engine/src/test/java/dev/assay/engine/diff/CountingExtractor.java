package dev.assay.engine.diff;

import dev.assay.engine.spi.Extractor;
import dev.assay.engine.spi.FactSink;
import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.Target;
import java.util.concurrent.atomic.AtomicInteger;

/** Test-only extractor {@value #ID}: makes no facts, counts how often a target was extracted. */
public final class CountingExtractor implements Extractor {

    public static final String ID = "test-counting";
    static final AtomicInteger RUNS = new AtomicInteger();

    @Override
    public String id() {
        return ID;
    }

    @Override
    public void extract(Target target, FactSink sink, Limits limits) {
        RUNS.incrementAndGet();
    }
}
