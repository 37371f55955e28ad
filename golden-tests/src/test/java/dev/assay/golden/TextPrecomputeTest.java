package dev.assay.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.Extraction;
import dev.assay.engine.Scanner;
import dev.assay.engine.fact.Fact;
import dev.assay.engine.fact.TextDocument;
import dev.assay.engine.pack.CompiledPack;
import dev.assay.engine.pack.Detector;
import dev.assay.engine.pack.DrlGenerator;
import dev.assay.engine.pack.FactTypes;
import dev.assay.engine.pack.RuleDefinition;
import dev.assay.engine.pack.Term;
import dev.assay.engine.rules.RuleContext;
import dev.assay.engine.rules.TextMatch;
import dev.assay.golden.bench.SyntheticComponents;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A large derivation works out its text questions up front on several threads (regex rules over documents,
 * prefilter signatures of tested fields); a small one asks as the rules go. Both must answer every question the
 * shipped pack's rules can ask identically, on real positive samples as well as bulk source.
 */
class TextPrecomputeTest {

    @TempDir
    Path dir;

    @Test
    void aPrecomputingSessionAnswersEveryTextQuestionAsAPlainOne() throws Exception {
        // Bulk source past the size that turns the precompute on, with the labelled corpus's positives beside it.
        SyntheticComponents.tree(dir.resolve("bulk"), 2);
        copy(Path.of("corpus/skilltotal"), dir.resolve("samples"));
        Scanner scanner = Scanner.builder().pack("skilltotal").build();
        Extraction extraction = scanner.extract(dir);
        List<Fact> facts = new ArrayList<>();
        extraction.facts().values().forEach(facts::addAll);

        RuleContext shared = scanner.pack().context();
        RuleContext precomputing = shared.forSession(facts);
        RuleContext plain = shared.forSession();
        assertTrue(precomputing.precomputed(), "2 MB of text should be precomputed");
        assertFalse(plain.precomputed());
        assertFalse(shared.forSession(facts.subList(0, 10)).precomputed(), "a few facts are not");

        int regexMatches = 0;
        int finds = 0;
        int found = 0;
        for (RuleDefinition r : scanner.pack().pack().rules()) {
            if (r.detector() instanceof Detector.Regex) {
                for (Fact f : facts) {
                    if (f instanceof TextDocument d) {
                        List<TextMatch> expected = plain.regex(r.id(), d);
                        assertEquals(expected, precomputing.regex(r.id(), d), r.id() + " in " + d.file());
                        regexMatches += expected.size();
                    }
                }
            }
            if (r.detector() instanceof Detector.FactPattern p) {
                Map<String, String> keys = DrlGenerator.termPatterns(r);
                List<Term> terms = Term.leaves(p.where());
                int n = 0;
                for (Term t : terms) { // numbered as termPatterns numbers them: the rule's own terms come first
                    String key = r.id() + "#" + n++;
                    if (!keys.containsKey(key)) {
                        continue;
                    }
                    Method field = FactTypes.byName(p.type()).orElseThrow().getMethod(t.subject());
                    for (Fact f : facts) {
                        if (field.getDeclaringClass().isInstance(f)) {
                            Object v = field.invoke(f);
                            boolean expected = v instanceof Collection<?> c ? plain.anyFind(key, c) : plain.find(key, v);
                            boolean actual = v instanceof Collection<?> c ? precomputing.anyFind(key, c)
                                    : precomputing.find(key, v);
                            assertEquals(expected, actual, key + " on " + v);
                            finds++;
                            found += expected ? 1 : 0;
                        }
                    }
                }
            }
        }
        // The comparison is only worth something if the questions have answers of both kinds.
        assertTrue(regexMatches > 20, "regex matches compared: " + regexMatches);
        assertTrue(finds > 10_000 && found > 20, "field tests compared: " + finds + ", of which true: " + found);
    }

    @Test
    void aDerivationKeptToOneThreadUsesNoHelperAndDerivesTheSame() throws Exception {
        SyntheticComponents.tree(dir.resolve("bulk"), 2);
        copy(Path.of("corpus/skilltotal"), dir.resolve("samples"));
        Scanner scanner = Scanner.builder().pack("skilltotal").build();
        List<Fact> facts = new ArrayList<>();
        scanner.extract(dir).facts().values().forEach(facts::addAll);

        CompiledPack.Derivation everyCore = scanner.pack().derive(facts, true, false);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Map<Long, Long> before = settled(mx);
        CompiledPack.Derivation oneThread = scanner.pack().derive(facts, true, true);
        assertEquals(before, settled(mx), "CPU nanoseconds of the text helpers before and after");
        // The same detections (a session lists them in no set order; reports sort them) and the same stop.
        assertEquals(sorted(everyCore.detections()), sorted(oneThread.detections()));
        assertEquals(everyCore.stopped(), oneThread.stopped());
        assertTrue(everyCore.detections().size() > 20, "detections compared: " + everyCore.detections().size());
    }

    /** The helpers' CPU times once they have stopped moving (a thread that just finished its task is parking). */
    private static Map<Long, Long> settled(ThreadMXBean mx) throws InterruptedException {
        Map<Long, Long> last = helperCpu(mx);
        for (int i = 0; i < 40; i++) {
            Thread.sleep(50);
            Map<Long, Long> now = helperCpu(mx);
            if (now.equals(last)) {
                return now;
            }
            last = now;
        }
        return last;
    }

    private static List<String> sorted(List<?> items) {
        return items.stream().map(Object::toString).sorted().toList();
    }

    /** CPU time so far of each live text-precompute helper thread, by thread id. */
    private static Map<Long, Long> helperCpu(ThreadMXBean mx) {
        Map<Long, Long> cpu = new TreeMap<>();
        for (ThreadInfo t : mx.dumpAllThreads(false, false)) {
            if (t.getThreadName().equals("assay-text-precompute")) {
                cpu.put(t.getThreadId(), mx.getThreadCpuTime(t.getThreadId()));
            }
        }
        return cpu;
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }
}
