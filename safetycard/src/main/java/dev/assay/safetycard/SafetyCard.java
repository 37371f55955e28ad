package dev.assay.safetycard;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.engine.formula.CriteriaResult;
import dev.assay.engine.formula.FormulaException;
import dev.assay.engine.pack.PackException;
import dev.assay.safetycard.catalog.Catalog;
import dev.assay.safetycard.catalog.FormulaInfo;
import dev.assay.safetycard.read.ScorecardBinder;
import dev.assay.safetycard.read.ScorecardDocument;
import dev.assay.safetycard.read.ScorecardException;
import dev.assay.safetycard.read.ScorecardReader;
import dev.assay.safetycard.render.ReportMarkdown;
import dev.assay.safetycard.render.ScoreTable;
import dev.assay.safetycard.rescore.EntryRescorer;
import dev.assay.safetycard.score.CardScorer;
import dev.assay.safetycard.score.EntryBuilder;
import dev.assay.safetycard.model.Scorecard;
import dev.assay.safetycard.score.EntrySchema;
import dev.assay.safetycard.validate.Location;
import dev.assay.safetycard.validate.Locator;
import dev.assay.safetycard.validate.ScorecardValidator;
import dev.assay.safetycard.validate.Validation;
import dev.assay.safetycard.validate.Violation;
import dev.assay.safetycard.verify.RepoVerification;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The SafetyCard scorer as a library: read a scorecard, validate it with the rule pack, score it with the formula and
 * build the website entry; rescore published entries; render tables and reports. Immutable and thread-safe once built;
 * no console output. Problems with the scorecard are values ({@link Violation}s), never exceptions.
 */
public final class SafetyCard {

    private final Catalog catalog;
    private final FormulaInfo formula;
    private final ScorecardValidator validator;
    private final EntrySchema schema;
    private final ScorecardReader reader;

    public SafetyCard(Catalog catalog, FormulaInfo formula, ScorecardValidator validator, EntrySchema schema,
            ScorecardReader reader) {
        this.catalog = Objects.requireNonNull(catalog);
        this.formula = Objects.requireNonNull(formula);
        this.validator = Objects.requireNonNull(validator);
        this.schema = Objects.requireNonNull(schema);
        this.reader = Objects.requireNonNull(reader);
    }

    /** The shipped catalog, formula (the one the catalog names), validation pack and entry schema. */
    public static SafetyCard shipped() throws PackException, FormulaException {
        Catalog catalog = Catalog.shipped();
        return new SafetyCard(catalog, FormulaInfo.shipped(catalog.formula()), ScorecardValidator.shipped(),
                EntrySchema.shipped(), ScorecardReader.withDefaults());
    }

    public Catalog catalog() {
        return catalog;
    }

    public FormulaInfo formula() {
        return formula;
    }

    public ScorecardReader reader() {
        return reader;
    }

    public EntrySchema schema() {
        return schema;
    }

    public ScorecardValidator validator() {
        return validator;
    }

    /**
     * The outcome of scoring: all violations, and when there was no error the bound scorecard, the formula's result
     * and the entry.
     */
    public record Outcome(Validation validation, Scorecard card, CriteriaResult result, ObjectNode entry) {

        public boolean scored() {
            return result != null;
        }
    }

    /** Validates and, when no error was found, scores the scorecard and builds its entry. */
    public Outcome score(ScorecardDocument doc) {
        Validation validation = validator.validate(doc);
        if (validation.hasErrors()) {
            return new Outcome(validation, null, null, null);
        }
        List<Violation> all = new ArrayList<>(validation.violations());
        Scorecard card;
        try {
            card = ScorecardBinder.bind(doc.tree());
        } catch (ScorecardException e) {
            all.add(Violation.error("SC-BIND", Location.of("", 0), "the scorecard passed validation but cannot be read: "
                    + e.getMessage(), "Report this: the validation rules and the reader disagree."));
            return new Outcome(new Validation(all), null, null, null);
        }
        CriteriaResult result;
        try {
            result = CardScorer.score(formula, card);
        } catch (FormulaException e) {
            all.add(Violation.error("SC-FORMULA", Location.of("", 0), e.getMessage(),
                    "Correct the ratings the formula refuses."));
            return new Outcome(new Validation(all), card, null, null);
        }
        ObjectNode entry = new EntryBuilder(catalog, formula).build(card, result);
        List<String> problems = schema.problems(entry);
        if (!problems.isEmpty()) {
            all.add(Violation.error("SC-ENTRY-SCHEMA", Location.of("", 0), "the entry built from this scorecard does not match"
                    + " the entry schema: " + String.join("; ", problems), "Report this: the entry builder is out of date."));
            return new Outcome(new Validation(all), card, result, null);
        }
        return new Outcome(new Validation(all), card, result, entry);
    }

    /**
     * Checks the evidence of a scored scorecard against a clone of the reviewed repository with {@code verification};
     * the violations are located in the scorecard as read ({@code doc}), with criterion, mechanism, parameter, evidence
     * index and line.
     */
    public List<Violation> verify(ScorecardDocument doc, Scorecard card, Path repo, RepoVerification verification) {
        Map<String, Integer> lines = new HashMap<>();
        doc.facts().forEach(f -> lines.putIfAbsent(f.path(), f.line()));
        Locator locator = new Locator(doc.tree());
        List<Violation> out = new ArrayList<>();
        for (Violation v : verification.verify(card, repo)) {
            String path = v.location().path();
            out.add(new Violation(v.id(), v.kind(), locator.locate(path, lines.getOrDefault(path, 0)), v.message(), v.fix()));
        }
        out.sort(null);
        return out;
    }

    /** A rescorer of published entries with this formula. */
    public EntryRescorer rescorer() {
        return new EntryRescorer(catalog, formula, schema);
    }

    public String table(Scorecard card, CriteriaResult result) {
        return ScoreTable.render(new ScoreTable.Heading(card.name(), card.repoUrl(), card.pinnedCommit(), card.scoredDate()),
                formula, result);
    }

    public String report(Scorecard card, CriteriaResult result, List<Violation> warnings, boolean repoVerified) {
        return new ReportMarkdown(catalog, formula).render(card, result, warnings, repoVerified);
    }
}
