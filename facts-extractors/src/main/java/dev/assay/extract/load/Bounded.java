package dev.assay.extract.load;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/** Bounded reading: buffers grow with what actually arrives, never with what a header claims. */
final class Bounded {

    private static final int CHUNK = 16 * 1024;

    private Bounded() {
    }

    /** Called after every chunk with the number of bytes just read; may throw to stop the read. */
    @FunctionalInterface
    interface Progress {
        void add(int bytes) throws IOException;
    }

    /** Reads until end of stream or until {@code limit + 1} bytes have arrived, whichever comes first. */
    static byte[] readAtMost(InputStream in, long limit) throws IOException {
        return readAtMost(in, limit, n -> { });
    }

    static byte[] readAtMost(InputStream in, long limit, Progress progress) throws IOException {
        long cap = Math.min(limit, Integer.MAX_VALUE - 17L) + 1;
        byte[] buffer = new byte[(int) Math.min(CHUNK, cap)];
        int size = 0;
        while (size < cap) {
            if (size == buffer.length) {
                buffer = Arrays.copyOf(buffer, (int) Math.min(cap, (long) buffer.length * 2));
            }
            int n = in.read(buffer, size, buffer.length - size);
            if (n == 0) {
                // A stream that returns nothing without being at its end is read one byte at a time instead.
                int b = in.read();
                if (b < 0) {
                    break;
                }
                buffer[size] = (byte) b;
                n = 1;
            } else if (n < 0) {
                break;
            }
            size += n;
            progress.add(n);
        }
        return size == buffer.length ? buffer : Arrays.copyOf(buffer, size);
    }
}
