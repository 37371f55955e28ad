package dev.assay.safetycard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;

/**
 * The authoring scorecard behind a published BoundBench entry, as the published audits write it: computed fields
 * dropped, the default mechanism's applied cap as the criterion's {@code caps}, and every opt-in mechanism as
 * {@code alt} with its {@code caps} list (the cap the entry shows for it, with the published reason).
 */
public final class PublishedScorecards {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> ENTRY_ONLY = List.of("schema_version", "scorecard_version", "score", "max_score",
            "band", "applicable");

    private PublishedScorecards() {
    }

    public static ObjectNode fromEntry(String resource) throws Exception {
        ObjectNode entry = (ObjectNode) JSON.readTree(Fixtures.bytes(resource));
        ObjectNode card = entry.deepCopy();
        card.remove(ENTRY_ONLY);
        for (JsonNode fix : card.path("fixes")) {
            ((ObjectNode) fix).remove("estimated_gain");
        }
        ArrayNode criteria = JSON.createArrayNode();
        for (JsonNode c : entry.path("criteria")) {
            criteria.add(criterion(c));
        }
        card.set("criteria", criteria);
        dropUrls(card);
        return card;
    }

    private static ObjectNode criterion(JsonNode c) {
        ObjectNode out = JSON.createObjectNode();
        out.set("id", c.get("id"));
        out.set("summary", c.get("summary"));
        if (c.has("notes")) {
            out.set("notes", c.get("notes"));
        }
        if ("structural_absence".equals(c.path("status").asText())) {
            out.put("structural_absence", true);
            out.set("absence_evidence", c.get("absence_evidence"));
            return out;
        }
        for (JsonNode m : c.path("mechanisms")) {
            ObjectNode parameters = parameters(m.path("parameters"));
            JsonNode cap = m.path("cap");
            if ("alt".equals(m.path("kind").asText())) {
                ObjectNode alt = out.putObject("alt");
                alt.set("label", m.get("label"));
                alt.set("parameters", parameters);
                ArrayNode caps = alt.putArray("caps");
                // The published audits list G1 here with their own reason; the formula adds it when it is missing.
                if (cap.isObject()) {
                    caps.addObject().put("id", cap.path("id").asText()).put("reason", cap.path("reason").asText());
                }
            } else {
                out.set("parameters", parameters);
                boolean automatic = "C5-WORSTCASE".equals(cap.path("id").asText())
                        && m.path("parameters").path("B").path("level").asInt(-1) == 0;
                if (cap.isObject() && !automatic) {
                    out.putArray("caps").addObject().put("id", cap.path("id").asText())
                            .put("reason", cap.path("reason").asText());
                }
            }
        }
        return out;
    }

    private static ObjectNode parameters(JsonNode published) {
        ObjectNode out = JSON.createObjectNode();
        for (Map.Entry<String, JsonNode> e : published.properties()) {
            ObjectNode p = e.getValue().deepCopy();
            if (p.path("structural_absence").asBoolean(false)) {
                p.put("level", "SA");
            }
            p.remove(List.of("structural_absence", "weight", "points"));
            out.set(e.getKey(), p);
        }
        return out;
    }

    /** Evidence permalinks are computed; the repository's own {@code repo_url} is not. */
    private static void dropUrls(JsonNode node) {
        if (node instanceof ObjectNode o) {
            o.remove("url");
            o.elements().forEachRemaining(PublishedScorecards::dropUrls);
        } else if (node instanceof ArrayNode a) {
            a.elements().forEachRemaining(PublishedScorecards::dropUrls);
        }
    }
}
