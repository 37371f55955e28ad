package dev.assay.safetycard.search;

/** A file's searchable text with its line index and case-folded copy, each computed once when first needed. */
final class PreparedText {
    private final String text;
    private LineIndex lines;
    private String folded;

    PreparedText(String text) {
        this.text = text;
    }

    String text() {
        return text;
    }

    LineIndex lines() {
        if (lines == null) {
            lines = new LineIndex(text);
        }
        return lines;
    }

    String folded() {
        if (folded == null) {
            folded = RustRegex.fold(text);
        }
        return folded;
    }
}
