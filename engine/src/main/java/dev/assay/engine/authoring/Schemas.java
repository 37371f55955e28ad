package dev.assay.engine.authoring;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonNodePath;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.assay.engine.pack.LocatedYaml;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The JSON Schemas (draft 2020-12) of the files a pack author writes, shipped as resources under
 * {@value #RESOURCE_ROOT}, and validation of a YAML file against one of them with every message located at a line of
 * the file. Thread-safe; schemas are compiled once.
 */
public final class Schemas {

    /** Class-path folder of the schema files. */
    public static final String RESOURCE_ROOT = "dev/assay/engine/schemas/";

    /** The kinds of file a schema describes. */
    public enum Kind {
        /** {@code pack.yaml}. */
        PACK("pack.schema.json"),
        /** {@code rules/*.yaml}: one rule, a list, or {@code {rules: [...]}}. */
        RULES("rules.schema.json"),
        /** {@code formula-specs/<id>/v<N>.yaml}. */
        FORMULA("formula.schema.json"),
        /** {@code tests/cases/<case>/expect.yaml}. */
        TEST_CASE("test-case.schema.json"),
        /** {@code tests/facts/*.yaml}. */
        FACTS_CASE("facts-case.schema.json");

        private final String fileName;

        Kind(String fileName) {
            this.fileName = fileName;
        }

        /** The schema's file name, e.g. {@code pack.schema.json}. */
        public String fileName() {
            return fileName;
        }

        public String resource() {
            return RESOURCE_ROOT + fileName;
        }
    }

    private static final Map<Kind, JsonNode> SOURCES = new EnumMap<>(Kind.class);
    private static final Map<Kind, JsonSchema> COMPILED = new EnumMap<>(Kind.class);

    static {
        ObjectMapper json = new ObjectMapper();
        JsonSchemaFactory factory = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
        for (Kind k : Kind.values()) {
            try (InputStream in = Schemas.class.getClassLoader().getResourceAsStream(k.resource())) {
                if (in == null) {
                    throw new IllegalStateException(k.resource() + " is missing from the class path");
                }
                JsonNode node = json.readTree(in);
                SOURCES.put(k, node);
                COMPILED.put(k, factory.getSchema(node));
            } catch (IOException e) {
                throw new UncheckedIOException(k.resource() + ": unreadable schema", e);
            }
        }
    }

    private Schemas() {
    }

    /** The schema text as shipped. */
    public static byte[] bytes(Kind kind) {
        try (InputStream in = Schemas.class.getClassLoader().getResourceAsStream(kind.resource())) {
            if (in == null) {
                throw new IllegalStateException(kind.resource() + " is missing from the class path");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses {@code bytes} as YAML and validates it; every problem names {@code file} and a line. */
    public static List<Problem> validate(Kind kind, String file, byte[] bytes) {
        try {
            return validate(kind, file, LocatedYaml.parse(bytes));
        } catch (LocatedYaml.SyntaxError e) {
            return List.of(new Problem(file, e.line(), "", "not valid YAML: " + e.getMessage(),
                    "fix the YAML syntax on that line"));
        }
    }

    /** Validates an already parsed file: duplicate keys, then the schema. */
    public static List<Problem> validate(Kind kind, String file, LocatedYaml doc) {
        List<Problem> out = new ArrayList<>();
        if (doc.root() == null || doc.root().isMissingNode()) {
            out.add(new Problem(file, 0, "", "empty file", "give it content or delete it"));
            return out;
        }
        for (LocatedYaml.DuplicateKey d : doc.duplicateKeys()) {
            out.add(new Problem(file, d.line(), "", "key '" + d.key() + "' is given twice in one mapping",
                    "YAML keeps only the last one; remove the other"));
        }
        for (ValidationMessage m : COMPILED.get(kind).validate(doc.root())) {
            String pointer = pointer(m.getInstanceLocation());
            boolean aboutKey = "additionalProperties".equals(m.getType()) || "unevaluatedProperties".equals(m.getType());
            int line = doc.lineAt(aboutKey && m.getProperty() != null
                    ? pointer + "/" + m.getProperty().replace("~", "~0").replace("/", "~1") : pointer);
            out.add(new Problem(file, line, kind == Kind.RULES ? ruleIdAt(doc.root(), pointer) : "",
                    describe(m, pointer, doc.root(), parentSchema(kind, m)), hint(m, parentSchema(kind, m))));
        }
        out.sort(null);
        return out;
    }

    /** {@code /rules/0/severity} from the validator's path. */
    static String pointer(JsonNodePath path) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < path.getNameCount(); i++) {
            Object e = path.getElement(i);
            b.append('/').append(String.valueOf(e).replace("~", "~0").replace("/", "~1"));
        }
        return b.toString();
    }

    /** {@code rules[0].severity} for messages; "(top level)" for the root. */
    static String readable(String pointer) {
        if (pointer.isEmpty()) {
            return "(top level)";
        }
        StringBuilder b = new StringBuilder();
        for (String raw : pointer.substring(1).split("/", -1)) {
            String step = raw.replace("~1", "/").replace("~0", "~");
            if (step.matches("\\d{1,9}")) {
                b.append('[').append(step).append(']');
            } else {
                b.append(b.length() == 0 ? "" : ".").append(step);
            }
        }
        return b.toString();
    }

    private static JsonNode at(JsonNode root, String pointer) {
        return pointer.isEmpty() ? root : root.at(pointer);
    }

    /**
     * The schema object that holds the failing keyword (the validator hands out the keyword's own value), found by
     * walking the schema source along the keyword's location.
     */
    private static JsonNode parentSchema(Kind kind, ValidationMessage m) {
        if (m.getSchemaLocation() == null || m.getSchemaLocation().getFragment() == null) {
            return SOURCES.get(kind);
        }
        JsonNodePath fragment = m.getSchemaLocation().getFragment();
        JsonNode node = SOURCES.get(kind);
        for (int i = 0; i < fragment.getNameCount() - 1 && node != null; i++) {
            String step = String.valueOf(fragment.getElement(i));
            node = node.isArray() && step.matches("\\d+") ? node.get(Integer.parseInt(step)) : node.get(step);
        }
        return node == null ? SOURCES.get(kind) : node;
    }

    private static String describe(ValidationMessage m, String pointer, JsonNode root, JsonNode schema) {
        String where = readable(pointer);
        JsonNode value = at(root, pointer);
        String type = m.getType() == null ? "" : m.getType();
        switch (type) {
            case "required":
                return where + ": '" + m.getProperty() + "' is required";
            case "additionalProperties":
            case "unevaluatedProperties":
                return where + ": unknown key '" + m.getProperty() + "'";
            case "enum":
                return where + ": " + echo(value) + " is not one of " + enumValues(schema);
            case "const":
                return where + ": must be " + schema.path("const");
            case "type":
                return where + ": expected " + expectedType(schema) + ", found " + kindOf(value);
            case "pattern":
                return where + ": " + echo(value) + " does not have the required form";
            case "minItems":
                return where + ": needs at least " + schema.path("minItems").asInt() + " item(s)";
            case "uniqueItems":
                return where + ": lists the same value more than once";
            case "minProperties":
                return where + ": needs at least " + schema.path("minProperties").asInt() + " key(s)";
            case "maxProperties":
                return where + ": may hold at most " + schema.path("maxProperties").asInt() + " key(s), found "
                        + value.size() + " (" + String.join(", ", keys(value)) + ")";
            case "minLength":
                return where + ": must not be empty";
            case "propertyNames":
                return where + ": key " + m.getProperty() + " does not have the required form";
            default:
                String text = m.getMessage() == null ? type : m.getMessage();
                int colon = text.indexOf(": ");
                return where + ": " + (text.startsWith("$") && colon > 0 ? text.substring(colon + 2) : text);
        }
    }

    /** What to do: the schema's own description of the value, or the keys a mapping allows. */
    private static String hint(ValidationMessage m, JsonNode schema) {
        String type = m.getType() == null ? "" : m.getType();
        switch (type) {
            case "required": {
                String d = schema.path("properties").path(m.getProperty()).path("description").asText("");
                return "add " + m.getProperty() + ":" + (d.isEmpty() ? "" : " " + d);
            }
            case "additionalProperties":
            case "unevaluatedProperties": {
                List<String> allowed = keys(schema.path("properties"));
                return allowed.isEmpty() ? "remove it" : "remove it or use one of " + String.join(", ", allowed);
            }
            case "enum":
                return ""; // the message lists the values already
            default:
                return schema.path("description").asText("");
        }
    }

    private static String ruleIdAt(JsonNode root, String pointer) {
        String[] steps = pointer.isEmpty() ? new String[0] : pointer.substring(1).split("/", -1);
        JsonNode rule;
        if (root.isObject() && root.has("rules")) {
            rule = steps.length >= 2 && steps[1].matches("\\d{1,9}") ? root.path("rules").path(Integer.parseInt(steps[1])) : null;
        } else if (root.isArray()) {
            rule = steps.length >= 1 && steps[0].matches("\\d{1,9}") ? root.path(Integer.parseInt(steps[0])) : null;
        } else {
            rule = root;
        }
        return rule != null && rule.path("id").isTextual() ? rule.path("id").asText() : "";
    }

    private static List<String> keys(JsonNode n) {
        List<String> out = new ArrayList<>();
        for (Iterator<String> it = n.fieldNames(); it.hasNext();) {
            out.add(it.next());
        }
        return List.copyOf(new TreeSet<>(out));
    }

    private static String enumValues(JsonNode schema) {
        List<String> out = new ArrayList<>();
        for (JsonNode v : schema.path("enum")) {
            out.add(v.asText().isEmpty() ? "\"\"" : v.asText());
        }
        return String.join(", ", out);
    }

    private static String expectedType(JsonNode schema) {
        JsonNode t = schema.path("type");
        if (t.isArray()) {
            List<String> out = new ArrayList<>();
            t.forEach(x -> out.add(article(x.asText())));
            return String.join(" or ", out);
        }
        return article(t.asText());
    }

    private static String article(String jsonType) {
        switch (jsonType) {
            case "object":
                return "a mapping";
            case "array":
                return "a list";
            case "string":
                return "a text";
            case "integer":
                return "a whole number";
            case "number":
                return "a number";
            case "boolean":
                return "true or false";
            default:
                return jsonType;
        }
    }

    private static String kindOf(JsonNode n) {
        if (n == null || n.isMissingNode()) {
            return "nothing";
        }
        if (n.isObject()) {
            return "a mapping";
        }
        if (n.isArray()) {
            return "a list";
        }
        if (n.isNull()) {
            return "nothing (null)";
        }
        return echo(n);
    }

    private static String echo(JsonNode n) {
        if (n == null || n.isMissingNode()) {
            return "nothing";
        }
        if (n.isTextual()) {
            String s = n.asText().replace('\n', ' ');
            return "'" + (s.length() > 60 ? s.substring(0, 60) + "…" : s) + "'";
        }
        if (n.isValueNode()) {
            return n.isNull() ? "nothing (null)" : n.asText();
        }
        return n.isArray() ? "a list" : "a mapping";
    }
}
