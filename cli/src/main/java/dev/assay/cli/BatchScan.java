package dev.assay.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.engine.Scanner;
import dev.assay.engine.batch.BatchScanner;
import dev.assay.engine.model.Report;
import dev.assay.engine.report.ReportFormat;
import dev.assay.engine.report.ReportWriters;
import dev.assay.html.HtmlReport;
import dev.assay.html.IndexEntry;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code assay scan T1 T2 …}: many targets in one process with one compiled pack. Without {@code --output-dir} every
 * result is one line of JSON on standard output (the report, or {@code {"target", "error"}}), in the order the targets
 * were given. With it, each report is written to its own file there and standard output gets one line per target
 * naming the file. A target that cannot be scanned is an error entry, never the end of the batch.
 *
 * <p>Exit code: 1 when any target could not be scanned, otherwise 2 when any report trips a gate, otherwise 0.
 */
final class BatchScan {

    /** The batch index page's name in --output-dir (with --format html); no target's page can take it. */
    static final String INDEX = "index.html";

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private final Scanner scanner;
    private final ReportFormat format;
    private final Path outputDir;
    private final GateOptions gates;
    private final TriageOptions triage;
    /** With --format html and --output-dir: the rows of index.html, in target order. */
    private final List<IndexEntry> index = new ArrayList<>();
    private final PrintWriter out;
    private final PrintWriter err;
    private final Set<String> usedNames = new HashSet<>();
    private int errors;
    private int gated;

    BatchScan(Scanner scanner, ReportFormat format, Path outputDir, GateOptions gates, TriageOptions triage,
            PrintWriter out, PrintWriter err) {
        this.triage = triage;
        this.scanner = scanner;
        this.format = format;
        this.outputDir = outputDir;
        this.gates = gates;
        this.out = out;
        this.err = err;
    }

    /** Checks (and creates) the output folder before any scan runs. */
    static Path prepareOutputDir(String dir) throws UserError {
        Path p;
        try {
            p = Path.of(dir);
        } catch (InvalidPathException e) {
            throw new UserError("invalid output folder " + Messages.quoted(dir), e);
        }
        if (Files.exists(p) && !Files.isDirectory(p)) {
            throw new UserError("cannot write to " + Messages.quoted(dir) + ": it is not a folder");
        }
        try {
            Files.createDirectories(p);
        } catch (IOException e) {
            throw new UserError("cannot create " + Messages.quoted(dir) + ": " + OutputOptions.reason(e), e);
        }
        return p;
    }

    int run(List<Path> targets, int jobs) throws UserError {
        Progress progress = Progress.forStderr(err, "scanned");
        try {
            new BatchScanner(scanner, jobs).scan(targets, this::emit, progress);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted", e);
        } catch (UncheckedIOException e) {
            throw new UserError("cannot write a report: " + OutputOptions.reason(e.getCause()), e);
        } finally {
            progress.finish();
        }
        if (outputDir != null && format == ReportFormat.HTML) {
            Path file = outputDir.resolve(INDEX);
            try {
                AtomicFile.write(file, HtmlReport.index(index).getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UserError("cannot write " + Messages.quoted(file.toString()) + ": " + OutputOptions.reason(e), e);
            }
        }
        out.flush();
        if (out.checkError()) {
            throw new UserError("cannot write to standard output");
        }
        if (errors > 0) {
            Main.printError(err, errors + " of " + targets.size() + (targets.size() == 1 ? " target" : " targets")
                    + " could not be scanned");
            return ExitCode.ERROR;
        }
        return gated > 0 ? ExitCode.GATE : ExitCode.OK;
    }

    private void emit(BatchScanner.Result r) {
        String shown = r.target().toString();
        if (!r.ok()) {
            errors++;
            Main.printError(err, Messages.oneLine(shown) + ": " + r.error());
            ObjectNode line = JSON.createObjectNode();
            line.put("target", shown);
            line.put("error", r.error());
            println(line);
            if (format == ReportFormat.HTML) {
                index.add(IndexEntry.failed(shown, r.error()));
            }
            return;
        }
        Report report = triage.apply(r.report(), scanner.formula());
        List<String> tripped = gates.tripped(report);
        if (!tripped.isEmpty()) {
            gated++;
            Main.printError(err, "gate tripped: " + Messages.oneLine(shown) + ": " + String.join("; ", tripped));
        }
        if (outputDir == null) {
            out.println(ReportWriters.jsonLine(report));
            out.flush();
            return;
        }
        Path file = outputDir.resolve(fileName(r.target()));
        try {
            AtomicFile.write(file, Formats.render(report, format).getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (format == ReportFormat.HTML) {
            index.add(IndexEntry.scanned(shown, file.getFileName().toString(), report));
        }
        ObjectNode line = JSON.createObjectNode();
        line.put("target", shown);
        line.put("file", file.toString());
        line.put("score", report.score());
        line.put("level", report.level());
        line.set("gates", JSON.valueToTree(tripped));
        println(line);
    }

    private void println(ObjectNode line) {
        try {
            out.println(JSON.writeValueAsString(line));
            out.flush();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A file name for a target's report: its last path element made safe (letters, digits, '.', '_', '-'; never hidden),
     * the extension of the format, and "-2", "-3" … when two targets share a name. Names depend only on the targets and
     * their order.
     */
    String fileName(Path target) {
        Path name = target.toAbsolutePath().normalize().getFileName();
        String base = name == null ? "root" : name.toString();
        StringBuilder safe = new StringBuilder();
        base.codePoints().limit(80).forEach(cp -> safe.append(cp < 128 && (Character.isLetterOrDigit(cp) || cp == '.'
                || cp == '_' || cp == '-') ? (char) cp : '_'));
        String stem = safe.toString().replaceAll("^[.]+", "_");
        if (stem.isEmpty()) {
            stem = "target";
        }
        String ext = switch (format) {
            case JSON -> ".json";
            case SARIF -> ".sarif";
            case MARKDOWN -> ".md";
            case TEXT -> ".txt";
            case HTML -> ".html";
        };
        if (format == ReportFormat.HTML) {
            usedNames.add(INDEX);
        }
        String candidate = stem + ext;
        for (int i = 2; !usedNames.add(candidate.toLowerCase(Locale.ROOT)); i++) {
            candidate = stem + "-" + i + ext;
        }
        return candidate;
    }

    static List<Path> paths(List<String> targets) throws UserError {
        List<Path> out = new ArrayList<>();
        for (String t : targets) {
            try {
                out.add(Path.of(t));
            } catch (InvalidPathException e) {
                throw new UserError("invalid target path " + Messages.quoted(t), e);
            }
        }
        return out;
    }
}
