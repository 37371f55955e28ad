package dev.assay.packs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.ScanException;
import dev.assay.engine.Scanner;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.pack.PackRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Agent Security Score's "Installed skills and MCP servers" check scores each installed skill with the pinned
 * SkillTotal pack: verdicts become findings with the skill's own evidence, the number of skills scored is bounded,
 * and the outcome is the same on every run.
 */
class ComponentScoringTest {

    private static final Path PACKS = Path.of("").toAbsolutePath();
    private static final Path CASE = PACKS.resolve("agent-security/1.1.0/tests/cases/openclaw-skill-verdicts/target");
    private static final Clock FIXED = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path tmp;

    static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.sorted().toList()) {
                Path t = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
    }

    private Report scan(Scanner scanner) throws Exception {
        Path target = tmp.resolve("home");
        if (!Files.exists(target)) {
            copy(CASE, target);
        }
        return scanner.scan(target);
    }

    @Test
    void verdictFindingsCarryTheSkillsOwnEvidence() throws Exception {
        Report r = scan(Scanner.builder().pack("agent-security@1.1.0").clock(FIXED).build());
        Finding high = r.findings().stream().filter(f -> f.id().equals("ASS-COMP-HIGH-RISK-VERDICT")).findFirst()
                .orElseThrow();
        assertEquals("skills/backup-keys", high.subject());
        assertTrue(high.message().startsWith("backup-keys: skilltotal@1.1.0: "), high.message());
        assertTrue(high.message().contains("ST-COMBO-EXFIL"), high.message());
        assertTrue(high.evidence().stream().map(Evidence::file).anyMatch(f -> f.equals("skills/backup-keys/scripts/backup.py")),
                high.evidence().toString());
        Finding review = r.findings().stream().filter(f -> f.id().equals("ASS-COMP-REVIEW-VERDICT")).findFirst()
                .orElseThrow();
        assertEquals("skills/notes-server", review.subject());
        assertTrue(r.coverage().filesIndexed() > 0);
    }

    @Test
    void theSameInstallationGivesTheSameReport() throws Exception {
        Scanner scanner = Scanner.builder().pack("agent-security@1.1.0").clock(FIXED).build();
        assertEquals(scan(scanner), scan(scanner));
    }

    @Test
    void atMostMaxSkillsAreScoredInPathOrder() throws Exception {
        Path pack = tmp.resolve("agent-security/1.1.0");
        copy(PACKS.resolve("agent-security/1.1.0"), pack);
        Path manifest = pack.resolve("pack.yaml");
        Files.writeString(manifest, Files.readString(manifest).replace("max: 200", "max: 1"));
        Scanner scanner = Scanner.builder().pack(PackRegistry.shipped().fromFolder(pack)).clock(FIXED).build();
        Report r = scan(scanner);
        List<String> verdicts = r.findings().stream().map(Finding::id).filter(id -> id.endsWith("-VERDICT")).toList();
        assertEquals(List.of("ASS-COMP-HIGH-RISK-VERDICT"), verdicts, "backup-keys comes first in path order");
        assertTrue(r.coverage().filesSkipped().stream().anyMatch(s -> s.file().equals("(components)")
                && s.reason().startsWith("only the first 1 of 3 installed components")), r.coverage().toString());
    }

    @Test
    void componentScoringDoesNotNest() throws Exception {
        Path pack = tmp.resolve("skilltotal/1.1.0");
        copy(PACKS.resolve("skilltotal/1.1.0"), pack);
        Path manifest = pack.resolve("pack.yaml");
        Files.writeString(manifest, Files.readString(manifest)
                .replace("extractors: [component]", "extractors: [component]\ncomponents: {pack: agent-security@1.1.0, max: 5}"));
        ScanException e = assertThrows(ScanException.class,
                () -> Scanner.builder().pack(PackRegistry.shipped().fromFolder(pack)).build());
        assertTrue(e.getMessage().contains("does not nest"), e.getMessage());
    }
}
