package dev.assay.engine.fact;

import dev.assay.engine.model.Evidence;

/**
 * An import in source code: {@code module} is what is imported from ({@code os}, {@code child_process}), {@code name}
 * the imported member ("" for a whole module, "*" for a star/namespace import), {@code alias} the local name it is bound
 * to ({@code import subprocess as sp} → alias sp; {@code const {exec} = require('child_process')} → name exec, alias exec).
 */
public record CodeImport(String file, String language, String module, String name, String alias, int line,
        String snippet) implements Fact {

    @Override
    public Evidence evidence() {
        return Evidence.at(file, line, snippet);
    }
}
