package dev.assay.golden.realworld;

import dev.assay.engine.ScanException;
import dev.assay.engine.Scanner;
import dev.assay.engine.model.Report;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Scans real ClawHub skills with each labelled pack and prints recall, precision and the benign flag rate.
 *
 * <pre>
 *   RealWorldRunner LABELS MIRROR [--all] [--pack REF]...
 * </pre>
 *
 * Without {@code --all} only the labelled skills are scanned. With it, every skill folder of the mirror is scanned
 * and precision is over everything flagged: a flagged skill without a label is listed as unjudged and counted as a
 * false alarm, so the figure can only be too low. Exit code 1 when a figure misses its threshold, 2 on an error.
 */
public final class RealWorldRunner {

    private static final Clock FIXED = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);

    private RealWorldRunner() {
    }

    /** Scans the given skill folders (paths relative to the mirror) with one pack; keys are those paths. */
    public static Map<String, Report> scan(Path mirror, List<String> skills, String pack) throws ScanException {
        Scanner scanner = Scanner.builder().pack(pack).clock(FIXED).build();
        Map<String, Report> out = new TreeMap<>();
        for (String s : skills) {
            out.put(s, scanner.scan(mirror.resolve(s)));
        }
        return out;
    }

    /** Every author/skill folder of the mirror, sorted. */
    public static List<String> allSkills(Path mirror) throws IOException {
        List<String> out = new ArrayList<>();
        try (Stream<Path> authors = Files.list(mirror)) {
            for (Path a : authors.filter(Files::isDirectory).sorted().toList()) {
                try (Stream<Path> skills = Files.list(a)) {
                    skills.filter(Files::isDirectory).sorted()
                            .forEach(s -> out.add(a.getFileName() + "/" + s.getFileName()));
                }
            }
        }
        return out;
    }

    public static void main(String[] args) {
        if (args.length < 2) {
            System.err.println("usage: RealWorldRunner LABELS MIRROR [--all] [--pack REF]...");
            System.exit(2);
        }
        Path labelsFile = Path.of(args[0]);
        Path mirror = Path.of(args[1]);
        boolean all = false;
        List<String> packs = new ArrayList<>();
        for (int i = 2; i < args.length; i++) {
            if (args[i].equals("--all")) {
                all = true;
            } else if (args[i].equals("--pack") && i + 1 < args.length) {
                packs.add(args[++i]);
            } else {
                System.err.println("real-world corpus: unknown argument " + args[i]);
                System.exit(2);
            }
        }
        int exit = 0;
        try {
            RealWorldLabels labels = RealWorldLabels.load(labelsFile);
            if (packs.isEmpty()) {
                packs.addAll(labels.packs());
            }
            List<String> targets = all ? allSkills(mirror)
                    : labels.skills().stream().map(RealWorldLabels.Skill::path).toList();
            Map<String, String> labelOf = new TreeMap<>();
            labels.skills().forEach(s -> labelOf.put(s.path(), s.label()));
            System.out.println("real skills: " + targets.size() + " scanned from " + mirror + ", "
                    + labels.skills().size() + " labelled");
            for (String pack : packs) {
                Map<String, Report> reports = scan(mirror, targets, pack);
                RealWorldEvaluation.Figures f = RealWorldEvaluation.evaluate(labels, reports, allSkills(mirror).size());
                System.out.println();
                System.out.println(pack + " (labelled skills): " + f.summary());
                if (all) {
                    List<String> flagged = reports.entrySet().stream()
                            .filter(e -> RealWorldEvaluation.flagged(e.getValue())).map(Map.Entry::getKey).toList();
                    List<String> unjudged = flagged.stream().filter(s -> !labelOf.containsKey(s)).toList();
                    long harmful = flagged.stream().filter(s -> labelOf.containsKey(s)
                            && !labelOf.get(s).equals("benign")).count();
                    long judgedHarmful = labels.skills().stream().filter(RealWorldLabels.Skill::harmful).count();
                    long benignEstimate = targets.size() - judgedHarmful;
                    long benignFlagged = flagged.size() - harmful;
                    System.out.println(String.format(Locale.ROOT,
                            "%s (whole mirror): flagged %d of %d (%.2f %%); judged malicious or suspicious %d "
                                    + "(precision %.3f); flagged and not harmful (benign or unjudged) %d of about %d "
                                    + "benign (%.2f %%)",
                            pack, flagged.size(), targets.size(), 100.0 * flagged.size() / targets.size(), harmful,
                            flagged.isEmpty() ? 1.0 : (double) harmful / flagged.size(), benignFlagged, benignEstimate,
                            100.0 * benignFlagged / Math.max(1, benignEstimate)));
                    if (!unjudged.isEmpty()) {
                        System.out.println("  flagged without a label (label them): " + unjudged);
                    }
                }
                RealWorldLabels.Thresholds min = labels.thresholds().get(pack);
                if (min != null) {
                    for (String s : f.shortfalls(min)) {
                        System.out.println("BELOW THRESHOLD " + pack + ": " + s);
                        exit = 1;
                    }
                }
            }
        } catch (IOException | ScanException | RuntimeException e) {
            System.err.println("real-world corpus: " + e.getMessage());
            System.exit(2);
        }
        System.exit(exit);
    }
}
