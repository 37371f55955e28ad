package dev.assay.extract.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/** config-bounds.yaml read without Jackson's bean introspection equals what the strict readValue made of it. */
class ConfigBoundsDefaultsTest {

    @Test
    void defaultsAsJacksonReadThem() throws IOException {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory()).enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        try (InputStream in = ConfigBounds.class.getResourceAsStream("config-bounds.yaml")) {
            ConfigBounds.Defaults expected = yaml.readValue(in, ConfigBounds.Defaults.class);
            assertEquals(expected, ConfigBounds.Defaults.load());
            assertEquals(expected, ConfigBounds.Defaults.BUNDLED);
        }
    }
}
