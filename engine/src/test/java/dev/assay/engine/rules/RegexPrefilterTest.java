package dev.assay.engine.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.re2j.Pattern;
import com.google.re2j.RegexSyntax;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.statistics.StatisticsReport;
import org.junit.jupiter.api.Test;

class RegexPrefilterTest {

    /** Characters chosen so that case folding matters: ASCII pairs, the long s and Kelvin sign, accents, astral. */
    private static final List<String> ALPHABET = List.of("a", "b", "A", "B", "k", "K", "s", "S", "\u017F", "\u212A",
            "\u00E9", "\u00C9", "-", " ", "\n", "_", "1", "\u200B", "\uD835\uDD38");

    @Property(tries = 3000)
    @StatisticsReport(StatisticsReport.StatisticsReportMode.OFF)
    void aPatternThatMatchesPassesItsPrefilter(@ForAll("patterns") Pattern pattern, @ForAll("texts") String text) {
        RegexPrefilter filter = RegexPrefilter.of(Map.of("p", pattern));
        boolean matches = pattern.matcher(text).find();
        Statistics.label("matches").collect(matches);
        // The property only says something about patterns that match: make sure the generator yields enough of them.
        Statistics.label("matches").coverage(c -> c.check(true).percentage(p -> p > 10));
        if (matches) {
            assertTrue(filter.mayMatch("p", filter.signature(text)),
                    () -> pattern + " (flags " + pattern.flags() + ") matches " + text + " but its condition "
                            + filter.describe("p") + " rejected it");
        }
    }

    @Property(tries = 3000)
    @StatisticsReport(StatisticsReport.StatisticsReportMode.OFF)
    void theEvaluatedFormAnswersAsTheAnalysedCondition(@ForAll("patterns") Pattern first,
            @ForAll("patterns") Pattern second, @ForAll("texts") String text) {
        // Two patterns, so that literal numbers and the class table are shared as in a pack.
        RegexPrefilter filter = RegexPrefilter.of(Map.of("a", first, "b", second));
        RegexPrefilter.Signature signature = filter.signature(text);
        for (String key : List.of("a", "b")) {
            boolean analysed = filter.mayMatchAsAnalysed(key, signature);
            Statistics.label("may match").collect(analysed);
            assertEquals(analysed, filter.mayMatch(key, signature), () -> key + " " + filter.describe(key) + " on " + text);
        }
        Statistics.label("may match").coverage(c -> c.check(false).percentage(p -> p > 10));
    }

    @Test
    void foldingMapsEveryMemberOfAnOrbitToTheSameCodePoint() {
        int orbits = 0;
        for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
            int next = RegexSyntax.simpleFold(cp);
            if (!cycles(cp)) {
                assertEquals(cp, RegexPrefilter.CaseFold.fold(cp), "a letter outside any orbit folds to itself");
                continue;
            }
            orbits++;
            if (RegexPrefilter.CaseFold.fold(cp) != RegexPrefilter.CaseFold.fold(next)) {
                throw new AssertionError(Integer.toHexString(cp) + " and " + Integer.toHexString(next) + " fold apart");
            }
        }
        assertEquals('K', RegexPrefilter.CaseFold.fold('k'));
        assertEquals('K', RegexPrefilter.CaseFold.fold(0x212A));
        assertEquals('S', RegexPrefilter.CaseFold.fold(0x17F));
        assertTrue(orbits > 2000, "the tables have folding orbits: " + orbits);
    }

    /** Whether following RE2/J's folds from cp comes back to cp (true for a letter without other cases). */
    private static boolean cycles(int cp) {
        int r = RegexSyntax.simpleFold(cp);
        for (int steps = 0; steps < 16; steps++) {
            if (r == cp) {
                return true;
            }
            r = RegexSyntax.simpleFold(r);
        }
        return false;
    }

    @Test
    void literalsAreRequiredAndFoldedWhateverTheirCase() {
        RegexPrefilter f = RegexPrefilter.of(Map.of(
                "pipe", Pattern.compile("(?i)\\b(?:curl|wget)\\b[^\\n|]{0,200}\\|\\s*(?:ba)?sh\\b"),
                "exact", Pattern.compile("sk-ant-api03-[A-Za-z0-9]{8}")));
        assertEquals("all(any(\\b\"CURL\"\\b, \\b\"WGET\"\\b), \"SH\"\\b)", f.describe("pipe"));
        assertFalse(f.mayMatch("pipe", f.signature("print('hello')\nrequests.get(url)\n")));
        assertTrue(f.mayMatch("pipe", f.signature("run: CURL https://x.invalid/i | Sh")));
        assertTrue(f.mayMatch("exact", f.signature("key = SK-ANT-API03-FAKEFAKE")), "checked more loosely than it matches");
        assertFalse(f.mayMatch("exact", f.signature("key = sk-ant-api03-FAKE")), "a run of eight characters of the class is needed");
        assertFalse(f.mayMatch("exact", f.signature("sk-ant-api04-FAKEFAKE")));
    }

    @Test
    void literalsNextToWordBoundariesMustSitAtOne() {
        RegexPrefilter f = RegexPrefilter.of(Map.of("env", Pattern.compile("\\.env\\b")));
        assertFalse(f.mayMatch("env", f.signature("home = os.environ.get('HOME')")));
        assertTrue(f.mayMatch("env", f.signature("os.environ; open('.env')")));
        assertTrue(f.mayMatch("env", f.signature("cat .ENV")), "at the end of the text");
    }

    @Test
    void classesWithoutAsciiAreLookedFor() {
        RegexPrefilter f = RegexPrefilter.of(Map.of("hidden", Pattern.compile("[\\x{200B}-\\x{200F}\\x{202A}-\\x{202E}]")));
        assertFalse(f.mayMatch("hidden", f.signature("plain text, caf\u00E9")));
        assertTrue(f.mayMatch("hidden", f.signature("a\u202Eb")));
    }

    @Test
    void classRepeatsNeedARunOfThatLength() {
        RegexPrefilter f = RegexPrefilter.of(Map.of("blob", Pattern.compile("[A-Za-z0-9+/]{200,}={0,2}")));
        assertEquals("run>=200", f.describe("blob"));
        assertFalse(f.mayMatch("blob", f.signature("short words only, " + "ab ".repeat(300))));
        assertTrue(f.mayMatch("blob", f.signature("x = '" + "QUJD".repeat(50) + "'")));
        assertFalse(f.mayMatch("blob", f.signature("x = '" + "QUJD".repeat(49) + "QUJ'")));
    }

    @Test
    void anAlternationOfLiteralsIsDecidedByAnyOfThem() {
        RegexPrefilter f = RegexPrefilter.of(Map.of("read",
                Pattern.compile("^(?:open|io\\.open|os\\.(?:listdir|scandir)|shutil\\.copy)$"),
                "blob", Pattern.compile("(?:token|secret)[A-Za-z0-9]{20,}")));
        assertFalse(f.mayMatch("read", f.signature("json.dumps")));
        assertTrue(f.mayMatch("read", f.signature("os.scandir")));
        assertTrue(f.mayMatch("read", f.signature("OPEN")));
        assertFalse(f.mayMatch("blob", f.signature("token = abc")), "a literal, but no run of twenty");
        assertFalse(f.mayMatch("blob", f.signature("x" + "a".repeat(30))), "a run, but no literal");
        assertTrue(f.mayMatch("blob", f.signature("secret" + "a".repeat(30))));
    }

    @Test
    void optionalPartsAndUnknownKeysRequireNothing() {
        RegexPrefilter f = RegexPrefilter.of(Map.of("opt", Pattern.compile("(?:token)?[0-9]+|secret")));
        assertEquals("always", f.describe("opt"));
        assertTrue(f.mayMatch("opt", f.signature("")));
        assertTrue(f.mayMatch("missing", f.signature("")));
    }

    @Provide
    Arbitrary<Pattern> patterns() {
        Arbitrary<String> expr = expression(3);
        Arbitrary<Integer> flags = Arbitraries.of(0, Pattern.CASE_INSENSITIVE, Pattern.DOTALL, Pattern.MULTILINE,
                Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
        return Combinators.combine(expr, flags).as(Pattern::compile);
    }

    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.of(ALPHABET).list().ofMaxSize(40).map(l -> String.join("", l));
    }

    private static Arbitrary<String> expression(int depth) {
        Arbitrary<String> atom = Arbitraries.oneOf(
                Arbitraries.of(ALPHABET).map(s -> s.equals("\n") ? "\\n" : s),
                Arbitraries.of(ALPHABET).list().ofMinSize(2).ofMaxSize(4)
                        .map(l -> String.join("", l).replace("\n", "\\n")),
                Arbitraries.of("[ab]", "[^a]", "[\\x{200B}\\x{00E9}]", "[^\\x00-\\x7F]", "[A-Kk]", "[s\u017F]", ".", "\\b", "\\B", "^", "$", "(?i:ak)", "\\s",
                        "\\w", "[[:alpha:]]", "\\pL"));
        if (depth == 0) {
            return atom;
        }
        Arbitrary<String> sub = expression(depth - 1);
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, atom),
                net.jqwik.api.Tuple.of(2, sub.list().ofMinSize(2).ofMaxSize(3).map(l -> String.join("", l))),
                net.jqwik.api.Tuple.of(2, sub.list().ofMinSize(2).ofMaxSize(3).map(l -> "(?:" + String.join("|", l) + ")")),
                net.jqwik.api.Tuple.of(2, Combinators.combine(sub, Arbitraries.of("*", "+", "?", "{2}", "{4,}", "{5,7}",
                        "{0,3}", "{1,}", "*?")).as((s, q) -> "(?:" + s + ")" + q)),
                net.jqwik.api.Tuple.of(1, sub.map(s -> "(" + s + ")")));
    }
}
