package dev.assay.engine.pack;

import dev.assay.engine.model.Severity;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A rule's metadata and detector as its YAML states them. {@code source} is the pack-relative file that defines it.
 * {@code message} is a template: {@code {name}} takes the detection's parameter of that name. {@code details} maps
 * each detail key the finding carries to a template filled the same way (key order is canonical).
 */
public record RuleDefinition(String id, String title, Severity severity, String check, String threatClass,
        String capability, List<String> controls, String remediation, String message, boolean redact,
        String codeContext, Detector detector, String source, SortedMap<String, String> details) {

    public RuleDefinition {
        controls = List.copyOf(controls);
        details = details == null ? Collections.emptySortedMap() : Collections.unmodifiableSortedMap(new TreeMap<>(details));
    }
}
