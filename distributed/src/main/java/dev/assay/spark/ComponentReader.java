package dev.assay.spark;

import dev.assay.engine.Extraction;
import dev.assay.engine.ScanException;
import dev.assay.engine.Scanner;
import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.TargetSource;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.InvalidPathException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * Reads one component on an executor, through Hadoop's FileSystem, and extracts it once for the given scanners.
 * <ul>
 * <li>an archive (any regular file) is read as bytes, at most {@code maxTotalBytes} of them, and expanded in memory by
 * the engine ({@link TargetSource.Archive}); nothing is unpacked to disk;</li>
 * <li>a folder on the local file system is scanned as the command line scans it (no link followed, files read when an
 * extractor asks);</li>
 * <li>a folder on any other file system is listed (at most {@code maxFiles} files, {@code maxDepth} levels) and handed
 * to the engine as a tree of streams ({@link TargetSource.Tree}), read within the same bounds.</li>
 * </ul>
 * The component's path as listed is the report's {@code target.path}.
 */
final class ComponentReader {

    private ComponentReader() {
    }

    static Extraction extract(Component component, List<Scanner> scanners, Limits limits, Configuration conf)
            throws ScanException {
        String display = component.path();
        Path path;
        FileSystem fs;
        FileStatus status;
        try {
            path = new Path(display);
            fs = path.getFileSystem(conf);
            status = fs.getFileStatus(path);
        } catch (FileNotFoundException e) {
            throw new ScanException("no such file or directory: " + display);
        } catch (IOException | IllegalArgumentException e) {
            throw new ScanException("cannot open " + display + ": " + oneLine(e));
        }
        if (status.isDirectory()) {
            if (isLocal(fs)) {
                return Scanner.extract(localPath(path, display), scanners);
            }
            return Scanner.extract(new TargetSource.Tree(display, tree(fs, path, limits)), scanners);
        }
        if (status.getLen() > limits.maxTotalBytes()) {
            throw new ScanException("cannot open " + display + ": " + status.getLen() + " bytes, more than the scan byte limit of "
                    + limits.maxTotalBytes());
        }
        byte[] bytes;
        try (InputStream in = fs.open(path)) {
            bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, limits.maxTotalBytes() + 1));
        } catch (IOException e) {
            throw new ScanException("cannot read " + display + ": " + oneLine(e));
        }
        if (bytes.length > limits.maxTotalBytes()) {
            throw new ScanException("cannot open " + display + ": more than the scan byte limit of " + limits.maxTotalBytes()
                    + " bytes");
        }
        return Scanner.extract(new TargetSource.Archive(display, path.getName(), bytes), scanners);
    }

    private static boolean isLocal(FileSystem fs) {
        return fs instanceof LocalFileSystem || fs instanceof RawLocalFileSystem;
    }

    /** The local path as the user wrote it when it has no scheme, so that the report names it as the CLI would. */
    private static java.nio.file.Path localPath(Path path, String display) throws ScanException {
        try {
            URI uri = path.toUri();
            return uri.getScheme() == null ? java.nio.file.Path.of(display) : java.nio.file.Path.of(uri.getPath());
        } catch (InvalidPathException e) {
            throw new ScanException("invalid path: " + display);
        }
    }

    /** The files below a remote folder, as a tree of streams; listing stops at the file bound (the rest is cut). */
    private static List<TargetSource.TreeFile> tree(FileSystem fs, Path root, Limits limits) throws ScanException {
        List<TargetSource.TreeFile> files = new ArrayList<>();
        String prefix = fs.makeQualified(root).toUri().getPath();
        if (!prefix.endsWith("/")) {
            prefix += "/";
        }
        try {
            RemoteIterator<LocatedFileStatus> it = fs.listFiles(root, true);
            // One more than the bound, so that the loader records that the limit was reached.
            while (it.hasNext() && files.size() <= limits.maxFiles()) {
                LocatedFileStatus f = it.next();
                if (!f.isFile()) {
                    continue;
                }
                String full = f.getPath().toUri().getPath();
                if (!full.startsWith(prefix)) {
                    continue;
                }
                Path p = f.getPath();
                int mode = f.getPermission() == null ? -1 : (0100000 | f.getPermission().toShort());
                files.add(new TargetSource.TreeFile(full.substring(prefix.length()), f.getLen(), mode, () -> fs.open(p)));
            }
        } catch (IOException e) {
            throw new ScanException("cannot list " + root + ": " + oneLine(e));
        }
        return files;
    }

    static String oneLine(Throwable e) {
        String m = e.getMessage();
        if (m == null || m.isBlank()) {
            return e.getClass().getSimpleName();
        }
        return m.lines().findFirst().orElse("").strip();
    }
}
