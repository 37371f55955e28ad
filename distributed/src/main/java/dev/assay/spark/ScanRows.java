package dev.assay.spark;

import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.model.Severity;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The scan table: one row per component. A component that could not be scanned has {@code error} set and no score;
 * {@code report} is the report JSON exactly as {@code assay scan --format json} writes it.
 */
final class ScanRows {

    static final StructType FINDING = new StructType(new StructField[] {
        field("id", DataTypes.StringType), field("severity", DataTypes.StringType),
        field("threatClass", DataTypes.StringType), field("file", DataTypes.StringType),
        field("line", DataTypes.IntegerType), field("fingerprint", DataTypes.StringType),
    });

    private static final List<Severity> SEVERITIES = List.of(Severity.values());

    /** The position of {@code error} in a row (the same with or without the timings column, which comes last). */
    static final int ERROR = schema(false).fieldIndex("error");

    private ScanRows() {
    }

    static StructType schema(boolean timings) {
        List<StructField> f = new ArrayList<>(List.of(
                field("id", DataTypes.StringType), field("path", DataTypes.StringType),
                field("pack", DataTypes.StringType), field("packVersion", DataTypes.StringType),
                field("rulesHash", DataTypes.StringType), field("formula", DataTypes.StringType),
                field("formulaVersion", DataTypes.IntegerType), field("score", DataTypes.DoubleType),
                field("level", DataTypes.StringType), field("verdict", DataTypes.StringType)));
        for (Severity s : SEVERITIES) {
            f.add(field(s.id(), DataTypes.IntegerType));
        }
        f.addAll(List.of(field("findings", DataTypes.createArrayType(FINDING, false)),
                field("needsReview", DataTypes.IntegerType), field("filesRead", DataTypes.IntegerType),
                field("filesSkipped", DataTypes.IntegerType), field("error", DataTypes.StringType),
                field("report", DataTypes.StringType)));
        if (timings) {
            f.add(field("scanMillis", DataTypes.LongType));
        }
        return new StructType(f.toArray(StructField[]::new));
    }

    static Row row(Component c, Report r, String reportJson, Long millis) {
        List<Object> v = new ArrayList<>(List.of(c.id(), c.path(), r.pack(), r.packVersion(), r.rulesHash(), r.formula(),
                r.formulaVersion()));
        v.add(r.score() == null ? null : r.score().doubleValue());
        v.add(r.level());
        v.add(r.verdict());
        for (Severity s : SEVERITIES) {
            v.add(r.counts().getOrDefault(s.id(), 0));
        }
        List<Row> findings = new ArrayList<>();
        for (Finding f : r.findings()) {
            Evidence first = f.evidence().isEmpty() ? null : f.evidence().get(0);
            findings.add(RowFactory.create(f.id(), f.severity().id(), f.threatClass(), first == null ? null : first.file(),
                    first == null ? null : first.lineStart(), f.fingerprint()));
        }
        v.add(findings.toArray(Row[]::new)); // Spark's row encoder takes a Java array or a Scala Seq, not a List
        v.add(r.needsReview().size());
        v.add(r.coverage().filesIndexed());
        v.add(r.coverage().filesSkipped().size());
        v.add(null);
        v.add(reportJson);
        if (millis != null) {
            v.add(millis);
        }
        return RowFactory.create(v.toArray());
    }

    /** A component that could not be scanned: the pack columns say what would have scanned it. */
    static Row error(Component c, PackIdentity p, String error, Long millis) {
        List<Object> v = new ArrayList<>(List.of(c.id(), c.path(), p.pack(), p.packVersion(), p.rulesHash(), p.formula(),
                p.formulaVersion()));
        v.add(null);
        v.add(null);
        v.add(null);
        for (int i = 0; i < SEVERITIES.size(); i++) {
            v.add(null);
        }
        v.add(new Row[0]);
        v.add(null);
        v.add(null);
        v.add(null);
        v.add(error);
        v.add(null);
        if (millis != null) {
            v.add(millis);
        }
        return RowFactory.create(v.toArray());
    }

    static StructField field(String name, DataType type) {
        return DataTypes.createStructField(name, type, true);
    }
}
