package dev.assay.safetycard.read;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.assay.engine.fact.ConfigValue;
import dev.assay.safetycard.model.RepoPaths;
import dev.assay.safetycard.validate.Location;
import dev.assay.safetycard.validate.Violation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads a scorecard file within {@link ReadLimits}: strict JSON (no comments, no duplicate keys, nothing after the
 * document), a root object, keys of letters, digits, '_' and '-' only. It never throws on bad input: every problem
 * becomes a {@link Violation} with a stable id ({@code SC-READ-…}), and exceeding a limit stops reading with one clear
 * error. Paths in {@code file}, {@code scope} and {@code subpath} are checked here, not in the rule pack, because
 * keeping evidence inside the reviewed repository is a safety boundary that must not depend on swappable content.
 */
public final class ScorecardReader {

    private static final Pattern KEY = Pattern.compile("[A-Za-z0-9_-]+");
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final ReadLimits limits;
    private final JsonFactory json;

    public ScorecardReader(ReadLimits limits) {
        this.limits = limits;
        this.json = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        // The walk below enforces the real depth limit with a clear message; this is the backstop.
                        .maxNestingDepth(limits.maxDepth() + 2)
                        .maxDocumentLength(limits.maxBytes())
                        .maxStringLength(limits.maxStringChars())
                        .maxNameLength(Math.max(limits.maxKeyChars(), 1) * 4)
                        .maxNumberLength(64)
                        .maxTokenCount(limits.maxNodes() * 3L)
                        .build())
                .build();
    }

    public static ScorecardReader withDefaults() {
        return new ScorecardReader(ReadLimits.defaults());
    }

    /** Reads a scorecard file; its file name becomes the document name. Problems opening it are violations too. */
    public ScorecardDocument read(Path file) {
        String name = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        try {
            if (!Files.isRegularFile(file)) {
                return failed(name, "SC-READ-FILE", "cannot read " + name + ": not a regular file",
                        "Give the path of a scorecard JSON file.");
            }
            long size = Files.size(file);
            if (size > limits.maxBytes()) {
                return tooLarge(name, size);
            }
            byte[] bytes;
            try (InputStream in = Files.newInputStream(file)) {
                bytes = in.readNBytes((int) limits.maxBytes() + 1);
            }
            return read(name, bytes);
        } catch (IOException e) {
            return failed(name, "SC-READ-FILE", "cannot read " + name + ": " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : " " + e.getMessage()), "Give the path of a readable scorecard file.");
        }
    }

    /** Reads scorecard bytes named {@code name}. */
    public ScorecardDocument read(String name, byte[] bytes) {
        if (bytes.length > limits.maxBytes()) {
            return tooLarge(name, bytes.length);
        }
        Walk walk = new Walk(name);
        try (JsonParser p = json.createParser(bytes)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                return failed(name, "SC-READ-SYNTAX", "the file is empty", "Write the scorecard as one JSON object.");
            }
            if (first != JsonToken.START_OBJECT) {
                return failed(name, "SC-READ-ROOT", "the scorecard is not a JSON object",
                        "Write the scorecard as one JSON object, as `card example` prints it.");
            }
            JsonNode root = walk.value(p, "", 0);
            if (p.nextToken() != null) {
                return failed(name, "SC-READ-SYNTAX", "there is more content after the scorecard object (line "
                        + p.currentTokenLocation().getLineNr() + ")", "Keep exactly one JSON object in the file.");
            }
            walk.checkPaths();
            return new ScorecardDocument(name, root, walk.facts, walk.problems);
        } catch (Stop stop) {
            return new ScorecardDocument(name, null, List.of(), List.of(stop.violation));
        } catch (StreamConstraintsException e) {
            return failed(name, "SC-READ-LIMIT", "the scorecard exceeds a reading limit: " + firstLine(e.getOriginalMessage()),
                    "A scorecard is a few dozen kilobytes of plain JSON; remove whatever makes it this large.");
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            return failed(name, "SC-READ-SYNTAX", "not valid JSON" + (at == null ? "" : " at line " + at.getLineNr()
                    + ", column " + at.getColumnNr()) + ": " + firstLine(e.getOriginalMessage()),
                    "Fix the JSON syntax (a JSON linter shows the exact spot).");
        } catch (IOException e) {
            return failed(name, "SC-READ-SYNTAX", "cannot read the scorecard: " + firstLine(e.getMessage()),
                    "Write the scorecard as UTF-8 JSON.");
        }
    }

    private ScorecardDocument tooLarge(String name, long size) {
        return failed(name, "SC-READ-SIZE", "the scorecard is " + size + " bytes, more than the " + limits.maxBytes()
                + " a scorecard may have", "A scorecard is a few dozen kilobytes; check that this is the right file.");
    }

    private static ScorecardDocument failed(String name, String id, String message, String fix) {
        return new ScorecardDocument(name, null, List.of(), List.of(Violation.error(id, Location.of("", 0), message, fix)));
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    /** Reading stopped at a limit; carries the one error that says which. */
    private static final class Stop extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final transient Violation violation;

        Stop(Violation violation) {
            super(violation.message(), null, false, false);
            this.violation = violation;
        }
    }

    /** One pass over the tokens: builds the tree and the facts, counts nodes, records problems. */
    private final class Walk {
        final String name;
        final List<ConfigValue> facts = new ArrayList<>();
        final List<Violation> problems = new ArrayList<>();
        int nodes;

        Walk(String name) {
            this.name = name;
        }

        /** Reads the value at the current token; {@code depth} is its nesting below the root (root = 0). */
        JsonNode value(JsonParser p, String path, int depth) throws IOException {
            if (++nodes > limits.maxNodes()) {
                throw stop("SC-READ-COUNT", path, p, "the scorecard has more than " + limits.maxNodes() + " values",
                        "A scorecard holds a few thousand values at most; remove the repetition.");
            }
            if (depth > limits.maxDepth()) {
                throw stop("SC-READ-DEPTH", path, p, "the scorecard nests deeper than " + limits.maxDepth() + " levels at "
                        + shortPath(path), "The format nests at most 8 levels; remove the extra nesting.");
            }
            int line = p.currentTokenLocation().getLineNr();
            JsonToken t = p.currentToken();
            switch (t) {
                case START_OBJECT: {
                    ObjectNode obj = NODES.objectNode();
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String key = p.currentName();
                        int keyLine = p.currentTokenLocation().getLineNr();
                        p.nextToken();
                        String child = path.isEmpty() ? key : path + "." + key;
                        Optional<String> bad = keyProblem(key);
                        if (bad.isPresent()) {
                            problems.add(Violation.error("SC-READ-KEY", Location.of(path, keyLine), bad.get(),
                                    "Remove the key; scorecard keys are letters, digits, '_' and '-'."));
                            skip(p, path, depth + 1);
                        } else if (obj.has(key)) {
                            problems.add(Violation.error("SC-READ-DUPLICATE-KEY", Location.of(child, keyLine),
                                    "'" + key + "' appears twice in the same object",
                                    "Keep one of the two; JSON readers disagree on which one wins."));
                            skip(p, path, depth + 1);
                        } else {
                            obj.set(key, value(p, child, depth + 1));
                        }
                    }
                    facts.add(fact(path, String.valueOf(obj.size()), "object", line));
                    return obj;
                }
                case START_ARRAY: {
                    ArrayNode arr = NODES.arrayNode();
                    int index = 0;
                    while (p.nextToken() != JsonToken.END_ARRAY) {
                        if (index >= limits.maxItems()) {
                            throw stop("SC-READ-COUNT", path, p, shortPath(path) + " has more than " + limits.maxItems()
                                    + " items", "No list of a scorecard needs this many items; remove the repetition.");
                        }
                        arr.add(value(p, path + "." + index, depth + 1));
                        index++;
                    }
                    facts.add(fact(path, String.valueOf(arr.size()), "array", line));
                    return arr;
                }
                case VALUE_STRING: {
                    String s = p.getText();
                    facts.add(fact(path, s, "string", line));
                    return NODES.textNode(s);
                }
                case VALUE_NUMBER_INT:
                case VALUE_NUMBER_FLOAT: {
                    String text = p.getText();
                    facts.add(fact(path, text, "number", line));
                    // Kept as written: the tree is only read for values the rules accepted as small integers.
                    return t == JsonToken.VALUE_NUMBER_INT && text.length() <= 18
                            ? NODES.numberNode(Long.parseLong(text)) : NODES.textNode(text);
                }
                case VALUE_TRUE:
                case VALUE_FALSE: {
                    boolean b = t == JsonToken.VALUE_TRUE;
                    facts.add(fact(path, String.valueOf(b), "boolean", line));
                    return NODES.booleanNode(b);
                }
                case VALUE_NULL:
                    facts.add(fact(path, "null", "null", line));
                    return NODES.nullNode();
                default:
                    throw stop("SC-READ-SYNTAX", path, p, "unexpected " + t + " in the scorecard",
                            "Write the scorecard as plain JSON.");
            }
        }

        /** Passes over a refused key's value, still counting it against the limits. */
        void skip(JsonParser p, String path, int depth) throws IOException {
            if (++nodes > limits.maxNodes()) {
                throw stop("SC-READ-COUNT", path, p, "the scorecard has more than " + limits.maxNodes() + " values",
                        "A scorecard holds a few thousand values at most; remove the repetition.");
            }
            if (depth > limits.maxDepth()) {
                throw stop("SC-READ-DEPTH", path, p, "the scorecard nests deeper than " + limits.maxDepth() + " levels",
                        "The format nests at most 8 levels; remove the extra nesting.");
            }
            JsonToken t = p.currentToken();
            if (t == JsonToken.START_OBJECT) {
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    p.nextToken();
                    skip(p, path, depth + 1);
                }
            } else if (t == JsonToken.START_ARRAY) {
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    skip(p, path, depth + 1);
                }
            }
        }

        Optional<String> keyProblem(String key) {
            if (key.isEmpty()) {
                return Optional.of("an empty key cannot be part of a scorecard");
            }
            if (key.length() > limits.maxKeyChars() || !KEY.matcher(key).matches()) {
                return Optional.of("the key '" + clip(key, 40) + "' cannot be part of a scorecard");
            }
            return Optional.empty();
        }

        ConfigValue fact(String path, String value, String type, int line) {
            // The snippet carries the node's path: in a JSON document (maybe minified) the path, not the line text,
            // says where a node is.
            return new ConfigValue(name, ScorecardDocument.DOCUMENT, path, value, type, line, path);
        }

        Stop stop(String id, String path, JsonParser p, String message, String fix) {
            return new Stop(Violation.error(id, Location.of(shortPath(path), p.currentTokenLocation().getLineNr()), message, fix));
        }

        /** Evidence paths must stay inside the repository: file, scope and subpath, wherever they occur. */
        void checkPaths() {
            for (ConfigValue v : facts) {
                if (!"string".equals(v.type())) {
                    continue;
                }
                String key = v.key();
                Optional<String> problem;
                if (key.equals("file") || v.path().equals("subpath")) {
                    problem = RepoPaths.problem(v.value());
                } else if (key.equals("scope")) {
                    problem = RepoPaths.scopeProblem(v.value());
                } else {
                    continue;
                }
                problem.ifPresent(why -> problems.add(Violation.error("SC-PATH-UNSAFE", Location.of(v.path(), v.line()),
                        key + " '" + clip(v.value(), 80) + "' cannot be used: " + why,
                        "Write paths relative to the repository root, without '..', a leading '/', '~' or a drive letter.")));
            }
        }
    }

    private static String shortPath(String path) {
        return path.isEmpty() ? "(root)" : clip(path, 120);
    }

    private static String clip(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max) + "…";
    }
}
