package dev.assay.safetycard.validate;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Turns a JSON path of a scorecard into a {@link Location}: inside {@code criteria.N} it names the criterion by the id
 * written there, the mechanism ({@code alt} when the path passes through {@code alt}), the parameter and the evidence
 * index. Works on any tree, even one that failed validation: what it cannot read it leaves empty.
 */
public final class Locator {

    private final JsonNode tree;

    /** {@code tree} may be null (then only paths and lines are known). */
    public Locator(JsonNode tree) {
        this.tree = tree;
    }

    public Location locate(String path, int line) {
        String[] seg = path.isEmpty() ? new String[0] : path.split("\\.", -1);
        if (seg.length < 2 || !seg[0].equals("criteria")) {
            return new Location(path, line, "", "", "", evidenceIndex(seg, 0));
        }
        String criterion = "";
        if (tree != null) {
            JsonNode id = tree.path("criteria").path(index(seg[1])).path("id");
            if (id.isTextual() && id.asText().length() <= 8) {
                criterion = id.asText();
            }
        }
        if (criterion.isEmpty()) {
            criterion = "criteria[" + seg[1] + "]";
        }
        int i = 2;
        String mechanism = "default";
        if (i < seg.length && seg[i].equals("alt")) {
            mechanism = "alt";
            i++;
        }
        String parameter = "";
        if (i + 1 < seg.length && seg[i].equals("parameters") && seg[i + 1].length() == 1) {
            parameter = seg[i + 1];
        }
        boolean inMechanism = i < seg.length && (seg[i].equals("parameters") || mechanism.equals("alt"));
        return new Location(path, line, criterion, inMechanism ? mechanism : "", parameter, evidenceIndex(seg, i));
    }

    /** The index after the first {@code evidence} or {@code absence_evidence} segment at or after {@code from}. */
    private static int evidenceIndex(String[] seg, int from) {
        for (int i = from; i + 1 < seg.length; i++) {
            if (seg[i].equals("evidence") || seg[i].equals("absence_evidence")) {
                return index(seg[i + 1]);
            }
        }
        return -1;
    }

    private static int index(String s) {
        if (s.isEmpty() || s.length() > 6) {
            return -1;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return -1;
            }
        }
        return Integer.parseInt(s);
    }
}
