package dev.assay.engine.diff;

/**
 * A formula parameter that differs between two formula versions: its path in the spec ({@code weights.high},
 * {@code caps}, {@code levels} …) and both values as compact text ("" when a side lacks it).
 */
public record ParameterChange(String parameter, String before, String after) {
}
