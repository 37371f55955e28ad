package dev.assay.engine;

import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.Target;
import dev.assay.engine.spi.TargetException;
import dev.assay.engine.spi.TargetOpener;
import dev.assay.engine.yaml.YamlTree;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.function.Predicate;

/**
 * Picks the scorer for a target when the user names none: a component scorer for skills and packages, the agent
 * scorer for agent installations. The decision uses path names only (whether a path exists), never file content, so it
 * is cheap and cannot be steered by what a file says. The rules are data ({@code scorer-selection.yaml} beside this
 * class): an ordered list whose first rule with an existing path wins, and whose last rule is the default.
 */
public final class ScorerSelector {

    static final String RESOURCE = "scorer-selection.yaml";

    /** One rule: the scorer chosen when any of the paths exists (the default rule has none). */
    public record Rule(String scorer, String reason, List<String> anyPath) {
        public Rule {
            anyPath = List.copyOf(anyPath);
        }
    }

    /** The scorer chosen, why, and the path that decided it ("" for the default). */
    public record Choice(String scorer, String reason, String path) {
    }

    private final List<Rule> rules;

    private ScorerSelector(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    /** The shipped rules once read; immutable, so threads that race to read them may each keep their own copy. */
    private static volatile ScorerSelector shipped;

    /**
     * The rules shipped with the engine, read once per JVM: a cold scan asks twice (the command line's prefetch and
     * the scan itself), and each read is a YAML parse.
     */
    public static ScorerSelector shipped() {
        ScorerSelector s = shipped;
        if (s == null) {
            s = readShipped();
            shipped = s;
        }
        return s;
    }

    private static ScorerSelector readShipped() {
        try (InputStream in = ScorerSelector.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the engine jar");
            }
            return parse(in.readAllBytes());
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads rules from YAML ({@code rules: [{scorer, reason, anyPath: [...]}]}).
     *
     * @throws IllegalArgumentException when the rules are malformed or the last rule is not a default
     */
    public static ScorerSelector parse(byte[] yaml) {
        JsonNode root;
        try {
            YAMLFactory factory = YAMLFactory.builder().streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(16).maxDocumentLength(1L << 20).build()).build();
            try (JsonParser parser = factory.createParser(yaml)) {
                root = YamlTree.read(parser, YamlTree.Options.DEFAULTS);
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("scorer selection: not valid YAML: " + e.getMessage(), e);
        }
        JsonNode list = root == null ? null : root.get("rules");
        if (list == null || !list.isArray() || list.isEmpty()) {
            throw new IllegalArgumentException("scorer selection: 'rules' must be a non-empty list");
        }
        List<Rule> rules = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode r = list.get(i);
            String scorer = r.path("scorer").asText("");
            if (scorer.isEmpty()) {
                throw new IllegalArgumentException("scorer selection: rules[" + i + "] names no scorer");
            }
            List<String> paths = new ArrayList<>();
            for (JsonNode p : r.path("anyPath")) {
                String path = p.asText("");
                if (path.isEmpty() || path.startsWith("/") || path.endsWith("/") || path.contains("..")) {
                    throw new IllegalArgumentException("scorer selection: rules[" + i + "]: '" + path
                            + "' is not a relative path inside a target");
                }
                paths.add(path);
            }
            boolean last = i == list.size() - 1;
            if (last != paths.isEmpty()) {
                throw new IllegalArgumentException("scorer selection: rules[" + i + "]: "
                        + (last ? "the last rule is the default and lists no paths" : "only the last rule may list no paths"));
            }
            rules.add(new Rule(scorer, r.path("reason").asText(""), paths));
        }
        return new ScorerSelector(rules);
    }

    public List<Rule> rules() {
        return rules;
    }

    /** Chooses by asking whether paths exist; {@code exists} receives target-relative, '/'-separated paths. */
    public Choice select(Predicate<String> exists) {
        for (Rule r : rules) {
            for (String p : r.anyPath()) {
                if (exists.test(p)) {
                    return new Choice(r.scorer(), r.reason(), p);
                }
            }
        }
        Rule fallback = rules.get(rules.size() - 1);
        return new Choice(fallback.scorer(), fallback.reason(), "");
    }

    public Choice select(Target target) {
        return select(target::exists);
    }

    /**
     * Opens the target read-only with the loader on the class path and chooses.
     *
     * @throws ScanException when the target cannot be opened or no loader is on the class path
     */
    public Choice select(Path path, Limits limits) throws ScanException {
        TargetOpener opener = ServiceLoader.load(TargetOpener.class, ScorerSelector.class.getClassLoader()).findFirst()
                .orElseThrow(() -> new ScanException("no target loader on the class path (add assay-facts-extractors)"));
        try (Target target = opener.open(path, limits)) {
            return select(target);
        } catch (TargetException e) {
            throw new ScanException(e.getMessage(), e);
        }
    }
}
