package dev.assay.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.cli.Main;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.spark.sql.SparkSession;

/** Shared by the Spark tests: the session, real pack fixtures as components, and the command line to compare with. */
final class Fixtures {

    /** Components from the pack's own test cases: real skill and package layouts, malicious and benign. */
    static final List<String> CASES = List.of("clawhavoc-skill", "benign-npm-same-capabilities", "mcp-poisoned-server",
            "npm-decode-write-run", "python-stealer", "skill-does-more-than-declared");

    static final JsonMapper JSON = JsonMapper.builder().build();

    private Fixtures() {
    }

    /**
     * The job's own local-mode session ({@link ScanJob#builder}: no UI, a shuffle partition per core, interpreted row
     * conversions), so that every comparison with the command line runs on the settings the job runs with.
     */
    static SparkSession session() {
        JobOptions local;
        try {
            local = JobOptions.parse(new String[] {"summary", "unused", "--master", "local[2]"});
        } catch (JobException e) {
            throw new IllegalStateException(e);
        }
        return ScanJob.builder(local).appName("assay-spark tests")
                .config("spark.driver.host", "127.0.0.1").config("spark.task.maxFailures", "1")
                .getOrCreate();
    }

    static Path caseFolder(String name) {
        Path root = Path.of("..").toAbsolutePath().normalize();
        return root.resolve("rulepacks/skilltotal/1.2.0/tests/cases/" + name + "/target");
    }

    /** Zips a folder (regular files only, sorted) into {@code zip}. */
    static void zip(Path folder, Path zip) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(folder)) {
            files = s.filter(Files::isRegularFile).sorted().toList();
        }
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            for (Path f : files) {
                out.putNextEntry(new ZipEntry(folder.relativize(f).toString().replace('\\', '/')));
                out.write(Files.readAllBytes(f));
                out.closeEntry();
            }
        }
    }

    /** What {@code assay ARGS} writes on standard output; fails the test on a non-zero exit. */
    static String cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new ByteArrayInputStream(new byte[0]), out, err);
        if (code != 0 && code != 2) {
            throw new AssertionError("assay " + String.join(" ", args) + " exited " + code + ": "
                    + err.toString(StandardCharsets.UTF_8));
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** What {@code assay ARGS} writes on standard output, whatever its exit code (diff exits 1 when a target failed). */
    static String cliAnyExit(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Main.run(args, new ByteArrayInputStream(new byte[0]), out, new ByteArrayOutputStream());
        return out.toString(StandardCharsets.UTF_8);
    }

    /** A report JSON without its generatedAt, the one field that depends on when it was made. */
    static JsonNode withoutTime(String reportJson) throws IOException {
        JsonNode n = JSON.readTree(reportJson);
        ((ObjectNode) n).remove("generatedAt");
        return n;
    }

    static List<String> args(String... a) {
        return new ArrayList<>(List.of(a));
    }

    /** A zip whose one entry inflates from a few kilobytes to 64 MB (ratio far above the limit of 200). */
    static void bomb(Path zip) throws IOException {
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            out.putNextEntry(new ZipEntry("SKILL.md"));
            out.write("---\nname: bomb\n---\nA harmless skill.\n".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
            out.putNextEntry(new ZipEntry("zeros.txt"));
            byte[] block = new byte[1 << 20];
            for (int i = 0; i < 64; i++) {
                out.write(block);
            }
            out.closeEntry();
        }
    }

    /** A zip with an entry that climbs out of the archive, beside a harmless skill file. */
    static void traversal(Path zip) throws IOException {
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(zip))) {
            out.putNextEntry(new ZipEntry("SKILL.md"));
            out.write("---\nname: climber\n---\nA harmless skill.\n".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
            out.putNextEntry(new ZipEntry("../../outside.sh"));
            out.write("echo harmless\n".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
    }

    static void write(Path file, String text) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }
}
