package dev.assay.engine.diff;

/**
 * What produced one side of a diff: the rule pack version and its hash, the formula version and its hash, and the
 * scanner version that extracted the facts.
 */
public record Side(String pack, String packVersion, String rulesHash, String formula, int formulaVersion,
        String formulaHash, String scannerVersion) {

    /** {@code pack@version}. */
    public String packRef() {
        return pack + "@" + packVersion;
    }

    /** {@code formula@version}. */
    public String formulaRef() {
        return formula + "@" + formulaVersion;
    }
}
