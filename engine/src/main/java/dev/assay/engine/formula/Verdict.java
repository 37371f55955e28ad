package dev.assay.engine.formula;

/**
 * The verdict a findings formula reached: a stable {@code id} that other rules and programs may key on (such as
 * {@code malicious}) and the sentence a person reads ({@code text}), both taken from the spec's {@code verdicts}.
 */
public record Verdict(String id, String text) {

    public Verdict {
        if (id == null || id.isEmpty() || text == null || text.isEmpty()) {
            throw new IllegalArgumentException("a verdict needs an id and a text");
        }
    }
}
