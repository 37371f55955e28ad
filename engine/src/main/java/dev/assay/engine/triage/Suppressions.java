package dev.assay.engine.triage;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * Reads a suppressions file ({@code .assay.yaml} or {@code --suppressions FILE}):
 * <pre>
 * suppressions:
 *   - rule: AS-SECRET-001          # rule id
 *     path: "test/fixtures/**"     # glob over the evidence's files
 *     fingerprint: 0123abcd…       # one finding
 *     reason: fixture keys, never deployed   # required
 *     expires: 2027-03-31          # optional, last day it applies
 * </pre>
 * Each entry needs a reason and at least one of rule, path and fingerprint. The file is bounded (size, entries,
 * field lengths); any problem is one line naming the file and the entry.
 */
public final class Suppressions {

    static final long MAX_BYTES = 1L << 20;
    static final int MAX_ENTRIES = 5_000;
    static final int MAX_FIELD = 500;
    private static final Set<String> FIELDS = Set.of("rule", "path", "fingerprint", "reason", "expires");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private Suppressions() {
    }

    public static List<Suppression> read(Path file) throws TriageException {
        String shown = "suppressions " + file;
        String text;
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new TriageException(shown + ": larger than " + (MAX_BYTES >> 10) + " KiB");
            }
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new TriageException(shown + ": cannot read (" + e.getClass().getSimpleName() + ")", e);
        }
        return parse(text, file.toString());
    }

    static List<Suppression> parse(String text, String source) throws TriageException {
        String shown = "suppressions " + source;
        JsonNode root;
        try {
            root = YAML.readTree(text);
        } catch (JsonProcessingException e) {
            throw new TriageException(shown + ": not valid YAML: "
                    + e.getOriginalMessage().lines().findFirst().orElse(""), e);
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            return List.of();
        }
        if (!root.isObject()) {
            throw new TriageException(shown + ": expected a mapping with a 'suppressions' list");
        }
        JsonNode list = root.path("suppressions");
        if (list.isMissingNode() || list.isNull()) {
            return List.of();
        }
        if (!list.isArray()) {
            throw new TriageException(shown + ": 'suppressions' must be a list");
        }
        if (list.size() > MAX_ENTRIES) {
            throw new TriageException(shown + ": more than " + MAX_ENTRIES + " entries");
        }
        List<Suppression> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            out.add(entry(list.get(i), shown + ": entry " + (i + 1), source));
        }
        return List.copyOf(out);
    }

    private static Suppression entry(JsonNode n, String where, String source) throws TriageException {
        if (!n.isObject()) {
            throw new TriageException(where + " is not a mapping");
        }
        for (Iterator<String> names = n.fieldNames(); names.hasNext();) {
            String name = names.next();
            if (!FIELDS.contains(name)) {
                throw new TriageException(where + ": unknown field '" + clip(name) + "' (expected rule, path, "
                        + "fingerprint, reason, expires)");
            }
        }
        String rule = text(n, "rule", where);
        String path = text(n, "path", where);
        String fingerprint = text(n, "fingerprint", where);
        String reason = text(n, "reason", where);
        if (reason == null || reason.isBlank()) {
            throw new TriageException(where + ": a reason is required");
        }
        if (rule == null && path == null && fingerprint == null) {
            throw new TriageException(where + ": give at least one of rule, path and fingerprint");
        }
        String expiresText = text(n, "expires", where);
        LocalDate expires = null;
        if (expiresText != null) {
            try {
                expires = LocalDate.parse(expiresText);
            } catch (DateTimeParseException e) {
                throw new TriageException(where + ": expires must be a date like 2027-03-31, not '" + clip(expiresText)
                        + "'", e);
            }
        }
        return new Suppression(rule, path, fingerprint, reason.strip(), expires, source);
    }

    private static String text(JsonNode n, String field, String where) throws TriageException {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isValueNode()) {
            throw new TriageException(where + ": " + field + " must be a single value");
        }
        String s = v.asText();
        if (s.length() > MAX_FIELD) {
            throw new TriageException(where + ": " + field + " is longer than " + MAX_FIELD + " characters");
        }
        return s;
    }

    private static String clip(String s) {
        String one = s.replaceAll("\\p{Cntrl}", "?");
        return one.length() > 40 ? one.substring(0, 40) + "…" : one;
    }
}
