package dev.assay.spark;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where a job's wall time went, for {@code --timings}: the phases since the JVM started (so Spark's own start-up is
 * told apart from the scan), and the heap the JVM used at its peak. One line on standard error, never in the output
 * table: these are measurements of a run, not facts about the components.
 */
final class PhaseTimer {

    private final PrintStream err;
    private final List<String> phases = new ArrayList<>();
    private long last;

    private PhaseTimer(PrintStream err, long startMillis) {
        this.err = err;
        this.last = startMillis;
    }

    /** Measures from the JVM's start, which includes the JVM's and Spark's start-up in the first phase. */
    static PhaseTimer sinceJvmStart(PrintStream err) {
        return new PhaseTimer(err, System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getUptime());
    }

    /** Ends the current phase under this name. */
    void mark(String name) {
        long now = System.currentTimeMillis();
        phases.add(String.format(Locale.ROOT, "%s %.2f s", name, (now - last) / 1000.0));
        last = now;
    }

    /**
     * Prints the phases and the heap's peak: the sum of each heap pool's own peak (an upper bound, since the pools
     * need not peak at the same time) and, for the pool that holds what lives long (the old generation), its peak alone.
     */
    void print() {
        long sum = 0;
        long old = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() != MemoryType.HEAP || pool.getPeakUsage() == null) {
                continue;
            }
            sum += pool.getPeakUsage().getUsed();
            String n = pool.getName().toLowerCase(Locale.ROOT);
            if (n.contains("old") || n.contains("tenured")) {
                old = Math.max(old, pool.getPeakUsage().getUsed());
            }
        }
        err.println("assay-spark: timings: " + String.join(", ", phases) + "; heap peak "
                + (sum >> 20) + " MB (pools summed), old generation peak " + (old >> 20) + " MB");
    }
}
