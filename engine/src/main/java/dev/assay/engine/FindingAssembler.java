package dev.assay.engine;

import com.google.re2j.Pattern;
import dev.assay.engine.model.Details;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Severity;
import dev.assay.engine.pack.RuleDefinition;
import dev.assay.engine.pack.RulePack;
import dev.assay.engine.rules.Detection;
import dev.assay.engine.rules.Redaction;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Turns the rule session's detections into report findings: one finding per rule, subject and status, with the
 * evidence of all its detections (sorted, distinct, at most {@value #MAX_EVIDENCE}), the rule's metadata, redacted
 * snippets and a stable fingerprint. Superseded detections are dropped.
 */
final class FindingAssembler {

    static final int MAX_EVIDENCE = 20;

    private FindingAssembler() {
    }

    static List<Finding> assemble(RulePack pack, List<Detection> detections, List<Pattern> redactions) {
        Map<String, List<Detection>> groups = new TreeMap<>();
        for (Detection d : detections) {
            if (Detection.SUPERSEDED.equals(d.status())) {
                continue;
            }
            groups.computeIfAbsent(d.ruleId() + "\u0000" + d.subject() + "\u0000" + d.status(), k -> new ArrayList<>()).add(d);
        }
        List<Finding> out = new ArrayList<>();
        for (List<Detection> group : groups.values()) {
            out.add(toFinding(pack, group, redactions));
        }
        out.sort(Finding.ORDER);
        return out;
    }

    private static Finding toFinding(RulePack pack, List<Detection> group, List<Pattern> redactions) {
        Detection first = group.get(0);
        RuleDefinition rule = pack.rule(first.ruleId()).orElseThrow(
                () -> new IllegalStateException("detection of rule " + first.ruleId() + " that the pack does not define"));
        Severity severity = first.severity();
        TreeSet<Evidence> evidence = new TreeSet<>();
        TreeSet<String> messages = new TreeSet<>();
        TreeSet<String> notes = new TreeSet<>();
        // Detections of one finding usually name the same details; when they differ, the first in text order is shown.
        TreeMap<String, Map<String, Object>> details = new TreeMap<>();
        for (Detection d : group) {
            if (!d.details().isEmpty()) {
                details.putIfAbsent(Details.text(d.details()), d.details());
            }
            if (d.severity().atLeast(severity)) {
                severity = d.severity();
            }
            for (Evidence e : d.evidence()) {
                evidence.add(e.withSnippet(Redaction.redactAll(e.snippet(), redactions)));
            }
            if (!d.message().isEmpty()) {
                messages.add(Redaction.redactAll(d.message(), redactions));
            }
            if (!d.note().isEmpty()) {
                notes.add(d.note());
            }
        }
        List<Evidence> shown = new ArrayList<>(evidence).subList(0, Math.min(MAX_EVIDENCE, evidence.size()));
        String message = messages.isEmpty() ? "" : messages.first();
        if (messages.size() > 1) {
            message += " (+" + (messages.size() - 1) + " similar)";
        }
        if (evidence.size() > MAX_EVIDENCE) {
            message += (message.isEmpty() ? "" : " ") + "[" + evidence.size() + " locations, first " + MAX_EVIDENCE + " shown]";
        }
        if (!notes.isEmpty()) {
            message += (message.isEmpty() ? "" : " ") + "(" + String.join("; ", notes) + ")";
        }
        String status = first.status().equals(Detection.NEEDS_REVIEW) ? Finding.NEEDS_REVIEW : Finding.ACTIVE;
        return new Finding(rule.id(), rule.title(), severity, rule.threatClass(), rule.check(), rule.capability(),
                rule.controls(), first.subject(), message, rule.remediation(), status, shown,
                fingerprint(rule.id(), first.subject(), shown),
                details.isEmpty() ? Map.of() : redacted(details.firstEntry().getValue(), redactions));
    }

    /** The details with every string redacted as messages are (a secret may reach a detail through a capture). */
    @SuppressWarnings("unchecked")
    private static <T> T redacted(T value, List<Pattern> redactions) {
        if (value instanceof String s) {
            return (T) Redaction.redactAll(s, redactions);
        }
        if (value instanceof List<?> list) {
            return (T) list.stream().map(v -> redacted(v, redactions)).toList();
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> out = new TreeMap<>();
            map.forEach((k, v) -> out.put((String) k, redacted(v, redactions)));
            return (T) out;
        }
        return value;
    }

    /**
     * sha256 over the rule id, the subject and each evidence's file and snippet with runs of white space made one
     * space, in sorted order. Line numbers are left out on purpose: inserting or removing lines above a match must not turn an
     * accepted (baselined or suppressed) finding into a new one. Snippets are the redacted ones the report shows.
     */
    static String fingerprint(String ruleId, String subject, List<Evidence> evidence) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            StringBuilder b = new StringBuilder("v2\u0000").append(ruleId).append('\u0000').append(subject);
            TreeSet<String> located = new TreeSet<>();
            for (Evidence e : evidence) {
                located.add(e.file() + '\u0001' + normalised(e.snippet()));
            }
            for (String l : located) {
                b.append('\u0000').append(l);
            }
            return HexFormat.of().formatHex(md.digest(b.toString().getBytes(StandardCharsets.UTF_8))).substring(0, 32);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM lacks SHA-256", e);
        }
    }

    private static String normalised(String snippet) {
        return WHITE_SPACE.matcher(snippet.strip()).replaceAll(" ");
    }

    private static final java.util.regex.Pattern WHITE_SPACE = java.util.regex.Pattern.compile("\\s+");
}
