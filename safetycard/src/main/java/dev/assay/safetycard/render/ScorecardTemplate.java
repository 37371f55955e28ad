package dev.assay.safetycard.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.safetycard.catalog.Catalog;
import dev.assay.safetycard.catalog.FormulaInfo;
import dev.assay.safetycard.score.Json;

/**
 * The authoring template ({@code card example}): a scorecard with every key of the format, the ten criteria at L0
 * and every sentence left blank. It has the format's shape exactly, so validating it lists only what the reviewer
 * still has to write: the blank texts, the missing evidence and the profile values.
 */
public final class ScorecardTemplate {

    private ScorecardTemplate() {
    }

    public static ObjectNode build(Catalog catalog, FormulaInfo formula) {
        ObjectNode t = Json.object();
        t.put("id", "");
        t.put("name", "");
        t.put("repo_url", "https://");
        t.putNull("subpath");
        t.put("description", "");
        t.put("category", "");
        t.put("pinned_commit", "");
        t.putNull("version");
        t.put("scored_date", "");
        t.put("scored_configuration", "");
        ObjectNode profile = t.putObject("capability_profile");
        for (Catalog.Label key : catalog.capabilityProfile()) {
            profile.put(key.id(), "");
        }
        t.put("headline", "");
        ArrayNode criteria = t.putArray("criteria");
        for (Catalog.CriterionInfo c : catalog.criteria()) {
            ObjectNode n = criteria.addObject();
            n.put("id", c.id());
            n.put("summary", "");
            ObjectNode params = n.putObject("parameters");
            for (FormulaInfo.Parameter p : formula.parameters()) {
                ObjectNode pn = params.putObject(p.id());
                pn.put("level", 0);
                pn.put("status", "verified");
                pn.put("finding", "");
                pn.put("gap", "");
                pn.putArray("evidence");
            }
        }
        t.putArray("critical_findings");
        ObjectNode r2 = t.putObject("rule_of_two");
        r2.put("untrusted_input", "");
        r2.put("sensitive_data", "");
        r2.put("state_change_or_egress", "");
        r2.put("same_session", false);
        t.putArray("fixes");
        t.putArray("reaudit_log");
        t.putArray("limitations").add("Static review of the pinned commit only; nothing was installed, built or run.");
        return t;
    }
}
