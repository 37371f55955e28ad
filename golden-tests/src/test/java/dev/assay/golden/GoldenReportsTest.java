package dev.assay.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.assay.engine.Rescorer;
import dev.assay.engine.Scanner;
import dev.assay.engine.formula.FormulaRegistry;
import dev.assay.engine.model.Report;
import dev.assay.engine.report.ReportFormat;
import dev.assay.engine.report.ReportReader;
import dev.assay.engine.report.ReportWriters;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * End-to-end: each case under {@code cases/<name>/case.yaml} names a target (relative to the repository root), a
 * scorer or pack, file modes, and the formats to compare with {@code expected.<format>} beside it. The target is copied
 * to {@code target/golden/<name>} with owner-only modes (git keeps no modes) so reports do not depend on the checkout.
 * A missing or different baseline fails; {@code -Dassay.updateGolden=true} rewrites them, on purpose only.
 */
class GoldenReportsTest {

    private static final Path MODULE = Path.of("").toAbsolutePath();
    private static final Path REPO = MODULE.getParent();
    private static final Clock FIXED = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);
    private static final boolean UPDATE = Boolean.getBoolean("assay.updateGolden");

    @TestFactory
    Stream<DynamicTest> goldenReports() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        try (Stream<Path> s = Files.list(MODULE.resolve("cases"))) {
            for (Path dir : s.sorted().toList()) {
                tests.add(DynamicTest.dynamicTest(dir.getFileName().toString(), () -> run(dir)));
            }
        }
        return tests.stream();
    }

    private void run(Path dir) throws Exception {
        JsonNode c = new ObjectMapper(new YAMLFactory()).readTree(dir.resolve("case.yaml").toFile());
        String name = dir.getFileName().toString();
        Path source = REPO.resolve(c.path("target").asText());
        Path copy = Path.of("target", "golden", name);
        materialise(Files.isDirectory(source) ? source : source.getParent(), copy, c.path("modes"),
                Files.isDirectory(source) ? null : source.getFileName().toString());
        if (!Files.isDirectory(source)) {
            copy = copy.resolve(source.getFileName().toString());
        }
        Scanner.Builder b = Scanner.builder().clock(FIXED);
        if (c.has("scorer")) {
            b.scorer(c.get("scorer").asText());
        }
        if (c.has("pack")) {
            b.pack(c.get("pack").asText());
        }
        Report report = b.build().scan(copy);
        List<String> problems = new ArrayList<>();
        for (JsonNode f : c.path("formats")) {
            ReportFormat format = ReportFormat.parse(f.asText());
            String actual = ReportWriters.render(report, format);
            Path expected = dir.resolve("expected." + (format == ReportFormat.TEXT ? "txt" : format == ReportFormat.MARKDOWN ? "md" : f.asText()));
            if (UPDATE) {
                Files.writeString(expected, actual, StandardCharsets.UTF_8);
            } else if (!Files.exists(expected)) {
                problems.add(expected + " is missing: run mvn -pl golden-tests -am verify -Dassay.updateGolden=true and review the new file");
            } else if (!Files.readString(expected, StandardCharsets.UTF_8).equals(actual)) {
                problems.add(expected + " differs from the report produced now; if the change is intended, regenerate with -Dassay.updateGolden=true and review the diff");
            }
        }
        // The report alone gives the same score again.
        String json = ReportWriters.render(report, ReportFormat.JSON);
        Report read = ReportReader.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
        Report again = Rescorer.rescore(read, FormulaRegistry.shipped().resolve(read.formula() + "@" + read.formulaVersion()));
        assertEquals(0, report.score().compareTo(again.score()), "rescore from the report");
        assertEquals(json, ReportWriters.render(again, ReportFormat.JSON), "rescoring with the named formula changes nothing");
        // Two scans of the same input give byte-identical reports.
        Report second = b.build().scan(copy);
        assertEquals(json, ReportWriters.render(second, ReportFormat.JSON), "reports must be byte-stable");
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems));
        }
    }

    /** Copies {@code src} (or only its file {@code onlyFile}) to {@code dst} with owner-only modes, then the case's modes. */
    private static void materialise(Path src, Path dst, JsonNode modes, String onlyFile) throws IOException {
        if (Files.exists(dst)) {
            try (Stream<Path> w = Files.walk(dst)) {
                for (Path p : w.sorted((a, x) -> x.compareTo(a)).toList()) {
                    Files.delete(p);
                }
            }
        }
        try (Stream<Path> walk = Files.walk(src)) {
            for (Path p : walk.sorted().toList()) {
                if (onlyFile != null && !p.equals(src) && !p.equals(src.resolve(onlyFile))) {
                    continue;
                }
                Path t = dst.resolve(src.relativize(p).toString().replace("dot-git", ".git")); // git cannot hold .git
                if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(t);
                    Files.setPosixFilePermissions(t, PosixFilePermissions.fromString("rwx------"));
                } else {
                    Files.copy(p, t);
                    Files.setPosixFilePermissions(t, PosixFilePermissions.fromString("rw-------"));
                }
            }
        }
        for (var m : modes.properties()) {
            int mode = Integer.parseInt(m.getValue().asText(), 8);
            StringBuilder perm = new StringBuilder();
            for (int i = 0; i < 9; i++) {
                perm.append((mode & (1 << (8 - i))) != 0 ? "rwxrwxrwx".charAt(i) : '-');
            }
            Files.setPosixFilePermissions(dst.resolve(m.getKey()), PosixFilePermissions.fromString(perm.toString()));
        }
    }
}
