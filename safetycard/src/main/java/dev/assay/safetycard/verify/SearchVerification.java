package dev.assay.safetycard.verify;

import dev.assay.safetycard.model.EvidenceItem;
import dev.assay.safetycard.model.Scorecard;
import dev.assay.safetycard.search.EvidenceRef;
import dev.assay.safetycard.search.ItemResult;
import dev.assay.safetycard.search.SearchLimits;
import dev.assay.safetycard.search.VerificationReport;
import dev.assay.safetycard.search.Verifier;
import dev.assay.safetycard.validate.Location;
import dev.assay.safetycard.validate.Violation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code --repo} verification with the SafetyCard search ({@link Verifier}): HEAD against {@code pinned_commit}, then
 * every evidence item of the scorecard (parameters of both mechanisms, absence evidence, critical findings, safe setup
 * steps). A wrong HEAD, an item the repository contradicts and an unusable item are errors; an item that could not be
 * re-run here (a flag this implementation does not reproduce, a limit reached) is a warning that says so, since the
 * scorecard may well be right.
 */
public final class SearchVerification implements RepoVerification {

    private final SearchLimits limits;

    public SearchVerification(SearchLimits limits) {
        this.limits = limits;
    }

    @Override
    public List<Violation> verify(Scorecard card, Path repo) {
        List<EvidenceEntry> entries = EvidenceEntry.all(card);
        List<EvidenceRef> refs = new ArrayList<>();
        for (EvidenceEntry e : entries) {
            if (e.item() instanceof EvidenceItem.CodeCitation c) {
                refs.add(new EvidenceRef.Citation(e.label(), c.file(), c.lines(), c.hasContains() ? c.contains() : null));
            } else if (e.item() instanceof EvidenceItem.Search s) {
                refs.add(new EvidenceRef.Search(e.label(), s.search(), s.scope(), s.hits()));
            }
        }
        VerificationReport report = new Verifier(limits).check(repo, card.pinnedCommit(), refs);
        List<Violation> out = new ArrayList<>();
        if (!report.head().matches()) {
            out.add(Violation.error("SC-REPO-HEAD", Location.of("pinned_commit", 0), report.head().message(),
                    "Check out pinned_commit in the clone (git checkout " + card.pinnedCommit() + "), or correct pinned_commit."));
        }
        for (int i = 0; i < report.items().size(); i++) {
            ItemResult r = report.items().get(i);
            if (r.verified()) {
                continue;
            }
            Location at = Location.of(entries.get(i).path(), 0);
            String message = entries.get(i).label() + ": " + r.message();
            switch (r.status()) {
                case MISMATCH -> out.add(Violation.error("SC-REPO-MISMATCH", at, message,
                        "Correct the citation or the search so that it holds at the pinned commit."));
                case INVALID -> out.add(Violation.error("SC-REPO-INVALID", at, message,
                        "Cite a repository file with lines inside it, and write searches as plain rg commands."));
                case UNSUPPORTED -> out.add(Violation.warning("SC-REPO-UNSUPPORTED", at, message,
                        "Check this item by hand, or use rg flags Assay reproduces so that it can be checked."));
                default -> out.add(Violation.warning("SC-REPO-INCOMPLETE", at, message,
                        "Narrow the search's scope or cite the lines directly, so that the check can finish."));
            }
        }
        return out;
    }
}
