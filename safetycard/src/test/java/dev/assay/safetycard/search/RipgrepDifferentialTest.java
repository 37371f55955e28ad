package dev.assay.safetycard.search;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Random texts, random Rust-syntax patterns and random flag sets, run through real ripgrep and {@link Ripgrep}: the
 * output must be identical. Patterns this implementation refuses as unsupported are discarded, never compared.
 */
class RipgrepDifferentialTest {
    private static Path dir;
    private static Path repo;
    private static Path home;

    @BeforeContainer
    static void setUp() throws IOException {
        RealRipgrep.requireInstalled();
        dir = Files.createTempDirectory("rg-diff");
        repo = dir.resolve("repo");
        home = dir.resolve("home");
        Files.createDirectories(home);
        Fixtures.gitMetadata(repo);
    }

    @AfterContainer
    static void tearDown() throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.of("a", "b", "A", "B", "é", "É", "ß", "_", "-", " ", "\t", "\n", "\n", "\n", "x", "1",
                        "ab", "ba", "Σ", "σ", "ς", "日", "\r\n", ".", "(", "\0")
                .list().ofMaxSize(40).map(parts -> String.join("", parts));
    }

    @Provide
    Arbitrary<String> patterns() {
        Arbitrary<String> atom = Arbitraries.of("a", "b", "A", "é", "É", "ß", "x", "1", "\\w", "\\W", "\\s", "\\S",
                "\\d", ".", "[ab]", "[^a]", "[a-cé]", "\\.", "\\(", "(a|b)", "(?:ab|x)", "(a|-)", "(?:-|é|\\.)", "\\p{Greek}", "[[:alpha:]]",
                "σ", "Σ", "_", "-");
        Arbitrary<String> quantified = Combinators.combine(atom, Arbitraries.of("", "", "", "*", "+", "?", "{2}",
                "{1,2}", "*?")).as((a, q) -> a + q);
        Arbitrary<String> body = quantified.list().ofMinSize(1).ofMaxSize(4).map(l -> String.join("", l));
        Arbitrary<String> anchored = Combinators.combine(Arbitraries.of("", "", "^", "\\b", "\\B"), body,
                Arbitraries.of("", "", "$", "\\b", "\\B")).as((s, b, e) -> s + b + e);
        return anchored.list().ofMinSize(1).ofMaxSize(2).map(l -> String.join("|", l));
    }

    @Provide
    Arbitrary<List<String>> flags() {
        return Arbitraries.of("-i", "-S", "-s", "-w", "-x", "-F", "-v", "-c", "-l", "-n", "-n", "-N", "-H",
                "-A1", "-B1", "-C1", "-m2", "-U", "-a", "--binary", "--no-mmap").list().ofMaxSize(4).uniqueElements();
    }

    @Property(tries = 600, seed = "20261130")
    void sameOutputAsRipgrep(@ForAll("texts") String first, @ForAll("texts") String second,
            @ForAll("patterns") String pattern, @ForAll("flags") List<String> flags,
            @ForAll boolean bothFiles) throws Exception {
        RealRipgrep.write(repo, "d/one.txt", first);
        RealRipgrep.write(repo, "d/two.txt", second);
        List<String> args = new ArrayList<>(flags);
        args.add("-e");
        args.add(pattern);
        args.add(bothFiles ? "d" : "d/one.txt");
        RgCommand cmd;
        try {
            cmd = RgCommand.parseArguments(args);
            Ripgrep.run(repo, cmd, List.of(), SearchLimits.defaults());
        } catch (SearchCommandException e) {
            Assume.that(!e.unsupported());
            throw new AssertionError("rejected a pattern ripgrep accepts: " + pattern + " " + args + ": "
                    + e.getMessage(), e);
        }
        List<String> expected = RealRipgrep.run(repo, home, args);
        SearchOutcome ours = Ripgrep.run(repo, cmd, List.of(), SearchLimits.defaults());
        assertEquals(String.join("\n", expected), String.join("\n", ours.output()),
                () -> "rg " + args + "\n--- one.txt\n" + first + "\n--- two.txt\n" + second);
    }
}
