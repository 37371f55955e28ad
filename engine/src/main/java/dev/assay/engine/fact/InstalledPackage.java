package dev.assay.engine.fact;

import dev.assay.engine.model.Evidence;

/**
 * A package version the target has installed or pins: {@code ecosystem} npm or pypi, {@code source} says how it was
 * learnt (package-metadata, last-touched-version, mcp-launch-args).
 */
public record InstalledPackage(String file, String ecosystem, String name, String version, String source, int line,
        String snippet) implements Fact {

    @Override
    public String subject() {
        return ecosystem + ":" + name + "@" + version;
    }

    @Override
    public Evidence evidence() {
        return Evidence.at(file, line, snippet);
    }
}
