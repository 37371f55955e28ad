package dev.assay.engine.report;

import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.model.Severity;
import dev.assay.engine.model.Triage;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds a SARIF 2.1.0 log (one run) from a report, as ordered maps that the canonical JSON writer prints.
 * <ul>
 * <li>{@code rules} holds one descriptor per distinct finding id, sorted by id; its metadata is taken from the first
 * finding with that id (active findings before needs-review ones).</li>
 * <li>Active findings are results of kind {@code fail}; level {@code error} for critical and high, {@code warning} for
 * medium, {@code note} for low and info.</li>
 * <li>Needs-review findings are results of kind {@code review}. SARIF §3.27.10 requires level {@code none} whenever
 * kind is not {@code fail}, so they carry level {@code none}; their severity stays in {@code properties}.</li>
 * <li>A location's region holds the evidence's lines. Evidence about a file as a whole (a permission bit, its
 * presence) has no line; it gets the zero-length region at the file's start, since the report does not carry the
 * file's length, and its snippet goes to the location's message.</li>
 * <li>Findings a baseline or suppression took out of the score (the report's triage) are results too, carrying
 * {@code suppressions} with the reason as {@code justification} ({@code inSource} for an inline comment,
 * {@code external} otherwise); baselined ones also have {@code baselineState: unchanged}.</li>
 * <li>The driver's {@code version} is the dotted number alone ({@code 0.1.0}, not {@code assay/0.1.0}).</li>
 * </ul>
 */
final class SarifReport {

    static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
    /** v2: fingerprints leave out line numbers (rule id, subject, files and normalised snippets). */
    static final String FINGERPRINT_KEY = "assay/v2";
    /** Where a code-scanning service sends people to learn about the tool; one value, kept in the build's version file. */
    static final String INFORMATION_URI = dev.assay.engine.ScannerVersion.informationUri();

    private SarifReport() {
    }

    static Map<String, Object> build(Report r) {
        Map<String, Finding> ruleSources = new TreeMap<>();
        for (Finding f : r.findings()) {
            ruleSources.putIfAbsent(ruleId(f), f);
        }
        for (Finding f : r.needsReview()) {
            ruleSources.putIfAbsent(ruleId(f), f);
        }
        List<Triage.Triaged> triaged = r.triage() == null ? List.of() : r.triage().findings();
        for (Triage.Triaged t : triaged) {
            ruleSources.putIfAbsent(ruleId(t.finding()), t.finding());
        }
        List<Object> rules = new ArrayList<>();
        Map<String, Integer> ruleIndex = new LinkedHashMap<>();
        for (Finding f : ruleSources.values()) {
            ruleIndex.put(ruleId(f), rules.size());
            rules.add(rule(f));
        }

        List<Object> results = new ArrayList<>();
        for (Finding f : r.findings()) {
            results.add(result(f, ruleIndex.get(ruleId(f)), false));
        }
        for (Finding f : r.needsReview()) {
            results.add(result(f, ruleIndex.get(ruleId(f)), true));
        }
        for (Triage.Triaged t : triaged) {
            Map<String, Object> result = result(t.finding(), ruleIndex.get(ruleId(t.finding())), false);
            Map<String, Object> suppression = new LinkedHashMap<>();
            suppression.put("kind", t.source() != null && t.source().startsWith("inline ") ? "inSource" : "external");
            suppression.put("status", "accepted");
            suppression.put("justification", t.reason());
            result.put("suppressions", List.of(suppression));
            if (Finding.BASELINE.equals(t.status())) {
                result.put("baselineState", "unchanged");
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> properties = (Map<String, Object>) result.get("properties");
            properties.put("status", t.status());
            results.add(result);
        }

        Map<String, Object> driver = new LinkedHashMap<>();
        driver.put("name", "assay");
        if (r.scannerVersion() != null && !r.scannerVersion().isBlank()) {
            driver.put("version", dottedVersion(r.scannerVersion()));
        }
        driver.put("informationUri", INFORMATION_URI);
        driver.put("rules", rules);

        Map<String, Object> run = new LinkedHashMap<>();
        run.put("tool", Map.of("driver", driver));
        run.put("results", results);
        run.put("properties", runProperties(r));

        Map<String, Object> log = new LinkedHashMap<>();
        log.put("$schema", SCHEMA);
        log.put("version", "2.1.0");
        log.put("runs", List.of(run));
        return log;
    }

    /** The SARIF level of an active finding of this severity. */
    static String level(Severity severity) {
        if (severity == null) {
            return "warning";
        }
        switch (severity) {
            case CRITICAL:
            case HIGH:
                return "error";
            case MEDIUM:
                return "warning";
            default:
                return "note";
        }
    }

    private static Map<String, Object> rule(Finding f) {
        Map<String, Object> rule = new LinkedHashMap<>();
        rule.put("id", ruleId(f));
        String title = f.title() == null || f.title().isBlank() ? ruleId(f) : f.title();
        rule.put("name", title);
        rule.put("shortDescription", text(title));
        if (!f.remediation().isBlank()) {
            rule.put("fullDescription", text(f.remediation()));
            rule.put("help", text(f.remediation()));
        }
        rule.put("defaultConfiguration", Map.of("level", level(f.severity())));
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("severity", Describe.severity(f));
        properties.put("category", Describe.text(f.category()));
        properties.put("threatClass", f.threatClass());
        if (!f.capability().isEmpty()) {
            properties.put("capability", f.capability());
        }
        properties.put("controls", f.controls());
        rule.put("properties", properties);
        return rule;
    }

    private static Map<String, Object> result(Finding f, int ruleIndex, boolean review) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("ruleId", ruleId(f));
        result.put("ruleIndex", ruleIndex);
        result.put("kind", review ? "review" : "fail");
        result.put("level", review ? "none" : level(f.severity()));
        String message = !f.message().isBlank() ? f.message() : f.title() != null && !f.title().isBlank() ? f.title() : ruleId(f);
        result.put("message", text(message));
        List<Object> locations = new ArrayList<>();
        for (Evidence e : f.evidence()) {
            Map<String, Object> location = location(e);
            if (!location.isEmpty()) {
                locations.add(location);
            }
        }
        result.put("locations", locations);
        if (!f.fingerprint().isEmpty()) {
            result.put("partialFingerprints", Map.of(FINGERPRINT_KEY, f.fingerprint()));
        }
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("severity", Describe.severity(f));
        properties.put("status", f.status());
        if (!f.subject().isEmpty()) {
            properties.put("subject", f.subject());
        }
        if (!f.details().isEmpty()) {
            properties.put("details", f.details());
        }
        result.put("properties", properties);
        return result;
    }

    private static Map<String, Object> location(Evidence e) {
        Map<String, Object> location = new LinkedHashMap<>();
        boolean hasLine = e.lineStart() > 0;
        if (!e.file().isEmpty()) {
            Map<String, Object> physical = new LinkedHashMap<>();
            physical.put("artifactLocation", Map.of("uri", uri(e.file())));
            if (hasLine) {
                Map<String, Object> region = new LinkedHashMap<>();
                region.put("startLine", e.lineStart());
                region.put("endLine", Math.max(e.lineEnd(), e.lineStart()));
                if (!e.snippet().isEmpty()) {
                    region.put("snippet", text(e.snippet()));
                }
                physical.put("region", region);
            } else {
                Map<String, Object> region = new LinkedHashMap<>();
                region.put("byteOffset", 0);
                region.put("byteLength", 0);
                physical.put("region", region);
            }
            location.put("physicalLocation", physical);
        }
        if ((!hasLine || e.file().isEmpty()) && !e.snippet().isEmpty()) {
            location.put("message", text(e.snippet()));
        }
        return location;
    }

    private static Map<String, Object> runProperties(Report r) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("schemaVersion", r.schemaVersion());
        p.put("scorer", r.scorer());
        p.put("score", r.score());
        p.put("level", r.level());
        if (r.verdict() != null) {
            p.put("verdict", r.verdict());
        }
        if (r.attestation() != null) {
            Map<String, Object> attestation = new LinkedHashMap<>();
            attestation.put("eligible", r.attestation().eligible());
            attestation.put("reasons", r.attestation().reasons());
            p.put("attestation", attestation);
        }
        p.put("counts", ReportJson.canonical(r.counts()));
        p.put("pack", r.pack());
        p.put("packVersion", r.packVersion());
        p.put("rulesHash", r.rulesHash());
        p.put("formula", r.formula());
        p.put("formulaVersion", r.formulaVersion());
        p.put("formulaHash", r.formulaHash());
        if (r.target() != null) {
            Map<String, Object> target = new LinkedHashMap<>();
            target.put("path", r.target().path());
            target.put("kind", r.target().kind());
            target.put("digest", r.target().digest());
            p.put("target", target);
        }
        if (r.coverage() != null) {
            Map<String, Object> coverage = new LinkedHashMap<>();
            coverage.put("filesIndexed", r.coverage().filesIndexed());
            coverage.put("filesSkipped", r.coverage().filesSkipped().size());
            p.put("coverage", coverage);
        }
        if (r.triage() != null) {
            p.put("suppressed", r.triage().suppressed());
            p.put("baselined", r.triage().baselined());
            p.put("expiredSuppressions", r.triage().expiredSuppressions().size());
            p.put("fixedBaseline", r.triage().fixedBaseline().size());
        }
        return p;
    }

    /** {@code assay/0.1.0} → {@code 0.1.0}: SARIF consumers compare versions that start with a number. */
    static String dottedVersion(String scannerVersion) {
        int slash = scannerVersion.lastIndexOf('/');
        return slash >= 0 ? scannerVersion.substring(slash + 1) : scannerVersion;
    }

    private static String ruleId(Finding f) {
        return f.id() == null ? "" : f.id();
    }

    private static Map<String, Object> text(String s) {
        return Map.of("text", s);
    }

    /**
     * A relative URI reference for a '/'-separated path: every byte outside the unreserved and a few safe sub-delimiter
     * characters is percent-encoded as UTF-8, including ':' (which would read as a scheme) and '%', '?', '#'.
     */
    static String uri(String path) {
        StringBuilder b = new StringBuilder(path.length() + 16);
        for (byte raw : path.getBytes(StandardCharsets.UTF_8)) {
            int c = raw & 0xFF;
            boolean keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '-' || c == '.' || c == '_' || c == '~' || c == '/' || c == '!' || c == '$' || c == '&'
                    || c == '\'' || c == '(' || c == ')' || c == '*' || c == '+' || c == ',' || c == ';' || c == '='
                    || c == '@';
            if (keep) {
                b.append((char) c);
            } else {
                b.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
            }
        }
        return b.toString();
    }
}
