package dev.assay.packs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.pack.DirectoryPackFiles;
import dev.assay.engine.pack.PackLoader;
import dev.assay.engine.pack.RuleDefinition;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Issue 13's parity bar: every check OpenClaw's own security audit reports (its 2026.9.6 catalogue, a test resource)
 * has a row in the parity table of {@code docs/agent-security.md}, with a rule of agent-security 1.2.0 or the reason
 * there is none, and every rule the table names exists in that pack.
 */
class OpenClawParityTableTest {

    private static final Path DOC = Path.of("..", "docs", "agent-security.md");
    private static final Path PACK = Path.of("agent-security", "1.2.0");

    private static String table() throws Exception {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        int start = doc.indexOf("| OpenClaw check | their severity | here | why / how |");
        assertTrue(start >= 0, "the parity table's header is missing from " + DOC);
        int end = doc.indexOf("\n\n", start);
        return doc.substring(start, end < 0 ? doc.length() : end);
    }

    /** The check ids of the catalogue; a row may name several ("a / b", "a, b"), each of which must be in the table. */
    private static List<String> checkIds() throws Exception {
        List<String> out = new ArrayList<>();
        try (InputStream in = OpenClawParityTableTest.class.getResourceAsStream("/openclaw-audit-checks.tsv")) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            for (String line : text.split("\n")) {
                if (line.isBlank() || line.startsWith("#") || line.startsWith("checkId\t")) {
                    continue;
                }
                for (String id : line.split("\t")[0].split(" / |, ")) {
                    out.add(id.strip());
                }
            }
        }
        return out;
    }

    @Test
    void everyAuditCheckHasARowAndEveryRuleInTheTableExists() throws Exception {
        String table = table();
        List<String> ids = checkIds();
        assertTrue(ids.size() > 100, "the catalogue lists about 110 checks, read " + ids.size());
        List<String> missing = ids.stream().filter(id -> !table.contains(id)).toList();
        assertEquals(List.of(), missing, "audit checks without a row in the parity table of " + DOC);

        Set<String> rules = new PackLoader().load(DirectoryPackFiles.open(PACK)).rules().stream()
                .map(RuleDefinition::id).collect(Collectors.toCollection(TreeSet::new));
        Set<String> unknown = new TreeSet<>();
        Matcher m = Pattern.compile("ASS-[A-Z0-9]+(?:-[A-Z0-9]+)*").matcher(table);
        while (m.find()) {
            boolean family = table.startsWith("-*", m.end()); // "ASS-COMP-*": a family of rules, not one id
            if (!family && !rules.contains(m.group())) {
                unknown.add(m.group());
            }
        }
        assertEquals(Set.of(), unknown, "rules the parity table names that agent-security 1.2.0 does not define");
    }
}
