package dev.assay.engine.formula;

import java.math.BigDecimal;

/** Number formatting for explanations and messages: plain notation, no trailing zeros, no exponent. */
final class Numbers {

    private Numbers() {
    }

    static String plain(BigDecimal value) {
        if (value.signum() == 0) {
            return "0";
        }
        return value.stripTrailingZeros().toPlainString();
    }

    /** Keeps the value's scale, so a rounded score shows its decimals ("2.0"). */
    static String scaled(BigDecimal value) {
        return value.toPlainString();
    }
}
