package dev.assay.engine;

import dev.assay.engine.fact.Fact;
import dev.assay.engine.fact.InlineIgnore;
import dev.assay.engine.formula.Formula;
import dev.assay.engine.formula.FormulaEngine;
import dev.assay.engine.formula.FormulaException;
import dev.assay.engine.formula.FormulaRegistry;
import dev.assay.engine.formula.FormulaResult;
import dev.assay.engine.model.Attestation;
import dev.assay.engine.model.Coverage;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.model.Severity;
import dev.assay.engine.model.TargetInfo;
import dev.assay.engine.pack.CompiledPack;
import dev.assay.engine.pack.PackException;
import dev.assay.engine.pack.PackManifest;
import dev.assay.engine.pack.PackRegistry;
import dev.assay.engine.pack.RulePack;
import dev.assay.engine.spi.Extractor;
import dev.assay.engine.spi.FactSink;
import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.SkippedFile;
import dev.assay.engine.spi.Target;
import dev.assay.engine.spi.TargetException;
import dev.assay.engine.spi.TargetOpener;
import dev.assay.engine.spi.TargetSource;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Scans targets with one compiled rule pack and one formula: extract → derive → score. When the pack names a
 * component pack ({@code components} in pack.yaml), each installed skill the extractors found is first scored with that
 * pinned pack and its verdict joins the facts as a {@link dev.assay.engine.rules.ComponentVerdict}. Build one with
 * {@link #builder()}, then call {@link #scan(Path)} from any number of threads; the compiled pack is shared and each
 * scan has its own rule session and target. No console output, no {@code System.exit}.
 *
 * <pre>{@code
 * Scanner scanner = Scanner.builder().scorer("agent-security-score").build();
 * Report report = scanner.scan(Path.of(System.getProperty("user.home"), ".openclaw"));
 * }</pre>
 */
public final class Scanner {

    private final CompiledPack pack;
    private final Formula formula;
    private final Limits limits;
    private final Clock clock;
    private final TargetOpener opener;
    private final List<Extractor> extractors;
    private final ComponentScorer components;

    private Scanner(CompiledPack pack, Formula formula, Limits limits, Clock clock, TargetOpener opener,
            List<Extractor> extractors, ComponentScorer components) {
        this.pack = pack;
        this.formula = formula;
        this.limits = limits;
        this.clock = clock;
        this.opener = opener;
        this.extractors = extractors;
        this.components = components;
    }

    public static Builder builder() {
        return new Builder();
    }

    public CompiledPack pack() {
        return pack;
    }

    public Formula formula() {
        return formula;
    }

    /** Scans a directory, file or archive. Problems inside the target are reported in coverage, not thrown. */
    public Report scan(Path path) throws ScanException {
        return report(extract(path));
    }

    /**
     * Scans an archive given as bytes or a file tree given as streams, e.g. read from a distributed file system: the
     * same bounds and the same report as {@link #scan(Path)} on the equivalent archive or folder on disk.
     */
    public Report scan(TargetSource source) throws ScanException {
        return report(extract(source, List.of(this)));
    }

    /** The ids of the extractors this scanner's pack needs, in the order the pack lists them. */
    public List<String> extractorIds() {
        return extractors.stream().map(Extractor::id).toList();
    }

    /**
     * The extract stage alone: reads the target once with this scanner's extractors (and scores its installed
     * components when the pack asks for that). {@link #report(Extraction)} then derives and scores it; together they
     * give exactly what {@link #scan(Path)} gives.
     */
    public Extraction extract(Path path) throws ScanException {
        return extract(path, List.of(this));
    }

    /**
     * Reads a target once for several scanners, so that each of them can {@link #report(Extraction)} the same input,
     * as comparing two pack or formula versions needs. The extractors are the union of what the scanners' packs need,
     * each run once; component packs are run once each. The target is opened with the first scanner's limits.
     *
     * @throws ScanException when the target cannot be opened at all, or a scanner was built facts-only
     * @throws IllegalArgumentException when no scanner is given
     */
    public static Extraction extract(Path path, List<Scanner> scanners) throws ScanException {
        return extract(scanners, s -> s.opener.open(path, s.limits));
    }

    /**
     * {@link #extract(Path, List)} for a target held in memory or behind streams ({@link #scan(TargetSource)}).
     */
    public static Extraction extract(TargetSource source, List<Scanner> scanners) throws ScanException {
        return extract(scanners, s -> s.opener.open(source, s.limits));
    }

    /** How the first scanner opens the target. */
    @FunctionalInterface
    private interface Opening {
        Target open(Scanner first) throws TargetException;
    }

    private static Extraction extract(List<Scanner> scanners, Opening opening) throws ScanException {
        if (scanners.isEmpty()) {
            throw new IllegalArgumentException("extract needs at least one scanner");
        }
        for (Scanner s : scanners) {
            if (s.opener == null) {
                throw new ScanException("this scanner was built for facts only (Builder.factsOnly) and cannot read targets");
            }
        }
        Scanner first = scanners.get(0);
        try (Target target = opening.open(first)) {
            Map<String, List<Fact>> byExtractor = new TreeMap<>();
            Map<String, List<Fact>> byComponentPack = new TreeMap<>();
            for (Scanner s : scanners) {
                for (Extractor x : s.extractors) {
                    if (!byExtractor.containsKey(x.id())) {
                        byExtractor.put(x.id(), extract(target, List.of(x), first.limits));
                    }
                }
            }
            for (Scanner s : scanners) {
                if (s.components != null && !byComponentPack.containsKey(s.components.packRef())) {
                    // A component pack sees the facts of its host pack's extractors, as in a scan by that host alone.
                    List<Fact> hostFacts = new ArrayList<>();
                    s.extractorIds().forEach(id -> hostFacts.addAll(byExtractor.get(id)));
                    byComponentPack.put(s.components.packRef(),
                            new ArrayList<>(s.components.score(target, hostFacts, first.limits)));
                }
            }
            TargetInfo info = new TargetInfo(target.displayPath(), target.kind(), target.digest());
            return new Extraction(info, new Coverage(target.filesRead().size(), target.skipped(),
                    target.recognised()), byExtractor,
                    byComponentPack);
        } catch (TargetException e) {
            throw new ScanException(e.getMessage(), e);
        }
    }

    /**
     * The derive and score stages over an extraction: this scanner's pack runs over the facts of the extractors it
     * needs (and the verdicts of its component pack), and its formula scores the findings. The target is not read.
     *
     * @throws IllegalArgumentException when the extraction lacks facts this scanner's pack needs (it was made for
     *                                  other scanners)
     */
    public Report report(Extraction extraction) {
        List<Fact> facts = new ArrayList<>();
        for (Extractor x : extractors) {
            List<Fact> made = extraction.facts().get(x.id());
            if (made == null) {
                throw new IllegalArgumentException("the extraction of " + extraction.target().path()
                        + " has no facts from extractor '" + x.id() + "', which pack " + pack.pack().manifest().ref()
                        + " needs; extract with this scanner");
            }
            facts.addAll(made);
        }
        if (components != null) {
            List<Fact> verdicts = extraction.components().get(components.packRef());
            if (verdicts == null) {
                throw new IllegalArgumentException("the extraction of " + extraction.target().path()
                        + " has no verdicts of component pack " + components.packRef() + ", which pack "
                        + pack.pack().manifest().ref() + " needs; extract with this scanner");
            }
            facts.addAll(verdicts);
        }
        return report(facts, extraction.target(), extraction.coverage());
    }

    /**
     * Derives and scores facts that were extracted before (or made by hand): the derive and score stages alone, so
     * that the same facts can be run through another pack or formula version. Component scoring, which needs the
     * target, does not run; supply {@link dev.assay.engine.rules.ComponentVerdict} facts yourself if the pack needs them.
     */
    public Report report(List<? extends Fact> facts, TargetInfo target, Coverage coverage) {
        CompiledPack.Derivation derivation = pack.derive(facts, true, limits.oneThread());
        List<SkippedFile> skipped = new ArrayList<>(coverage.filesSkipped());
        if (derivation.stopped()) {
            skipped.add(new SkippedFile("(rules)", "rule evaluation stopped after " + CompiledPack.MAX_FIRINGS
                    + " firings; findings may be incomplete"));
        }
        skipped.sort(null);
        List<Finding> all = FindingAssembler.assemble(pack.pack(), derivation.detections(), pack.redactions());
        Report report = report(pack.pack(), formula, target, all, new Coverage(coverage.filesIndexed(), skipped,
                coverage.recognition()),
                Instant.now(clock));
        if (!pack.pack().manifest().inlineSuppressions()) {
            return report;
        }
        // Only a pack that trusts the scanned files lets their assay-ignore comments (read by the extractors) count.
        List<InlineIgnore> comments = new ArrayList<>();
        for (Fact f : facts) {
            if (f instanceof InlineIgnore c) {
                comments.add(c);
            }
        }
        return InlineSuppressions.apply(report, formula, comments);
    }

    /** Runs the extractors over a target; an extractor that throws is recorded as skipped, not propagated. */
    static List<Fact> extract(Target target, List<Extractor> extractors, Limits limits) {
        List<Fact> facts = new ArrayList<>();
        FactSink sink = facts::add;
        for (Extractor x : extractors) {
            try {
                x.extract(target, sink, limits);
            } catch (RuntimeException e) {
                // An extractor bug must not lose the rest of the scan, and must not pass silently either.
                target.skip("(extractor " + x.id() + ")", "extractor failed: " + e.getClass().getSimpleName()
                        + (e.getMessage() == null ? "" : ": " + e.getMessage().lines().findFirst().orElse("")));
            }
        }
        return facts;
    }

    /** Builds the report for already-assembled findings (active and needs-review mixed); shared with rescoring. */
    static Report report(RulePack pack, Formula formula, TargetInfo target, List<Finding> all, Coverage coverage,
            Instant at) {
        List<Finding> active = all.stream().filter(f -> Finding.ACTIVE.equals(f.status())).toList();
        List<Finding> review = all.stream().filter(f -> !Finding.ACTIVE.equals(f.status())).toList();
        FormulaResult result = FormulaEngine.evaluate(formula, active);
        Attestation attestation = result.attestation();
        String verdict = verdict(result);
        if (NothingFound.applies(coverage, all)) {
            verdict = NothingFound.reason(pack.manifest(), target.path());
            attestation = NothingFound.attestation(verdict);
        }
        return new Report(Report.SCHEMA_VERSION, ScannerVersion.get(), pack.manifest().scorer(), formula.id(),
                formula.version(), formula.hash(), pack.manifest().id(), pack.manifest().version(), pack.rulesHash(),
                target, result.score(), result.level() == null ? "" : result.level(), attestation,
                verdict, counts(active), active, review, capabilities(active), coverage,
                at.truncatedTo(ChronoUnit.SECONDS).toString());
    }

    /** The formula's verdict sentence; a formula without verdicts says whether the result is attestable. */
    static String verdict(FormulaResult result) {
        if (result.verdict() != null) {
            return result.verdict().text();
        }
        if (result.attestation().eligible()) {
            return "eligible for attestation";
        }
        return "not eligible for attestation: " + String.join("; ", result.attestation().reasons());
    }

    static Map<String, Integer> counts(List<Finding> active) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (Severity s : Severity.values()) {
            counts.put(s.id(), 0);
        }
        for (Finding f : active) {
            counts.merge(f.severity().id(), 1, Integer::sum);
        }
        return counts;
    }

    static List<String> capabilities(List<Finding> active) {
        TreeSet<String> caps = new TreeSet<>();
        for (Finding f : active) {
            if (!f.capability().isEmpty()) {
                caps.add(f.capability());
            }
        }
        return List.copyOf(caps);
    }

    private static List<Extractor> extractorsFor(CompiledPack p, Map<String, Extractor> byId) throws ScanException {
        List<Extractor> chosen = new ArrayList<>();
        for (String id : p.pack().manifest().extractors()) {
            Extractor x = byId.get(id);
            if (x == null) {
                throw new ScanException("pack " + p.pack().manifest().ref() + " needs extractor '" + id
                        + "', which is not on the class path (available: " + String.join(", ", byId.keySet()) + ")");
            }
            chosen.add(x);
        }
        return List.copyOf(chosen);
    }

    /** Configures a {@link Scanner}. Without a pack, the scorer's latest shipped pack is used. */
    public static final class Builder {
        private String scorer;
        private String packRef;
        private CompiledPack pack;
        private String formulaRef;
        private Formula formula;
        private Limits limits = Limits.defaults();
        private Clock clock = Clock.systemUTC();
        private PackRegistry packs;
        private FormulaRegistry formulas;
        private boolean factsOnly;

        private Builder() {
        }

        /**
         * A scanner for {@link Scanner#report(List, TargetInfo, Coverage)} only: no target loader or extractors are
         * looked up (so none need be on the class path) and {@link Scanner#scan(Path)} refuses to run.
         */
        public Builder factsOnly() {
            this.factsOnly = true;
            return this;
        }

        /** The scorer whose latest shipped pack to use, e.g. {@code agent-security-score}. */
        public Builder scorer(String scorerId) {
            this.scorer = scorerId;
            return this;
        }

        /** A pack as {@code id}, {@code id@version} or a folder path. */
        public Builder pack(String ref) {
            this.packRef = ref;
            return this;
        }

        public Builder pack(CompiledPack compiled) {
            this.pack = compiled;
            return this;
        }

        /** A formula as {@code id@N}; by default the one the pack's manifest names. */
        public Builder formula(String ref) {
            this.formulaRef = ref;
            return this;
        }

        public Builder formula(Formula f) {
            this.formula = f;
            return this;
        }

        public Builder limits(Limits l) {
            this.limits = Objects.requireNonNull(l);
            return this;
        }

        /** The clock that stamps {@code generatedAt}; nothing else in a report depends on time. */
        public Builder clock(Clock c) {
            this.clock = Objects.requireNonNull(c);
            return this;
        }

        /** Registries to share between scanners, so that each pack version is compiled once per process. */
        public Builder registries(PackRegistry packRegistry, FormulaRegistry formulaRegistry) {
            this.packs = packRegistry;
            this.formulas = formulaRegistry;
            return this;
        }

        public Scanner build() throws ScanException {
            try {
                PackRegistry pr = packs != null ? packs : PackRegistry.shipped();
                CompiledPack p = pack;
                if (p == null && packRef != null) {
                    p = pr.load(packRef);
                }
                if (p == null) {
                    if (scorer == null) {
                        throw new ScanException("no rule pack and no scorer given");
                    }
                    p = pr.forScorer(scorer);
                } else if (scorer != null && !scorer.equals(p.pack().manifest().scorer())) {
                    throw new ScanException("pack " + p.pack().manifest().ref() + " serves scorer '"
                            + p.pack().manifest().scorer() + "', not '" + scorer + "'");
                }
                FormulaRegistry fr = formulas != null ? formulas : FormulaRegistry.shipped();
                Formula f = formula != null ? formula : fr.resolve(formulaRef != null ? formulaRef : p.pack().manifest().formula());
                if (factsOnly) {
                    return new Scanner(p, f, limits, clock, null, List.of(), null);
                }
                TargetOpener opener = ServiceLoader.load(TargetOpener.class, Scanner.class.getClassLoader()).findFirst()
                        .orElseThrow(() -> new ScanException("no target loader on the class path (add assay-facts-extractors)"));
                Map<String, Extractor> byId = new TreeMap<>();
                for (Extractor x : ServiceLoader.load(Extractor.class, Scanner.class.getClassLoader())) {
                    byId.putIfAbsent(x.id(), x);
                }
                List<Extractor> chosen = extractorsFor(p, byId);
                ComponentScorer components = null;
                PackManifest.ComponentScoring cs = p.pack().manifest().components();
                if (cs != null) {
                    CompiledPack cp = pr.load(cs.pack());
                    if (cp.pack().manifest().components() != null) {
                        throw new ScanException("pack " + p.pack().manifest().ref() + " scores components with "
                                + cs.pack() + ", which itself scores components; component scoring does not nest");
                    }
                    Formula cf = fr.resolve(cp.pack().manifest().formula());
                    if (!FormulaEngine.hasVerdicts(cf)) {
                        throw new ScanException("pack " + p.pack().manifest().ref() + " scores components with "
                                + cs.pack() + ", whose formula " + cf.ref() + " defines no verdicts");
                    }
                    components = new ComponentScorer(cp, cf, extractorsFor(cp, byId), cs.max());
                }
                return new Scanner(p, f, limits, clock, opener, chosen, components);
            } catch (PackException e) {
                throw new ScanException(e.getMessage(), e);
            } catch (FormulaException e) {
                throw new ScanException(e.getMessage(), e);
            }
        }
    }
}
