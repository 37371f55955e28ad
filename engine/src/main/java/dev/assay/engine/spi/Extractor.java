package dev.assay.engine.spi;

/**
 * Turns what a target holds into facts. Extractors are the only code that reads the target; they are found with
 * {@link java.util.ServiceLoader} and chosen by id from a rule pack's {@code extractors} list. An extractor must not
 * throw on hostile input: what it cannot use it records with {@link Target#skip}.
 */
public interface Extractor {

    /** Stable id a rule pack names, such as {@code agent-installation}. */
    String id();

    void extract(Target target, FactSink sink, Limits limits);
}
