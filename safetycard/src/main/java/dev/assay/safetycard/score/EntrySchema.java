package dev.assay.safetycard.score;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Set;

/**
 * The website's entry schema (schema 2.0, shipped as {@code safetycard/entry.schema.json}): entries are checked
 * against it when read for rescoring and before they are written. The schema has no remote references, so checking
 * never touches the network. Thread-safe.
 */
public final class EntrySchema {

    public static final String RESOURCE = "safetycard/entry.schema.json";

    private final JsonSchema schema;

    private EntrySchema(JsonSchema schema) {
        this.schema = schema;
    }

    public static EntrySchema shipped() {
        try (InputStream in = EntrySchema.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the class path");
            }
            SchemaValidatorsConfig config = SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();
            return new EntrySchema(JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in, config));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
        }
    }

    /** Every way the entry departs from the schema, sorted; empty when it is valid. */
    public List<String> problems(JsonNode entry) {
        Set<ValidationMessage> messages = schema.validate(entry);
        return messages.stream().map(ValidationMessage::getMessage).sorted().toList();
    }
}
