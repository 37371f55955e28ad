package dev.assay.extract.load;

import dev.assay.engine.spi.Limits;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarConstants;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveInputStream;
import org.apache.commons.compress.archivers.zip.ZipFile;
import org.apache.commons.compress.archivers.zip.ZipMethod;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;
import org.apache.commons.compress.utils.InputStreamStatistics;
import org.apache.commons.compress.utils.SeekableInMemoryByteChannel;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Set;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * Expands zip, tar and tar.gz archives into a {@link MemoryTree}, within the {@link Limits}:
 * <ul>
 * <li>at most {@code maxFiles} entries over all archives, at most {@code maxFileBytes} per file, at most
 * {@code maxTotalBytes} produced in all: every byte decompressed or read counts, refused entries included (for a
 * tar, the whole uncompressed stream with its headers; for a zip, its central directory and every entry byte
 * inflated). A size stated in a header is only used to refuse an entry early, never to size a buffer or to accept
 * one;</li>
 * <li>a zip entry that decompresses to more than {@code maxExpansionRatio} times its compressed size is refused; a
 * zip whose kept content exceeds that ratio of the archive's size, or a gzip stream whose output exceeds it of its
 * input, stops. Ratios are measured only past {@link #RATIO_GRACE_BYTES}: small files compress far legitimately
 * and harmlessly;</li>
 * <li>traversal, absolute and drive-letter names, backslashes, links, devices and FIFOs are refused; a duplicate
 * name keeps the first entry; archives inside archives are opened only {@code maxArchiveNesting} levels deep,
 * the target archive being level 1, into a directory named like the nested archive followed by {@code !}
 * ({@code lib/inner.zip!/x}); the nested archive is also kept as a file.</li>
 * </ul>
 * A zip is read through its central directory, as installers do; when that cannot be read (a truncated download)
 * or is too large to hold, entries are read from their local headers instead, which carry no modes and cannot
 * tell a symbolic link from a file. Everything refused or cut is recorded as skipped; a corrupt archive keeps what
 * could be read.
 */
final class ArchiveExpander {

    /** Output below this size is never judged by its compression ratio. */
    static final long RATIO_GRACE_BYTES = 1L << 20;

    /** Zip methods decoded with commons-compress alone (zstd and xz would need libraries that are not shipped). */
    private static final Set<Integer> ZIP_METHODS = Set.of(ZipMethod.STORED.getCode(), ZipMethod.DEFLATED.getCode(),
            ZipMethod.ENHANCED_DEFLATED.getCode(), ZipMethod.BZIP2.getCode(), ZipMethod.IMPLODING.getCode(),
            ZipMethod.UNSHRINKING.getCode());

    /** What follows a nested archive's name in the paths of its entries: {@code lib/inner.zip!/x}. */
    static final String NESTED_MARK = "!";

    private static final int TYPE_MASK = 0170000;
    private static final int PERMISSION_MASK = 07777;

    private final Limits limits;
    private final MemoryTree tree;
    private final Ledger ledger;
    /** Every byte decompressed or read out of archives so far. */
    private long produced;
    /** Entries met so far, in all archives. */
    private int entries;
    /** Bytes and files the scan has used outside these archives (a directory target's own files); they share the bounds. */
    private final LongSupplier bytesUsedElsewhere;
    private final IntSupplier filesUsedElsewhere;

    ArchiveExpander(Limits limits, MemoryTree tree, Ledger ledger) {
        this(limits, tree, ledger, () -> 0L, () -> 0);
    }

    ArchiveExpander(Limits limits, MemoryTree tree, Ledger ledger, LongSupplier bytesUsedElsewhere,
            IntSupplier filesUsedElsewhere) {
        this.limits = limits;
        this.tree = tree;
        this.ledger = ledger;
        this.bytesUsedElsewhere = bytesUsedElsewhere;
        this.filesUsedElsewhere = filesUsedElsewhere;
    }

    /** Bytes decompressed or read out of archives so far. */
    long produced() {
        return produced;
    }

    private long bytesLeft() {
        return limits.maxTotalBytes() - produced - bytesUsedElsewhere.getAsLong();
    }

    /**
     * How an archive's expansion ended. {@code problem} is set when it ended on an error; with {@code entriesSeen}
     * zero that means the archive could not be opened at all. {@code stopAll} means a scan-wide limit was reached.
     */
    record Outcome(int entriesSeen, String problem, boolean stopAll) {

        boolean unopenable() {
            return entriesSeen == 0 && problem != null;
        }
    }

    /** Where archive bytes come from: the target file, or a nested archive's bytes. */
    interface Source {

        SeekableByteChannel channel() throws IOException;

        InputStream stream() throws IOException;
    }

    static Source file(Path path) {
        return new Source() {
            @Override
            public SeekableByteChannel channel() throws IOException {
                return FileChannel.open(path, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
            }

            @Override
            public InputStream stream() throws IOException {
                return new BufferedInputStream(Channels.newInputStream(channel()));
            }
        };
    }

    static Source bytes(byte[] bytes) {
        return new Source() {
            @Override
            public SeekableByteChannel channel() {
                return new SeekableInMemoryByteChannel(bytes);
            }

            @Override
            public InputStream stream() {
                return new ByteArrayInputStream(bytes);
            }
        };
    }

    /** Expands one archive whose content starts at {@code prefix} ("" or a path ending in '/'). */
    Outcome expand(Source source, ArchiveFormat format, String prefix, int level) {
        try {
            return switch (format) {
                case ZIP -> expandZip(source, prefix, level);
                case TAR -> expandTar(source, false, prefix, level);
                case TAR_GZ -> expandTar(source, true, prefix, level);
                case NONE -> throw new IllegalArgumentException("not an archive");
            };
        } catch (IOException | RuntimeException e) {
            // Readers can fail in unforeseen ways on hostile bytes; what was already kept stays.
            return new Outcome(0, message(e), false);
        }
    }

    // ---------------------------------------------------------------------------------------------- zip

    private Outcome expandZip(Source source, String prefix, int level) throws IOException {
        long archiveSize;
        ZipDirectoryProbe.Result probe;
        try (SeekableByteChannel channel = source.channel()) {
            archiveSize = channel.size();
            probe = ZipDirectoryProbe.probe(channel, limits.maxFiles(), bytesLeft());
        }
        String directoryProblem;
        if (probe.withinBounds()) {
            // The central directory is held in memory whole: it counts as bytes read.
            produced += probe.bytes();
            ZipFile zip = null;
            String unreadable = null;
            try {
                zip = ZipFile.builder().setSeekableByteChannel(source.channel()).get();
            } catch (IOException | RuntimeException e) {
                unreadable = message(e);
            }
            if (zip != null) {
                try {
                    return readZipFile(zip, archiveSize, prefix, level);
                } finally {
                    ZipFile.closeQuietly(zip);
                }
            }
            directoryProblem = "central directory unreadable (" + unreadable + ")";
        } else if (probe.problem() != null) {
            directoryProblem = "central directory not found (" + probe.problem() + ")";
        } else {
            directoryProblem = "central directory lists more than " + limits.maxFiles() + " entries or "
                    + bytesLeft() + " bytes";
        }
        return streamZip(source, archiveSize, prefix, level, directoryProblem);
    }

    private Outcome readZipFile(ZipFile zip, long archiveSize, String prefix, int level) {
        ArchiveState state = new ArchiveState(prefix, archiveSize);
        Enumeration<ZipArchiveEntry> all = zip.getEntries();
        for (ZipArchiveEntry entry : Collections.list(all)) {
            try {
                String path = admitZipEntry(state, entry);
                if (path == null) {
                    continue;
                }
                byte[] bytes;
                try (InputStream in = zip.getInputStream(entry)) {
                    bytes = readEntry(state, in, compressedCount(in, entry), true);
                } catch (EntryRefused r) {
                    ledger.skip(path, r.getMessage());
                    continue;
                } catch (Stop stop) {
                    throw stop;
                } catch (IOException | RuntimeException e) {
                    ledger.skip(path, "unreadable entry: " + message(e));
                    continue;
                }
                Outcome nested = store(state, path, bytes, zipMode(entry), level);
                if (nested != null && nested.stopAll()) {
                    return state.outcome(null, true);
                }
            } catch (Stop stop) {
                ledger.skip(state.label(entry.getName()), stop.getMessage());
                return state.outcome(null, stop.all);
            }
        }
        return state.outcome(null, false);
    }

    private Outcome streamZip(Source source, long archiveSize, String prefix, int level, String directoryProblem)
            throws IOException {
        ArchiveState state = new ArchiveState(prefix, archiveSize);
        String problem = null;
        boolean stopAll = false;
        // Stored entries followed by a data descriptor are refused rather than searched for (unbounded buffering).
        try (InputStream raw = source.stream();
                ZipArchiveInputStream zip = new ZipArchiveInputStream(raw, "UTF-8", true, false, true)) {
            while (true) {
                String current = null;
                try {
                    ZipArchiveEntry entry;
                    try {
                        entry = zip.getNextEntry();
                    } catch (Stop stop) {
                        throw stop;
                    } catch (IOException | RuntimeException e) {
                        problem = message(e);
                        if (state.seen > 0) {
                            ledger.skip(state.archivePath(),
                                    "archive truncated or corrupt after " + state.seen + " entries: " + problem);
                        }
                        break;
                    }
                    if (entry == null) {
                        break;
                    }
                    current = entry.getName();
                    String path = admitZipEntry(state, entry);
                    if (path == null) {
                        drainIfSizeUnknown(zip, entry);
                        continue;
                    }
                    if (!zip.canReadEntryData(entry)) {
                        ledger.skip(path, unreadableZipEntryReason(entry));
                        continue;
                    }
                    byte[] bytes;
                    try {
                        bytes = readEntry(state, zip, zip::getCompressedCount, true);
                    } catch (EntryRefused r) {
                        ledger.skip(path, r.getMessage());
                        drainIfSizeUnknown(zip, entry);
                        continue;
                    } catch (Stop stop) {
                        throw stop;
                    } catch (IOException | RuntimeException e) {
                        problem = message(e);
                        ledger.skip(path, "truncated or corrupt entry: " + problem + "; later entries not read");
                        break;
                    }
                    Outcome nested = store(state, path, bytes, -1, level);
                    if (nested != null && nested.stopAll()) {
                        stopAll = true;
                        break;
                    }
                } catch (Stop stop) {
                    ledger.skip(current == null ? state.archivePath() : state.label(current), stop.getMessage());
                    stopAll = stop.all;
                    break;
                }
            }
        }
        if (state.seen == 0) {
            // Nothing came out of the local headers either: the archive cannot be opened.
            return new Outcome(0, directoryProblem, false);
        }
        ledger.skip(state.archivePath(),
                "zip " + directoryProblem + "; entries read from local headers");
        return state.outcome(problem, stopAll);
    }

    /**
     * Reads out the rest of an entry whose compressed size the stream does not know (data descriptor): the reader
     * would otherwise decompress it to find its end without any bound. What is read counts as produced.
     */
    private void drainIfSizeUnknown(ZipArchiveInputStream zip, ZipArchiveEntry entry) throws IOException {
        if (!entry.getGeneralPurposeBit().usesDataDescriptor() || !zip.canReadEntryData(entry)) {
            return;
        }
        byte[] scratch = new byte[8192];
        int n;
        while ((n = zip.read(scratch, 0, scratch.length)) > 0) {
            addProduced(n);
        }
    }

    /** Checks a zip entry before its content is read: the path to read it into, or null when refused. */
    private String admitZipEntry(ArchiveState state, ZipArchiveEntry entry) {
        int unix = entry.getPlatform() == ZipArchiveEntry.PLATFORM_UNIX ? entry.getUnixMode() : 0;
        int type = unix & TYPE_MASK;
        String refusal = switch (type) {
            case 0120000 -> "symbolic link entry refused";
            case 0010000 -> "FIFO entry refused";
            case 0020000 -> "character device entry refused";
            case 0060000 -> "block device entry refused";
            case 0140000 -> "socket entry refused";
            default -> null;
        };
        boolean directory = entry.isDirectory() || type == 0040000;
        if (refusal == null && !directory && type != 0 && type != 0100000) {
            refusal = "special file entry refused";
        }
        String path = admit(state, entry.getName(), directory, refusal, zipMode(entry));
        if (path == null) {
            return null;
        }
        if (entry.getGeneralPurposeBit().usesEncryption() || !ZIP_METHODS.contains(entry.getMethod())) {
            ledger.skip(path, unreadableZipEntryReason(entry));
            return null;
        }
        if (entry.getSize() > limits.maxFileBytes()) {
            ledger.skip(path, tooLarge());
            return null;
        }
        return path;
    }

    private static String unreadableZipEntryReason(ZipArchiveEntry entry) {
        if (entry.getGeneralPurposeBit().usesEncryption()) {
            return "encrypted entry not read";
        }
        if (!ZIP_METHODS.contains(entry.getMethod())) {
            return "unsupported compression method " + entry.getMethod() + "; not read";
        }
        return "entry data cannot be read in streaming mode; not read";
    }

    private static int zipMode(ZipArchiveEntry entry) {
        if (entry.getPlatform() != ZipArchiveEntry.PLATFORM_UNIX || entry.getUnixMode() == 0) {
            return -1;
        }
        return entry.getUnixMode() & PERMISSION_MASK;
    }

    private static LongSupplier compressedCount(InputStream in, ZipArchiveEntry entry) {
        if (in instanceof InputStreamStatistics statistics) {
            return statistics::getCompressedCount;
        }
        long stated = entry.getCompressedSize();
        return () -> stated;
    }

    // ---------------------------------------------------------------------------------------------- tar

    private Outcome expandTar(Source source, boolean gzipped, String prefix, int level) throws IOException {
        try (InputStream raw = source.stream()) {
            InputStream counted;
            String what;
            if (gzipped) {
                GzipCompressorInputStream gzip =
                        GzipCompressorInputStream.builder().setInputStream(raw).setDecompressConcatenated(true).get();
                counted = new Meter(gzip, gzip::getCompressedCount);
                what = "gzip stream";
            } else {
                counted = new Meter(raw, null);
                what = "tar";
            }
            // Closing the tar reader closes the meter and the gzip reader under it.
            try (TarArchiveInputStream tar = new TarArchiveInputStream(counted, true)) {
                return readTar(tar, new ArchiveState(prefix, -1), level, what);
            }
        }
    }

    private Outcome readTar(TarArchiveInputStream tar, ArchiveState state, int level, String what) {
        while (true) {
            TarArchiveEntry entry;
            String current = null;
            try {
                try {
                    entry = tar.getNextEntry();
                } catch (Stop stop) {
                    throw stop;
                } catch (IOException | RuntimeException e) {
                    if (state.seen == 0) {
                        return new Outcome(0, message(e), false);
                    }
                    ledger.skip(state.archivePath(),
                            "archive truncated or corrupt after " + state.seen + " entries: " + message(e));
                    return state.outcome(message(e), false);
                }
                if (entry == null) {
                    return state.outcome(null, false);
                }
                current = entry.getName();
                String path = admit(state, entry.getName(), entry.isDirectory(), tarRefusal(entry),
                        entry.getMode() & PERMISSION_MASK);
                if (path == null) {
                    continue;
                }
                if (Math.max(entry.getSize(), entry.getRealSize()) > limits.maxFileBytes()) {
                    ledger.skip(path, tooLarge());
                    continue;
                }
                byte[] bytes;
                try {
                    bytes = readEntry(state, tar, null, false);
                } catch (EntryRefused r) {
                    ledger.skip(path, r.getMessage());
                    continue;
                } catch (Stop stop) {
                    throw stop;
                } catch (IOException | RuntimeException e) {
                    ledger.skip(path, "truncated or corrupt entry: " + message(e) + "; later entries not read");
                    return state.outcome(message(e), false);
                }
                Outcome nested = store(state, path, bytes, entry.getMode() & PERMISSION_MASK, level);
                if (nested != null && nested.stopAll()) {
                    return state.outcome(null, true);
                }
            } catch (Stop stop) {
                String reason = stop.all ? stop.getMessage() : what + " " + stop.getMessage();
                ledger.skip(current == null ? state.archivePath() : state.label(current), reason);
                return state.outcome(null, stop.all);
            }
        }
    }

    /** Why a tar entry of this type is refused, or null for a regular file or directory. */
    private static String tarRefusal(TarArchiveEntry entry) {
        if (entry.isDirectory()) {
            return null;
        }
        if (entry.isSymbolicLink()) {
            return "symbolic link entry refused";
        }
        if (entry.isLink()) {
            return "hard link entry refused";
        }
        if (entry.isCharacterDevice()) {
            return "character device entry refused";
        }
        if (entry.isBlockDevice()) {
            return "block device entry refused";
        }
        if (entry.isFIFO()) {
            return "FIFO entry refused";
        }
        byte flag = entry.getLinkFlag();
        if (flag == TarConstants.LF_NORMAL || flag == TarConstants.LF_OLDNORM || flag == TarConstants.LF_CONTIG
                || flag == TarConstants.LF_GNUTYPE_SPARSE) {
            return null;
        }
        char shown = flag >= 0x20 && flag < 0x7F ? (char) flag : '?';
        return "unsupported tar entry type '" + shown + "' refused";
    }

    // ---------------------------------------------------------------------------------------------- shared

    /** Per-archive counts. {@code archiveSize} is -1 when the archive is a stream (its ratio is metered below). */
    private final class ArchiveState {
        final String prefix;
        final long archiveSize;
        int seen;
        long kept;

        ArchiveState(String prefix, long archiveSize) {
            this.prefix = prefix;
            this.archiveSize = archiveSize;
        }

        String archivePath() {
            return prefix.isEmpty() ? "" : prefix.substring(0, prefix.length() - 1);
        }

        /** How an entry is named in a skip record: its raw name under the archive's path. */
        String label(String rawName) {
            return prefix + TargetPaths.shown(rawName == null ? "" : rawName);
        }

        Outcome outcome(String problem, boolean stopAll) {
            return new Outcome(seen, problem, stopAll);
        }
    }

    /**
     * Counts an entry and checks its name and type. Directories are added at once. Returns the canonical path for a
     * file whose content may be read, or null (with the refusal recorded).
     */
    private String admit(ArchiveState state, String rawName, boolean directory, String typeRefusal, int mode) {
        state.seen++;
        if (++entries + filesUsedElsewhere.getAsInt() > limits.maxFiles()) {
            throw new Stop("more than " + limits.maxFiles() + " entries; this and later entries not read", true);
        }
        TargetPaths.EntryName name = TargetPaths.entryName(rawName);
        if (name.refused()) {
            ledger.skip(state.label(rawName), name.refusal());
            return null;
        }
        if (name.root()) {
            return null;
        }
        String path = state.prefix + name.path();
        if (TargetPaths.depth(path) > limits.maxDepth()) {
            ledger.skip(TargetPaths.shown(path), "entry nested deeper than " + limits.maxDepth() + " levels refused");
            return null;
        }
        if (typeRefusal != null) {
            ledger.skip(path, typeRefusal);
            return null;
        }
        if (directory || name.directory()) {
            String conflict = tree.directoryRefusal(path);
            if (conflict != null) {
                ledger.skip(path, conflict);
            } else {
                tree.putDirectory(path, mode);
            }
            return null;
        }
        String conflict = tree.fileRefusal(path);
        if (conflict != null) {
            ledger.skip(path, conflict);
            return null;
        }
        return path;
    }

    /**
     * Reads one entry's content within the limits. {@code compressed} (zip only) gives the compressed bytes consumed
     * so far, for the entry's ratio; {@code countProduced} is false when a {@link Meter} below already counts.
     */
    private byte[] readEntry(ArchiveState state, InputStream in, LongSupplier compressed, boolean countProduced)
            throws IOException {
        long[] entryBytes = {0};
        byte[] bytes = Bounded.readAtMost(in, limits.maxFileBytes(), n -> {
            entryBytes[0] += n;
            if (countProduced) {
                addProduced(n);
            }
            if (entryBytes[0] > limits.maxFileBytes()) {
                throw new EntryRefused(tooLarge());
            }
            if (compressed != null && entryBytes[0] > RATIO_GRACE_BYTES
                    && entryBytes[0] > (double) limits.maxExpansionRatio() * Math.max(1, compressed.getAsLong())) {
                throw new EntryRefused("expands more than " + limits.maxExpansionRatio()
                        + " times its compressed size; not read");
            }
        });
        if (state.archiveSize > 0) {
            long kept = state.kept + bytes.length;
            if (kept > RATIO_GRACE_BYTES && kept > (double) limits.maxExpansionRatio() * state.archiveSize) {
                throw new Stop("archive expands more than " + limits.maxExpansionRatio()
                        + " times its size; this and later entries not read", false);
            }
        }
        state.kept += bytes.length;
        return bytes;
    }

    private void addProduced(long n) {
        produced += n;
        if (bytesLeft() < 0) {
            throw new Stop("archives expand beyond " + limits.maxTotalBytes()
                    + " bytes in total; this and later entries not read", true);
        }
    }

    /**
     * Keeps a file, and opens it as a nested archive when it is one and the nesting limit allows: its entries go below
     * {@code path!/} ({@code outer.zip!/inner.tgz!/x} when the target holds outer.zip), within the same scan-wide
     * bounds, and the archive itself stays a file so that its headers are still read (an encrypted nested archive is
     * reported as one). Returns the nested archive's outcome, or null when the file was only kept.
     */
    private Outcome store(ArchiveState state, String path, byte[] bytes, int mode, int level) {
        tree.putFile(path, bytes, mode);
        return openNested(path, bytes, mode, level);
    }

    /**
     * Opens a file found at {@code level} archives deep (0: a file of a directory target) when it is an archive and
     * the nesting limit allows, into the directory {@code path!}. Returns null when it was not opened.
     */
    Outcome openNested(String path, byte[] bytes, int mode, int level) {
        int sniffed = Math.min(bytes.length, ArchiveFormat.SNIFF_BYTES);
        ArchiveFormat format = ArchiveFormat.detect(bytes, sniffed, path);
        boolean gzip = ArchiveFormat.isGzip(bytes, bytes.length);
        if (format == ArchiveFormat.NONE && !gzip) {
            return null;
        }
        if (level >= limits.maxArchiveNesting()) {
            ledger.skip(path, "nested archive not opened (more than " + limits.maxArchiveNesting()
                    + " archives deep)");
            return null;
        }
        if (format == ArchiveFormat.NONE) {
            ledger.skip(path, "gzip data without a tar archive; not opened");
            return null;
        }
        String inside = path + NESTED_MARK;
        String conflict = tree.directoryRefusal(inside);
        if (conflict != null) {
            ledger.skip(path, "nested archive not opened: " + conflict);
            return null;
        }
        tree.putDirectory(inside, mode);
        Outcome outcome = expand(bytes(bytes), format, inside + "/", level + 1);
        if (outcome.unopenable()) {
            tree.removeEmptyDirectory(inside);
            ledger.skip(path, "nested archive could not be opened: " + outcome.problem());
        }
        return outcome;
    }

    private String tooLarge() {
        return "larger than " + limits.maxFileBytes() + " bytes";
    }

    private static String message(Throwable e) {
        String m = e.getMessage();
        return TargetPaths.oneLine(m == null ? e.getClass().getSimpleName() : m);
    }

    /**
     * Counts the uncompressed tar stream as the tar reader pulls it, headers and skipped entries included (skipping
     * compressed data costs decompressing it), and stops a gzip stream whose output outgrows the ratio.
     */
    private final class Meter extends FilterInputStream {
        private final LongSupplier compressed;
        private long out;

        Meter(InputStream in, LongSupplier compressed) {
            super(in);
            this.compressed = compressed;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                account(1);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n > 0) {
                account(n);
            }
            return n;
        }

        /** Skipping reads through, so that what is skipped is bounded and counted like what is read. */
        @Override
        public long skip(long n) throws IOException {
            byte[] scratch = new byte[8192];
            long done = 0;
            while (done < n) {
                int r = read(scratch, 0, (int) Math.min(scratch.length, n - done));
                if (r < 0) {
                    break;
                }
                done += r;
            }
            return done;
        }

        private void account(int n) {
            out += n;
            addProduced(n);
            if (compressed != null && out > RATIO_GRACE_BYTES
                    && out > (double) limits.maxExpansionRatio() * Math.max(1, compressed.getAsLong())) {
                throw new Stop("expands more than " + limits.maxExpansionRatio()
                        + " times its compressed size; this and later entries not read", false);
            }
        }
    }

    /** One entry is refused; the archive goes on. */
    private static final class EntryRefused extends IOException {
        private static final long serialVersionUID = 1L;

        EntryRefused(String reason) {
            super(reason);
        }
    }

    /**
     * Expansion stops: this archive's ({@code all} false) or every archive's ({@code all} true). Unchecked so that it
     * passes through the archive readers unchanged when thrown from below them.
     */
    private static final class Stop extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final boolean all;

        Stop(String reason, boolean all) {
            super(reason, null, false, false);
            this.all = all;
        }
    }
}
