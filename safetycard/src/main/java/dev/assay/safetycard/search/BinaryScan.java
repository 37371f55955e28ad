package dev.assay.safetycard.search;

/**
 * Where ripgrep 13 notices a NUL byte, reproduced from how it reads a file. Read through its buffer (the default for
 * files found by walking a folder), it fills a 64 KiB buffer, growing it only for a line longer than the buffer, and
 * checks each read for NUL; the first read of a file without a byte-order mark returns only the three bytes it peeked
 * at. Memory-mapped or multi-line searches look only at the first 64 KiB. What happens next depends on the mode:
 * "quit" (files found by walking) stops before the read that held the NUL; "convert" (files named on the command line,
 * or {@code --binary}) turns NULs into line breaks and keeps going.
 */
final class BinaryScan {
    static final int BUFFER = 64 * 1024;
    private static final int PEEK = 3;

    /**
     * Outcome: {@code nulOffset} is the first NUL's offset ({@code -1} for none seen); {@code searchedEnd} is where
     * ripgrep had stopped searching lines when it saw the NUL (all lines ending before it were searched),
     * {@code -1} when no NUL was seen.
     */
    record Result(long nulOffset, int searchedEnd) {
        boolean binary() {
            return nulOffset >= 0;
        }
    }

    private BinaryScan() {
    }

    /** Detection over the first 64 KiB only (memory map, multi-line search). */
    static Result slice(byte[] data) {
        int upto = Math.min(data.length, BUFFER);
        for (int k = 0; k < upto; k++) {
            if (data[k] == 0) {
                return new Result(k, 0);
            }
        }
        return new Result(-1, -1);
    }

    /**
     * Detection through ripgrep's line buffer. {@code peekFirst} is true when the file had no byte-order mark (the
     * decoder then hands out its three peeked bytes as the first read). With {@code convert}, NULs count as line
     * terminators for the buffer bookkeeping after they are seen.
     */
    static Result reader(byte[] data, boolean peekFirst, boolean convert) {
        int len = data.length;
        long capacity = BUFFER;
        int pos = 0;          // next byte to read
        int unconsumed = 0;   // start of the partial line kept by the buffer roll
        boolean firstRead = true;
        long nul = -1;
        int searchedEnd = -1;
        while (true) {
            // one fill: roll, then read until a read contains a line terminator or EOF
            while (true) {
                long used = pos - unconsumed;
                if (used >= capacity) {
                    capacity = capacity + Math.max(1, capacity) * 2;
                }
                long want = capacity - used;
                if (firstRead && peekFirst) {
                    want = Math.min(want, PEEK);
                }
                firstRead = false;
                int n = (int) Math.min(want, (long) len - pos);
                if (n == 0) {
                    return new Result(nul, nul >= 0 ? searchedEnd : -1);
                }
                int from = pos;
                pos += n;
                int lastTerm = -1;
                for (int k = from; k < pos; k++) {
                    byte b = data[k];
                    if (b == 0) {
                        if (nul < 0) {
                            nul = k;
                            searchedEnd = unconsumed;
                            if (!convert) {
                                return new Result(nul, searchedEnd);
                            }
                        }
                        lastTerm = k;
                    } else if (b == '\n') {
                        lastTerm = k;
                    }
                }
                if (lastTerm >= 0) {
                    unconsumed = lastTerm + 1;
                    break;
                }
            }
        }
    }
}
