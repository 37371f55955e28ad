package dev.assay.safetycard.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The default mechanism of a criterion, or its opt-in alternative ({@code alt}): a label, the four parameter
 * ratings, in the order S, C, D, B, and for an alt the caps its {@code alt.caps} lists (the default mechanism's caps
 * are the criterion's own {@code caps}, so they stay on {@link CriterionCard}).
 */
public record Mechanism(String label, Map<String, ParameterRating> parameters, List<CapListing> caps) {

    public Mechanism {
        label = label == null ? "" : label;
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        caps = List.copyOf(caps);
    }

    /** A mechanism that lists no caps of its own. */
    public Mechanism(String label, Map<String, ParameterRating> parameters) {
        this(label, parameters, List.of());
    }

    public ParameterRating parameter(String id) {
        return parameters.get(id);
    }
}
