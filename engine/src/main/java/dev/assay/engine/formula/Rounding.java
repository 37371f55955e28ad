package dev.assay.engine.formula;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Set;

/** How a number is rounded: a count of decimal places and a rounding mode, both taken from the spec. */
record Rounding(int decimals, RoundingMode mode) {

    /** Enough for any published score; more places only hide mistakes in a spec. */
    private static final int MAX_DECIMALS = 8;

    static Rounding parse(SpecNode node) throws FormulaException {
        node.keys(Set.of("decimals", "mode"), Set.of());
        SpecNode decimalsNode = node.get("decimals");
        int decimals = decimalsNode.integer();
        if (decimals < 0 || decimals > MAX_DECIMALS) {
            throw decimalsNode.error("must be between 0 and " + MAX_DECIMALS);
        }
        SpecNode modeNode = node.get("mode");
        String mode = modeNode.text();
        RoundingMode rounding = switch (mode) {
            case "half-up" -> RoundingMode.HALF_UP;
            case "half-even" -> RoundingMode.HALF_EVEN;
            case "down" -> RoundingMode.DOWN;
            default -> throw modeNode.error("unknown rounding mode '" + SpecNode.echo(mode)
                    + "' (expected half-up, half-even or down)");
        };
        return new Rounding(decimals, rounding);
    }

    BigDecimal apply(BigDecimal value) {
        return value.setScale(decimals, mode);
    }

    /** The smallest difference between two rounded values. */
    BigDecimal step() {
        return BigDecimal.ONE.movePointLeft(decimals);
    }

    /** True when the value is already representable with this many decimals. */
    boolean fits(BigDecimal value) {
        return value.stripTrailingZeros().scale() <= decimals;
    }

    String describe() {
        String name = switch (mode) {
            case HALF_UP -> "half-up";
            case HALF_EVEN -> "half-even";
            default -> "down";
        };
        return decimals + (decimals == 1 ? " decimal" : " decimals") + ", " + name;
    }
}
