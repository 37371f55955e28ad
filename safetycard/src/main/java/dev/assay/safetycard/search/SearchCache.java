package dev.assay.safetycard.search;

import java.util.HashMap;
import java.util.Map;

/**
 * Prepared file text shared by several searches over the same repository (the drafter runs dozens), so each file is
 * read, decoded and indexed once. Bounded by the number of characters kept; past the bound files are simply not
 * cached. Only for searches over one unchanging repository; not thread-safe.
 */
public final class SearchCache {
    private final long maxChars;
    private long chars;
    private final Map<String, Entry> entries = new HashMap<>();

    record Entry(PreparedText text, boolean quit, long binaryOffset, int detectLine, boolean skipped) {
    }

    public SearchCache(long maxChars) {
        this.maxChars = maxChars;
    }

    Entry get(String repoPath, String mode) {
        return entries.get(mode + "\0" + repoPath);
    }

    void put(String repoPath, String mode, Entry e) {
        long size = e.text() == null ? 0 : e.text().text().length();
        if (chars + size > maxChars) {
            return;
        }
        chars += size;
        entries.put(mode + "\0" + repoPath, e);
    }
}
