package dev.assay.engine.triage;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.model.Triage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A baseline file: the fingerprints of the findings a project accepted at one point (schema {@value #SCHEMA}). Made
 * from a report's active findings (and those an earlier baseline accepted), sorted by fingerprint, so the same report
 * always gives the same file.
 */
@JsonPropertyOrder({"schema", "scorer", "pack", "entries"})
public record Baseline(String schema, String scorer, String pack, List<Triage.BaselineEntry> entries) {

    public static final String SCHEMA = "assay-baseline/1";
    /** Larger files are refused: a baseline of a real project holds hundreds of entries, not millions. */
    static final long MAX_BYTES = 16L << 20;

    private static final JsonMapper JSON = JsonMapper.builder(JsonFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(16).build()).build())
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    public Baseline {
        entries = List.copyOf(entries);
    }

    /** Accepts what the report holds today: its active findings and the ones its own baseline accepted. */
    public static Baseline of(Report report) {
        Map<String, Triage.BaselineEntry> byPrint = new LinkedHashMap<>();
        List<Finding> accepted = new ArrayList<>(report.findings());
        if (report.triage() != null) {
            for (Triage.Triaged t : report.triage().findings()) {
                if (Finding.BASELINE.equals(t.status())) {
                    accepted.add(t.finding());
                }
            }
        }
        for (Finding f : accepted) {
            String file = f.evidence().isEmpty() ? "" : f.evidence().get(0).file();
            byPrint.putIfAbsent(f.fingerprint(), new Triage.BaselineEntry(f.fingerprint(), f.id(), f.subject(), file));
        }
        List<Triage.BaselineEntry> sorted = new ArrayList<>(byPrint.values());
        sorted.sort(Comparator.comparing(Triage.BaselineEntry::fingerprint));
        return new Baseline(SCHEMA, report.scorer(), report.pack() + "@" + report.packVersion(), sorted);
    }

    public String toJson() {
        try {
            return JSON.writeValueAsString(this) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a baseline", e);
        }
    }

    public static Baseline read(Path file) throws TriageException {
        String shown = "baseline " + file;
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new TriageException(shown + ": larger than " + (MAX_BYTES >> 20) + " MiB");
            }
            try (InputStream in = Files.newInputStream(file)) {
                Baseline b = JSON.readValue(in, Baseline.class);
                if (b == null || !SCHEMA.equals(b.schema())) {
                    throw new TriageException(shown + ": not an Assay baseline (expected schema " + SCHEMA + ")");
                }
                for (Triage.BaselineEntry e : b.entries()) {
                    if (e == null || e.fingerprint() == null || e.fingerprint().isBlank()) {
                        throw new TriageException(shown + ": an entry has no fingerprint");
                    }
                }
                return b;
            }
        } catch (JsonProcessingException e) {
            throw new TriageException(shown + ": " + e.getOriginalMessage().lines().findFirst().orElse("invalid JSON"), e);
        } catch (IOException e) {
            throw new TriageException(shown + ": cannot read (" + e.getClass().getSimpleName() + ")", e);
        }
    }
}
