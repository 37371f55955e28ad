package dev.assay.safetycard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.assay.engine.fact.DataRow;
import dev.assay.safetycard.catalog.Catalog;
import dev.assay.safetycard.catalog.FormulaInfo;
import dev.assay.safetycard.render.CatalogOutput;
import dev.assay.safetycard.score.Json;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The criteria catalog: the published ids, names and OWASP tags, complete anchors in Assay's own words, caps that agree
 * with the formula and the validation pack, and the catalog JSON the website reads.
 */
class CatalogTest {

    static final Catalog CATALOG = Catalog.shipped();
    static final FormulaInfo FORMULA = Fixtures.card().formula();

    /** Ids, names and OWASP tags of the published method (spec/safetycard-facts.md). */
    static final Map<String, String> NAMES = new LinkedHashMap<>();
    static final Map<String, List<String>> OWASP = new LinkedHashMap<>();

    static {
        add("C1", "Identity & least privilege", "ASI03", "T3", "T9");
        add("C2", "Approval gates", "ASI09", "ASI02", "T10", "T15");
        add("C3", "Tool & action scoping", "ASI02", "T2", "LLM06");
        add("C4", "Code-execution isolation", "ASI05", "T11", "LLM05");
        add("C5", "Untrusted input blast radius", "ASI01", "ASI09", "ASI07", "T6", "T12", "T15", "LLM01");
        add("C6", "Memory, context & configuration integrity", "ASI06", "T1", "T5", "LLM04", "LLM08");
        add("C7", "Third-party extensions", "ASI04", "T17", "LLM03");
        add("C8", "Secrets & sensitive-data protection", "ASI03", "LLM02", "T9");
        add("C9", "Audit & traceability", "T8", "ASI10");
        add("C10", "Limits & kill switch", "ASI08", "ASI10", "T4", "LLM10");
    }

    static void add(String id, String name, String... tags) {
        NAMES.put(id, name);
        OWASP.put(id, List.of(tags));
    }

    @Test
    void tenCriteriaWithThePublishedIdsNamesAndTags() {
        assertEquals(new ArrayList<>(NAMES.keySet()), CATALOG.criteria().stream().map(Catalog.CriterionInfo::id).toList());
        for (Catalog.CriterionInfo c : CATALOG.criteria()) {
            assertEquals(NAMES.get(c.id()), c.name());
            assertEquals(OWASP.get(c.id()), c.owasp(), c.id());
            assertEquals(Integer.parseInt(c.id().substring(1)), c.number());
        }
    }

    @Test
    void everyParameterHasFiveDistinctAnchorsAndEveryCriterionAQuestion() {
        for (Catalog.CriterionInfo c : CATALOG.criteria()) {
            assertTrue(c.question().endsWith("?"), c.id() + " question: " + c.question());
            assertEquals(List.of("S", "C", "D", "B"), new ArrayList<>(c.anchors().keySet()), c.id());
            for (Map.Entry<String, List<String>> e : c.anchors().entrySet()) {
                assertEquals(5, e.getValue().size(), c.id() + " " + e.getKey());
                assertEquals(5, new HashSet<>(e.getValue()).size(), c.id() + " " + e.getKey() + " anchors must differ");
                e.getValue().forEach(a -> assertTrue(a.length() > 15, c.id() + " " + e.getKey() + ": " + a));
            }
            for (Map.Entry<String, List<String>> e : c.toolServerAnchors().entrySet()) {
                assertEquals(5, e.getValue().size(), c.id() + " tool server " + e.getKey());
            }
            assertFalse(c.whereToLook().isEmpty(), c.id());
            c.whereToLook().forEach(s -> assertTrue(s.search().startsWith("rg "), s.search()));
        }
        // The method has separate tool-server anchors for exactly these criteria.
        assertEquals(Set.of("C2", "C5", "C10"), CATALOG.criteria().stream().filter(c -> !c.toolServerAnchors().isEmpty())
                .map(Catalog.CriterionInfo::id).collect(java.util.stream.Collectors.toSet()));
    }

    @Test
    void questionsAreAssaysOwnWordsNotThePublishedOnes() throws Exception {
        JsonNode published = new ObjectMapper().readTree(Fixtures.bytes("scores-context7.json"));
        for (JsonNode c : published.path("criteria")) {
            String mine = CATALOG.criterion(c.path("id").asText()).orElseThrow().question();
            assertNotEquals(c.path("question").asText(), mine, c.path("id").asText());
        }
    }

    @Test
    void catalogAgreesWithTheFormula() {
        Set<String> caps = new TreeSet<>();
        CATALOG.globalCaps().forEach(c -> caps.add(c.id()));
        CATALOG.criteria().forEach(c -> c.caps().forEach(cap -> caps.add(cap.id())));
        Set<String> formulaCaps = new TreeSet<>();
        FORMULA.caps().forEach(c -> formulaCaps.add(c.id()));
        assertEquals(formulaCaps, caps);
        for (Catalog.CriterionInfo c : CATALOG.criteria()) {
            for (Catalog.CapCondition cap : c.caps()) {
                assertEquals(c.id(), FORMULA.cap(cap.id()).criterion(), cap.id() + " belongs to " + c.id());
            }
        }
        assertEquals(List.of("S", "C", "D", "B"), FORMULA.parameters().stream().map(FormulaInfo.Parameter::id).toList());
        assertEquals(List.of("S", "C", "D", "B"), CATALOG.parameters().stream().map(Catalog.ParameterMeaning::id).toList());
        assertEquals(FORMULA.formula().ref(), CATALOG.formula());
        assertTrue(CATALOG.texts().automaticCapReasons().containsKey("C5-WORSTCASE"));
    }

    @Test
    void validationPackTablesAgreeWithFormulaAndCatalog() throws Exception {
        List<DataRow> data = Fixtures.card().validator().pack().pack().data();
        assertEquals(new ArrayList<>(NAMES.keySet()), column(data, "criteria", "id"));
        assertEquals(FORMULA.caps().stream().map(FormulaInfo.Cap::id).toList(), column(data, "caps", "id"));
        for (DataRow r : rows(data, "caps")) {
            assertEquals(FORMULA.cap(r.get("id")).criterion(), r.get("criterion"), r.get("id"));
            boolean optIn = r.get("id").equals(FORMULA.alternativeCap());
            assertEquals(optIn ? "opt-in" : "critical", r.get("kind"), r.get("id"));
        }
        assertEquals(List.of("S", "C", "D", "B"), column(data, "parameters", "id"));
        // The limits the formula enforces, as the pack states them.
        JsonNode spec = new ObjectMapper(new YAMLFactory()).readTree(Path.of("../formula-specs/safetycard/v1.yaml").toFile());
        assertEquals(spec.path("limits").path("inferredMaxLevel").asText(),
                rows(data, "limits").stream().filter(r -> r.get("name").equals("inferredMaxLevel")).findFirst().orElseThrow().get("value"));
        JsonNode above = spec.path("limits").path("aboveReference");
        for (DataRow r : rows(data, "parameters")) {
            boolean bounded = false;
            for (JsonNode p : above.path("parameters")) {
                bounded |= p.asText().equals(r.get("id"));
            }
            assertEquals(bounded ? above.path("reference").asText() : "", r.get("boundedBy"), r.get("id"));
            assertEquals(bounded ? above.path("maxSteps").asText() : "", r.get("maxSteps"), r.get("id"));
        }
        JsonNode auto = spec.path("automaticCaps").get(0);
        DataRow row = rows(data, "automatic-caps").get(0);
        assertEquals(auto.path("cap").asText(), row.get("cap"));
        assertEquals(auto.path("criterion").asText(), row.get("criterion"));
        assertEquals(auto.path("parameter").asText(), row.get("parameter"));
        assertEquals(auto.path("level").asText(), row.get("level"));
        assertEquals(spec.path("automaticCaps").size(), rows(data, "automatic-caps").size());
        assertEquals(spec.path("levels").size(), rows(data, "levels").stream().filter(r -> r.get("type").equals("number")).count());
    }

    static List<DataRow> rows(List<DataRow> data, String table) {
        return data.stream().filter(r -> r.table().equals(table)).sorted(java.util.Comparator.comparingInt(DataRow::index)).toList();
    }

    static List<String> column(List<DataRow> data, String table, String column) {
        return rows(data, table).stream().map(r -> r.get(column)).toList();
    }

    @Test
    void catalogJsonHasWhatTheWebsiteReads() throws Exception {
        JsonNode json = new ObjectMapper().readTree(Json.pretty(CatalogOutput.json(CATALOG, FORMULA)));
        assertEquals(10, json.path("criteria").size());
        JsonNode c4 = json.path("criteria").get(3);
        assertEquals("C4", c4.path("id").asText());
        assertEquals("Code-execution isolation", c4.path("name").asText());
        assertTrue(c4.path("question").asText().endsWith("?"));
        assertEquals("ASI05", c4.path("owasp").get(0).asText());
        assertEquals(5, c4.path("anchors").path("S").size());
        assertEquals(0, c4.path("anchors").path("S").get(0).path("level").asInt());
        assertEquals("C4-HOSTROOT", c4.path("caps").get(0).path("id").asText());
        assertEquals(0.25, c4.path("caps").get(0).path("max").asDouble());
        assertEquals(List.of(0.3, 0.3, 0.2, 0.2), doubles(json.path("parameters"), "weight"));
        assertEquals(List.of(0.0, 0.25, 0.5, 0.75, 1.0), doubles(json.path("levels"), "fraction"));
        assertEquals(12, json.path("caps").size());
        assertTrue(json.path("caps").get(0).path("criterion").isNull());
        assertEquals(List.of("weak", "moderate", "strong", "hardened"), texts(json.path("bands"), "id"));
        assertEquals(List.of(0.0, 5.0, 7.0, 8.5), doubles(json.path("bands"), "min"));
        assertEquals(6, json.path("categories").size());
        assertEquals(9, json.path("capability_profile").size());
        assertEquals(FORMULA.formula().hash(), json.path("formula_hash").asText());
        assertEquals(0, new BigDecimal("0.5").compareTo(FORMULA.cap("G1").max()));
    }

    static List<Double> doubles(JsonNode list, String key) {
        List<Double> out = new ArrayList<>();
        list.forEach(n -> out.add(n.path(key).asDouble()));
        return out;
    }

    static List<String> texts(JsonNode list, String key) {
        List<String> out = new ArrayList<>();
        list.forEach(n -> out.add(n.path(key).asText()));
        return out;
    }

    @Test
    void catalogTextListsEveryCriterionWithItsAnchors() {
        String text = CatalogOutput.text(CATALOG, FORMULA);
        for (Catalog.CriterionInfo c : CATALOG.criteria()) {
            assertTrue(text.contains("\n" + c.id() + "  " + c.name()), c.id());
        }
        assertTrue(text.contains("    L4  A microVM, gVisor"), text);
        assertTrue(text.contains("cap C5-WORSTCASE <= 0.25"), text);
    }
}
