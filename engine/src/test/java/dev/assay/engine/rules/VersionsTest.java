package dev.assay.engine.rules;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class VersionsTest {

    @Test
    void calendarVersionsComparePerComponent() {
        assertTrue(Versions.compare("2026.1.15", "2026.1.29") < 0);
        assertTrue(Versions.compare("2026.10.1", "2026.9.30") > 0);
        assertTrue(Versions.compare("2026.3.13-1", "2026.3.13") > 0, "a -N revision comes after the bare release");
        assertTrue(Versions.compare("1.0.0-beta", "1.0.0") < 0, "a pre-release comes before the release");
        assertTrue(Versions.compare("v1.23", "1.23.0") == 0);
        assertTrue(Versions.compare("0.1.9", "0.1.16") < 0);
    }

    @Test
    void affectedRanges() {
        assertTrue(Versions.affected("0.1.10", "0.0.5", "0.1.16", ""));
        assertFalse(Versions.affected("0.0.4", "0.0.5", "0.1.16", ""));
        assertFalse(Versions.affected("0.1.16", "0.0.5", "0.1.16", ""));
        assertTrue(Versions.affected("2026.3.11", "", "", "2026.3.11"));
        assertFalse(Versions.affected("2026.3.12", "", "", "2026.3.11"));
        assertFalse(Versions.affected("latest", "", "1.0.0", ""), "an unparseable version is never affected");
        assertFalse(Versions.affected("", "", "1.0.0", ""));
    }

    @Property
    void compareIsAntisymmetric(@ForAll @IntRange(max = 3000) int a, @ForAll @IntRange(max = 40) int b,
            @ForAll @IntRange(max = 3000) int c, @ForAll @IntRange(max = 40) int d) {
        String x = a + "." + b;
        String y = c + "." + d;
        assertTrue(Integer.signum(Versions.compare(x, y)) == -Integer.signum(Versions.compare(y, x)));
    }
}
