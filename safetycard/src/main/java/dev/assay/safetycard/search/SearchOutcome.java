package dev.assay.safetycard.search;

import java.util.List;

/**
 * What one rg command printed over its scope: the output lines exactly as ripgrep 13 would print them to a pipe (no
 * colour, no heading; files in path order as with {@code --sort path}), {@code hits} = the number of non-empty output
 * lines, the matches per file, and problems. {@code errors} are what rg would report on standard error (a scope
 * path that does not exist, a path refused because it is a symbolic link); {@code incomplete} names the limit that
 * stopped the search early, {@code null} when it ran to the end. A count is only meaningful when {@link #complete()}.
 */
public record SearchOutcome(List<String> output, long hits, List<FileMatches> files, List<String> errors,
        String incomplete) {

    public SearchOutcome {
        output = List.copyOf(output);
        files = List.copyOf(files);
        errors = List.copyOf(errors);
    }

    public boolean complete() {
        return incomplete == null;
    }
}
