package dev.assay.extract.component;

import dev.assay.engine.fact.CodeCall;
import dev.assay.engine.fact.McpToolMutation;
import dev.assay.extract.component.code.CodeFacts;
import dev.assay.extract.component.code.ImportedToolText;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The component's half of remote tool descriptions: a tools/list handler that builds its tools' descriptions from
 * a call on what a relatively imported module gives ({@link ImportedToolText}) takes them from the network when that
 * module makes network calls of its own (a call whose result is a network response, or a network request). Joined once
 * every file is known; the module is resolved as {@link ModuleFlows} resolves it, and is not followed further.
 */
final class RemoteToolTexts {

    private final Set<String> networkCallees = new HashSet<>();
    private final Set<String> networkFiles = new HashSet<>();
    private final List<String> from = new ArrayList<>();
    private final List<ImportedToolText> pending = new ArrayList<>();

    RemoteToolTexts(ScanSettings.ScriptTaint lists) {
        networkCallees.addAll(lists.sources().responseCalls());
        networkCallees.addAll(lists.sinks().networkCalls());
        networkCallees.addAll(lists.sinks().connectionCalls());
    }

    void observe(String path, CodeFacts facts) {
        for (ImportedToolText t : facts.importedToolTexts()) {
            from.add(path);
            pending.add(t);
        }
        for (CodeCall call : facts.calls()) {
            if (networkCallees.contains(call.callee())) {
                networkFiles.add(path);
                break;
            }
        }
    }

    /** The remote-description facts whose module makes network calls, in the order the files were observed. */
    List<McpToolMutation> mutations(ModuleFlows modules) {
        List<McpToolMutation> out = new ArrayList<>();
        for (int i = 0; i < pending.size(); i++) {
            String module = modules.moduleFile(from.get(i), pending.get(i).module());
            if (module != null && networkFiles.contains(module)) {
                out.add(pending.get(i).mutation());
            }
        }
        return out;
    }
}
