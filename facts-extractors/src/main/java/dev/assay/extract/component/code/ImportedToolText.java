package dev.assay.extract.component.code;

import dev.assay.engine.fact.McpToolMutation;

/**
 * Tool text that a file's tools/list handler takes from a call on what a relatively imported module gives
 * ({@link RemoteToolList}): {@code mutation} is the remote-description fact to emit when the component's join finds
 * that the module named by {@code module} (a specifier relative to the file) makes network calls.
 */
public record ImportedToolText(String module, McpToolMutation mutation) {
}
