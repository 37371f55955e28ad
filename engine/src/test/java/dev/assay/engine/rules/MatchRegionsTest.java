package dev.assay.engine.rules;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import dev.assay.engine.pack.Detector;
import dev.assay.engine.pack.DirectoryPackFiles;
import dev.assay.engine.pack.PackLoader;
import dev.assay.engine.pack.RuleDefinition;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.statistics.StatisticsReport;
import org.junit.jupiter.api.Test;

class MatchRegionsTest {

    /** Word and non-word ASCII, line breaks, case-folding letters, accents, a zero-width space and an astral letter. */
    private static final List<String> ALPHABET = List.of("a", "b", "A", "k", "K", "s", "\u017F", "\u212A", "\u00E9",
            "-", " ", " ", "\n", "\n", ".", "'", "_", "1", "\u200B", "\uD835\uDD38");

    @Property(tries = 10000)
    @StatisticsReport(StatisticsReport.StatisticsReportMode.OFF)
    void matchingOnlyTheRegionsFindsExactlyTheMatchesOfTheWholeText(@ForAll("patterns") Pattern pattern,
            @ForAll("texts") String text, @ForAll boolean tinyCache) {
        // A tiny state cache is cleared many times within one text: results must not depend on what it holds.
        MatchRegions finder = MatchRegions.of(pattern, tinyCache ? 2 : MatchRegions.MAX_DFA_STATES);
        Statistics.label("regions").collect(finder != null);
        Statistics.label("regions").coverage(c -> c.check(true).percentage(p -> p > 50));
        List<String> whole = matches(pattern, text, null);
        Statistics.label("matches").collect(!whole.isEmpty());
        Statistics.label("matches").coverage(c -> c.check(true).percentage(p -> p > 10));
        if (finder != null) {
            int[] regions = finder.regions(text);
            Statistics.label("cut").collect(regions.length == 0 || regions[0] > 0 || regions[regions.length - 1] < text.length());
            assertEquals(whole, matches(pattern, text, regions),
                    () -> pattern + " (flags " + pattern.flags() + ") over " + text.replace("\n", "\\n") + " in "
                            + java.util.Arrays.toString(regions));
        }
    }

    @Test
    void theShippedPacksRegexRulesFindTheSameMatchesInRealDocuments() throws IOException, dev.assay.engine.pack.PackException {
        List<Pattern> patterns = new ArrayList<>();
        for (Path pack : List.of(Path.of("..", "rulepacks", "skilltotal", "1.3.0"),
                Path.of("..", "rulepacks", "agent-security", "1.2.0"))) {
            for (RuleDefinition r : new PackLoader().load(DirectoryPackFiles.open(pack)).rules()) {
                if (r.detector() instanceof Detector.Regex rx) {
                    patterns.add(Pattern.compile(rx.pattern(), rx.ignoreCase() ? Pattern.CASE_INSENSITIVE : 0));
                }
            }
        }
        List<Path> documents = new ArrayList<>();
        for (Path dir : List.of(Path.of("..", "docs"), Path.of("..", "rulepacks", "skilltotal", "1.3.0"),
                Path.of("..", "golden-tests", "corpus"))) {
            try (Stream<Path> files = Files.walk(dir)) {
                files.filter(Files::isRegularFile).filter(f -> f.toString().matches(".*\\.(md|yaml|sh|py|js|json|txt)"))
                        .sorted().forEach(documents::add);
            }
        }
        assertTrue(patterns.size() > 30, "the packs have regex rules: " + patterns.size());
        assertTrue(documents.size() > 100, "documents: " + documents.size());
        int withRegions = 0;
        int matched = 0;
        long scanned = 0;
        long kept = 0;
        for (Pattern p : patterns) {
            MatchRegions finder = MatchRegions.of(p);
            if (finder == null) {
                continue;
            }
            withRegions++;
            for (Path d : documents) {
                String text = new String(Files.readAllBytes(d), StandardCharsets.UTF_8);
                int[] regions = finder.regions(text);
                List<String> whole = matches(p, text, null);
                assertEquals(whole, matches(p, text, regions), () -> p + " over " + d);
                matched += whole.isEmpty() ? 0 : 1;
                scanned += text.length();
                for (int i = 0; i < regions.length; i += 2) {
                    kept += regions[i + 1] - regions[i];
                }
            }
        }
        assertTrue(withRegions * 10 >= patterns.size() * 9, withRegions + " of " + patterns.size() + " have regions");
        assertTrue(matched > 50, "documents with matches: " + matched);
        assertTrue(kept * 20 < scanned, "the regions are a small part of the text: " + kept + " of " + scanned);
    }

    @Test
    void aRulesAutomatonIsBuiltOnlyOnceItHasBeenRunOverEnoughText() {
        // Small targets match with RE2/J alone; the automaton is made when the rule's texts add up to the bound.
        Pattern p = Pattern.compile("secret\\s*[:=]");
        RuleContext.RegionsSlot slot = new RuleContext.RegionsSlot();
        int small = (int) (RuleContext.REGIONS_AFTER_CHARS / 3);
        assertNull(slot.get(p, small), "first small text: no automaton yet");
        assertNull(slot.get(p, small), "second small text: still under the bound");
        MatchRegions made = slot.get(p, small + 2);
        assertNotNull(made, "the texts together reach the bound");
        assertTrue(made == slot.get(p, 1), "made once, then shared");
        RuleContext.RegionsSlot large = new RuleContext.RegionsSlot();
        assertNotNull(large.get(p, (int) RuleContext.REGIONS_AFTER_CHARS), "one large text gets it at once");
        assertNull(new RuleContext.RegionsSlot().get(Pattern.compile("\\Asecret"), Integer.MAX_VALUE),
                "a pattern with text anchors has none");
    }

    @Test
    void aMatchAcrossLinesIsFoundAndTextWithoutOneHasNoRegions() {
        Pattern p = Pattern.compile("\\bignore\\s+previous\\s+instructions\\b", Pattern.CASE_INSENSITIVE);
        MatchRegions finder = MatchRegions.of(p);
        assertNotNull(finder);
        String text = "Intro. Some text here.\nPlease IGNORE\n  previous instructions now.\nMore text, done.\n";
        int[] regions = finder.regions(text);
        assertEquals(1, regions.length / 2);
        assertTrue(regions[0] <= text.indexOf("IGNORE") && regions[1] >= text.indexOf(" now"));
        assertEquals(matches(p, text, null), matches(p, text, regions));
        assertEquals(1, matches(p, text, regions).size());
        assertArrayEquals(new int[0], finder.regions("Nothing here: ignore the previous section, instructions."));
    }

    @Test
    void aWordBoundaryAtAPieceEdgeReadsAsInTheWholeText() {
        // "xfoo" must not match \bfoo: a cut before "foo" would make the piece's edge a boundary.
        Pattern p = Pattern.compile("\\bfoo");
        String text = "a, b, xfoo, c";
        int[] regions = MatchRegions.of(p).regions(text);
        assertEquals(List.of(), matches(p, text, regions));
        assertEquals(List.of("12-15 foo []"), matches(p, "a, b, xfoo, foo", MatchRegions.of(p).regions("a, b, xfoo, foo")));
    }

    @Test
    void textAnchorsAndEmptyMatchesKeepThePlainMatcher() {
        assertNull(MatchRegions.of(Pattern.compile("\\Afoo")));
        assertNull(MatchRegions.of(Pattern.compile("foo$")));
        assertNull(MatchRegions.of(Pattern.compile("a*")));
        assertNull(MatchRegions.of(Pattern.compile("\\b")));
        assertNotNull(MatchRegions.of(Pattern.compile("(?m)^foo$")));
    }

    @Test
    void aHostileTextWithManyStatesStaysExactAndBounded() {
        // Each distinct 12-character window of a and b is its own state of the unwidened automaton: the state cache
        // fills and is cleared many times over, and the result stays exact.
        Pattern p = Pattern.compile("a[ab]{3}b[ab]{3}a[ab]{3}c");
        StringBuilder sb = new StringBuilder();
        java.util.Random random = new java.util.Random(7);
        for (int i = 0; i < 200_000; i++) {
            sb.append(random.nextBoolean() ? 'a' : 'b');
            if (i % 5000 == 4999) {
                sb.append("c ");
            }
        }
        String text = sb.toString();
        int[] regions = MatchRegions.of(p).regions(text);
        assertEquals(matches(p, text, null), matches(p, text, regions));
    }

    /** Every match as "start-end text [groups]", in order, the way RuleContext.regex walks them. */
    private static List<String> matches(Pattern p, String text, int[] regions) {
        List<String> out = new ArrayList<>();
        Matches m = new Matches(p, text, regions);
        while (out.size() < 500 && m.next()) {
            Matcher g = m.matcher();
            List<String> groups = new ArrayList<>();
            for (int i = 1; i <= g.groupCount(); i++) {
                groups.add(g.group(i));
            }
            out.add(m.start() + "-" + m.end() + " " + g.group() + " " + groups);
        }
        return out;
    }

    @Provide
    Arbitrary<Pattern> patterns() {
        Arbitrary<Integer> flags = Arbitraries.of(0, Pattern.CASE_INSENSITIVE, Pattern.DOTALL, Pattern.MULTILINE,
                Pattern.CASE_INSENSITIVE | Pattern.MULTILINE);
        return Combinators.combine(expression(3), flags).as(Pattern::compile);
    }

    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.of(ALPHABET).list().ofMaxSize(60).map(l -> String.join("", l));
    }

    private static Arbitrary<String> expression(int depth) {
        Arbitrary<String> atom = Arbitraries.oneOf(
                Arbitraries.of(ALPHABET).map(s -> s.equals("\n") ? "\\n" : s.equals(".") ? "\\." : s),
                Arbitraries.of(ALPHABET).list().ofMinSize(2).ofMaxSize(4)
                        .map(l -> String.join("", l).replace("\n", "\\n").replace(".", "\\.")),
                Arbitraries.of("[ab]", "[^a]", "[^\\s']", "[\\x{200B}\\x{00E9}]", "[^\\x00-\\x7F]", "[A-Kk]",
                        "[s\u017F]", ".", "\\b", "\\b", "\\B", "^", "$", "(?i:ak)", "\\s", "\\s", "\\w", "\\pL",
                        "[^\\n]", "\\S"));
        if (depth == 0) {
            return atom;
        }
        Arbitrary<String> sub = expression(depth - 1);
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, atom),
                net.jqwik.api.Tuple.of(3, sub.list().ofMinSize(2).ofMaxSize(3).map(l -> String.join("", l))),
                net.jqwik.api.Tuple.of(2, sub.list().ofMinSize(2).ofMaxSize(3).map(l -> "(?:" + String.join("|", l) + ")")),
                net.jqwik.api.Tuple.of(2, Combinators.combine(sub, Arbitraries.of("*", "+", "?", "{2}", "{4,}", "{5,7}",
                        "{0,3}", "{1,}", "*?", "{0,9}", "+?")).as((s, q) -> "(?:" + s + ")" + q)),
                net.jqwik.api.Tuple.of(1, sub.map(s -> "(" + s + ")")));
    }
}
