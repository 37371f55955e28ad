package dev.assay.engine.report;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.databind.type.LogicalType;
import dev.assay.engine.model.Attestation;
import dev.assay.engine.model.Coverage;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Report;
import dev.assay.engine.model.Severity;
import dev.assay.engine.model.TargetInfo;
import dev.assay.engine.spi.SkippedFile;
import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.util.Map;

/**
 * The one Jackson configuration for report JSON, shared by the JSON and SARIF writers and by {@link ReportReader}:
 * record fields in a pinned order, 2-space indent with '\n', plain BigDecimals, no auto-closing of the caller's
 * streams, and on the reading side bounded, strict parsing (no duplicate keys, no unknown fields, no silent coercion).
 */
final class ReportJson {

    /** The largest report document {@link ReportReader} accepts. */
    static final long MAX_DOCUMENT_BYTES = 64L * 1024 * 1024;

    static final JsonMapper MAPPER = buildMapper();
    private static final ObjectWriter PRETTY = MAPPER.writer(prettyPrinter());
    private static final ObjectWriter LINE = lineMapper().writer();

    private ReportJson() {
    }

    /** Writes {@code value} as pretty JSON followed by one '\n'; the writer is flushed, not closed. */
    static void writePretty(Object value, Writer out) throws IOException {
        PRETTY.writeValue(out, value);
        out.write('\n');
        out.flush();
    }

    /** {@code value} as one line of JSON, decimals as {@link #lineMapper} writes them. */
    static String writeLine(Object value) throws IOException {
        return LINE.writeValueAsString(value);
    }

    /**
     * The report mapper for one-line JSON. Decimals lose their trailing zeros ("12.50" as 12.5, "10.0" as 10), as they
     * did when the line was made by reading the pretty JSON into a Jackson tree (which strips them by default) and
     * writing it compactly: the line stays byte for byte what it was, without the text and tree built in between.
     */
    private static JsonMapper lineMapper() {
        JsonMapper line = MAPPER.copy();
        line.registerModule(new SimpleModule("report-line").addSerializer(BigDecimal.class,
                new StdSerializer<>(BigDecimal.class) {
                    @Override
                    public void serialize(BigDecimal value, JsonGenerator gen, SerializerProvider provider)
                            throws IOException {
                        gen.writeNumber(value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros());
                    }
                }));
        return line;
    }

    private static DefaultPrettyPrinter prettyPrinter() {
        DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
        Separators separators = Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("")
                .withArrayEmptySeparator("");
        return new DefaultPrettyPrinter(separators).withObjectIndenter(indenter).withArrayIndenter(indenter);
    }

    private static JsonMapper buildMapper() {
        StreamReadConstraints limits = StreamReadConstraints.builder()
                .maxDocumentLength(MAX_DOCUMENT_BYTES)
                .maxTokenCount(MAX_DOCUMENT_BYTES / 2)
                .maxNestingDepth(64)
                .maxStringLength(8 * 1024 * 1024)
                .maxNameLength(1024)
                .maxNumberLength(100)
                .build();
        JsonFactory factory = JsonFactory.builder()
                .streamReadConstraints(limits)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
                .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
                .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
                .build();
        JsonSetter.Value nullsFail = JsonSetter.Value.construct(Nulls.FAIL, Nulls.FAIL);
        JsonMapper mapper = JsonMapper.builder(factory)
                .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
                .addMixIn(Report.class, ReportMixIn.class)
                .addMixIn(TargetInfo.class, TargetInfoMixIn.class)
                .addMixIn(Attestation.class, AttestationMixIn.class)
                .addMixIn(Evidence.class, EvidenceMixIn.class)
                .addMixIn(Coverage.class, CoverageMixIn.class)
                .addMixIn(SkippedFile.class, SkippedFileMixIn.class)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                // Lists, maps, nested records and severities are never null in a report; their constructors would fail
                // with a bare NullPointerException, so reject the null early with a path instead.
                .withConfigOverride(java.util.List.class, o -> o.setSetterInfo(nullsFail))
                .withConfigOverride(Map.class, o -> o.setSetterInfo(nullsFail))
                .withConfigOverride(TargetInfo.class, o -> o.setSetterInfo(nullsFail))
                .withConfigOverride(Attestation.class, o -> o.setSetterInfo(nullsFail))
                .withConfigOverride(Coverage.class, o -> o.setSetterInfo(nullsFail))
                .withConfigOverride(Severity.class, o -> o.setSetterInfo(nullsFail))
                .build();
        // Text fields stay text: a number or boolean where a string belongs is an error, not a silent conversion.
        mapper.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        return mapper;
    }

    // Mix-ins pin the field order of the records that carry no @JsonPropertyOrder themselves, so the output never
    // depends on how a JDK or Jackson version happens to list record components.

    abstract static class ReportMixIn {
        @JsonSerialize(using = CountsSerializer.class)
        abstract Map<String, Integer> counts();
    }

    @JsonPropertyOrder({"path", "kind", "digest"})
    abstract static class TargetInfoMixIn {
    }

    @JsonPropertyOrder({"eligible", "reasons"})
    abstract static class AttestationMixIn {
    }

    @JsonPropertyOrder({"file", "lineStart", "lineEnd", "snippet"})
    abstract static class EvidenceMixIn {
    }

    @JsonPropertyOrder({"filesIndexed", "filesSkipped", "recognition"})
    abstract static class CoverageMixIn {
    }

    @JsonPropertyOrder({"file", "reason"})
    abstract static class SkippedFileMixIn {
    }

    /**
     * Writes the per-severity counts most severe first whatever map the producer passed in (a {@code Map.of} iterates in
     * a per-JVM order); keys that are not severities follow in string order.
     */
    static final class CountsSerializer extends StdSerializer<Map<String, Integer>> {

        @SuppressWarnings({"unchecked", "rawtypes"})
        CountsSerializer() {
            super((Class<Map<String, Integer>>) (Class) Map.class);
        }

        @Override
        public void serialize(Map<String, Integer> counts, JsonGenerator gen, SerializerProvider provider)
                throws IOException {
            gen.writeStartObject(counts);
            for (Map.Entry<String, Integer> e : canonical(counts).entrySet()) {
                gen.writeFieldName(e.getKey());
                if (e.getValue() == null) {
                    gen.writeNull();
                } else {
                    gen.writeNumber(e.getValue());
                }
            }
            gen.writeEndObject();
        }
    }

    /** The counts in canonical order: severities most severe first, then any other key in string order. */
    static Map<String, Integer> canonical(Map<String, Integer> counts) {
        return SeverityCounts.canonical(counts);
    }
}
