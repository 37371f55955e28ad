package dev.assay.safetycard;

import dev.assay.safetycard.read.ScorecardDocument;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** Test resources and one shared, shipped {@link SafetyCard} (building it loads the pack once per test JVM). */
public final class Fixtures {

    private static final class Holder {
        static final SafetyCard CARD = load();

        private static SafetyCard load() {
            try {
                return SafetyCard.shipped();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private Fixtures() {
    }

    public static SafetyCard card() {
        return Holder.CARD;
    }

    public static byte[] bytes(String resource) {
        try (InputStream in = Fixtures.class.getClassLoader().getResourceAsStream("safetycard/" + resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource safetycard/" + resource);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static ScorecardDocument read(String resource) {
        return card().reader().read(resource, bytes(resource));
    }

    public static ScorecardDocument parse(String name, String json) {
        return card().reader().read(name, json.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
