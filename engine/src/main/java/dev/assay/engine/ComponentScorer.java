package dev.assay.engine;

import dev.assay.engine.fact.Fact;
import dev.assay.engine.fact.InstalledSkill;
import dev.assay.engine.formula.Formula;
import dev.assay.engine.formula.FormulaEngine;
import dev.assay.engine.formula.FormulaResult;
import dev.assay.engine.model.Evidence;
import dev.assay.engine.model.Finding;
import dev.assay.engine.pack.CompiledPack;
import dev.assay.engine.rules.ComponentVerdict;
import dev.assay.engine.spi.Extractor;
import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Scores the components an enclosing scan found installed (skill folders) with a pinned component pack and its
 * formula, one {@link SubTarget} each, and turns each outcome into a {@link ComponentVerdict} fact. Components are
 * taken in path order and at most {@code max} of them, so the result depends on the target alone; the components
 * left out are recorded as skipped.
 */
final class ComponentScorer {

    /** How an over-long component list shows in coverage. */
    static final String COMPONENTS_ENTRY = "(components)";

    private final CompiledPack pack;
    private final Formula formula;
    private final List<Extractor> extractors;
    private final int max;

    ComponentScorer(CompiledPack pack, Formula formula, List<Extractor> extractors, int max) {
        this.pack = pack;
        this.formula = formula;
        this.extractors = List.copyOf(extractors);
        this.max = max;
    }

    String packRef() {
        return pack.pack().manifest().ref();
    }

    List<ComponentVerdict> score(Target target, List<Fact> facts, Limits limits) {
        Map<String, InstalledSkill> byFolder = new TreeMap<>();
        for (Fact f : facts) {
            if (f instanceof InstalledSkill s && !s.directory().isEmpty()) {
                byFolder.merge(s.directory(), s, (a, b) -> a.file().compareTo(b.file()) <= 0 ? a : b);
            }
        }
        List<ComponentVerdict> out = new ArrayList<>();
        for (InstalledSkill skill : byFolder.values()) {
            if (out.size() == max) {
                target.skip(COMPONENTS_ENTRY, "only the first " + max + " of " + byFolder.size()
                        + " installed components were scored with " + packRef());
                break;
            }
            out.add(scoreOne(target, skill, limits));
        }
        return out;
    }

    private ComponentVerdict scoreOne(Target target, InstalledSkill skill, Limits limits) {
        SubTarget sub = new SubTarget(target, skill.directory());
        List<Fact> facts = Scanner.extract(sub, extractors, limits);
        CompiledPack.Derivation derivation = pack.derive(facts, true, limits.oneThread());
        if (derivation.stopped()) {
            target.skip(skill.directory(), "component rule evaluation stopped after " + CompiledPack.MAX_FIRINGS
                    + " firings; its verdict may be incomplete");
        }
        List<Finding> all = FindingAssembler.assemble(pack.pack(), derivation.detections(), pack.redactions());
        List<Finding> active = all.stream().filter(f -> Finding.ACTIVE.equals(f.status())).toList();
        FormulaResult result = FormulaEngine.evaluate(formula, active);
        List<Finding> counted = FormulaEngine.counted(formula, active);
        TreeSet<String> risk = new TreeSet<>();
        TreeSet<Evidence> evidence = new TreeSet<>();
        for (Finding f : counted) {
            risk.add(f.id());
            for (Evidence e : f.evidence()) {
                String file = e.file().isEmpty() ? skill.directory() : skill.directory() + "/" + e.file();
                evidence.add(new Evidence(file, e.lineStart(), e.lineEnd(), e.snippet()));
            }
        }
        String verdictId = result.verdict() == null ? "" : result.verdict().id();
        String verdictText = Scanner.verdict(result);
        return new ComponentVerdict(skill.file(), skill.directory(), skill.name(), packRef(), formula.ref(),
                result.score().intValue(), result.level() == null ? "" : result.level(), verdictId, verdictText,
                List.copyOf(risk), new ArrayList<>(evidence));
    }
}
