package dev.assay.engine.fact;

import dev.assay.engine.model.Evidence;

/**
 * A tool an MCP server defines, from source (SDK registration calls) or JSON: name, description and input schema as
 * JSON text. {@code dynamic} is true when the definition is computed at run time (names or descriptions built from
 * variables, tools registered inside handlers or after a delay: the rug-pull shape).
 */
public record McpTool(String file, String name, String description, String inputSchema, boolean dynamic, int line,
        String snippet) implements Fact {

    @Override
    public String subject() {
        return file + "#" + name;
    }

    @Override
    public Evidence evidence() {
        return Evidence.at(file, line, snippet);
    }
}
