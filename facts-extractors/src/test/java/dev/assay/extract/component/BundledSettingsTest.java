package dev.assay.extract.component;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/**
 * The extractor's bundled tables are read without Jackson's bean introspection (start-up time); they must come out as
 * the strict {@code ObjectMapper.readValue} the extractor used before read them, record for record.
 */
class BundledSettingsTest {

    private static <T> T jackson(String resource, Class<T> type, boolean failOnNullPrimitives) throws IOException {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory()).enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        if (failOnNullPrimitives) {
            yaml.enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
        }
        try (InputStream in = type.getResourceAsStream(resource)) {
            return yaml.readValue(in, type);
        }
    }

    @Test
    void scanSettingsAsJacksonReadThem() throws IOException {
        ScanSettings expected = jackson("component-scan.yaml", ScanSettings.class, true);
        assertEquals(expected, ScanSettings.load("component-scan.yaml"));
        assertEquals(expected, ScanSettings.bundled());
    }

    @Test
    void componentRecognitionAsJacksonReadIt() throws IOException {
        ComponentRecognition.Table expected = jackson("component-recognition.yaml", ComponentRecognition.Table.class, false);
        assertEquals(expected.lookedFor().stream().sorted(java.util.Comparator.comparing(ComponentRecognition.LookedFor::name))
                .toList(), ComponentRecognition.load("component-recognition.yaml"));
    }

    @Test
    void relationSettingsAsJacksonReadThem() throws IOException {
        RelationSettings expected = jackson("file-relations.yaml", RelationSettings.class, false);
        assertEquals(expected, RelationSettings.load("file-relations.yaml"));
        assertEquals(expected, RelationSettings.bundled());
    }
}
