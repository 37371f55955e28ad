package dev.assay.cli;

import dev.assay.engine.batch.BatchScanner;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The one-line progress display of a batch on standard error, shown only when standard error is a terminal (so logs,
 * pipes and CI output never see it) and rewritten in place at most ten times a second. Updates come from worker threads.
 */
class Progress implements BatchScanner.Progress {

    private static final long INTERVAL_NANOS = 100_000_000L;

    /** Set once by {@link Main#main}: only the real process knows whether its file descriptor 2 is a terminal. */
    private static volatile boolean stderrIsTerminal;

    private final PrintWriter err;
    private final String verb;
    private long last;
    private int width;

    private Progress(PrintWriter err, String verb) {
        this.err = err;
        this.verb = verb;
    }

    /** A display on {@code err} when standard error is a terminal, otherwise one that shows nothing. */
    static Progress forStderr(PrintWriter err, String verb) {
        return stderrIsTerminal ? new Progress(err, verb) : new Silent();
    }

    /** Called by {@code main}: whether file descriptor 2 is a terminal (Linux and other systems with /proc). */
    static void detectTerminal() {
        String term = System.getenv("TERM");
        if (term == null || term.equals("dumb")) {
            return;
        }
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            stderrIsTerminal = target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            stderrIsTerminal = false;
        }
    }

    @Override
    public synchronized void update(int done, int failed, int total) {
        long now = System.nanoTime();
        if (done < total && last != 0 && now - last < INTERVAL_NANOS) {
            return;
        }
        last = now;
        String line = verb + " " + done + "/" + total + (failed > 0 ? " (" + failed + " failed)" : "");
        int pad = Math.max(0, width - line.length());
        err.print("\r" + line + " ".repeat(pad));
        err.flush();
        width = line.length();
    }

    /** Clears the line, so that standard error holds only messages once the batch is done. */
    synchronized void finish() {
        if (width > 0) {
            err.print("\r" + " ".repeat(width) + "\r");
            err.flush();
            width = 0;
        }
    }

    /** The display when standard error is not a terminal: nothing. */
    private static final class Silent extends Progress {
        Silent() {
            super(null, "");
        }

        @Override
        public void update(int done, int failed, int total) {
        }

        @Override
        void finish() {
        }
    }
}
