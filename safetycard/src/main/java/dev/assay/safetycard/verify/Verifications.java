package dev.assay.safetycard.verify;

/** The repository verification this build provides. */
public final class Verifications {

    private Verifications() {
    }

    public static RepoVerification available() {
        return new UnavailableVerification();
    }
}
