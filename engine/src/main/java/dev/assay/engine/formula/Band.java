package dev.assay.engine.formula;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One level band: an inclusive score range and the level it names, with an optional display label and colour.
 * A spec's bands are checked to tile the score range exactly at the spec's rounding step, so every possible
 * score has exactly one level.
 */
record Band(String level, String label, String color, BigDecimal min, BigDecimal max) {

    static boolean contains(Band band, BigDecimal score) {
        return score.compareTo(band.min) >= 0 && score.compareTo(band.max) <= 0;
    }

    /**
     * Reads a list of bands in ascending order and checks they cover {@code low..high} with no gap or overlap at the
     * granularity of {@code rounding}.
     */
    static List<Band> parseAll(SpecNode node, BigDecimal low, BigDecimal high, Rounding rounding) throws FormulaException {
        List<SpecNode> items = node.list();
        if (items.isEmpty()) {
            throw node.error("must list at least one band");
        }
        List<Band> bands = new ArrayList<>(items.size());
        Set<String> names = new HashSet<>();
        for (SpecNode item : items) {
            item.keys(Set.of("level", "min", "max"), Set.of("label", "color"));
            String level = identifier(item.get("level"));
            if (!names.add(level)) {
                throw item.get("level").error("duplicate level '" + level + "'");
            }
            String label = item.has("label") ? item.get("label").line() : level;
            String color = item.has("color") ? identifier(item.get("color")) : "";
            BigDecimal min = item.get("min").decimal();
            BigDecimal max = item.get("max").decimal();
            for (String key : List.of("min", "max")) {
                if (!rounding.fits(item.get(key).decimal())) {
                    throw item.get(key).error("has more decimals than the score (" + rounding.describe() + ")");
                }
            }
            if (min.compareTo(max) > 0) {
                throw item.error("min " + Numbers.plain(min) + " is above max " + Numbers.plain(max));
            }
            if (bands.isEmpty()) {
                if (min.compareTo(low) != 0) {
                    throw item.get("min").error("the first band must start at the lowest score " + Numbers.plain(low));
                }
            } else {
                BigDecimal expected = bands.get(bands.size() - 1).max().add(rounding.step());
                if (min.compareTo(expected) != 0) {
                    throw item.get("min").error("must be " + Numbers.plain(expected)
                            + " so the bands neither overlap nor leave a gap");
                }
            }
            bands.add(new Band(level, label, color, min, max));
        }
        Band last = bands.get(bands.size() - 1);
        if (last.max().compareTo(high) != 0) {
            throw node.error("the last band must end at the highest score " + Numbers.plain(high));
        }
        return List.copyOf(bands);
    }

    /** Level, colour and severity names: lower-case words joined by '-' or '_'. */
    static String identifier(SpecNode node) throws FormulaException {
        String s = node.text();
        if (s.length() > 64 || !s.matches("[a-z][a-z0-9]*([-_][a-z0-9]+)*")) {
            throw node.error("'" + SpecNode.echo(s) + "' is not a lower-case identifier");
        }
        return s;
    }
}
