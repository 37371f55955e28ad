package dev.assay.extract.agent;

import dev.assay.engine.fact.McpServer;
import dev.assay.extract.config.ConfigNode;
import dev.assay.extract.config.ConfigTree;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Reads the MCP servers a client config declares into {@link McpServer} facts normalised across clients, with the
 * launch line of each (for {@link LaunchPackages}). Entries that are not objects, or that have neither a command nor a
 * URL, declare nothing runnable and give no server (their ConfigValues remain for rules).
 */
final class McpServerReader {

    /** A server and the words of its launch line. */
    record Found(McpServer server, List<LaunchPackages.Token> launchLine) {
    }

    private final KnownLocations.McpKeys keys;

    McpServerReader(KnownLocations.McpKeys keys) {
        this.keys = keys;
    }

    List<Found> read(ConfigTree config, String document, KnownLocations.DocumentProfile profile) {
        List<Found> out = new ArrayList<>();
        for (String containerPath : profile.servers()) {
            List<ConfigNode> containers = containerPath.equals(ROOT) ? List.of(config.root())
                    : match(config.root(), containerPath.split("\\."), 0);
            for (ConfigNode container : containers) {
                if (container.isObject()) {
                    for (Map.Entry<String, ConfigNode> entry : container.fields().entrySet()) {
                        if (entry.getValue().isObject()) {
                            read(config, document, profile, entry.getKey(), entry.getValue()).ifPresent(out::add);
                        }
                    }
                }
            }
        }
        for (String listPath : profile.serverLists()) {
            for (ConfigNode list : match(config.root(), listPath.split("\\."), 0)) {
                List<ConfigNode> elements = list.isArray() ? list.elements() : List.of();
                for (int i = 0; i < elements.size(); i++) {
                    ConfigNode element = elements.get(i);
                    if (!element.isObject()) {
                        continue;
                    }
                    // Each names itself with `name`, else by its position; Continue's config.json nests the launch
                    // under an object `transport` ({type, command, args} or {type, url}).
                    String name = element.get("name").flatMap(ConfigNode::nonEmptyText).map(String::strip)
                            .orElse(String.valueOf(i));
                    ConfigNode spec = element.get("transport").filter(ConfigNode::isObject).orElse(element);
                    read(config, document, profile, name, spec).ifPresent(out::add);
                }
            }
        }
        return out;
    }

    /** A `servers` entry naming the document's root: the servers are its top-level members (a plugin's .mcp.json). */
    static final String ROOT = ".";

    /** Nodes at a path whose '*' segments match every member or element. */
    static List<ConfigNode> match(ConfigNode node, String[] segments, int from) {
        if (from == segments.length) {
            return List.of(node);
        }
        List<ConfigNode> out = new ArrayList<>();
        if (segments[from].equals("*")) {
            List<ConfigNode> children = node.isObject() ? new ArrayList<>(node.fields().values()) : node.elements();
            for (ConfigNode child : children) {
                out.addAll(match(child, segments, from + 1));
            }
        } else {
            Optional<ConfigNode> child = node.at(segments[from]);
            int next = from + 1;
            // A key may itself hold dots (Amp's "amp.mcpServers"): join the following segments until one names a key.
            StringBuilder key = new StringBuilder(segments[from]);
            while (child.isEmpty() && next < segments.length && node.isObject()) {
                key.append('.').append(segments[next++]);
                child = node.get(key.toString());
            }
            int rest = next;
            child.ifPresent(c -> out.addAll(match(c, segments, rest)));
        }
        return out;
    }

    private Optional<Found> read(ConfigTree config, String document, KnownLocations.DocumentProfile profile,
            String name, ConfigNode spec) {
        String type = firstText(spec, keys.typeKeys()).map(s -> s.toLowerCase(Locale.ROOT)).orElse(null);
        List<LaunchPackages.Token> launch = new ArrayList<>();
        String command = null;
        List<String> args = new ArrayList<>();
        for (String key : keys.commandKeys()) {
            Optional<ConfigNode> node = spec.get(key);
            if (node.isEmpty()) {
                continue;
            }
            if (node.get().isArray()) {
                // A command given as a list is the program followed by its first arguments.
                for (ConfigNode word : node.get().elements()) {
                    word.nonEmptyText()
                            .ifPresent(w -> launch.add(new LaunchPackages.Token(w, word.line(), config.fileOf(word))));
                }
                if (!launch.isEmpty()) {
                    command = launch.get(0).text();
                    launch.subList(1, launch.size()).forEach(t -> args.add(t.text()));
                }
            } else if (node.get().nonEmptyText().isPresent()) {
                command = node.get().text();
                String file = config.fileOf(node.get());
                // Some clients run the command through a shell: its words count for the launch line.
                for (String word : command.strip().split("\\s+")) {
                    launch.add(new LaunchPackages.Token(word, node.get().line(), file));
                }
            }
            break;
        }
        for (String key : keys.argsKeys()) {
            Optional<ConfigNode> node = spec.get(key);
            if (node.isEmpty()) {
                continue;
            }
            List<ConfigNode> words = node.get().isArray() ? node.get().elements() : List.of(node.get());
            for (ConfigNode word : words) {
                if (word.isScalar() && word.type() != ConfigNode.Type.NULL) {
                    args.add(word.text());
                    launch.add(new LaunchPackages.Token(word.text(), word.line(), config.fileOf(word)));
                }
            }
            break;
        }
        String url = null;
        String urlKey = null;
        for (String key : keys.urlKeys().keySet()) {
            Optional<String> value = spec.get(key).flatMap(ConfigNode::nonEmptyText);
            if (value.isPresent()) {
                url = value.get().strip();
                urlKey = key;
                break;
            }
        }
        String transport;
        if (type != null && keys.transportNames().containsKey(type)) {
            transport = keys.transportNames().get(type);
        } else if (command != null) {
            transport = "stdio";
        } else if (url != null) {
            transport = profile.urlTransports().getOrDefault(urlKey, keys.urlKeys().get(urlKey));
            if (endsWithSseSuffix(url)) {
                transport = "sse";
            }
        } else {
            return Optional.empty();
        }
        TreeSet<String> headerNames = new TreeSet<>();
        boolean auth = false;
        for (String key : keys.headerKeys()) {
            ConfigNode headers = spec.atPath(key).orElse(null);
            if (headers == null || !headers.isObject()) {
                continue;
            }
            for (Map.Entry<String, ConfigNode> header : headers.fields().entrySet()) {
                headerNames.add(header.getKey());
                if (isAuthHeader(header.getKey()) && header.getValue().nonEmptyText().isPresent()) {
                    auth = true;
                }
            }
        }
        TreeSet<String> envNames = new TreeSet<>();
        for (String key : keys.envKeys()) {
            spec.get(key).filter(ConfigNode::isObject).ifPresent(env -> envNames.addAll(env.fields().keySet()));
        }
        for (String key : keys.envNameListKeys()) {
            spec.get(key).filter(ConfigNode::isArray).ifPresent(list -> list.elements()
                    .forEach(e -> e.nonEmptyText().ifPresent(envNames::add)));
        }
        for (String key : keys.auth().serverKeys()) {
            if (spec.get(key).map(McpServerReader::isSet).orElse(false)) {
                auth = true;
            }
        }
        if (url != null && hasAuthQueryParameter(url)) {
            auth = true;
        }
        String file = config.fileOf(spec);
        McpServer server = new McpServer(file, document, name, transport, command, args, url,
                List.copyOf(headerNames), List.copyOf(envNames), auth, spec.line(), config.snippet(file, spec.line()));
        return Optional.of(new Found(server, List.copyOf(launch)));
    }

    private static Optional<String> firstText(ConfigNode spec, List<String> names) {
        for (String key : names) {
            Optional<String> text = spec.get(key).flatMap(ConfigNode::nonEmptyText);
            if (text.isPresent()) {
                return text.map(String::strip);
            }
        }
        return Optional.empty();
    }

    private boolean endsWithSseSuffix(String url) {
        String path = pathOf(url).toLowerCase(Locale.ROOT);
        return keys.sseUrlSuffixes().stream().anyMatch(path::endsWith);
    }

    private boolean isAuthHeader(String header) {
        String h = header.toLowerCase(Locale.ROOT);
        return keys.auth().headerNames().contains(h) || keys.auth().headerNameParts().stream().anyMatch(h::contains);
    }

    /** A setting that turns something on: a non-empty object or list, or a scalar other than false, null or "". */
    private static boolean isSet(ConfigNode node) {
        if (node.isObject()) {
            Optional<ConfigNode> enabled = node.get("enabled");
            return node.size() > 0 && !(enabled.isPresent() && "false".equals(enabled.get().text()));
        }
        if (node.isArray()) {
            return node.size() > 0;
        }
        return node.nonEmptyText().filter(t -> !t.equals("false")).isPresent();
    }

    private boolean hasAuthQueryParameter(String url) {
        String query = queryOf(url);
        if (query.isEmpty()) {
            return false;
        }
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0 && eq < pair.length() - 1
                    && keys.auth().urlQueryParams().contains(pair.substring(0, eq).toLowerCase(Locale.ROOT))) {
                return true;
            }
        }
        return false;
    }

    private static String pathOf(String url) {
        try {
            String path = URI.create(url).getRawPath();
            return path == null ? "" : path;
        } catch (IllegalArgumentException notUri) {
            int q = url.indexOf('?');
            return q < 0 ? url : url.substring(0, q);
        }
    }

    private static String queryOf(String url) {
        try {
            String query = URI.create(url).getRawQuery();
            return query == null ? "" : query;
        } catch (IllegalArgumentException notUri) {
            int q = url.indexOf('?');
            return q < 0 ? "" : url.substring(q + 1);
        }
    }
}
