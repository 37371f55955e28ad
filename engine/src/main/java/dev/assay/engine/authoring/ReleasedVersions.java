package dev.assay.engine.authoring;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.engine.pack.LocatedYaml;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code released.yaml} beside a pack's version folders ({@code <pack>/released.yaml}): the versions that were
 * released, each with the rulesHash it was released with. A released version is never edited; lint compares a version
 * folder's hash with this record. The file is read only when it is a regular file (never through a link) of at most
 * {@value #MAX_BYTES} bytes.
 *
 * <pre>
 * # Released versions of this pack; a released version is never edited.
 * 1.0.0: "sha256:…"
 * </pre>
 */
public record ReleasedVersions(Map<String, String> hashes, Map<String, Integer> lines) {

    public static final String FILE = "released.yaml";
    static final int MAX_BYTES = 256 * 1024;

    public ReleasedVersions {
        hashes = java.util.Collections.unmodifiableMap(new TreeMap<>(hashes));
        lines = java.util.Collections.unmodifiableMap(new TreeMap<>(lines));
    }

    /** The record beside {@code packVersionDir}, empty when there is none; problems in it are added to {@code problems}. */
    public static ReleasedVersions read(Path packVersionDir, List<Problem> problems) {
        Path parent = packVersionDir.toAbsolutePath().normalize().getParent();
        Path file = parent == null ? null : parent.resolve(FILE);
        Map<String, String> hashes = new TreeMap<>();
        Map<String, Integer> lines = new TreeMap<>();
        if (file == null || !Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return new ReleasedVersions(hashes, lines);
        }
        String shown = "../" + FILE;
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) > MAX_BYTES) {
                problems.add(new Problem(shown, 0, "", "not a regular file of at most " + MAX_BYTES + " bytes",
                        "released.yaml maps each released version to its rulesHash"));
                return new ReleasedVersions(hashes, lines);
            }
            LocatedYaml doc = LocatedYaml.parse(Files.readAllBytes(file));
            JsonNode root = doc.root();
            if (!root.isObject()) {
                problems.add(new Problem(shown, 1, "", "expected a mapping of version to rulesHash",
                        "write one line per release: 1.0.0: \"sha256:…\""));
                return new ReleasedVersions(hashes, lines);
            }
            root.properties().forEach(e -> {
                int line = doc.line(root, e.getKey());
                if (!e.getValue().isTextual() || !e.getValue().asText().matches("sha256:[0-9a-f]{64}")) {
                    problems.add(new Problem(shown, line, "", "version " + e.getKey() + " has no rulesHash",
                            "write " + e.getKey() + ": \"sha256:<64 hex digits>\""));
                } else {
                    hashes.put(e.getKey(), e.getValue().asText());
                    lines.put(e.getKey(), line);
                }
            });
        } catch (LocatedYaml.SyntaxError e) {
            problems.add(new Problem(shown, e.line(), "", "not valid YAML: " + e.getMessage(), "fix the YAML syntax on that line"));
        } catch (IOException e) {
            problems.add(new Problem(shown, 0, "", "cannot read: " + e.getMessage(), ""));
        }
        return new ReleasedVersions(hashes, lines);
    }

    /**
     * Records {@code version} as released with {@code rulesHash} in the {@code released.yaml} beside the version
     * folder, keeping the versions already there.
     *
     * @throws IOException when the file cannot be written, or already records another hash for the version
     */
    public static void record(Path packVersionDir, String version, String rulesHash) throws IOException {
        List<Problem> problems = new ArrayList<>();
        ReleasedVersions current = read(packVersionDir, problems);
        if (!problems.isEmpty()) {
            throw new IOException(problems.get(0).render());
        }
        String known = current.hashes().get(version);
        if (known != null && !known.equals(rulesHash)) {
            throw new IOException(version + " was released with " + known + "; a released version is never edited");
        }
        Map<String, String> all = new TreeMap<>(current.hashes());
        all.put(version, rulesHash);
        StringBuilder b = new StringBuilder("# Released versions of this pack and their rulesHash; a released version is never edited.\n");
        all.forEach((v, h) -> b.append('"').append(v).append("\": \"").append(h).append("\"\n"));
        Path file = packVersionDir.toAbsolutePath().normalize().getParent().resolve(FILE);
        if (Files.isSymbolicLink(file)) {
            throw new IOException(file + ": refusing to write through a symbolic link");
        }
        Files.writeString(file, b.toString(), StandardCharsets.UTF_8);
    }
}
