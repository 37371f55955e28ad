package dev.assay.engine.formula;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Spec and case files can come from users: whatever their bytes, parsing ends in a Formula or a one-line
 * FormulaException, never in another exception. Mutations use fixed seeds so a failure is reproducible.
 */
class HostileSpecTest {

    private static final String NOISE = "{}[]:,-#&*!|>'\"%@`~\n\t 0123456789.eE+-abc\u0000\u00ff\u2028";

    private static void parsesOrRefuses(byte[] bytes) {
        try {
            Formula.parse("fuzz.yaml", bytes);
        } catch (FormulaException e) {
            assertTrue(e.getMessage().startsWith("fuzz.yaml"), e.getMessage());
            assertTrue(e.getMessage().indexOf('\n') < 0, e.getMessage());
        } catch (RuntimeException e) {
            fail("unexpected " + e + " for input: " + new String(bytes, StandardCharsets.UTF_8), e);
        }
        try {
            FormulaCase.parse("fuzz.yaml", bytes);
        } catch (FormulaException e) {
            assertTrue(e.getMessage().indexOf('\n') < 0, e.getMessage());
        } catch (RuntimeException e) {
            fail("unexpected " + e + " for case input: " + new String(bytes, StandardCharsets.UTF_8), e);
        }
    }

    @Test
    void mutatedSpecsNeverEscapeAsOtherExceptions() {
        for (String spec : new String[] {Specs.SUBTRACTIVE, Specs.ADDITIVE, CriteriaFormulaTest.SPEC}) {
            for (int seed = 0; seed < 400; seed++) {
                Random random = new Random(seed);
                StringBuilder text = new StringBuilder(spec);
                int edits = 1 + random.nextInt(4);
                for (int i = 0; i < edits; i++) {
                    int at = random.nextInt(text.length());
                    switch (random.nextInt(3)) {
                        case 0 -> text.deleteCharAt(at);
                        case 1 -> text.insert(at, NOISE.charAt(random.nextInt(NOISE.length())));
                        default -> text.setCharAt(at, NOISE.charAt(random.nextInt(NOISE.length())));
                    }
                }
                parsesOrRefuses(text.toString().getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    @Test
    void randomBytesNeverEscapeAsOtherExceptions() {
        Random random = new Random(7);
        for (int i = 0; i < 300; i++) {
            byte[] bytes = new byte[1 + random.nextInt(200)];
            random.nextBytes(bytes);
            parsesOrRefuses(bytes);
        }
    }

    @Test
    void aliasBombsAreRefused() {
        StringBuilder yaml = new StringBuilder("a0: &a0 [x, x, x, x, x, x, x, x, x]\n");
        for (int i = 1; i < 30; i++) {
            yaml.append("a").append(i).append(": &a").append(i).append(" [*a").append(i - 1).append(", *a").append(i - 1)
                    .append(", *a").append(i - 1).append("]\n");
        }
        parsesOrRefuses(yaml.toString().getBytes(StandardCharsets.UTF_8));
    }
}
