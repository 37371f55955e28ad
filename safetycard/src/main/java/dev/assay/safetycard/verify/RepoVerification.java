package dev.assay.safetycard.verify;

import dev.assay.safetycard.model.Scorecard;
import dev.assay.safetycard.validate.Violation;
import java.nio.file.Path;
import java.util.List;

/**
 * Checks a scorecard against the reviewed repository ({@code --repo}): HEAD is the pinned commit, every cited file
 * exists, line ranges are in bounds, every {@code contains} occurs in its lines and every plain search reproduces its
 * hit count. The result lists one error per item that does not hold; empty means everything was verified.
 */
public interface RepoVerification {

    List<Violation> verify(Scorecard card, Path repo);
}
