package dev.assay.safetycard.cli;

/** What a {@code card} verb prints on standard output. */
public enum OutputFormat {
    text, json
}
