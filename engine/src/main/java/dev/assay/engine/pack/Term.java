package dev.assay.engine.pack;

import java.util.ArrayList;
import java.util.List;

/**
 * One condition of a declarative detector. A simple term tests one field (or config path) with one operator; a
 * composite term ({@code any} / {@code none}) holds when any / none of its parts hold.
 *
 * @param subject  the config path glob or fact field the term tests; empty for composites
 * @param operator equals, notEquals, in, notIn, matches, notMatches, contains, anyMatches, missing, present,
 *                 shorterThan, longerThan, any, none
 * @param values   the operand(s); one element for single-valued operators
 * @param ignoreCase whether equals/in/contains compare without case
 * @param parts    the terms of a composite
 * @param valueType for config terms, the node type the value must have (string, number, boolean, …); empty = any
 */
public record Term(String subject, String operator, List<String> values, boolean ignoreCase, List<Term> parts,
        String valueType) {

    public static final List<String> OPERATORS = List.of("equals", "notEquals", "in", "notIn", "matches", "notMatches",
            "contains", "anyMatches", "missing", "present", "shorterThan", "longerThan", "any", "none");

    public Term {
        values = List.copyOf(values);
        parts = List.copyOf(parts);
        valueType = valueType == null ? "" : valueType;
    }

    public boolean composite() {
        return "any".equals(operator) || "none".equals(operator);
    }

    /** The plain terms of {@code terms}, the parts of composites taken in place, depth first. */
    public static List<Term> leaves(List<Term> terms) {
        List<Term> out = new ArrayList<>();
        for (Term t : terms) {
            if (t.composite()) {
                out.addAll(leaves(t.parts()));
            } else {
                out.add(t);
            }
        }
        return out;
    }

    /** Whether the term can anchor a detector: it asserts that something is present. */
    public boolean positive() {
        return !composite() && !"missing".equals(operator);
    }

    public String value() {
        return values.isEmpty() ? "" : values.get(0);
    }
}
