package dev.assay.cli;

import picocli.CommandLine.Option;

/** {@code --help} and {@code --version} on every command, worded for Assay. */
final class HelpOptions {

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Option(names = {"-V", "--version"}, versionHelp = true,
            description = "Print the Assay version (as reports name it in scannerVersion) and exit.")
    boolean version;
}
