package dev.assay.safetycard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.safetycard.cli.CardCommand;
import dev.assay.safetycard.read.ScorecardDocument;
import dev.assay.safetycard.validate.Violation;
import dev.assay.safetycard.verify.Verifications;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code --repo}: the valid fixture scorecard against a small repository written to match it (HEAD at its pinned
 * commit), then against the same repository with one thing changed at a time.
 */
class RepoVerificationTest {

    static final String COMMIT = "0123456789abcdef0123456789abcdef01234567";

    @TempDir
    Path repo;

    @BeforeEach
    void writeRepository() throws Exception {
        Files.createDirectories(repo.resolve(".git"));
        Files.writeString(repo.resolve(".git/HEAD"), COMMIT + "\n");
        write("src/tools/fs.py", 20, 12, "    real = os.path.realpath(path)");
        write("src/sandbox.py", 41, 5, "class DockerSandbox:", 30, "def run_in_sandbox(cmd):");
        write("src/config.py", 12, 3, "load_dotenv()", 12, "sandbox = False");
        write("src/tools/web.py", 9, 7, "    return requests.get(url, timeout=10)");
        write("src/env.py", 2, 2, "env = {}");
        write("src/loop.py", 40, 40, "max_steps = 20");
        StringBuilder markers = new StringBuilder();
        for (String c : List.of("C1", "C2", "C4", "C9")) {
            for (String p : List.of("S", "C", "D", "B")) {
                markers.append("x_").append(c).append(p).append(" = 1\n");
            }
        }
        markers.append("x_C10C = 1\nx_C10D = 1\nx_C10B = 1\n");
        Files.writeString(repo.resolve("src/markers.py"), markers);
    }

    /** A file of {@code lines} lines, each "# line N" except the given (line, text) pairs. */
    void write(String file, int lines, Object... at) throws Exception {
        String[] text = new String[lines];
        for (int i = 0; i < lines; i++) {
            text[i] = "# line " + (i + 1);
        }
        for (int i = 0; i < at.length; i += 2) {
            text[(Integer) at[i] - 1] = (String) at[i + 1];
        }
        Path p = repo.resolve(file);
        Files.createDirectories(p.getParent());
        Files.writeString(p, String.join("\n", text) + "\n");
    }

    static List<Violation> verify(String json, Path repo) {
        ScorecardDocument doc = Fixtures.parse("scorecard.json", json);
        SafetyCard.Outcome o = Fixtures.card().score(doc);
        assertTrue(o.scored(), o.validation().violations().toString());
        return Fixtures.card().verify(doc, o.card(), repo, Verifications.available());
    }

    static String valid() throws Exception {
        return new String(Fixtures.bytes("validation/valid.json"), java.nio.charset.StandardCharsets.UTF_8);
    }

    static Set<String> ids(List<Violation> vs) {
        return vs.stream().map(Violation::id).collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void aScorecardThatMatchesItsRepositoryVerifies() throws Exception {
        assertEquals(List.of(), verify(valid(), repo).stream().map(Violation::render).toList());
    }

    @Test
    void aWrongHeadIsAnError() throws Exception {
        Files.writeString(repo.resolve(".git/HEAD"), "f".repeat(40) + "\n");
        List<Violation> vs = verify(valid(), repo);
        assertEquals(Set.of("SC-REPO-HEAD"), ids(vs));
        assertTrue(vs.get(0).isError());
    }

    @Test
    void contradictedEvidenceIsAnErrorAtItsPlace() throws Exception {
        ObjectNode card = (ObjectNode) new ObjectMapper().readTree(valid());
        ((ObjectNode) card.path("criteria").get(0).path("parameters").path("C").path("evidence").get(0)).put("hits", 3);
        ((ObjectNode) card.path("critical_findings").get(1).path("evidence").get(0)).put("contains", "load_env()");
        List<Violation> vs = verify(card.toString(), repo);
        assertEquals(Set.of("SC-REPO-MISMATCH"), ids(vs));
        assertEquals(2, vs.size(), vs.toString());
        Violation hits = vs.stream().filter(v -> v.location().criterion().equals("C1")).findFirst().orElseThrow();
        assertEquals("C", hits.location().parameter());
        assertEquals(0, hits.location().evidenceIndex());
        assertTrue(hits.location().line() > 0, "located at its line in the scorecard");
        assertTrue(hits.message().startsWith("C1.C.evidence[0]: "), hits.message());
    }

    @Test
    void aMissingFileIsReported() throws Exception {
        Files.delete(repo.resolve("src/env.py"));
        List<Violation> vs = verify(valid(), repo);
        assertTrue(vs.stream().allMatch(Violation::isError));
        assertTrue(vs.stream().anyMatch(v -> v.location().criterion().equals("C8")), vs.toString());
    }

    @Test
    void theScoreCommandVerifiesAndWritesOnlyWhenEverythingHolds() throws Exception {
        Path file = repo.resolveSibling(repo.getFileName() + "-scorecard.json");
        Files.writeString(file, valid());
        Path report = repo.resolveSibling(repo.getFileName() + "-report.md");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new CardCommand());
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        assertEquals(0, cl.execute("score", file.toString(), "--repo", repo.toString(), "--report", report.toString()), err.toString());
        assertTrue(Files.readString(report).contains("Every citation and search was checked against a clone at that commit."));

        Files.writeString(repo.resolve(".git/HEAD"), "f".repeat(40) + "\n");
        Files.delete(report);
        err.getBuffer().setLength(0);
        assertEquals(1, cl.execute("score", file.toString(), "--repo", repo.toString(), "--report", report.toString()));
        assertTrue(err.toString().contains("error SC-REPO-HEAD at pinned_commit"), err.toString());
        assertTrue(!Files.exists(report));
    }
}
