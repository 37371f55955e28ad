package dev.assay.safetycard.verify;

import dev.assay.safetycard.model.Scorecard;
import dev.assay.safetycard.validate.Location;
import dev.assay.safetycard.validate.Violation;
import java.nio.file.Path;
import java.util.List;

/** Stands in where no verifier is part of the build: {@code --repo} then fails with one clear error. */
public final class UnavailableVerification implements RepoVerification {

    @Override
    public List<Violation> verify(Scorecard card, Path repo) {
        return List.of(Violation.error("SC-REPO-UNAVAILABLE", Location.of("", 0),
                "verification against a repository is not available in this build",
                "Score without --repo, or use a build that includes the SafetyCard search."));
    }
}
