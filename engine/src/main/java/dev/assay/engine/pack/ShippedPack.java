package dev.assay.engine.pack;

/**
 * One shipped pack version as {@code assay pack list} shows it: identity, the scorer and formula ({@code id@N}) it
 * serves, its rulesHash, and whether a scan uses the build-time compiled rules ({@code precompiled}: the build made
 * them and the files on the class path still hash to what the build compiled).
 */
public record ShippedPack(String id, String version, String scorer, String formula, String rulesHash,
        boolean precompiled) {

    /** {@code id@version}. */
    public String ref() {
        return id + "@" + version;
    }
}
