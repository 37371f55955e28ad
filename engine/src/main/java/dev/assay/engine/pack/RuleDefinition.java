package dev.assay.engine.pack;

import dev.assay.engine.model.Severity;
import java.util.List;

/**
 * A rule's metadata and detector as its YAML states them. {@code source} is the pack-relative file that defines it.
 * {@code message} is a template: {@code {name}} takes the detection's parameter of that name.
 */
public record RuleDefinition(String id, String title, Severity severity, String check, String threatClass,
        String capability, List<String> controls, String remediation, String message, boolean redact,
        String codeContext, Detector detector, String source) {

    public RuleDefinition {
        controls = List.copyOf(controls);
    }
}
