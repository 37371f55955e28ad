package dev.assay.engine;

import dev.assay.engine.fact.Fact;
import dev.assay.engine.model.Coverage;
import dev.assay.engine.model.TargetInfo;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one read of a target produced: the facts of each extractor (by extractor id), the verdict facts of each
 * component pack that scored the target's installed components (by {@code id@version}), and the target's identity and
 * coverage. It is the boundary between the extract stage and the derive and score stages: {@link Scanner#report} turns
 * an extraction into a report without touching the target again, so one extraction can be scored by several pack or
 * formula versions and the comparison sees exactly the same input. Immutable.
 *
 * @param target     the target as scanned (its digest covers every file any extractor read)
 * @param coverage   files read and skipped while extracting
 * @param facts      extractor id → the facts it made, in the order it made them
 * @param components component pack {@code id@version} → the component verdict facts it gave
 */
public record Extraction(TargetInfo target, Coverage coverage, Map<String, List<Fact>> facts,
        Map<String, List<Fact>> components) {

    public Extraction {
        facts = frozen(facts);
        components = frozen(components);
    }

    /** Every fact of every extractor, extractors in id order. Component verdicts are not included. */
    public List<Fact> allFacts() {
        List<Fact> all = new ArrayList<>();
        facts.values().forEach(all::addAll);
        return List.copyOf(all);
    }

    private static Map<String, List<Fact>> frozen(Map<String, List<Fact>> in) {
        Map<String, List<Fact>> out = new TreeMap<>();
        in.forEach((k, v) -> out.put(k, List.copyOf(v)));
        return Collections.unmodifiableMap(out);
    }
}
