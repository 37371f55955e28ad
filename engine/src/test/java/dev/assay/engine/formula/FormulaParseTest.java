package dev.assay.engine.formula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class FormulaParseTest {

    @Test
    void parsesMetadataAndHashesTheExactBytes() throws Exception {
        byte[] bytes = Specs.SUBTRACTIVE.getBytes(StandardCharsets.UTF_8);
        Formula f = Formula.parse("test.yaml", bytes);
        assertEquals("test-score", f.id());
        assertEquals(1, f.version());
        assertEquals("test-score@1", f.ref());
        assertEquals("Test score", f.title());
        assertEquals(Formula.KIND_FINDINGS, f.kind());
        String expected = "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        assertEquals(expected, f.hash());
        // A comment changes the bytes and therefore the hash, though not the meaning.
        assertFalse(expected.equals(Specs.parse(Specs.SUBTRACTIVE + "# note\n").hash()));
    }

    /** Each row replaces one piece of a valid spec and names the message fragment the error must contain. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            aggregate: per-finding          | aggregate: per-findings         | aggregate: unknown aggregate 'per-findings'
            direction: subtract             | direction: minus                | direction: unknown direction 'minus'
            start: 100                      | start: '100'                    | start: expected a number, found text '100'
            critical: 40, high: 15          | critical: 40, severe: 15        | weights.severe: unknown severity
            critical: 40, high: 15          | critical: 40                    | weights: missing severity 'high'
            critical: 40, high: 15          | critical: -40, high: 15         | weights.critical: must not be negative
            anySeverity: [critical]         | anySeverity: [Critical]         | caps[0].when.anySeverity[0]: unknown severity 'Critical'
            anySeverity: [critical]         | anySeverity: critical           | caps[0].when.anySeverity: expected a list, found text 'critical'
            anySeverity: [critical]         | scoreAtLeast: 50                | caps[0].when.scoreAtLeast: a score test cannot decide a cap
            anySeverity: [critical]         | anySeverity: [critical, critical] | caps[0].when.anySeverity[1]: duplicate severity
            anySeverity: [critical]         | anySevrity: [critical]          | caps[0].when.anySevrity: unknown key
            max: 40                         | max: 140                        | caps[0].max: is outside the clamp range 0–100
            mode: half-up                   | mode: bankers                   | round.mode: unknown rounding mode 'bankers'
            decimals: 0                     | decimals: 1.5                   | round.decimals: expected a whole number
            min: 41, max: 69                | min: 42, max: 69                | levels[1].min: must be 41 so the bands neither overlap nor leave a gap
            min: 41, max: 69                | min: 40, max: 69                | levels[1].min: must be 41
            min: 70, max: 100               | min: 70, max: 99                | levels: the last band must end at the highest score 100
            level: weak                     | level: critical                 | levels[1].level: duplicate level 'critical'
            min: 0, max: 40                 | min: 0, max: 40.5               | levels[0].max: has more decimals than the score
            met: no critical finding        | met: no {crit} finding          | attestation.requires[1].met: unknown placeholder
            id: test-score                  | id: Test_Score                  | id: 'Test_Score' is not a formula id
            version: 1                      | version: 0                      | version: must be 1 or more
            kind: findings                  | kind: vibes                     | kind: unknown kind 'vibes'
            clamp: {min: 0, max: 100}       | clamp: {min: 100, max: 0}       | clamp: min must be below max
            clamp: {min: 0, max: 100}       | clamp: {min: 0, max: 100, step: 1} | clamp.step: unknown key (allowed: max, min)
            """)
    void rejectsWithAOneLineMessageNamingFileAndKey(String from, String to, String fragment) {
        String yaml = Specs.SUBTRACTIVE.replace(from, to);
        FormulaException e = assertThrows(FormulaException.class, () -> Specs.parse(yaml), () -> "accepted: " + to);
        assertTrue(e.getMessage().startsWith("test.yaml: "), e.getMessage());
        assertTrue(e.getMessage().contains(fragment), () -> "message '" + e.getMessage() + "' lacks '" + fragment + "'");
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void rejectsUnknownTopLevelKeysListingTheAllowedOnes() {
        FormulaException e = assertThrows(FormulaException.class, () -> Specs.parse(Specs.SUBTRACTIVE + "bonus: 5\n"));
        assertTrue(e.getMessage().startsWith("test.yaml: bonus: unknown key (allowed: "), e.getMessage());
        assertTrue(e.getMessage().contains("weights"), e.getMessage());
    }

    @Test
    void rejectsMissingAndEmptyKeys() {
        FormulaException missing = assertThrows(FormulaException.class,
                () -> Specs.parse(Specs.SUBTRACTIVE.replace("round: {decimals: 0, mode: half-up}\n", "")));
        assertEquals("test.yaml: (top level): missing required key 'round'", missing.getMessage());
        FormulaException empty = assertThrows(FormulaException.class,
                () -> Specs.parse(Specs.SUBTRACTIVE.replace("start: 100", "start: ~")));
        assertEquals("test.yaml: start: has no value", empty.getMessage());
        FormulaException blank = assertThrows(FormulaException.class,
                () -> Specs.parse(Specs.SUBTRACTIVE.replace("start: 100", "start:")));
        assertEquals("test.yaml: start: expected a number, found text ''", blank.getMessage());
        FormulaException noKind = assertThrows(FormulaException.class,
                () -> Specs.parse(Specs.SUBTRACTIVE.replace("kind: findings\n", "")));
        assertTrue(noKind.getMessage().contains("missing required key 'kind'"), noKind.getMessage());
    }

    @Test
    void rejectsDuplicateKeysSeveralDocumentsAndNonMappings() {
        assertThrows(FormulaException.class, () -> Specs.parse(Specs.SUBTRACTIVE + "start: 90\n"));
        FormulaException twoDocs = assertThrows(FormulaException.class, () -> Specs.parse(Specs.SUBTRACTIVE + "---\nid: x\n"));
        assertTrue(twoDocs.getMessage().contains("more than one YAML document"), twoDocs.getMessage());
        FormulaException list = assertThrows(FormulaException.class, () -> Specs.parse("- 1\n- 2\n"));
        assertEquals("test.yaml: (top level): expected a mapping, found a list", list.getMessage());
        FormulaException broken = assertThrows(FormulaException.class, () -> Specs.parse("id: [unclosed\n"));
        assertTrue(broken.getMessage().startsWith("test.yaml: not valid YAML: "), broken.getMessage());
        assertFalse(broken.getMessage().contains("\n"), broken.getMessage());
    }

    @Test
    void rejectsEmptyAndOversizedFilesBeforeParsing() {
        assertEquals("x.yaml: empty file",
                assertThrows(FormulaException.class, () -> Formula.parse("x.yaml", new byte[0])).getMessage());
        byte[] big = new byte[SpecNode.MAX_BYTES + 1];
        java.util.Arrays.fill(big, (byte) '#');
        assertTrue(assertThrows(FormulaException.class, () -> Formula.parse("x.yaml", big)).getMessage()
                .contains("more than the limit"));
    }

    @Test
    void rejectsDeepNesting() {
        String deep = "id: " + "[".repeat(200) + "]".repeat(200) + "\n";
        assertThrows(FormulaException.class, () -> Specs.parse(deep));
    }

    @Test
    void filtersMustNotOverlapOrBeEmpty() {
        String both = Specs.ADDITIVE.replace("include: [malicious_indicator, risky_construct]",
                "include: [malicious_indicator, risky_construct]\n  exclude: [risky_construct]");
        assertTrue(assertThrows(FormulaException.class, () -> Specs.parse(both)).getMessage()
                .contains("threatClass.exclude: 'risky_construct' is both included and excluded"));
        String none = Specs.ADDITIVE.replace("include: [malicious_indicator, risky_construct]", "include: []");
        assertTrue(assertThrows(FormulaException.class, () -> Specs.parse(none)).getMessage()
                .contains("threatClass.include: must list at least one value"));
    }

    @Test
    void longHostileKeysAreShortenedInMessages() {
        String key = "k".repeat(5000);
        FormulaException e = assertThrows(FormulaException.class, () -> Specs.parse(Specs.SUBTRACTIVE + key + ": 1\n"));
        assertTrue(e.getMessage().length() < 500, () -> "length " + e.getMessage().length());
    }

    @Test
    void optionalPartsMayBeLeftOut() throws Exception {
        String minimal = Specs.ADDITIVE.substring(0, Specs.ADDITIVE.indexOf("levels:"))
                .replace("threatClass:\n  include: [malicious_indicator, risky_construct]\n", "");
        Formula f = Specs.parse(minimal);
        assertEquals("test-risk@2", f.ref());
    }
}
