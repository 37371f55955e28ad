package dev.assay.engine.spi;

import dev.assay.engine.fact.Fact;

/** Receives the facts an extractor makes. */
@FunctionalInterface
public interface FactSink {

    void accept(Fact fact);
}
