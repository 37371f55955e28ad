package dev.assay.engine.fact;

import dev.assay.engine.model.Evidence;

/**
 * An immutable observation an extractor made about the target. Facts are the only input rules see; every fact can say
 * where it was seen.
 */
public interface Fact {

    /** The file the fact was read from, relative to the target root. */
    String file();

    /** Where the fact was seen, for a finding's evidence. */
    Evidence evidence();

    /** What a finding raised on this fact is about; findings of one rule are grouped per subject. */
    default String subject() {
        return file();
    }
}
