package dev.assay.engine.fact;

import dev.assay.engine.model.Evidence;
import java.util.List;

/**
 * An MCP server declared in a client configuration, normalised across clients. {@code transport} is stdio, http or
 * sse; {@code command}/{@code args} are set for stdio servers, {@code url} for remote ones. {@code headerNames} and
 * {@code envNames} list the keys of headers and environment variables the client passes; {@code authConfigured} is true
 * when an Authorization-like header, an OAuth block or a token setting is present.
 */
public record McpServer(String file, String client, String name, String transport, String command, List<String> args,
        String url, List<String> headerNames, List<String> envNames, boolean authConfigured, int line, String snippet)
        implements Fact {

    public McpServer {
        args = List.copyOf(args);
        headerNames = List.copyOf(headerNames);
        envNames = List.copyOf(envNames);
    }

    /** The launch line as one string, for pattern matching. */
    public String commandLine() {
        StringBuilder b = new StringBuilder(command == null ? "" : command);
        for (String a : args) {
            b.append(' ').append(a);
        }
        return b.toString().strip();
    }

    public boolean remote() {
        return !"stdio".equals(transport);
    }

    @Override
    public String subject() {
        return client + ":" + name;
    }

    @Override
    public Evidence evidence() {
        return Evidence.at(file, line, snippet);
    }
}
