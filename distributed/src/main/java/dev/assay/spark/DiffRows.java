package dev.assay.spark;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.assay.engine.diff.Cause;
import dev.assay.engine.diff.FindingChange;
import dev.assay.engine.diff.TargetDiff;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The per-component diff table: the two scores and levels, and each finding added, removed or changed with the rule
 * and the cause of the change; {@code diff} is the component's comparison as {@code assay diff --format json} lists it.
 */
final class DiffRows {

    static final StructType CHANGE = new StructType(new StructField[] {
        ScanRows.field("change", DataTypes.StringType), ScanRows.field("rule", DataTypes.StringType),
        ScanRows.field("severity", DataTypes.StringType), ScanRows.field("file", DataTypes.StringType),
        ScanRows.field("line", DataTypes.IntegerType), ScanRows.field("causes", DataTypes.StringType),
    });

    static final StructType SCHEMA = new StructType(new StructField[] {
        ScanRows.field("id", DataTypes.StringType), ScanRows.field("path", DataTypes.StringType),
        ScanRows.field("scoreBefore", DataTypes.DoubleType), ScanRows.field("scoreAfter", DataTypes.DoubleType),
        ScanRows.field("delta", DataTypes.DoubleType), ScanRows.field("levelBefore", DataTypes.StringType),
        ScanRows.field("levelAfter", DataTypes.StringType), ScanRows.field("levelChanged", DataTypes.BooleanType),
        ScanRows.field("findings", DataTypes.createArrayType(CHANGE, false)),
        ScanRows.field("unchangedFindings", DataTypes.IntegerType), ScanRows.field("error", DataTypes.StringType),
        ScanRows.field("diff", DataTypes.StringType),
    });

    private static final ObjectWriter JSON = JsonMapper.builder().enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build().writer();

    private DiffRows() {
    }

    static Row row(Component c, TargetDiff d) {
        if (d.failed()) {
            return RowFactory.create(c.id(), c.path(), null, null, null, null, null, null, new Row[0], null, d.error(),
                    json(d));
        }
        List<Row> changes = new ArrayList<>();
        for (FindingChange f : d.findings()) {
            Finding shown = f.finding();
            Evidence first = shown.evidence().isEmpty() ? null : shown.evidence().get(0);
            changes.add(RowFactory.create(f.change().id(), f.ruleId(), shown.severity().id(),
                    first == null ? null : first.file(), first == null ? null : first.lineStart(),
                    f.causes().stream().map(DiffRows::cause).collect(Collectors.joining("; "))));
        }
        return RowFactory.create(c.id(), c.path(), d.before().score() == null ? null : d.before().score().doubleValue(),
                d.after().score() == null ? null : d.after().score().doubleValue(),
                d.delta() == null ? null : d.delta().doubleValue(), d.before().level(), d.after().level(),
                d.levelChanged(), changes.toArray(Row[]::new), d.unchangedFindings(), null, json(d));
    }

    private static String cause(Cause c) {
        return c.kind().name().toLowerCase(java.util.Locale.ROOT) + " " + c.ref()
                + (c.detail() == null || c.detail().isEmpty() ? "" : ": " + c.detail());
    }

    private static String json(TargetDiff d) {
        try {
            return JSON.writeValueAsString(d);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a target diff as JSON: " + e.getOriginalMessage(), e);
        }
    }
}
