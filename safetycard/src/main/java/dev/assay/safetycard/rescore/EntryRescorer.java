package dev.assay.safetycard.rescore;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.engine.formula.CriteriaResult;
import dev.assay.engine.formula.CriterionRating;
import dev.assay.engine.formula.FormulaEngine;
import dev.assay.engine.formula.FormulaException;
import dev.assay.safetycard.catalog.Catalog;
import dev.assay.safetycard.catalog.FormulaInfo;
import dev.assay.safetycard.read.ScorecardException;
import dev.assay.safetycard.score.EntrySchema;
import dev.assay.safetycard.score.Json;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Recomputes a published website entry (schema 2.0): the entry is read within bounds and checked against the entry
 * schema, its levels, structural absences, inferred statuses and applied caps become the formula's ratings, and every
 * computed field (score, band, applicable, criterion and mechanism scores, caps, confidence, points, estimated gains)
 * is written again from the formula's result. Everything the reviewer wrote is kept as it was, so an entry scored
 * with the same formula comes back unchanged.
 */
public final class EntryRescorer {

    /** Largest entry read; published entries are about 100 KB. */
    public static final long MAX_BYTES = 8L << 20;

    private final Catalog catalog;
    private final FormulaInfo formula;
    private final EntrySchema schema;
    private final ObjectMapper mapper;

    public EntryRescorer(Catalog catalog, FormulaInfo formula, EntrySchema schema) {
        this.catalog = catalog;
        this.formula = formula;
        this.schema = schema;
        JsonFactory factory = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(24).maxDocumentLength(MAX_BYTES)
                        .maxStringLength(200_000).maxNumberLength(64).maxTokenCount(2_000_000).build())
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .build();
        this.mapper = new ObjectMapper(factory);
    }

    /** The outcome: the entry as read, the entry as recomputed, and the formula's result. */
    public record Rescored(ObjectNode published, ObjectNode entry, CriteriaResult result) {

        /** The total the entry was published with. */
        public BigDecimal publishedScore() {
            return published.path("score").decimalValue();
        }

        /** Whether the recomputed total equals the published one. */
        public boolean reproduced() {
            return publishedScore().compareTo(result.score()) == 0;
        }
    }

    public Rescored rescore(byte[] bytes) throws ScorecardException {
        if (bytes.length > MAX_BYTES) {
            throw new ScorecardException("the entry is " + bytes.length + " bytes, more than the " + MAX_BYTES + " allowed");
        }
        JsonNode tree;
        try (JsonParser p = mapper.getFactory().createParser(bytes)) {
            tree = mapper.readTree(p);
            if (p.nextToken() != null) {
                throw new ScorecardException("there is more content after the entry object");
            }
        } catch (IOException e) {
            String m = e.getMessage() == null ? "" : e.getMessage();
            int nl = m.indexOf('\n');
            throw new ScorecardException("not a valid JSON entry: " + (nl < 0 ? m : m.substring(0, nl)));
        }
        if (tree == null || !tree.isObject()) {
            throw new ScorecardException("the entry is not a JSON object");
        }
        List<String> problems = schema.problems(tree);
        if (!problems.isEmpty()) {
            throw new ScorecardException("the entry does not match entry schema " + catalog.entrySchemaVersion() + ": "
                    + String.join("; ", problems.subList(0, Math.min(5, problems.size())))
                    + (problems.size() > 5 ? "; and " + (problems.size() - 5) + " more" : ""));
        }
        ObjectNode published = (ObjectNode) tree;
        CriteriaResult result;
        try {
            result = FormulaEngine.evaluateCriteria(formula.formula(), ratings(published));
        } catch (FormulaException e) {
            throw new ScorecardException("the entry's ratings cannot be scored: " + e.getMessage());
        }
        ObjectNode entry = published.deepCopy();
        rewrite(entry, result);
        return new Rescored(published, entry, result);
    }

    /** The ratings an entry records: per criterion its default and alt mechanisms, with the caps they carry. */
    List<CriterionRating> ratings(ObjectNode entry) throws ScorecardException {
        List<CriterionRating> out = new ArrayList<>();
        for (JsonNode c : entry.path("criteria")) {
            String id = c.path("id").asText();
            if ("structural_absence".equals(c.path("status").asText())) {
                out.add(CriterionRating.absent(id));
                continue;
            }
            CriterionRating.Mechanism main = null;
            CriterionRating.Mechanism alt = null;
            for (JsonNode m : c.path("mechanisms")) {
                String kind = m.path("kind").asText();
                List<String> caps = new ArrayList<>();
                String cap = m.path("cap").path("id").asText("");
                // The formula gives every alt its cap on its own; any other cap the entry shows was the reviewer's.
                if (!cap.isEmpty() && !("alt".equals(kind) && cap.equals(formula.alternativeCap()))) {
                    caps.add(cap);
                }
                CriterionRating.Mechanism mech = new CriterionRating.Mechanism(m.path("label").asText(), parameters(m, id), caps);
                if ("alt".equals(kind)) {
                    if (alt != null) {
                        throw new ScorecardException(id + ": more than one alt mechanism");
                    }
                    alt = mech;
                } else {
                    if (main != null) {
                        throw new ScorecardException(id + ": more than one default mechanism");
                    }
                    main = mech;
                }
            }
            if (main == null) {
                throw new ScorecardException(id + ": no default mechanism");
            }
            out.add(new CriterionRating(id, false, main, alt));
        }
        return out;
    }

    private static Map<String, CriterionRating.Parameter> parameters(JsonNode mechanism, String criterion)
            throws ScorecardException {
        Map<String, CriterionRating.Parameter> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = mechanism.path("parameters").properties().iterator(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode p = e.getValue();
            if (!p.path("level").canConvertToInt()) {
                throw new ScorecardException(criterion + " " + e.getKey() + ": level is not a whole number");
            }
            out.put(e.getKey(), new CriterionRating.Parameter(p.path("level").asInt(),
                    p.path("structural_absence").asBoolean(false), "inferred".equals(p.path("status").asText())));
        }
        return out;
    }

    /** Writes every computed field of {@code entry} from {@code result}, in place. */
    private void rewrite(ObjectNode entry, CriteriaResult result) {
        entry.put("schema_version", catalog.entrySchemaVersion());
        entry.set("score", Json.number(result.score()));
        entry.set("max_score", Json.number(result.max()));
        ObjectNode band = entry.putObject("band");
        band.put("id", result.band().id());
        band.put("label", result.band().label());
        band.put("color", result.band().color());
        ObjectNode applicable = entry.putObject("applicable");
        applicable.put("count", result.applicable().count());
        applicable.set("score", Json.number(result.applicable().score()));
        applicable.set("max", Json.number(result.applicable().max()));
        if (result.applicable().percent() == null) {
            applicable.putNull("percent");
        } else {
            applicable.put("percent", result.applicable().percent().intValue());
        }
        Map<String, CriteriaResult.Criterion> byId = new LinkedHashMap<>();
        result.criteria().forEach(c -> byId.put(c.id(), c));
        for (JsonNode node : entry.path("criteria")) {
            ObjectNode c = (ObjectNode) node;
            CriteriaResult.Criterion scored = byId.get(c.path("id").asText());
            c.put("status", scored.structuralAbsence() ? "structural_absence" : "scored");
            c.set("score", Json.number(scored.score()));
            c.set("max", Json.number(scored.max()));
            c.put("counted", scored.counted());
            c.put("confidence", scored.confidence());
            ArrayNode mechanisms = (ArrayNode) c.path("mechanisms");
            ObjectNode countedCap = null;
            ObjectNode countedParameters = null;
            for (int i = 0; i < mechanisms.size(); i++) {
                ObjectNode m = (ObjectNode) mechanisms.get(i);
                CriteriaResult.Mechanism sm = mechanism(scored, m.path("kind").asText(), i);
                m.set("score", Json.number(sm.score()));
                m.set("raw", Json.number(sm.raw()));
                ObjectNode cap = cap(m.path("cap"), sm.kind(), sm.cap());
                m.set("cap", cap);
                m.put("confidence", sm.confidence());
                ObjectNode params = (ObjectNode) m.path("parameters");
                for (Map.Entry<String, CriteriaResult.Parameter> p : sm.parameters().entrySet()) {
                    ObjectNode pn = (ObjectNode) params.path(p.getKey());
                    pn.set("weight", Json.number(p.getValue().weight()));
                    pn.set("points", Json.number(p.getValue().points()));
                }
                if (sm.kind().equals(scored.counted())) {
                    countedCap = cap;
                    countedParameters = params;
                }
            }
            c.set("cap", countedCap == null ? null : countedCap.deepCopy());
            if (countedParameters != null) {
                c.set("parameters", countedParameters.deepCopy());
            }
        }
        for (JsonNode node : entry.path("fixes")) {
            ObjectNode f = (ObjectNode) node;
            f.set("estimated_gain", Json.number(formula.gain(f.path("parameter").asText(), f.path("from_level").asInt(),
                    f.path("to_level").asInt())));
        }
    }

    private static CriteriaResult.Mechanism mechanism(CriteriaResult.Criterion scored, String kind, int index) {
        for (CriteriaResult.Mechanism m : scored.mechanisms()) {
            if (m.kind().equals(kind)) {
                return m;
            }
        }
        return scored.mechanisms().get(Math.min(index, scored.mechanisms().size() - 1));
    }

    /** The cap object for a recomputed mechanism, keeping the published reason when the same cap applies again. */
    private ObjectNode cap(JsonNode published, String kind, CriteriaResult.Cap cap) {
        if (cap == null) {
            return null;
        }
        String reason = published.path("id").asText("").equals(cap.id()) ? published.path("reason").asText("") : "";
        if (reason.isEmpty()) {
            reason = "alt".equals(kind) && cap.id().equals(formula.alternativeCap()) ? catalog.texts().altCapReason()
                    : catalog.texts().automaticCapReasons().getOrDefault(cap.id(),
                            formula.cap(cap.id()) == null ? cap.id() : formula.cap(cap.id()).title());
        }
        ObjectNode n = Json.object();
        n.put("id", cap.id());
        n.set("max", Json.number(cap.max()));
        n.put("reason", reason);
        return n;
    }
}
