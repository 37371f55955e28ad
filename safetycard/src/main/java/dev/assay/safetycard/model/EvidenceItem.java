package dev.assay.safetycard.model;

/**
 * One evidence item of a scorecard: a citation of code lines or a reproducible {@code rg} search. Paths in it were
 * checked by {@link RepoPaths} when the scorecard was read, so they never point outside the reviewed repository.
 */
public sealed interface EvidenceItem permits EvidenceItem.CodeCitation, EvidenceItem.Search {

    /** An optional remark on the item; empty when there is none. */
    String note();

    /**
     * Lines of one repository file. {@code lines} is {@code "N"} or {@code "N-M"} (1-based, inclusive);
     * {@code contains} is the literal text that must occur in them, empty when the citation quotes nothing.
     */
    record CodeCitation(String file, String lines, String contains, String note) implements EvidenceItem {

        public CodeCitation {
            contains = contains == null ? "" : contains;
            note = note == null ? "" : note;
        }

        /** The first cited line. */
        public int firstLine() {
            int dash = lines.indexOf('-');
            return Integer.parseInt(dash < 0 ? lines : lines.substring(0, dash));
        }

        /** The last cited line (the first one for a single line). */
        public int lastLine() {
            int dash = lines.indexOf('-');
            return Integer.parseInt(dash < 0 ? lines : lines.substring(dash + 1));
        }

        public boolean hasContains() {
            return !contains.isEmpty();
        }
    }

    /** The exact {@code rg} command that was run, the paths it searched and how many lines it printed. */
    record Search(String search, String scope, long hits, String note) implements EvidenceItem {

        public Search {
            note = note == null ? "" : note;
        }
    }
}
