package dev.assay.safetycard.search;

/** Result of matching a path against a set of ignore-style rules: no rule applies, the path is ignored, or kept. */
enum IgnoreMatch {
    NONE, IGNORE, WHITELIST;

    IgnoreMatch invert() {
        return switch (this) {
            case NONE -> NONE;
            case IGNORE -> WHITELIST;
            case WHITELIST -> IGNORE;
        };
    }
}
