package dev.assay.extract.component;

import java.util.function.UnaryOperator;

/** Test helper: the bundled settings with other bounds. */
final class Settings {

    private Settings() {
    }

    static ScanSettings withBounds(UnaryOperator<ScanSettings.Bounds> change) {
        ScanSettings s = ScanSettings.bundled();
        return new ScanSettings(change.apply(s.bounds()), s.components(), s.tags(), s.languages(), s.codeSuffixes(),
                s.configSuffixes(), s.configFiles(), s.compiledSuffixes(), s.npm(), s.python(), s.bash(), s.mcp(),
                s.taint(), s.archives(), s.scriptTaint());
    }
}
