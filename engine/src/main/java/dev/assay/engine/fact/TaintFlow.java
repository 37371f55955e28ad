package dev.assay.engine.fact;

import dev.assay.engine.model.Evidence;

/**
 * A proven flow, inside one function, from an untrusted source ({@code source}: env, argv, input, network,
 * tool-argument) to a dangerous sink ({@code sink}: exec, shell, deserialize) through {@code sinkCallee} at
 * {@code line}. {@code sourceLine} is where the tainted value entered.
 */
public record TaintFlow(String file, String language, String source, int sourceLine, String sink, String sinkCallee,
        int line, String snippet) implements Fact {

    @Override
    public Evidence evidence() {
        return Evidence.at(file, line, snippet);
    }
}
