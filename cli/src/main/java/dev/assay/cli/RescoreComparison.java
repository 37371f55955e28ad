package dev.assay.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.engine.diff.DiffResult;
import dev.assay.engine.diff.DiffWriters;
import dev.assay.engine.diff.ScoreDiff;
import dev.assay.engine.diff.ScoreMove;
import dev.assay.engine.diff.TargetDiff;
import dev.assay.engine.model.Report;
import dev.assay.engine.report.ReportFormat;
import dev.assay.engine.report.ReportWriters;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * A report rescored with another formula version, shown beside the score it had: text and Markdown lead with the old
 * and new score and level and the formula parameters that moved it; JSON is {@code {"rescore": …, "report": …}} with
 * the comparison first and the rescored report, unchanged, under {@code report} (which {@code rescore} and
 * {@code diff} read back).
 */
final class RescoreComparison {

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private RescoreComparison() {
    }

    static String render(Report before, Report after, ReportFormat format) {
        TargetDiff d = diff(before, after).targets().get(0);
        return switch (format) {
            case JSON -> json(before, after);
            case MARKDOWN -> "> " + markdown(headline(before, after) + steps(d, "> ")) + "\n\n"
                    + ReportWriters.render(after, format);
            default -> headline(before, after) + steps(d, "") + "\n\n" + ReportWriters.render(after, format);
        };
    }

    private static DiffResult diff(Report before, Report after) {
        return ScoreDiff.reports(before, after, null, SharedRegistries.formulas());
    }

    /** {@code Rescored: a@1 -> a@2: score 40 -> 35, level poor -> poor}, the line scripts already match on. */
    static String headline(Report before, Report after) {
        return RescoreCommand.comparison(before, after);
    }

    private static String steps(TargetDiff d, String prefix) {
        StringBuilder b = new StringBuilder();
        for (ScoreMove m : d.moves()) {
            b.append('\n').append(prefix).append("  ").append(score(m.from())).append(" -> ").append(score(m.to()))
                    .append(" (").append(signed(m.delta())).append(")  ")
                    .append(Messages.oneLine(m.causes().isEmpty() ? m.label() : m.causes().get(0).detail()));
        }
        return b.toString();
    }

    /**
     * Report strings (formula names come from the report file) made inert for Markdown: every character that could
     * open emphasis, code, a link, HTML or a table cell is escaped. Line breaks and the quote markers are kept.
     */
    static String markdown(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (String line : text.split("\n", -1)) {
            if (out.length() > 0) {
                out.append('\n');
            }
            String body = line;
            if (line.startsWith("> ")) {
                out.append("> ");
                body = line.substring(2);
            }
            for (int i = 0; i < body.length(); i++) {
                char c = body.charAt(i);
                switch (c) {
                    case '<' -> out.append("&lt;");
                    case '>' -> out.append("&gt;");
                    case '&' -> out.append("&amp;");
                    case '\\', '`', '*', '_', '[', ']', '|', '~', '#' -> out.append('\\').append(c);
                    default -> out.append(c);
                }
            }
        }
        return out.toString().replace("://", "\\:\\/\\/");
    }

    private static String json(Report before, Report after) {
        DiffResult r = diff(before, after);
        TargetDiff d = r.targets().get(0);
        ObjectNode root = JSON.createObjectNode();
        ObjectNode rescore = root.putObject("rescore");
        side(rescore.putObject("before"), before);
        side(rescore.putObject("after"), after);
        rescore.put("delta", d.delta());
        rescore.put("levelChanged", d.levelChanged());
        rescore.set("moves", JSON.valueToTree(d.moves()));
        rescore.set("formulaChanges", JSON.valueToTree(r.formulaChanges()));
        try {
            JsonNode report = JSON.readTree(ReportWriters.render(after, ReportFormat.JSON));
            root.set("report", report);
            return JSON.writer(DiffWriters.prettyPrinter()).writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the rescore comparison: " + e.getOriginalMessage(), e);
        }
    }

    private static void side(ObjectNode o, Report r) {
        o.put("formula", r.formula());
        o.put("formulaVersion", r.formulaVersion());
        o.put("formulaHash", r.formulaHash());
        o.put("score", r.score());
        o.put("level", r.level());
        o.put("verdict", r.verdict());
        List<String> reasons = new ArrayList<>(r.attestation() == null ? List.of() : r.attestation().reasons());
        o.put("attestable", r.attestation() != null && r.attestation().eligible());
        o.set("attestationReasons", JSON.valueToTree(reasons));
    }

    private static String score(BigDecimal s) {
        return s == null ? "none" : s.toPlainString();
    }

    private static String signed(BigDecimal d) {
        return (d.signum() > 0 ? "+" : "") + d.toPlainString();
    }
}
