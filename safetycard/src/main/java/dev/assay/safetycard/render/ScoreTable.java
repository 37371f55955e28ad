package dev.assay.safetycard.render;

import dev.assay.engine.formula.CriteriaResult;
import dev.assay.safetycard.catalog.FormulaInfo;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;

/**
 * The score table for a terminal: one line per criterion (two when it has an opt-in alternative), with the four
 * parameter levels, the raw sum, the cap that applied, the score and the confidence; the counted mechanism is marked
 * with {@code *}. Then the total with its band and the score over applicable criteria. Plain ASCII apart from the
 * names the caller passes.
 */
public final class ScoreTable {

    private ScoreTable() {
    }

    /** What the table's heading line says about the scored project. */
    public record Heading(String name, String repoUrl, String pinnedCommit, String scoredDate) {
    }

    public static String render(Heading heading, FormulaInfo formula, CriteriaResult result) {
        StringBuilder b = new StringBuilder();
        String commit = heading.pinnedCommit().length() >= 7 ? heading.pinnedCommit().substring(0, 7) : heading.pinnedCommit();
        b.append("SafetyCard: ").append(Text.line(heading.name())).append(" at ").append(Text.line(commit));
        if (!heading.scoredDate().isEmpty()) {
            b.append(", scored ").append(Text.line(heading.scoredDate()));
        }
        b.append(" (").append(formula.formula().ref()).append(")\n\n");
        b.append(String.format(Locale.ROOT, "%-4s %-42s %-8s %-3s %-3s %-3s %-3s %6s  %-16s %6s  %s%n",
                "", "criterion", "", "S", "C", "D", "B", "raw", "cap", "score", "confidence"));
        List<String> order = formula.parameters().stream().map(FormulaInfo.Parameter::id).toList();
        for (CriteriaResult.Criterion c : result.criteria()) {
            boolean several = c.mechanisms().size() > 1;
            boolean first = true;
            for (CriteriaResult.Mechanism m : c.mechanisms()) {
                String mech = c.structuralAbsence() ? "absent" : several ? m.kind() + (m.kind().equals(c.counted()) ? " *" : "") : "";
                String[] levels = new String[4];
                for (int i = 0; i < 4; i++) {
                    CriteriaResult.Parameter p = i < order.size() ? m.parameters().get(order.get(i)) : null;
                    levels[i] = p == null ? "" : p.structuralAbsence() ? "SA" : "L" + p.level();
                }
                String cap = m.cap() == null ? "" : m.cap().id() + " <= " + plain(m.cap().max());
                b.append(String.format(Locale.ROOT, "%-4s %-42s %-8s %-3s %-3s %-3s %-3s %6s  %-16s %6s  %s%n",
                        first ? c.id() : "", first ? clip(c.name(), 42) : "", mech, levels[0], levels[1], levels[2],
                        levels[3], m.raw().toPlainString(), cap, m.score().toPlainString(), m.confidence()));
                first = false;
            }
        }
        b.append('\n');
        b.append("Total ").append(result.score().toPlainString()).append(" of ").append(result.max().toPlainString())
                .append(": ").append(result.band().label()).append(" (").append(result.band().id())
                .append(result.band().color().isEmpty() ? "" : ", " + result.band().color()).append(")\n");
        CriteriaResult.Applicable a = result.applicable();
        b.append("Applicable criteria (surface present): ").append(a.count()).append(", ")
                .append(a.score().toPlainString()).append(" of ").append(a.max().toPlainString())
                .append(a.percent() == null ? "" : " (" + a.percent() + "%)").append('\n');
        return b.toString();
    }

    private static String plain(BigDecimal d) {
        return d.stripTrailingZeros().scale() < 2 ? d.setScale(2).toPlainString() : d.stripTrailingZeros().toPlainString();
    }

    private static String clip(String s, int max) {
        String line = Text.line(s);
        return line.length() <= max ? line : line.substring(0, max - 1) + "~";
    }
}
