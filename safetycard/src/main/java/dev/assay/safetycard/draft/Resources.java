package dev.assay.safetycard.draft;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** Reads the draft package's shipped YAML resources; a malformed resource is a build defect and fails loudly. */
final class Resources {
    private Resources() {
    }

    static JsonNode yaml(String name) {
        String path = "/dev/assay/safetycard/draft/" + name;
        try (InputStream in = Resources.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + path);
            }
            return new ObjectMapper(new YAMLFactory()).readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path, e);
        }
    }

    static String text(JsonNode node, String field, String where) {
        JsonNode v = node.get(field);
        if (v == null || !v.isTextual() || v.asText().isEmpty()) {
            throw new IllegalStateException(where + ": '" + field + "' must be a non-empty string");
        }
        return v.asText();
    }

    static int integer(JsonNode node, String field, String where) {
        JsonNode v = node.get(field);
        if (v == null || !v.canConvertToInt() || v.asInt() <= 0) {
            throw new IllegalStateException(where + ": '" + field + "' must be a positive integer");
        }
        return v.asInt();
    }

    static List<String> strings(JsonNode node, String field) {
        List<String> out = new ArrayList<>();
        JsonNode v = node.get(field);
        if (v != null) {
            v.forEach(x -> out.add(x.asText()));
        }
        return List.copyOf(out);
    }
}
