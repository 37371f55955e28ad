package dev.assay.engine.diff;

/** One field of a finding or rule that differs between the sides: its name and both values as text. */
public record FieldChange(String field, String before, String after) {
}
