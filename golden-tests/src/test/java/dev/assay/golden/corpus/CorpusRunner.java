package dev.assay.golden.corpus;

import dev.assay.engine.ScanException;
import dev.assay.engine.Scanner;
import dev.assay.engine.model.Report;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Scans a labelled corpus with each pack and prints precision and recall per technique and overall.
 *
 * <pre>
 *   CorpusRunner [CORPUS_DIR] [--pack REF]...     defaults: golden-tests/corpus/skilltotal, the packs in labels.yaml
 * </pre>
 *
 * Exit code 0 when every figure meets its threshold in labels.yaml, 1 when one does not, 2 on a usage or scan error.
 */
public final class CorpusRunner {

    private static final Clock FIXED = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);

    private CorpusRunner() {
    }

    /** Scans every labelled component with one pack (one scanner, sequentially); keys are component paths. */
    public static Map<String, Report> scanAll(CorpusLabels labels, String pack) throws ScanException {
        Scanner scanner = Scanner.builder().pack(pack).clock(FIXED).build();
        Map<String, Report> reports = new TreeMap<>();
        for (CorpusLabels.Component c : labels.components()) {
            reports.put(c.path(), scanner.scan(labels.root().resolve(c.path())));
        }
        return reports;
    }

    public static void main(String[] args) {
        Path root = Path.of("golden-tests/corpus/skilltotal");
        List<String> packs = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--pack") && i + 1 < args.length) {
                packs.add(args[++i]);
            } else if (!args[i].startsWith("-")) {
                root = Path.of(args[i]);
            } else {
                System.err.println("usage: CorpusRunner [CORPUS_DIR] [--pack REF]...");
                System.exit(2);
            }
        }
        int exit = 0;
        try {
            CorpusLabels labels = CorpusLabels.load(root);
            if (packs.isEmpty()) {
                packs.addAll(labels.packs());
            }
            System.out.println("corpus " + root + ": " + labels.components().size() + " components, "
                    + labels.techniques().size() + " techniques");
            for (String pack : packs) {
                CorpusEvaluation.Result r = CorpusEvaluation.evaluate(pack, labels, scanAll(labels, pack));
                System.out.println();
                System.out.print(CorpusEvaluation.table(r, labels.thresholdsFor(pack)));
                for (String s : r.shortfalls(labels.thresholdsFor(pack))) {
                    System.out.println("BELOW THRESHOLD " + pack + ": " + s);
                    exit = 1;
                }
            }
        } catch (IOException | ScanException | RuntimeException e) {
            System.err.println("corpus: " + e.getMessage());
            System.exit(2);
        }
        System.exit(exit);
    }
}
