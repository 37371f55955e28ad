package dev.assay.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.assay.engine.model.Report;
import dev.assay.engine.report.ReportException;
import dev.assay.engine.report.ReportReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads the JSON report a verb is given: a file, or standard input for {@code -}. Besides a plain report it accepts
 * what {@code assay rescore --format json} writes when it changes the formula (the comparison with the rescored report
 * under {@code report}), so that output can be fed back in. Sizes are bounded before anything is parsed.
 */
final class ReportInput {

    /** What {@code REPORT} is when the report comes from standard input. */
    static final String STDIN = "-";

    /** The largest input read; reports are far smaller, and the report reader has the same bound. */
    static final int MAX_BYTES = 64 << 20;

    private static final JsonMapper TREE = JsonMapper.builder(JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64).maxDocumentLength(MAX_BYTES)
                    .maxNumberLength(100).build())
            .build()).build();

    private ReportInput() {
    }

    static Report read(String name, InputStream stdin) throws UserError {
        if (STDIN.equals(name)) {
            return parse(bytes(stdin, "standard input"), "standard input");
        }
        Path path;
        try {
            path = Path.of(name);
        } catch (InvalidPathException e) {
            throw new UserError("invalid report path " + Messages.quoted(name), e);
        }
        if (Files.isDirectory(path)) {
            throw new UserError("cannot read report " + Messages.quoted(name) + ": it is a folder");
        }
        try (InputStream in = Files.newInputStream(path)) {
            return parse(bytes(in, Messages.quoted(name)), Messages.quoted(name));
        } catch (NoSuchFileException e) {
            throw new UserError("report not found: " + Messages.quoted(name), e);
        } catch (IOException e) {
            throw new UserError("cannot read report " + Messages.quoted(name) + ": " + OutputOptions.reason(e), e);
        }
    }

    private static byte[] bytes(InputStream in, String shown) throws UserError {
        try {
            byte[] b = in.readNBytes(MAX_BYTES + 1);
            if (b.length > MAX_BYTES) {
                throw new UserError(shown + ": report rejected: larger than " + (MAX_BYTES >> 20) + " MiB");
            }
            return b;
        } catch (IOException e) {
            throw new UserError("cannot read " + shown + ": " + OutputOptions.reason(e), e);
        }
    }

    static Report parse(byte[] bytes, String shown) throws UserError {
        try {
            return ReportReader.read(new ByteArrayInputStream(bytes));
        } catch (ReportException e) {
            byte[] inner = rescoredReport(bytes);
            if (inner == null) {
                throw new UserError(shown + ": " + e.getMessage(), e);
            }
            try {
                return ReportReader.read(new ByteArrayInputStream(inner));
            } catch (ReportException e2) {
                throw new UserError(shown + ": the rescored report in it: " + e2.getMessage(), e2);
            }
        }
    }

    /** The {@code report} of a rescore comparison document, or null when the input is not one. */
    private static byte[] rescoredReport(byte[] bytes) {
        try {
            JsonNode root = TREE.readTree(bytes);
            if (root != null && root.isObject() && root.size() == 2 && root.path("rescore").isObject()
                    && root.path("report").isObject()) {
                return TREE.writeValueAsBytes(root.get("report"));
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }
}
