package dev.assay.safetycard.model;

/** A recommended change that raises one parameter of one criterion; {@code playbook} is empty when none. */
public record Fix(String summary, String criterion, String parameter, int fromLevel, int toLevel, String playbook) {

    public Fix {
        playbook = playbook == null ? "" : playbook;
    }
}
