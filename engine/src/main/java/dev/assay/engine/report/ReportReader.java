package dev.assay.engine.report;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.engine.model.Report;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Reads a report written by {@link ReportWriters} in {@link ReportFormat#JSON} back into an equal {@link Report}.
 * The input is treated as untrusted: at most {@value ReportJson#MAX_DOCUMENT_BYTES} bytes, bounded nesting, string and
 * number lengths, no duplicate keys, no unknown fields, no type coercion. Every failure is a {@link ReportException}
 * whose message is one line naming what is wrong and where. The stream is read, not closed.
 */
public final class ReportReader {

    private static final int MAX_SHOWN = 200;
    private static final int MAX_SCORE_DIGITS = 64;

    private ReportReader() {
    }

    public static Report read(InputStream in) throws ReportException {
        Objects.requireNonNull(in, "in");
        JsonNode root = parse(new LimitedInputStream(in, ReportJson.MAX_DOCUMENT_BYTES));
        checkIsReport(root);
        addEmptyDetails(root);
        if (root.path("coverage") instanceof ObjectNode coverage && !coverage.has("recognition")) {
            // written only when an extractor reported what it recognised; absent reads as none
            coverage.putNull("recognition");
        }
        if (!root.has("triage")) {
            // written only when a baseline or suppressions were applied; absent reads as none
            ((com.fasterxml.jackson.databind.node.ObjectNode) root).putNull("triage");
        }
        try {
            Report report = ReportJson.MAPPER.treeToValue(root, Report.class);
            checkScore(report.score());
            return report;
        } catch (JsonMappingException e) {
            throw new ReportException("invalid report" + where(e) + ": " + describe(e, root), e);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new ReportException("invalid report: " + firstLine(e.getMessage()), e);
        }
    }

    private static JsonNode parse(InputStream in) throws ReportException {
        try {
            JsonNode root = ReportJson.MAPPER.readTree(in);
            if (root == null || root.isMissingNode()) {
                throw new ReportException("not an Assay report: the input is empty");
            }
            return root;
        } catch (TooLarge e) {
            throw new ReportException("report rejected: larger than " + (ReportJson.MAX_DOCUMENT_BYTES >> 20) + " MiB", e);
        } catch (StreamConstraintsException e) {
            String limit = firstLine(e.getOriginalMessage()).replaceAll(", from `[^`]*`", "");
            throw new ReportException("report rejected: it exceeds a reader limit (" + limit + ")", e);
        } catch (JsonParseException e) {
            throw new ReportException("not valid JSON" + at(e.getLocation()) + ": " + firstLine(e.getOriginalMessage()), e);
        } catch (JsonMappingException e) {
            // readTree maps only one problem this way: content after the end of the document.
            throw new ReportException("not valid JSON" + at(e.getLocation()) + ": more content after the end of the report", e);
        } catch (IOException e) {
            throw new ReportException("cannot read report: " + firstLine(e.getMessage()), e);
        }
    }

    /** Tells apart "some other JSON" and "a report of another schema" from a damaged report, before field-level checks. */
    private static void checkIsReport(JsonNode root) throws ReportException {
        if (!root.isObject()) {
            throw new ReportException("not an Assay report: expected a JSON object, found " + kind(root));
        }
        JsonNode schema = root.get("schemaVersion");
        if (schema == null) {
            if (root.has("runs") && root.has("version")) {
                throw new ReportException("not an Assay report: this is a SARIF log; read the report written with --format json");
            }
            throw new ReportException("not an Assay report: no schemaVersion field");
        }
        if (!schema.isTextual()) {
            throw new ReportException("not an Assay report: schemaVersion is " + kind(schema) + ", expected a string");
        }
        if (!Report.SCHEMA_VERSION.equals(schema.textValue())) {
            throw new ReportException("unsupported report schemaVersion '" + Plain.oneLine(schema.textValue(), 40)
                    + "' (this version of Assay reads " + Report.SCHEMA_VERSION + ")");
        }
        List<String> missing = new ArrayList<>();
        for (RecordComponent c : Report.class.getRecordComponents()) {
            // triage is present only when a baseline or suppressions were applied
            if (!root.has(c.getName()) && !"triage".equals(c.getName())) {
                missing.add(c.getName());
            }
        }
        if (!missing.isEmpty()) {
            throw new ReportException("invalid report: missing field" + (missing.size() == 1 ? " " : "s ") + String.join(", ", missing));
        }
    }

    /** Writers leave an empty {@code details} out of a finding; the model always has one. */
    private static void addEmptyDetails(JsonNode root) {
        for (String list : List.of("findings", "needsReview")) {
            for (JsonNode f : root.path(list)) {
                if (f instanceof ObjectNode o && !o.has("details")) {
                    o.putObject("details");
                }
            }
        }
    }

    /**
     * A number such as {@code 1e999999999} parses cheaply but would take gigabytes to print in plain notation; no score
     * comes near these bounds.
     */
    private static void checkScore(BigDecimal score) throws ReportException {
        if (score != null && (Math.abs(score.scale()) > MAX_SCORE_DIGITS || score.precision() > MAX_SCORE_DIGITS)) {
            throw new ReportException("invalid report at score: the number is out of range");
        }
    }

    private static String describe(JsonMappingException e, JsonNode root) {
        if (e instanceof UnrecognizedPropertyException) {
            return "unknown field '" + Plain.oneLine(((UnrecognizedPropertyException) e).getPropertyName(), 60) + "'";
        }
        if (e instanceof InvalidNullException) {
            return "null is not allowed here";
        }
        String missing = missingField(e);
        if (missing != null) {
            return "missing field '" + Plain.oneLine(missing, 60) + "'";
        }
        if (e instanceof MismatchedInputException && ((MismatchedInputException) e).getTargetType() != null) {
            JsonNode found = nodeAt(root, e.getPath());
            if (!found.isMissingNode()) {
                return "expected " + expected(((MismatchedInputException) e).getTargetType()) + ", found " + kind(found);
            }
        }
        String message = firstLine(e.getOriginalMessage());
        // Jackson names Java types in backticks; users know the JSON, so keep the part after "problem:" when present.
        int problem = message.indexOf("problem: ");
        return problem >= 0 ? message.substring(problem + "problem: ".length()) : message;
    }

    /**
     * The JSON path of a mapping error, such as {@code " at findings[2].severity"}, or "" at the top level. For an
     * unknown or missing field the path ends at the object holding it, since the message already names the field.
     */
    private static String where(JsonMappingException e) {
        StringBuilder path = new StringBuilder();
        List<JsonMappingException.Reference> refs = e.getPath();
        if ((e instanceof UnrecognizedPropertyException || missingField(e) != null) && !refs.isEmpty()) {
            refs = refs.subList(0, refs.size() - 1);
        }
        for (JsonMappingException.Reference ref : refs) {
            if (ref.getFieldName() != null) {
                if (path.length() > 0) {
                    path.append('.');
                }
                path.append(Plain.oneLine(ref.getFieldName(), 60));
            } else if (ref.getIndex() >= 0) {
                path.append('[').append(ref.getIndex()).append(']');
            }
        }
        return path.length() == 0 ? "" : " at " + path;
    }

    private static JsonNode nodeAt(JsonNode root, List<JsonMappingException.Reference> path) {
        JsonNode node = root;
        for (JsonMappingException.Reference ref : path) {
            node = ref.getFieldName() != null ? node.path(ref.getFieldName()) : node.path(ref.getIndex());
        }
        return node;
    }

    /** What a JSON value of this Java type looks like, in the words of the JSON document. */
    private static String expected(Class<?> type) {
        if (type == String.class) {
            return "a string";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type == int.class || type == Integer.class) {
            return "an integer";
        }
        if (Number.class.isAssignableFrom(type) || type.isPrimitive()) {
            return "a number";
        }
        if (java.util.Collection.class.isAssignableFrom(type)) {
            return "an array";
        }
        if (type.isEnum()) {
            return "one of " + String.join(", ", java.util.Arrays.stream(type.getEnumConstants())
                    .map(c -> c.toString().toLowerCase(java.util.Locale.ROOT)).toList());
        }
        return "an object";
    }

    /** The field a "missing creator property" error names, or null for any other error. */
    private static String missingField(JsonMappingException e) {
        String message = e.getOriginalMessage();
        if (message == null || !message.matches("(?s)Missing (required )?creator property '[^']*'.*")) {
            return null;
        }
        int start = message.indexOf('\'') + 1;
        return message.substring(start, message.indexOf('\'', start));
    }

    private static String at(JsonLocation location) {
        if (location == null || location.getLineNr() < 1) {
            return "";
        }
        return " at line " + location.getLineNr() + ", column " + location.getColumnNr();
    }

    private static String kind(JsonNode node) {
        switch (node.getNodeType()) {
            case ARRAY:
                return "an array";
            case OBJECT:
                return "an object";
            case STRING:
                return "a string";
            case NUMBER:
                return "a number";
            case BOOLEAN:
                return "a boolean";
            case NULL:
                return "null";
            default:
                return node.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** One safe line of an exception message: no line breaks, no control characters, bounded length. */
    private static String firstLine(String message) {
        if (message == null || message.isBlank()) {
            return "unknown error";
        }
        int end = message.indexOf('\n');
        return Plain.oneLine(end >= 0 ? message.substring(0, end) : message, MAX_SHOWN);
    }

    /** Signals that the input went past the size limit; a distinct type so it is never mistaken for an I/O failure. */
    private static final class TooLarge extends IOException {
        TooLarge() {
            super("report larger than the limit");
        }
    }

    /** Counts bytes and fails once more than {@code limit} have been read, whatever the parser's own limits do. */
    private static final class LimitedInputStream extends FilterInputStream {
        private final long limit;
        private long count;

        LimitedInputStream(InputStream in, long limit) {
            super(in);
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = super.skip(n);
            count(skipped);
            return skipped;
        }

        @Override
        public boolean markSupported() {
            return false;
        }

        @Override
        public void close() {
            // The caller owns the stream.
        }

        private void count(long n) throws TooLarge {
            count += n;
            if (count > limit) {
                throw new TooLarge();
            }
        }
    }
}
