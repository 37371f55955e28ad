package dev.assay.safetycard.search;

/** Outcome of checking one evidence item. Only {@link #VERIFIED} means the item holds at the checked commit. */
public enum ItemStatus {
    /** The citation or search reproduces exactly. */
    VERIFIED,
    /** Well-formed and re-run, but the repository says something else (missing quote, other hit count, ...). */
    MISMATCH,
    /** The item itself is unusable: bad path, bad line range, not an rg command, a forbidden flag or shell syntax. */
    INVALID,
    /** A valid rg command that uses a flag or regex construct this implementation does not reproduce. */
    UNSUPPORTED,
    /** The check could not finish within its limits (file count, file size, line length, time) or on an I/O error. */
    INCOMPLETE
}
