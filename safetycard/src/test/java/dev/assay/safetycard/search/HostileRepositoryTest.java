package dev.assay.safetycard.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Repositories built to break a scanner: links and FIFOs, oversized files, too many files, slow scans. */
class HostileRepositoryTest {
    @TempDir
    Path tmp;
    Path repo;
    Path outside;

    @BeforeEach
    void fixture() throws Exception {
        repo = tmp.resolve("repo");
        Fixtures.gitMetadata(repo);
        outside = tmp.resolve("outside");
        RealRipgrep.write(outside, "secret.txt", "needle outside the repository\n");
        RealRipgrep.write(repo, "src/a.py", "needle inside\n");
        Files.createSymbolicLink(repo.resolve("src/escape.txt"), outside.resolve("secret.txt"));
        Files.createSymbolicLink(repo.resolve("outdir"), outside);
    }

    private SearchOutcome run(String command, String scope, SearchLimits limits) throws Exception {
        return Ripgrep.run(repo, command, scope, limits);
    }

    @Test
    void linksOutOfTheRepositoryAreNeverFollowed() throws Exception {
        SearchOutcome all = run("rg -n needle", null, SearchLimits.defaults());
        assertEquals(List.of("src/a.py:1:needle inside"), all.output());
        SearchOutcome viaLink = run("rg -n needle", "outdir", SearchLimits.defaults());
        assertTrue(viaLink.output().isEmpty());
        assertTrue(viaLink.errors().get(0).contains("symbolic link"), viaLink.errors().toString());
        SearchOutcome viaFileLink = run("rg -n needle", "src/escape.txt", SearchLimits.defaults());
        assertTrue(viaFileLink.output().isEmpty());
        assertFalse(viaFileLink.errors().isEmpty());
        SearchOutcome glob = run("rg -n -g '../outside/*' needle", null, SearchLimits.defaults());
        assertEquals(List.of(), glob.output());
        ItemResult r = Verifier.verify(repo, Fixtures.COMMIT, List.of(
                new EvidenceRef.Citation("x", "outdir/secret.txt", "1", "needle"))).items().get(0);
        assertEquals(ItemStatus.INVALID, r.status());
    }

    @Test
    void fifosDoNotHangTheSearch() throws Exception {
        Process p = new ProcessBuilder("mkfifo", repo.resolve("src/pipe").toString())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0, "mkfifo failed");
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            assertEquals(1, run("rg -n needle", "src", SearchLimits.defaults()).hits());
            SearchOutcome direct = run("rg -n needle", "src/pipe", SearchLimits.defaults());
            assertTrue(direct.errors().get(0).contains("not a regular file"), direct.errors().toString());
            ItemResult r = Verifier.verify(repo, Fixtures.COMMIT, List.of(
                    new EvidenceRef.Citation("x", "src/pipe", "1", null))).items().get(0);
            assertEquals(ItemStatus.INVALID, r.status());
        });
    }

    @Test
    void limitsMakeASearchIncompleteRatherThanWrong() throws Exception {
        RealRipgrep.write(repo, "src/big.txt", "needle\n".repeat(200_000));
        SearchLimits small = new SearchLimits(250_000, 100_000, 1L << 30, 1_000_000, 4096, Duration.ofSeconds(60));
        SearchOutcome big = run("rg -c needle", "src", small);
        assertFalse(big.complete());
        assertTrue(big.incomplete().contains("src/big.txt is larger than"), big.incomplete());

        for (int k = 0; k < 50; k++) {
            RealRipgrep.write(repo, "many/f" + k + ".txt", "needle\n");
        }
        SearchLimits fewEntries = new SearchLimits(20, 64L << 20, 1L << 30, 1_000_000, 4096, Duration.ofSeconds(60));
        SearchOutcome many = run("rg -l needle", "many", fewEntries);
        assertFalse(many.complete());
        assertTrue(many.incomplete().contains("more than 20 files"), many.incomplete());

        SearchLimits fewLines = new SearchLimits(250_000, 64L << 20, 1L << 30, 10, 4096, Duration.ofSeconds(60));
        assertFalse(run("rg -n needle", "many", fewLines).complete());

        SearchLimits instant = SearchLimits.defaults().withTimeout(Duration.ofNanos(1));
        SearchOutcome late = run("rg -n needle", null, instant);
        assertFalse(late.complete());
        assertTrue(late.incomplete().contains("took longer"), late.incomplete());

        ItemResult r = new Verifier(small).check(repo, Fixtures.COMMIT, List.of(
                new EvidenceRef.Search("x", "rg -c needle", "src", 2))).items().get(0);
        assertEquals(ItemStatus.INCOMPLETE, r.status());
        assertTrue(r.message().contains("stopped early"), r.message());
    }

    @Test
    void oversizedIgnoreFilesAndLongLinesAreHandled() throws Exception {
        RealRipgrep.write(repo, "big/.gitignore", "x\n".repeat(600_000));
        RealRipgrep.write(repo, "big/a.txt", "needle\n");
        SearchOutcome out = run("rg -n needle", "big", SearchLimits.defaults());
        assertFalse(out.complete());
        assertTrue(out.incomplete().contains(".gitignore"), out.incomplete());

        RealRipgrep.write(repo, "long/min.js", "a".repeat(3_000_000) + "needle" + "b".repeat(10) + "\n");
        SearchOutcome longLine = run("rg -n needle", "long", SearchLimits.defaults());
        assertEquals(1, longLine.hits());
        FileMatches.MatchedLine stored = longLine.files().get(0).lines().get(0);
        assertEquals(SearchLimits.defaults().maxStoredLineChars(), stored.text().length());
        assertTrue(longLine.output().get(0).length() > 3_000_000, "output lines are printed in full");
    }

    @Test
    void deeplyNestedFoldersAreWalked() throws Exception {
        StringBuilder path = new StringBuilder("deep");
        for (int k = 0; k < 150; k++) {
            path.append("/d");
        }
        RealRipgrep.write(repo, path + "/x.txt", "needle deep\n");
        assertEquals(1, run("rg -l needle", "deep", SearchLimits.defaults()).hits());
    }
}
