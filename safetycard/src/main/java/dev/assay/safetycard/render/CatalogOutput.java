package dev.assay.safetycard.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.safetycard.catalog.Catalog;
import dev.assay.safetycard.catalog.FormulaInfo;
import dev.assay.safetycard.score.Json;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * The criteria catalog as JSON ({@code criteria[]} with id, number, name, question, OWASP tags, anchors, caps and
 * where to look; parameters with weights, levels with fractions, every cap with its ceiling and condition, bands,
 * categories and the capability profile) and as text. Numbers come from the formula, texts from the catalog.
 */
public final class CatalogOutput {

    private CatalogOutput() {
    }

    public static ObjectNode json(Catalog catalog, FormulaInfo formula) {
        ObjectNode root = Json.object();
        root.put("scorecard_version", catalog.scorecardVersion());
        root.put("entry_schema_version", catalog.entrySchemaVersion());
        root.put("formula", formula.formula().ref());
        root.put("formula_hash", formula.formula().hash());
        ArrayNode params = root.putArray("parameters");
        for (FormulaInfo.Parameter p : formula.parameters()) {
            ObjectNode n = params.addObject();
            n.put("id", p.id());
            n.put("name", p.name());
            n.set("weight", Json.number(p.weight()));
            catalog.parameters().stream().filter(m -> m.id().equals(p.id())).findFirst()
                    .ifPresent(m -> n.put("meaning", m.meaning()));
        }
        ArrayNode levels = root.putArray("levels");
        for (Map.Entry<Integer, BigDecimal> l : formula.fractions().entrySet()) {
            ObjectNode n = levels.addObject();
            n.put("level", l.getKey());
            n.put("label", "L" + l.getKey());
            n.set("fraction", Json.number(l.getValue()));
        }
        ArrayNode caps = root.putArray("caps");
        for (FormulaInfo.Cap c : formula.caps()) {
            ObjectNode n = caps.addObject();
            n.put("id", c.id());
            n.set("max", Json.number(c.max()));
            if (c.criterion().isEmpty()) {
                n.putNull("criterion");
            } else {
                n.put("criterion", c.criterion());
            }
            n.put("condition", catalog.capCondition(c.id()).orElse(c.title()));
        }
        ArrayNode bands = root.putArray("bands");
        for (FormulaInfo.Band b : formula.bands()) {
            ObjectNode n = bands.addObject();
            n.put("id", b.id());
            n.put("label", b.label());
            n.put("color", b.color());
            n.set("min", Json.number(b.min()));
        }
        ArrayNode categories = root.putArray("categories");
        for (Catalog.Label c : catalog.categories()) {
            categories.addObject().put("id", c.id()).put("label", c.label());
        }
        ArrayNode profile = root.putArray("capability_profile");
        for (Catalog.Label c : catalog.capabilityProfile()) {
            profile.addObject().put("key", c.id()).put("label", c.label());
        }
        ArrayNode values = root.putArray("capability_values");
        catalog.capabilityValues().forEach(values::add);
        ArrayNode criteria = root.putArray("criteria");
        for (Catalog.CriterionInfo c : catalog.criteria()) {
            ObjectNode n = criteria.addObject();
            n.put("id", c.id());
            n.put("number", c.number());
            n.put("name", c.name());
            n.put("question", c.question());
            ArrayNode owasp = n.putArray("owasp");
            c.owasp().forEach(owasp::add);
            n.set("anchors", anchors(c.anchors()));
            if (!c.toolServerAnchors().isEmpty()) {
                n.set("tool_server_anchors", anchors(c.toolServerAnchors()));
            }
            ArrayNode cc = n.putArray("caps");
            for (Catalog.CapCondition cap : c.caps()) {
                FormulaInfo.Cap def = formula.cap(cap.id());
                ObjectNode cn = cc.addObject();
                cn.put("id", cap.id());
                if (def != null) {
                    cn.set("max", Json.number(def.max()));
                }
                cn.put("condition", cap.condition());
            }
            ArrayNode look = n.putArray("where_to_look");
            for (Catalog.SearchPattern s : c.whereToLook()) {
                look.addObject().put("search", s.search()).put("looks_for", s.looksFor());
            }
        }
        return root;
    }

    private static ObjectNode anchors(Map<String, List<String>> anchors) {
        ObjectNode n = Json.object();
        for (Map.Entry<String, List<String>> e : anchors.entrySet()) {
            ArrayNode a = n.putArray(e.getKey());
            for (int i = 0; i < e.getValue().size(); i++) {
                a.addObject().put("level", i).put("text", e.getValue().get(i));
            }
        }
        return n;
    }

    /** The catalog for reading in a terminal: each criterion with its question, anchors, caps and searches. */
    public static String text(Catalog catalog, FormulaInfo formula) {
        StringBuilder b = new StringBuilder();
        b.append("SafetyCard criteria (scorecard ").append(catalog.scorecardVersion()).append(", formula ")
                .append(formula.formula().ref()).append(")\n\nParameters:\n");
        for (FormulaInfo.Parameter p : formula.parameters()) {
            b.append("  ").append(p.id()).append("  ").append(p.name()).append(" (weight ").append(p.weight().toPlainString())
                    .append(')');
            catalog.parameters().stream().filter(m -> m.id().equals(p.id())).findFirst()
                    .ifPresent(m -> b.append(": ").append(m.meaning()));
            b.append('\n');
        }
        b.append("Levels: ");
        formula.fractions().forEach((l, f) -> b.append('L').append(l).append('=').append(f.toPlainString()).append(' '));
        b.append("(SA counts as L4)\n");
        b.append("Global caps:\n");
        for (Catalog.CapCondition c : catalog.globalCaps()) {
            FormulaInfo.Cap def = formula.cap(c.id());
            b.append("  ").append(c.id()).append(def == null ? "" : " <= " + def.max().toPlainString()).append(": ")
                    .append(c.condition()).append('\n');
        }
        for (Catalog.CriterionInfo c : catalog.criteria()) {
            b.append('\n').append(c.id()).append("  ").append(c.name()).append("  [").append(String.join(", ", c.owasp()))
                    .append("]\n  ").append(c.question()).append('\n');
            for (Map.Entry<String, List<String>> e : c.anchors().entrySet()) {
                b.append("  ").append(e.getKey()).append(":\n");
                for (int i = 0; i < e.getValue().size(); i++) {
                    b.append("    L").append(i).append("  ").append(e.getValue().get(i)).append('\n');
                }
            }
            for (Map.Entry<String, List<String>> e : c.toolServerAnchors().entrySet()) {
                b.append("  ").append(e.getKey()).append(" (tool servers):\n");
                for (int i = 0; i < e.getValue().size(); i++) {
                    b.append("    L").append(i).append("  ").append(e.getValue().get(i)).append('\n');
                }
            }
            for (Catalog.CapCondition cap : c.caps()) {
                FormulaInfo.Cap def = formula.cap(cap.id());
                b.append("  cap ").append(cap.id()).append(def == null ? "" : " <= " + def.max().toPlainString()).append(": ")
                        .append(cap.condition()).append('\n');
            }
            for (Catalog.SearchPattern s : c.whereToLook()) {
                b.append("  look: ").append(s.search()).append("  (").append(s.looksFor()).append(")\n");
            }
        }
        return b.toString();
    }
}
