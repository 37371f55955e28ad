package dev.assay.cli;

import dev.assay.engine.formula.FormulaRegistry;
import dev.assay.engine.pack.PackException;
import dev.assay.engine.pack.PackRegistry;

/**
 * The shipped pack and formula registries, created once per JVM and shared by every in-process run of the command
 * line, so that a shipped pack is loaded once (a second {@code Main.run} in the same JVM scans without reloading
 * rules). Pack folders named with {@code --pack} are not loaded through these: their content may change between runs.
 */
final class SharedRegistries {

    private static PackRegistry packs;
    private static FormulaRegistry formulas;

    private SharedRegistries() {
    }

    static synchronized PackRegistry packs() throws PackException {
        if (packs == null) {
            packs = PackRegistry.shipped();
        }
        return packs;
    }

    static synchronized FormulaRegistry formulas() {
        if (formulas == null) {
            formulas = FormulaRegistry.shipped();
        }
        return formulas;
    }
}
