package dev.assay.extract.load;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SeekableByteChannel;

/**
 * Measures a zip's central directory before commons-compress parses it. {@code ZipFile} holds every central
 * directory record in memory at once, so a hostile archive with millions of tiny records could exhaust the heap
 * before any entry limit applies. This walks the records the same way (from the offset the end record gives, for as
 * long as record signatures follow each other) and stops counting as soon as a bound is passed.
 */
final class ZipDirectoryProbe {

    private static final int END_RECORD = 22;
    private static final int MAX_COMMENT = 0xFFFF;
    private static final int CENTRAL_HEADER = 46;
    private static final int ZIP64_LOCATOR = 20;
    private static final int END_SIG = 0x06054b50;
    private static final int CENTRAL_SIG = 0x02014b50;
    private static final int ZIP64_LOCATOR_SIG = 0x07064b50;
    private static final int ZIP64_END_SIG = 0x06064b50;

    private ZipDirectoryProbe() {
    }

    /**
     * What the probe found. {@code records} and {@code bytes} are exact when {@code withinBounds}; otherwise they are
     * the counts at which the walk stopped. {@code problem} is set when no central directory could be located.
     */
    record Result(int records, long bytes, boolean withinBounds, String problem) {
    }

    static Result probe(SeekableByteChannel channel, int maxRecords, long maxBytes) throws IOException {
        long size = channel.size();
        if (size < END_RECORD) {
            return new Result(0, 0, false, "too short for a zip end record");
        }
        int tailLength = (int) Math.min(size, END_RECORD + MAX_COMMENT);
        ByteBuffer tail = readAt(channel, size - tailLength, tailLength);
        int end = -1;
        for (int i = tailLength - END_RECORD; i >= 0; i--) {
            if (tail.getInt(i) == END_SIG) {
                end = i;
                break;
            }
        }
        if (end < 0) {
            return new Result(0, 0, false, "no end of central directory record");
        }
        long endOffset = size - tailLength + end;
        long start;
        if (endOffset > ZIP64_LOCATOR && readAt(channel, endOffset - ZIP64_LOCATOR, 4).getInt(0) == ZIP64_LOCATOR_SIG) {
            long zip64End = readAt(channel, endOffset - ZIP64_LOCATOR + 8, 8).getLong(0);
            if (zip64End < 0 || zip64End > size - 56) {
                return new Result(0, 0, false, "zip64 end record out of range");
            }
            ByteBuffer record = readAt(channel, zip64End, 56);
            if (record.getInt(0) != ZIP64_END_SIG) {
                return new Result(0, 0, false, "zip64 end record corrupt");
            }
            start = record.getLong(48);
        } else {
            long directoryLength = tail.getInt(end + 12) & 0xFFFFFFFFL;
            long directoryOffset = tail.getInt(end + 16) & 0xFFFFFFFFL;
            // Data prepended to the archive (a self-extractor stub) shifts every offset; this is how it is found.
            long prefix = Math.max(endOffset - directoryLength - directoryOffset, 0L);
            start = directoryOffset + prefix;
        }
        if (start < 0 || start > size) {
            return new Result(0, 0, false, "central directory offset out of range");
        }
        int records = 0;
        long bytes = 0;
        long position = start;
        while (position + CENTRAL_HEADER <= size) {
            ByteBuffer header = readAt(channel, position, CENTRAL_HEADER);
            if (header.getInt(0) != CENTRAL_SIG) {
                break;
            }
            long length = CENTRAL_HEADER + (header.getShort(28) & 0xFFFF) + (header.getShort(30) & 0xFFFF)
                    + (header.getShort(32) & 0xFFFF);
            records++;
            bytes += length;
            position += length;
            if (records > maxRecords || bytes > maxBytes) {
                return new Result(records, bytes, false, null);
            }
        }
        return new Result(records, bytes, true, null);
    }

    private static ByteBuffer readAt(SeekableByteChannel channel, long position, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        channel.position(position);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer) < 0) {
                throw new EOFException("zip ends inside a header");
            }
        }
        buffer.flip();
        return buffer;
    }
}
