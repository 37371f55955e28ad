package dev.assay.engine.fact;

import dev.assay.engine.model.Evidence;

/**
 * Code a package manager runs on install or build: an npm lifecycle script ({@code hook} preinstall, install,
 * postinstall, prepare…), a setup.py {@code cmdclass} override or top-level statement, a build backend hook, or an
 * executable line of a {@code .pth} file. {@code ecosystem} is npm or pypi.
 */
public record ManifestScript(String file, String ecosystem, String hook, String command, int line, String snippet)
        implements Fact {

    @Override
    public Evidence evidence() {
        return Evidence.at(file, line, snippet);
    }
}
