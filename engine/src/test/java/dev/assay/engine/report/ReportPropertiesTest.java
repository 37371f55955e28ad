package dev.assay.engine.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.model.Attestation;
import dev.assay.engine.model.Coverage;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.model.Severity;
import dev.assay.engine.model.TargetInfo;
import dev.assay.engine.spi.SkippedFile;
import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Builders;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Properties over generated reports full of awkward text: round trips, stability and output safety. */
class ReportPropertiesTest {

    @Property(tries = 150)
    void jsonRoundTripGivesAnEqualReportAndTheSameBytes(@ForAll("reports") Report report) throws ReportException {
        String json = ReportWriters.render(report, ReportFormat.JSON);
        Report back = ReportReader.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)));
        assertEquals(report, back);
        assertEquals(json, ReportWriters.render(back, ReportFormat.JSON));
    }

    @Property(tries = 150)
    void humanFormatsCarryNoControlCharacters(@ForAll("reports") Report report) {
        for (ReportFormat format : List.of(ReportFormat.TEXT, ReportFormat.MARKDOWN)) {
            String out = ReportWriters.render(report, format);
            assertTrue(out.endsWith("\n"));
            out.codePoints().forEach(cp -> assertTrue(cp == '\n' || !Plain.isUnsafe(cp),
                    () -> format + " output holds U+" + Integer.toHexString(cp)));
        }
    }

    @Property(tries = 150)
    void textLinesFitTheTerminal(@ForAll("reports") Report report) {
        for (String line : ReportWriters.render(report, ReportFormat.TEXT).split("\n")) {
            assertTrue(Plain.length(line) <= TextReport.WIDTH, () -> "too wide: " + line);
        }
    }

    @Property(tries = 150)
    void markdownTableRowsKeepTheirColumns(@ForAll("reports") Report report) {
        String markdown = ReportWriters.render(report, ReportFormat.MARKDOWN);
        int expected = -1;
        for (String line : markdown.split("\n")) {
            if (!line.startsWith("|")) {
                expected = -1;
                continue;
            }
            long pipes = line.chars().filter(c -> c == '|').count();
            if (expected < 0) {
                expected = (int) pipes;
            }
            assertEquals(expected, pipes, () -> "row breaks its table: " + line);
        }
    }

    @Provide
    Arbitrary<Report> reports() {
        Arbitrary<String> nullable = text().injectNull(0.1);
        Arbitrary<BigDecimal> score = Combinators.combine(Arbitraries.longs().between(-1_000_000_000L, 1_000_000_000L),
                Arbitraries.integers().between(0, 4)).as(BigDecimal::valueOf).injectNull(0.05);
        Arbitrary<Map<String, Integer>> counts = Arbitraries.maps(
                Arbitraries.oneOf(Arbitraries.of("critical", "high", "medium", "low", "info"), text()),
                Arbitraries.integers().between(0, 500)).ofMaxSize(7);
        Arbitrary<Coverage> coverage = Combinators.combine(Arbitraries.integers().between(0, 100_000),
                Combinators.combine(text(), text()).as(SkippedFile::new).list().ofMaxSize(25)).as(Coverage::new);
        Arbitrary<TargetInfo> target = Combinators.combine(nullable, nullable, nullable).as(TargetInfo::new);
        Arbitrary<Attestation> attestation = Combinators.combine(Arbitraries.of(true, false), text().list().ofMaxSize(3))
                .as(Attestation::new);
        return Builders.withBuilder(() -> new Object[20])
                .use(nullable).in((a, v) -> set(a, 1, v))
                .use(nullable).in((a, v) -> set(a, 2, v))
                .use(nullable).in((a, v) -> set(a, 3, v))
                .use(Arbitraries.integers().between(0, 99)).in((a, v) -> set(a, 4, v))
                .use(nullable).in((a, v) -> set(a, 5, v))
                .use(nullable).in((a, v) -> set(a, 6, v))
                .use(nullable).in((a, v) -> set(a, 7, v))
                .use(nullable).in((a, v) -> set(a, 8, v))
                .use(target).in((a, v) -> set(a, 9, v))
                .use(score).in((a, v) -> set(a, 10, v))
                .use(nullable).in((a, v) -> set(a, 11, v))
                .use(attestation).in((a, v) -> set(a, 12, v))
                .use(nullable).in((a, v) -> set(a, 13, v))
                .use(counts).in((a, v) -> set(a, 14, v))
                .use(finding(Finding.ACTIVE).list().ofMaxSize(5)).in((a, v) -> set(a, 15, v))
                .use(finding(Finding.NEEDS_REVIEW).list().ofMaxSize(3)).in((a, v) -> set(a, 16, v))
                .use(text().list().ofMaxSize(3)).in((a, v) -> set(a, 17, v))
                .use(coverage).in((a, v) -> set(a, 18, v))
                .use(nullable).in((a, v) -> set(a, 19, v))
                .build(ReportPropertiesTest::toReport);
    }

    @SuppressWarnings("unchecked")
    private static Report toReport(Object[] a) {
        return new Report(Report.SCHEMA_VERSION, (String) a[1], (String) a[2], (String) a[3], (Integer) a[4],
                (String) a[5], (String) a[6], (String) a[7], (String) a[8], (TargetInfo) a[9], (BigDecimal) a[10],
                (String) a[11], (Attestation) a[12], (String) a[13], (Map<String, Integer>) a[14], (List<Finding>) a[15],
                (List<Finding>) a[16], (List<String>) a[17], (Coverage) a[18], (String) a[19]);
    }

    private static Object[] set(Object[] a, int i, Object v) {
        a[i] = v;
        return a;
    }

    private static Arbitrary<Finding> finding(String status) {
        Arbitrary<Evidence> evidence = Combinators.combine(text(), Arbitraries.integers().between(0, 5000),
                Arbitraries.integers().between(0, 5000), text()).as(Evidence::new);
        return Builders.withBuilder(() -> new Object[13])
                .use(text()).in((a, v) -> set(a, 0, v))
                .use(text()).in((a, v) -> set(a, 1, v))
                .use(Arbitraries.of(Severity.class)).in((a, v) -> set(a, 2, v))
                .use(text()).in((a, v) -> set(a, 3, v))
                .use(text()).in((a, v) -> set(a, 4, v))
                .use(text()).in((a, v) -> set(a, 5, v))
                .use(text().list().ofMaxSize(3)).in((a, v) -> set(a, 6, v))
                .use(text()).in((a, v) -> set(a, 7, v))
                .use(text()).in((a, v) -> set(a, 8, v))
                .use(text()).in((a, v) -> set(a, 9, v))
                .use(evidence.list().ofMaxSize(3)).in((a, v) -> set(a, 11, v))
                .use(text()).in((a, v) -> set(a, 12, v))
                .build(a -> toFinding(a, status));
    }

    @SuppressWarnings("unchecked")
    private static Finding toFinding(Object[] a, String status) {
        return new Finding((String) a[0], (String) a[1], (Severity) a[2], (String) a[3], (String) a[4], (String) a[5],
                (List<String>) a[6], (String) a[7], (String) a[8], (String) a[9], status, (List<Evidence>) a[11],
                (String) a[12]);
    }

    /** Text with the characters that break writers: controls, ESC sequences, markup, quotes, non-BMP, bidi overrides. */
    private static Arbitrary<String> text() {
        Arbitrary<String> plain = Arbitraries.strings()
                .withCharRange(' ', '~')
                .withCharRange('\u0000', '\u001f')
                .withCharRange('\u007f', '\u00ff')
                .withCharRange('\u0400', '\u04ff')
                .withChars('\u2028', '\u2029', '\u202e', '\u200b', '\ufeff', '日', '本')
                .ofMaxLength(40);
        Arbitrary<String> nasty = Arbitraries.of("", "😀", "\u001b[31m", "\u001b]0;title\u0007", "|", "`", "<b>", "&amp;",
                "[x](https://example.invalid)", "\\", "\"", "\r\n", "a".repeat(150), "word ".repeat(40));
        return Combinators.combine(plain, nasty, plain).as((x, y, z) -> x + y + z);
    }
}
