package dev.assay.spark;

import dev.assay.engine.Scanner;
import java.io.Serializable;

/**
 * What the driver resolved a pack (and formula) reference to. It travels with the job instead of the compiled pack:
 * each executor compiles or loads the pack itself and checks that it got exactly this (see {@link ExecutorEngine}),
 * so a job never mixes rows of two builds of "the same" pack version.
 */
public record PackIdentity(String packRef, String formulaRef, String pack, String packVersion, String rulesHash,
        String formula, int formulaVersion, String formulaHash) implements Serializable {

    /** {@code formulaRef} null means the formula the pack's manifest names. */
    static PackIdentity of(String packRef, String formulaRef, Scanner scanner) {
        var manifest = scanner.pack().pack().manifest();
        return new PackIdentity(packRef, formulaRef, manifest.id(), manifest.version(), scanner.pack().pack().rulesHash(),
                scanner.formula().id(), scanner.formula().version(), scanner.formula().hash());
    }

    /** Null when the scanner is what this identity names, otherwise one line saying what differs. */
    String mismatch(Scanner scanner) {
        PackIdentity found = of(packRef, formulaRef, scanner);
        if (found.equals(this)) {
            return null;
        }
        return "this executor resolved " + packRef + (formulaRef == null ? "" : " with formula " + formulaRef) + " to "
                + found.describe() + ", but the job expects " + describe()
                + "; ship the same Assay build to the driver and the executors";
    }

    String describe() {
        return pack + "@" + packVersion + " (" + rulesHash + "), formula " + formula + "@" + formulaVersion + " ("
                + formulaHash + ")";
    }
}
