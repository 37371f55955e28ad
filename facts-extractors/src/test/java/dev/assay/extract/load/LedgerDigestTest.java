package dev.assay.extract.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.assay.engine.spi.FileContent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The ledger's digest is fed as files are recorded in path order (a scan's order); it must be the digest over every
 * file read in path order, as computed at the end, whatever the order of the reads: in order, out of order, with
 * files read twice, asked for part way and then read further, and with nothing read.
 */
class LedgerDigestTest {

    @Test
    void theDigestFedAsFilesAreReadIsTheDigestOverAllOfThemInPathOrder() {
        Random random = new Random(7);
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            paths.add("pkg" + random.nextInt(5) + "/f" + i + (i % 3 == 0 ? ".py" : ".js"));
        }
        paths.add("pkg1/é.txt"); // a path whose UTF-8 form is longer than its characters
        paths.add("pkg1/f1.js"); // read twice
        for (int order = 0; order < 4; order++) {
            List<String> reads = new ArrayList<>(paths);
            if (order == 0) {
                reads.sort(null);
            } else if (order == 1) {
                reads.sort(java.util.Comparator.reverseOrder());
            } else {
                java.util.Collections.shuffle(reads, random);
            }
            Ledger ledger = new Ledger();
            TreeMap<String, FileContent> expected = new TreeMap<>();
            assertEquals(Ledger.computeDigest(expected), ledger.digest(), "nothing read");
            for (int i = 0; i < reads.size(); i++) {
                String p = reads.get(i);
                byte[] bytes = new byte[random.nextInt(3) == 0 ? 0 : random.nextInt(5000)];
                random.nextBytes(bytes);
                FileContent c = new FileContent(p, bytes, 0644, true, null, null);
                ledger.record(c);
                expected.putIfAbsent(p, c);
                if (i % 10 == 0) {
                    assertEquals(Ledger.computeDigest(expected), ledger.digest(), "order " + order + ", read " + i);
                }
            }
            assertEquals(Ledger.computeDigest(expected), ledger.digest(), "order " + order);
            ledger.close();
            assertEquals(Ledger.computeDigest(expected), ledger.digest(), "order " + order + ", closed");
        }
    }

    @Test
    void theDigestIsTheDocumentedHashOfPathsAndContents() throws Exception {
        Ledger ledger = new Ledger();
        ledger.record(new FileContent("a.txt", "hi".getBytes(StandardCharsets.UTF_8), 0644, false, "hi", "UTF-8"));
        java.security.MessageDigest sha = java.security.MessageDigest.getInstance("SHA-256");
        sha.update(new byte[] {0, 0, 0, 5});
        sha.update("a.txt".getBytes(StandardCharsets.UTF_8));
        sha.update(new byte[] {0, 0, 0, 0, 0, 0, 0, 2});
        sha.update("hi".getBytes(StandardCharsets.UTF_8));
        assertEquals("sha256:" + java.util.HexFormat.of().formatHex(sha.digest()), ledger.digest());
    }
}
