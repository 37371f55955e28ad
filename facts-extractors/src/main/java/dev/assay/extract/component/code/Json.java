package dev.assay.extract.component.code;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Compact JSON text for schemas in facts; a text beyond the bound is cut and ends with "…" (then not valid JSON). */
final class Json {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Json() {
    }

    static String write(JsonNode node, int maxChars) {
        String text;
        try {
            text = MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            return "";
        }
        return text.length() > maxChars ? text.substring(0, maxChars) + "…" : text;
    }
}
