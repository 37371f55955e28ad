package dev.assay.safetycard.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The default mechanism of a criterion, or its opt-in alternative ({@code alt}): a label and the four parameter
 * ratings, in the order S, C, D, B.
 */
public record Mechanism(String label, Map<String, ParameterRating> parameters) {

    public Mechanism {
        label = label == null ? "" : label;
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    }

    public ParameterRating parameter(String id) {
        return parameters.get(id);
    }
}
