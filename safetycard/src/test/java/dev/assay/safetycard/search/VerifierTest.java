package dev.assay.safetycard.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VerifierTest {
    @TempDir
    Path tmp;
    Path repo;

    @BeforeEach
    void fixture() throws IOException {
        repo = tmp.resolve("repo");
        Fixtures.gitMetadata(repo);
        RealRipgrep.write(repo, "src/agent.py", "import os\n\ndef run(cmd):\n    return os.system(cmd)  # no sandbox\n"
                + "\nMAX_STEPS = 20\n");
        RealRipgrep.write(repo, "src/crlf.py", "a = 1\r\nb = 2\r\n");
        RealRipgrep.write(repo, "SECURITY.md", "\uFEFFThe executor is not a security boundary.\n");
        RealRipgrep.write(repo, "docs/notes.md", "approve each call\nconfirm\n");
    }

    private static EvidenceRef.Citation cite(String file, String lines, String contains) {
        return new EvidenceRef.Citation("C1.S.evidence[0]", file, lines, contains);
    }

    private static EvidenceRef.Search search(String command, String scope, long hits) {
        return new EvidenceRef.Search("C2.S.evidence[1]", command, scope, hits);
    }

    private ItemResult one(EvidenceRef item) {
        VerificationReport r = Verifier.verify(repo, Fixtures.COMMIT, List.of(item));
        assertTrue(r.head().matches(), r.head().message());
        return r.items().get(0);
    }

    @Test
    void citationsThatHold() {
        assertEquals(ItemStatus.VERIFIED, one(cite("src/agent.py", "4", "os.system(cmd)")).status());
        assertEquals(ItemStatus.VERIFIED, one(cite("src/agent.py", "3-4", "def run(cmd):\n    return")).status());
        assertEquals(ItemStatus.VERIFIED, one(cite("src/agent.py", "6", null)).status());
        assertEquals(ItemStatus.VERIFIED, one(cite("./src/crlf.py", "1-2", "a = 1\nb = 2")).status());
        assertEquals(ItemStatus.VERIFIED, one(cite("SECURITY.md", "1", "The executor is not")).status());
    }

    @Test
    void citationsThatDoNotHoldSayWhere() {
        ItemResult wrongLine = one(cite("src/agent.py", "3", "os.system"));
        assertEquals(ItemStatus.MISMATCH, wrongLine.status());
        assertTrue(wrongLine.message().contains("occurs on line 4"), wrongLine.message());
        ItemResult absent = one(cite("src/agent.py", "1-6", "subprocess"));
        assertEquals(ItemStatus.MISMATCH, absent.status());
        assertTrue(absent.message().contains("does not occur on any single line"), absent.message());
        ItemResult bounds = one(cite("src/agent.py", "6-7", null));
        assertEquals(ItemStatus.MISMATCH, bounds.status());
        assertTrue(bounds.message().contains("has 6 lines"), bounds.message());
        assertEquals(ItemStatus.MISMATCH, one(cite("src/missing.py", "1", null)).status());
    }

    @Test
    void citationsThatAreMalformedOrLeaveTheRepository() throws IOException {
        for (String lines : new String[] {"0", "3-2", "abc", "1-", "-1", "1,2", " 1"}) {
            assertEquals(ItemStatus.INVALID, one(cite("src/agent.py", lines, null)).status(), lines);
        }
        Files.writeString(tmp.resolve("outside.txt"), "secret\n");
        assertEquals(ItemStatus.INVALID, one(cite("../outside.txt", "1", null)).status());
        assertEquals(ItemStatus.INVALID, one(cite("src/../../outside.txt", "1", null)).status());
        assertEquals(ItemStatus.INVALID, one(cite(tmp.resolve("outside.txt").toString(), "1", null)).status());
        Files.createSymbolicLink(repo.resolve("escape.txt"), tmp.resolve("outside.txt"));
        ItemResult link = one(cite("escape.txt", "1", "secret"));
        assertEquals(ItemStatus.INVALID, link.status());
        assertTrue(link.message().contains("symbolic link"), link.message());
        assertEquals(ItemStatus.INVALID, one(cite("src", "1", null)).status());
        assertEquals(ItemStatus.INVALID, one(cite("", "1", null)).status());
        assertEquals(ItemStatus.INVALID, one(cite("src/agent.py", "1", "")).status());
    }

    @Test
    void searchesReproduceHitsOrExplainTheDifference() {
        assertEquals(ItemStatus.VERIFIED, one(search("rg -n -S 'approv|confirm'", "docs/ src/", 2)).status());
        assertEquals(ItemStatus.VERIFIED, one(search("rg -n 'os\\.system\\('", "src/agent.py", 1)).status());
        assertEquals(ItemStatus.VERIFIED, one(search("rg -n -i 'sandbox'", null, 1)).status());
        ItemResult wrong = one(search("rg -n -S 'approv|confirm'", "docs/", 3));
        assertEquals(ItemStatus.MISMATCH, wrong.status());
        assertEquals(2L, wrong.actualHits());
        assertTrue(wrong.message().contains("expected 3 hits") && wrong.message().contains("prints 2"),
                wrong.message());
        assertTrue(wrong.message().contains("docs/notes.md:1:approve each call"), wrong.message());
    }

    @Test
    void searchesThatCannotBeRerunAreRefusedNamingTheReason() {
        Map<String, String> invalid = Map.of(
                "rg --pre cat foo", "--pre",
                "rg --pre-glob '*.gz' foo", "--pre-glob",
                "rg -z foo", "-z/--search-zip",
                "rg -L foo", "-L/--follow",
                "rg foo | wc -l", "pipe",
                "rg foo > out.txt", "redirection",
                "rg $(cat x) foo", "command substitution",
                "grep -rn foo .", "not rg",
                "rg 'unclosed", "unterminated");
        invalid.forEach((command, why) -> {
            ItemResult r = one(search(command, "src", 0));
            assertEquals(ItemStatus.INVALID, r.status(), command);
            assertTrue(r.message().contains(why), command + " -> " + r.message());
        });
        ItemResult only = one(search("rg -o foo", "src", 0));
        assertEquals(ItemStatus.UNSUPPORTED, only.status());
        assertTrue(only.message().contains("-o/--only-matching"), only.message());
        assertEquals(ItemStatus.INVALID, one(search("rg foo", "../", 0)).status());
        assertEquals(ItemStatus.INVALID, one(search("rg foo", "/etc", 0)).status());
        ItemResult missing = one(search("rg foo", "src nowhere", 0));
        assertEquals(ItemStatus.INVALID, missing.status());
        assertTrue(missing.message().contains("nowhere"), missing.message());
        assertEquals(ItemStatus.INVALID, one(search("rg -n foo", "src", -1)).status());
    }

    @Test
    void headMustEqualThePinnedCommit() throws IOException {
        VerificationReport ok = Verifier.verify(repo, Fixtures.COMMIT, List.of());
        assertTrue(ok.head().matches());
        assertTrue(ok.passed());
        VerificationReport other = Verifier.verify(repo, "1111111111111111111111111111111111111111", List.of());
        assertFalse(other.head().matches());
        assertEquals(Fixtures.COMMIT, other.head().actual());
        assertTrue(other.head().message().contains("not at pinned_commit"));
        assertFalse(Verifier.verify(repo, "0123456", List.of()).head().matches());
        assertFalse(Verifier.verify(repo, Fixtures.COMMIT.toUpperCase(), List.of()).head().matches());

        // packed refs, detached HEAD, and no git metadata at all
        Files.delete(repo.resolve(".git/refs/heads/main"));
        Files.writeString(repo.resolve(".git/packed-refs"), "# pack-refs with: peeled fully-peeled sorted\n"
                + Fixtures.COMMIT + " refs/heads/main\n^" + "2".repeat(40) + "\n");
        assertEquals(Fixtures.COMMIT, GitHead.read(repo).commit());
        Files.writeString(repo.resolve(".git/HEAD"), "3".repeat(40) + "\n");
        assertEquals("3".repeat(40), GitHead.read(repo).commit());
        Files.writeString(repo.resolve(".git/HEAD"), "ref: refs/heads/../../../../etc/passwd\n");
        assertNull(GitHead.read(repo).commit());
        assertNull(GitHead.read(tmp).commit());
    }

    @Test
    void readsHeadOfARealRepositoryWithoutRunningGitOnIt() throws Exception {
        Path real = tmp.resolve("real");
        Files.createDirectories(real);
        Files.writeString(real.resolve("a.txt"), "hello\n");
        Path home = tmp.resolve("home");
        Files.createDirectories(home);
        git(real, home, "init", "-q", "-b", "main");
        git(real, home, "add", "a.txt");
        git(real, home, "commit", "-q", "-m", "one");
        String expected = git(real, home, "rev-parse", "HEAD").strip();
        assertEquals(expected, GitHead.read(real).commit());
        git(real, home, "pack-refs", "--all");
        assertFalse(Files.exists(real.resolve(".git/refs/heads/main")));
        assertEquals(expected, GitHead.read(real).commit());
        Path wt = tmp.resolve("worktree");
        git(real, home, "worktree", "add", "-q", "--detach", wt.toString());
        assertTrue(Files.isRegularFile(wt.resolve(".git")));
        assertEquals(expected, GitHead.read(wt).commit());
        VerificationReport r = Verifier.verify(wt, expected, List.of(cite("a.txt", "1", "hello")));
        assertTrue(r.passed(), () -> r.head().message() + " " + r.items());
    }

    /** Runs git on the test's own fixture with hooks, system and user configuration disabled. */
    private static String git(Path dir, Path home, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("git", "-c", "core.hooksPath=/dev/null", "-c",
                "user.name=fixture", "-c", "user.email=fixture@example.invalid", "-c", "commit.gpgsign=false"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
        pb.environment().put("HOME", home.toString());
        pb.environment().put("GIT_CONFIG_NOSYSTEM", "1");
        pb.environment().put("GIT_CONFIG_GLOBAL", "/dev/null");
        pb.redirectErrorStream(true);
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "git timed out");
        assertEquals(0, p.exitValue(), () -> "git " + String.join(" ", args) + ": " + out);
        return out;
    }
}
