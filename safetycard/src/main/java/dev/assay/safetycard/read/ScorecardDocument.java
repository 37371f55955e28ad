package dev.assay.safetycard.read;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.engine.fact.ConfigValue;
import dev.assay.safetycard.validate.Violation;
import java.util.List;

/**
 * A scorecard as read: its JSON tree (null when it could not be read at all), one {@link ConfigValue} fact per JSON
 * node for the validation rules, and the problems reading found. Facts are never made for the content of keys that
 * were refused (malformed or duplicate keys), and none at all when reading stopped.
 *
 * @param name the file's display name, used as the facts' {@code file}
 */
public record ScorecardDocument(String name, JsonNode tree, List<ConfigValue> facts, List<Violation> problems) {

    /** The document of the facts the validation rules match. */
    public static final String DOCUMENT = "safetycard-scorecard";

    public ScorecardDocument {
        facts = List.copyOf(facts);
        problems = List.copyOf(problems);
    }

    /** Whether reading stopped before the whole document was understood. */
    public boolean unreadable() {
        return tree == null;
    }
}
