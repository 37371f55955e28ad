package dev.assay.cli;

import dev.assay.engine.model.Severity;
import dev.assay.engine.report.ReportFormat;
import java.math.BigDecimal;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Option value converters that turn the engine's parse errors into picocli usage errors (exit code 1). */
final class Converters {

    private Converters() {
    }

    /** {@code json}, {@code text}, {@code sarif} or {@code markdown}, in any case. */
    static final class Format implements ITypeConverter<ReportFormat> {
        @Override
        public ReportFormat convert(String value) {
            try {
                return ReportFormat.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** {@code critical}, {@code high}, {@code medium}, {@code low} or {@code info}, in any case. */
    static final class SeverityName implements ITypeConverter<Severity> {
        @Override
        public Severity convert(String value) {
            try {
                return Severity.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** A score threshold: a plain decimal number such as {@code 70} or {@code 82.5}. */
    static final class Score implements ITypeConverter<BigDecimal> {
        @Override
        public BigDecimal convert(String value) {
            try {
                return new BigDecimal(value.trim());
            } catch (NumberFormatException e) {
                throw new TypeConversionException("invalid score " + Messages.quoted(value)
                        + " (expected a number such as 70 or 82.5)");
            }
        }
    }
}
