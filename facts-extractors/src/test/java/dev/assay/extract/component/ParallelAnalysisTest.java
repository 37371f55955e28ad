package dev.assay.extract.component;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.fact.CodeCall;
import dev.assay.engine.fact.Fact;
import dev.assay.engine.fact.FileEntry;
import dev.assay.engine.fact.TextDocument;
import dev.assay.engine.spi.Limits;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Source files are analysed on a pool, several files ahead of the one whose facts are being emitted: what a scan
 * gives, and in which order, must not depend on that.
 */
class ParallelAnalysisTest {

    /** Enough source files that the pool runs ahead; a few fail to parse or are not source at all. */
    private static Map<String, String> component() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("package.json", "{\"name\": \"many-files\", \"version\": \"1.0.0\"}");
        for (int i = 0; i < 24; i++) {
            String n = String.format("%02d", i);
            files.put("lib/m" + n + ".js", "const cp = require('child_process');\n// module " + n + "\n"
                    + "function run" + n + "(x) { return cp.exec('echo " + n + "' + x); }\nmodule.exports = run" + n
                    + ";\n");
            files.put("py/p" + n + ".py", "import os\n\"\"\"module " + n + "\"\"\"\n\ndef f" + n
                    + "(a):\n    return os.system('echo " + n + "')\n");
            if (i % 6 == 0) {
                files.put("docs/n" + n + ".md", "notes " + n);
                files.put("broken/b" + n + ".py", "def (((((\n" + ")".repeat(40) + "\n");
            }
        }
        return files;
    }

    @Test
    void factsComeOutInPathOrderWithEachFilesCodeFactsAfterItsDocument(@TempDir Path dir) {
        Scan scan = Scan.files(dir, component());
        List<String> entries = new ArrayList<>();
        String file = null;
        Set<String> seenFiles = new TreeSet<>();
        for (Fact f : scan.facts()) {
            if (f instanceof FileEntry e) {
                entries.add(e.file());
                file = e.file();
                assertTrue(seenFiles.add(file), "one FileEntry per file: " + file);
            } else if (f instanceof CodeCall || f instanceof TextDocument) {
                assertEquals(file, f.file(), "a file's facts sit between its FileEntry and the next: " + f);
            }
        }
        List<String> sorted = new ArrayList<>(entries);
        sorted.sort(null);
        assertEquals(sorted, entries);
        assertEquals(component().size(), entries.size());
        assertEquals(48, scan.all(CodeCall.class).stream().filter(c -> c.callee().endsWith("exec")
                || c.callee().endsWith("system")).count());
        assertEquals(4, scan.skipped().stream().filter(s -> s.file().startsWith("broken/")).count(),
                scan.skipped().toString());
    }

    @Test
    void aScanKeptToOneThreadGivesTheSameFactsAndSkipsWithoutThePool(@TempDir Path dir) throws Exception {
        Scan pooled = Scan.files(dir, component());
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Map<Long, Long> before = settled(mx);
        Scan alone = Scan.of(dir, Limits.defaults().withOneThread(true));
        // The same facts; not always in the same order, since a file's config values go to the sink as it is read,
        // ahead of the pooled files still being analysed (rules see facts sorted, so reports do not change).
        assertEquals(sorted(pooled.facts()), sorted(alone.facts()));
        assertEquals(pooled.skipped(), alone.skipped());
        // The pool's threads (there are some after the pooled scan, on two processors or more) did no work meanwhile.
        Map<Long, Long> after = settled(mx);
        assertEquals(before, after, "CPU nanoseconds of the analysis pool's threads before and after");
    }

    @Test
    void oneThreadRunsTheAnalysisOnTheCallersThreadAndReadsNothingAhead() throws Exception {
        Thread self = Thread.currentThread();
        assertTrue(SourceAnalysisPool.submit(Thread::currentThread, true).get() == self);
        assertEquals(0, SourceAnalysisPool.filesAhead(true));
        if (Runtime.getRuntime().availableProcessors() > 1) {
            Thread pool = SourceAnalysisPool.submit(Thread::currentThread, false).get();
            assertTrue(pool != self && pool.getName().startsWith("assay-source-analysis-"), pool.getName());
            assertTrue(SourceAnalysisPool.filesAhead(false) > 0);
        }
    }

    /** The helpers' CPU times once they have stopped moving (a thread that just finished its task is parking). */
    private static Map<Long, Long> settled(ThreadMXBean mx) throws InterruptedException {
        Map<Long, Long> last = poolCpu(mx);
        for (int i = 0; i < 40; i++) {
            Thread.sleep(50);
            Map<Long, Long> now = poolCpu(mx);
            if (now.equals(last)) {
                return now;
            }
            last = now;
        }
        return last;
    }

    private static List<String> sorted(List<Fact> facts) {
        return facts.stream().map(Object::toString).sorted().toList();
    }

    /** CPU time so far of each live thread of the analysis pool, by thread id. */
    private static Map<Long, Long> poolCpu(ThreadMXBean mx) {
        Map<Long, Long> cpu = new TreeMap<>();
        for (ThreadInfo t : mx.dumpAllThreads(false, false)) {
            if (t.getThreadName().startsWith("assay-source-analysis-")) {
                cpu.put(t.getThreadId(), mx.getThreadCpuTime(t.getThreadId()));
            }
        }
        return cpu;
    }

    @Test
    void repeatedScansGiveIdenticalFactsAndSkips(@TempDir Path dir) {
        Scan first = Scan.files(dir, component());
        for (int i = 0; i < 5; i++) {
            Scan again = Scan.of(dir, Limits.defaults());
            assertEquals(first.facts(), again.facts());
            assertEquals(first.skipped(), again.skipped());
        }
    }
}
