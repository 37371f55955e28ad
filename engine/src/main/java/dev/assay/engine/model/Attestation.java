package dev.assay.engine.model;

import java.util.List;

/** Whether the result may be attested, and the formula's reasons when it may not (or why it may). */
public record Attestation(boolean eligible, List<String> reasons) {

    public Attestation {
        reasons = List.copyOf(reasons);
    }
}
