package dev.assay.packs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.fact.DataRow;
import dev.assay.engine.pack.DirectoryPackFiles;
import dev.assay.engine.pack.PackLoader;
import dev.assay.engine.pack.RuleDefinition;
import dev.assay.engine.pack.RulePack;
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

    /**
     * Row by row, not as text anywhere in the table: each catalogue check is named in the first column of a row (a
     * shorthand such as "missing_integrity" after "hooks.installs_unpinned_npm_specs" as the catalogue writes it, or
     * spelled out as hooks.installs_missing_integrity), and each row either names a rule in its "here" column or
     * gives the reason there is none in its "why / how" column.
     */
    @Test
    void eachCheckHasItsOwnRowAndEachRowARuleOrAReason() throws Exception {
        List<String> rows = table().lines().skip(2).toList();
        Set<String> named = new TreeSet<>();
        List<String> noReason = new ArrayList<>();
        for (String row : rows) {
            String[] cols = row.strip().replaceAll("^\\||\\|$", "").split("\\|", -1);
            assertEquals(4, cols.length, "a row of four columns: " + row);
            Matcher id = Pattern.compile("`([^`]+)`").matcher(cols[0]);
            while (id.find()) {
                named.add(id.group(1));
            }
            boolean rule = Pattern.compile("ASS-[A-Z0-9]+-").matcher(cols[2]).find();
            if (!rule && cols[3].isBlank()) {
                noReason.add(row);
            }
        }
        assertEquals(List.of(), noReason, "rows that name no rule and give no reason");
        List<String> missing = new ArrayList<>();
        try (InputStream in = OpenClawParityTableTest.class.getResourceAsStream("/openclaw-audit-checks.tsv")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#") || line.startsWith("checkId\t")) {
                    continue;
                }
                String[] ids = line.split("\t")[0].split(" / |, ");
                String first = ids[0].strip();
                String prefix = first.substring(0, first.lastIndexOf('.') + 1);
                for (String raw : ids) {
                    String check = raw.strip();
                    // A shorthand is named as the catalogue writes it, or spelled out under the first id's prefix.
                    boolean found = named.contains(check) || !check.contains(".")
                            && named.stream().anyMatch(n -> n.startsWith(prefix) && n.endsWith(check));
                    if (!found) {
                        missing.add(check.contains(".") ? check : prefix + "…" + check);
                    }
                }
            }
        }
        assertEquals(List.of(), missing, "catalogue checks not named in the first column of a row");
        assertTrue(named.size() > 100, named.toString());
    }

    /**
     * A rule whose key only some OpenClaw versions honour says so in data: each row of openclaw-key-versions names a
     * rule of the pack, the key, a version bound, what the other versions do and where that is stated (the gate itself
     * is held by the facts cases key-versions-unknown, -rejected and -honoured, and the case openclaw-shared-host).
     */
    @Test
    void everyVersionGatedRuleExistsAndSaysWhyAndWhere() throws Exception {
        RulePack pack = new PackLoader().load(DirectoryPackFiles.open(PACK));
        Set<String> rules = pack.rules().stream().map(RuleDefinition::id).collect(Collectors.toCollection(TreeSet::new));
        List<DataRow> rows = pack.table("openclaw-key-versions");
        assertFalse(rows.isEmpty());
        for (DataRow r : rows) {
            assertTrue(rules.contains(r.get("rule")), "no rule " + r.get("rule"));
            assertFalse(r.get("key").isBlank(), r.toString());
            assertFalse(r.get("since").isBlank() && r.get("until").isBlank(), "a row with no version bound: " + r);
            for (String v : List.of(r.get("since"), r.get("until"))) {
                assertTrue(v.isEmpty() || v.matches("\\d+(\\.\\d+)+"), "not a version: " + v);
            }
            assertFalse(r.get("effect").isBlank() || r.get("source").isBlank(), "what the other versions do, and where "
                    + "that is stated: " + r);
        }
    }
}
