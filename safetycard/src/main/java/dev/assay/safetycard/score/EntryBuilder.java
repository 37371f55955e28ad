package dev.assay.safetycard.score;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.engine.formula.CriteriaResult;
import dev.assay.safetycard.catalog.Catalog;
import dev.assay.safetycard.catalog.FormulaInfo;
import dev.assay.safetycard.model.CapListing;
import dev.assay.safetycard.model.CriterionCard;
import dev.assay.safetycard.model.CriticalFinding;
import dev.assay.safetycard.model.EvidenceItem;
import dev.assay.safetycard.model.Fix;
import dev.assay.safetycard.model.Mechanism;
import dev.assay.safetycard.model.ParameterRating;
import dev.assay.safetycard.model.ReauditEntry;
import dev.assay.safetycard.model.Scorecard;
import java.util.List;
import java.util.Map;

/**
 * Builds the website entry (schema 2.0, {@code entry.schema.json}) of a scored scorecard: the scorecard's own fields,
 * every computed number from the formula's result, the catalog's names and questions, permalinks at the pinned commit
 * and the estimated gain of each fix. Keys are written in the order the published entries use.
 */
public final class EntryBuilder {

    private final Catalog catalog;
    private final FormulaInfo formula;

    public EntryBuilder(Catalog catalog, FormulaInfo formula) {
        this.catalog = catalog;
        this.formula = formula;
    }

    public ObjectNode build(Scorecard card, CriteriaResult result) {
        ObjectNode e = Json.object();
        e.put("schema_version", catalog.entrySchemaVersion());
        e.put("scorecard_version", catalog.scorecardVersion());
        e.put("id", card.id());
        e.put("name", card.name());
        e.put("repo_url", card.repoUrl());
        putNullable(e, "subpath", card.subpath());
        e.put("description", card.description());
        e.put("category", card.category());
        e.put("pinned_commit", card.pinnedCommit());
        putNullable(e, "version", card.version());
        e.put("scored_date", card.scoredDate());
        e.put("scored_configuration", card.scoredConfiguration());
        putTotals(e, result);
        ObjectNode profile = e.putObject("capability_profile");
        for (Catalog.Label key : catalog.capabilityProfile()) {
            profile.put(key.id(), card.capabilityProfile().getOrDefault(key.id(), ""));
        }
        e.put("headline", card.headline());
        ArrayNode criteria = e.putArray("criteria");
        for (CriteriaResult.Criterion scored : result.criteria()) {
            criteria.add(criterion(card, card.criterion(scored.id()), scored));
        }
        ArrayNode critical = e.putArray("critical_findings");
        for (CriticalFinding f : card.criticalFindings()) {
            ObjectNode n = critical.addObject();
            n.put("summary", f.summary());
            n.put("criterion", f.criterion());
            ArrayNode owasp = n.putArray("owasp");
            f.owasp().forEach(owasp::add);
            n.set("evidence", evidence(card, f.evidence()));
        }
        ObjectNode r2 = e.putObject("rule_of_two");
        r2.put("untrusted_input", card.ruleOfTwo().untrustedInput());
        r2.put("sensitive_data", card.ruleOfTwo().sensitiveData());
        r2.put("state_change_or_egress", card.ruleOfTwo().stateChangeOrEgress());
        r2.put("same_session", card.ruleOfTwo().sameSession());
        ArrayNode fixes = e.putArray("fixes");
        for (Fix f : card.fixes()) {
            ObjectNode n = fixes.addObject();
            n.put("summary", f.summary());
            n.put("criterion", f.criterion());
            n.put("parameter", f.parameter());
            n.put("from_level", f.fromLevel());
            n.put("to_level", f.toLevel());
            if (!f.playbook().isEmpty()) {
                n.put("playbook", f.playbook());
            }
            n.set("estimated_gain", Json.number(formula.gain(f.parameter(), f.fromLevel(), f.toLevel())));
        }
        ArrayNode reaudit = e.putArray("reaudit_log");
        for (ReauditEntry r : card.reauditLog()) {
            ObjectNode n = reaudit.addObject();
            n.put("criterion", r.criterion());
            n.put("parameter", r.parameter());
            n.put("from_level", r.fromLevel());
            n.put("to_level", r.toLevel());
            n.put("reason", r.reason());
        }
        ArrayNode limitations = e.putArray("limitations");
        card.limitations().forEach(limitations::add);
        return e;
    }

    /** Writes score, max_score, band and applicable from a result, in place (also used when rescoring an entry). */
    static void putTotals(ObjectNode e, CriteriaResult result) {
        e.set("score", Json.number(result.score()));
        e.set("max_score", Json.number(result.max()));
        ObjectNode band = e.putObject("band");
        band.put("id", result.band().id());
        band.put("label", result.band().label());
        band.put("color", result.band().color());
        ObjectNode applicable = e.putObject("applicable");
        applicable.put("count", result.applicable().count());
        applicable.set("score", Json.number(result.applicable().score()));
        applicable.set("max", Json.number(result.applicable().max()));
        if (result.applicable().percent() == null) {
            applicable.putNull("percent");
        } else {
            applicable.put("percent", result.applicable().percent().intValue());
        }
    }

    private ObjectNode criterion(Scorecard card, CriterionCard c, CriteriaResult.Criterion scored) {
        Catalog.CriterionInfo info = catalog.criterion(c.id())
                .orElseThrow(() -> new IllegalStateException("criterion " + c.id() + " is not in the catalog"));
        ObjectNode n = Json.object();
        n.put("id", c.id());
        n.put("name", info.name());
        n.put("number", info.number());
        ArrayNode owasp = n.putArray("owasp");
        info.owasp().forEach(owasp::add);
        n.put("question", info.question());
        n.put("summary", c.summary());
        n.set("max", Json.number(scored.max()));
        if (!c.notes().isEmpty()) {
            n.put("notes", c.notes());
        }
        n.put("status", scored.structuralAbsence() ? "structural_absence" : "scored");
        n.set("score", Json.number(scored.score()));
        n.put("counted", scored.counted());
        n.put("confidence", scored.confidence());
        n.set("cap", cap(c, scored.counted(), scored.cap()));
        ArrayNode mechanisms = JsonNodeFactory.instance.arrayNode();
        ObjectNode countedParameters = null;
        for (CriteriaResult.Mechanism m : scored.mechanisms()) {
            Mechanism written = c.structuralAbsence() ? null : "alt".equals(m.kind()) ? c.alt() : c.ratings();
            ObjectNode mn = mechanisms.addObject();
            mn.put("kind", m.kind());
            mn.put("label", c.structuralAbsence() ? catalog.texts().absenceLabel()
                    : "alt".equals(m.kind()) ? c.alt().label() : catalog.texts().defaultLabel());
            mn.set("score", Json.number(m.score()));
            mn.set("raw", Json.number(m.raw()));
            mn.set("cap", cap(c, m.kind(), m.cap()));
            mn.put("confidence", m.confidence());
            ObjectNode params = parameters(card, c, written, m.parameters());
            mn.set("parameters", params);
            if (m.kind().equals(scored.counted())) {
                countedParameters = params;
            }
        }
        n.set("parameters", countedParameters == null ? Json.object() : countedParameters.deepCopy());
        n.set("mechanisms", mechanisms);
        if (c.structuralAbsence()) {
            n.set("absence_evidence", evidence(card, c.absenceEvidence()));
        }
        return n;
    }

    private ObjectNode parameters(Scorecard card, CriterionCard c, Mechanism written,
            Map<String, CriteriaResult.Parameter> scored) {
        ObjectNode out = Json.object();
        for (Map.Entry<String, CriteriaResult.Parameter> e : scored.entrySet()) {
            CriteriaResult.Parameter p = e.getValue();
            ParameterRating rating = written == null ? null : written.parameter(e.getKey());
            ObjectNode n = out.putObject(e.getKey());
            n.put("level", p.level());
            n.put("structural_absence", p.structuralAbsence());
            n.put("status", rating == null ? "verified" : rating.status());
            n.put("finding", rating == null ? catalog.texts().absenceFinding() : rating.finding());
            if (rating != null && !rating.gap().isEmpty()) {
                n.put("gap", rating.gap());
            }
            n.set("evidence", evidence(card, rating == null ? c.absenceEvidence() : rating.evidence()));
            n.set("weight", Json.number(p.weight()));
            n.set("points", Json.number(p.points()));
        }
        return out;
    }

    /**
     * The cap object of a mechanism: the reason the reviewer wrote (the criterion's caps for the default, alt.caps for
     * the alt), or the catalog's for caps applied by the formula.
     */
    private ObjectNode cap(CriterionCard c, String kind, CriteriaResult.Cap cap) {
        if (cap == null) {
            return null;
        }
        String reason = null;
        List<CapListing> written = "alt".equals(kind) ? c.alt().caps() : c.caps();
        for (CapListing listed : written) {
            if (listed.id().equals(cap.id())) {
                reason = listed.reason();
                break;
            }
        }
        if (reason == null && "alt".equals(kind) && cap.id().equals(formula.alternativeCap())) {
            reason = catalog.texts().altCapReason();
        }
        if (reason == null) {
            reason = catalog.texts().automaticCapReasons().get(cap.id());
        }
        if (reason == null) {
            FormulaInfo.Cap def = formula.cap(cap.id());
            reason = def == null ? cap.id() : def.title();
        }
        ObjectNode n = Json.object();
        n.put("id", cap.id());
        n.set("max", Json.number(cap.max()));
        n.put("reason", reason);
        return n;
    }

    private static ArrayNode evidence(Scorecard card, List<EvidenceItem> items) {
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        for (EvidenceItem item : items) {
            ObjectNode n = out.addObject();
            if (item instanceof EvidenceItem.CodeCitation c) {
                n.put("file", c.file());
                n.put("lines", c.lines());
                if (c.hasContains()) {
                    n.put("contains", c.contains());
                }
                if (!c.note().isEmpty()) {
                    n.put("note", c.note());
                }
                Permalinks.of(card.repoUrl(), card.pinnedCommit(), c.file(), c.firstLine(), c.lastLine())
                        .ifPresent(url -> n.put("url", url));
            } else if (item instanceof EvidenceItem.Search s) {
                n.put("search", s.search());
                n.put("scope", s.scope());
                n.put("hits", s.hits());
                if (!s.note().isEmpty()) {
                    n.put("note", s.note());
                }
            }
        }
        return out;
    }

    private static void putNullable(ObjectNode n, String key, String value) {
        if (value == null) {
            n.putNull(key);
        } else {
            n.put(key, value);
        }
    }
}
