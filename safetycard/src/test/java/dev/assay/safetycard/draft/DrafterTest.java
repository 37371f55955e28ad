package dev.assay.safetycard.draft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.assay.safetycard.search.EvidenceRef;
import dev.assay.safetycard.search.ItemResult;
import dev.assay.safetycard.search.RgCommand;
import dev.assay.safetycard.search.Ripgrep;
import dev.assay.safetycard.search.ShellWords;
import dev.assay.safetycard.search.VerificationReport;
import dev.assay.safetycard.search.Verifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DrafterTest {
    @TempDir
    static Path tmp;
    static Path repo;
    static String json;
    static JsonNode draft;

    @BeforeAll
    static void drafted() throws Exception {
        repo = tmp.resolve("tiny-agent");
        AgentFixture.create(repo);
        json = Drafter.draft(repo);
        draft = new ObjectMapper().readTree(json);
    }

    private static List<JsonNode> inventory() {
        List<JsonNode> items = new ArrayList<>();
        draft.get("criteria").forEach(c -> c.get("inventory").forEach(items::add));
        return items;
    }

    private static List<EvidenceRef> evidence() {
        List<EvidenceRef> refs = new ArrayList<>();
        for (JsonNode c : draft.get("criteria")) {
            for (JsonNode item : c.get("inventory")) {
                String where = c.get("id").asText() + "." + item.get("item").asText();
                for (JsonNode s : item.get("searches")) {
                    refs.add(new EvidenceRef.Search(where, s.get("search").asText(), s.get("scope").asText(),
                            s.get("hits").asLong()));
                }
                for (JsonNode cit : item.get("citations")) {
                    refs.add(new EvidenceRef.Citation(where, cit.get("file").asText(), cit.get("lines").asText(),
                            cit.get("contains").asText()));
                }
            }
        }
        draft.get("capability_evidence").forEach(cap -> cap.get("evidence").forEach(s -> refs.add(
                new EvidenceRef.Search("capability", s.get("search").asText(), s.get("scope").asText(),
                        s.get("hits").asLong()))));
        return refs;
    }

    @Test
    void everyEmittedItemPassesVerification() {
        List<EvidenceRef> refs = evidence();
        assertTrue(refs.size() > 30, "expected a substantial inventory, got " + refs.size());
        VerificationReport report = Verifier.verify(repo, AgentFixture.COMMIT, refs);
        assertTrue(report.head().matches(), report.head().message());
        List<ItemResult> failures = report.failures();
        assertTrue(failures.isEmpty(), () -> "did not verify: " + failures);
        assertEquals(0, draft.get("draft").get("dropped").size());
    }

    @Test
    void everyEmittedSearchGivesTheSameHitsWithRealRipgrep() throws Exception {
        dev.assay.safetycard.search.RealRipgrepAccess.requireInstalled();
        Path home = tmp.resolve("home");
        Files.createDirectories(home);
        for (EvidenceRef ref : evidence()) {
            if (!(ref instanceof EvidenceRef.Search s)) {
                continue;
            }
            List<String> argv = new ArrayList<>(ShellWords.split(s.search()));
            argv.addAll(Ripgrep.scopePaths(s.scope()));
            long hits = dev.assay.safetycard.search.RealRipgrepAccess.run(repo, home, argv.subList(1, argv.size()))
                    .stream().filter(l -> !l.isEmpty()).count();
            assertEquals(s.hits(), hits, "real rg hits of " + s.search());
            RgCommand.parse(s.search()); // and the command stays within the supported subset
        }
    }

    @Test
    void inventoryFindsTheConstructsAndLeavesTestsOut() {
        List<String> cited = new ArrayList<>();
        for (JsonNode item : inventory()) {
            item.get("citations").forEach(c -> cited.add(c.get("file").asText() + ":" + c.get("lines").asText()
                    + ":" + c.get("contains").asText()));
        }
        assertTrue(cited.contains("agent/tools.py:12:subprocess.run("), cited.toString());
        assertTrue(cited.contains("agent/tools.py:12:shell=True"), cited.toString());
        assertTrue(cited.contains("agent/tools.py:12:env=os.environ"), cited.toString());
        assertTrue(cited.contains("agent/tools.py:19:eval("), cited.toString());
        assertTrue(cited.contains("agent/loop.py:10:trust_remote_code=True"), cited.toString());
        assertTrue(cited.contains("server/index.ts:2:server.tool("), cited.toString());
        assertTrue(cited.contains("server/index.ts:3:env: process.env"), cited.toString());
        assertTrue(cited.stream().noneMatch(c -> c.startsWith("tests/") || c.startsWith("docs/")
                || c.startsWith("build.log") || c.startsWith("agent/model.bin")), cited.toString());
    }

    @Test
    void levelsAreLeftForTheReviewerAndTheProfileIsGuessed() {
        assertEquals(10, draft.get("criteria").size());
        for (int k = 0; k < 10; k++) {
            JsonNode c = draft.get("criteria").get(k);
            assertEquals("C" + (k + 1), c.get("id").asText());
            for (String p : List.of("S", "C", "D", "B")) {
                assertTrue(c.get("parameters").get(p).get("level").isNull());
                assertTrue(c.get("parameters").get(p).get("finding").isNull());
            }
        }
        JsonNode profile = draft.get("capability_profile");
        for (String yes : List.of("code_execution", "filesystem_write", "network_egress", "external_credentials",
                "persistent_memory", "untrusted_input", "third_party_extensions")) {
            assertEquals("yes", profile.get(yes).asText(), yes);
        }
        assertEquals("no", profile.get("external_communication").asText());
        assertEquals("no", profile.get("sub_agents").asText());
        assertFalse(draft.get("capability_evidence").get("sub_agents").get("evidence").isEmpty());
        assertEquals(AgentFixture.COMMIT, draft.get("pinned_commit").asText());
        assertEquals("https://github.com/acme/tiny-agent", draft.get("repo_url").asText());
        assertFalse(json.contains("ghp_FAKE"), "credentials from .git/config must not be copied");
        assertEquals("tiny-agent", draft.get("id").asText());
        assertTrue(draft.get("scored_date").isNull());
    }

    @Test
    void benignPromptInjectionDocsStayQuiet() {
        assertEquals(0, draft.get("review_warnings").size(), draft.get("review_warnings").toString());
    }

    @Test
    void draftsAreDeterministic() throws Exception {
        assertEquals(json, Drafter.draft(repo));
    }

    @Test
    void publicUrlNeverKeepsCredentials() {
        assertEquals("https://github.com/a/b", Drafter.publicUrl("https://x:tok@github.com/a/b.git"));
        assertEquals("https://github.com/a/b", Drafter.publicUrl("git@github.com:a/b.git"));
        assertNull(Drafter.publicUrl("file:///etc/passwd"));
        assertNull(Drafter.publicUrl("ssh://git@host/x"));
        assertEquals("a-b-c", Drafter.slug("A b__C!"));
        assertEquals("'a'\\''b'", Drafter.shellWord("a'b"));
        assertEquals("-n", Drafter.shellWord("-n"));
    }
}
