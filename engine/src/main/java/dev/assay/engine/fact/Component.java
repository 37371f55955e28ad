package dev.assay.engine.fact;

import dev.assay.engine.model.Evidence;

/**
 * What a scanned component is: {@code kind} agent_skill (a folder with SKILL.md), mcp_server (MCP SDK use or a server
 * manifest), npm_package, python_package or directory; {@code file} the manifest that decided it ("" when none).
 */
public record Component(String file, String kind, String name, String version) implements Fact {

    @Override
    public String subject() {
        return kind + ":" + name;
    }

    @Override
    public Evidence evidence() {
        return new Evidence(file, file.isEmpty() ? 0 : 1, file.isEmpty() ? 0 : 1, kind + " " + name);
    }
}
