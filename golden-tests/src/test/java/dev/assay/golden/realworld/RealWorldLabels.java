package dev.assay.golden.realworld;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The hand labels of real ClawHub skills ({@code golden-tests/corpus/clawhub/labels.yaml}): each skill is malicious,
 * suspicious or benign with a one-line reason, and each pack has the figures it must reach on them. The skills
 * themselves are not copied here; they are read from the mirror ({@code ../shared/corpora/clawhub/skills}).
 */
public record RealWorldLabels(List<String> packs, Map<String, Thresholds> thresholds, List<Skill> skills) {

    public static final Set<String> LABELS = Set.of("malicious", "suspicious", "benign");

    /** One labelled skill: its folder under the mirror's skills/, the label and why. */
    public record Skill(String path, String label, String reason) {
        public boolean harmful() {
            return !label.equals("benign");
        }
    }

    /** What a pack must reach: recall on malicious, precision on flagged, and the highest benign flag rate. */
    public record Thresholds(double recall, double precision, double benignFlagged) {
    }

    public RealWorldLabels {
        packs = List.copyOf(packs);
        thresholds = Map.copyOf(thresholds);
        skills = List.copyOf(skills);
    }

    public static RealWorldLabels load(Path file) throws IOException {
        JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(Files.readString(file));
        List<String> packs = new ArrayList<>();
        Map<String, Thresholds> thresholds = new LinkedHashMap<>();
        for (JsonNode p : root.path("packs")) {
            String id = p.path("pack").asText();
            packs.add(id);
            thresholds.put(id, new Thresholds(p.path("recall").asDouble(), p.path("precision").asDouble(),
                    p.path("benignFlagged").asDouble()));
        }
        List<Skill> skills = new ArrayList<>();
        for (JsonNode s : root.path("skills")) {
            Skill k = new Skill(s.path("path").asText(), s.path("label").asText(), s.path("reason").asText());
            if (!LABELS.contains(k.label()) || k.path().isEmpty() || k.reason().isBlank()) {
                throw new IOException(file + ": bad label entry " + s);
            }
            skills.add(k);
        }
        return new RealWorldLabels(packs, thresholds, skills);
    }

    /**
     * The mirror's skills folder: {@code -Dassay.clawhub=DIR} or {@code ASSAY_CLAWHUB}, else {@code shared/corpora/
     * clawhub/skills} next to the repository root or one level further up (a worktree); null when there is none.
     */
    public static Path findMirror(Path repoRoot) {
        String given = System.getProperty("assay.clawhub", System.getenv("ASSAY_CLAWHUB"));
        if (given != null && !given.isBlank()) {
            return Path.of(given);
        }
        for (Path up = repoRoot.toAbsolutePath().getParent(); up != null; up = up.getParent()) {
            Path p = up.resolve("shared/corpora/clawhub/skills");
            if (Files.isDirectory(p)) {
                return p;
            }
            if (up.getNameCount() < repoRoot.toAbsolutePath().getNameCount() - 2) {
                break;
            }
        }
        return null;
    }
}
