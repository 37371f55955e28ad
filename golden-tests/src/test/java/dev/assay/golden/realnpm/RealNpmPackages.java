package dev.assay.golden.realnpm;

import dev.assay.engine.ScanException;
import dev.assay.engine.Scanner;
import dev.assay.engine.model.Finding;
import dev.assay.engine.model.Report;
import dev.assay.engine.model.Severity;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The real public npm packages of {@code golden-tests/real-npm/packages.tsv}, their tarballs (fetched by fetch.sh
 * into {@code tarballs/}) and what each label requires of a scan. Shared by RealNpmPackagesTest and bench/corpus.sh.
 *
 * <pre>
 *   RealNpmPackages [REAL_NPM_DIR] [--pack REF]     prints one line per package; exit 1 when a label is not held
 * </pre>
 */
public final class RealNpmPackages {

    public static final String ADVISORY_RULE = "ST-ADVISORY-KNOWN-VULNERABLE";
    private static final Clock FIXED = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);

    /** One row of packages.tsv; {@code advisories} maps advisory id to the fixed version the scan must name. */
    public record Package(String name, String version, String integrity, String label, Map<String, String> advisories,
            String reason) {

        /** The file name npm pack gives the tarball: scope and name joined by '-', without the '@'. */
        public String tarballName() {
            return name.replaceFirst("^@", "").replace('/', '-') + "-" + version + ".tgz";
        }

        @Override
        public String toString() {
            return name + "@" + version;
        }
    }

    private RealNpmPackages() {
    }

    public static List<Package> load(Path dir) throws IOException {
        List<Package> out = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("packages.tsv"))) {
            if (line.isBlank() || line.startsWith("#") || line.startsWith("name\t")) {
                continue;
            }
            String[] c = line.split("\t", -1);
            if (c.length != 6) {
                throw new IOException("packages.tsv: expected 6 tab-separated columns: " + line);
            }
            Map<String, String> advisories = new LinkedHashMap<>();
            if (!c[4].equals("-")) {
                for (String a : c[4].split(",")) {
                    String[] idFixed = a.split(">", 2);
                    if (idFixed.length != 2) {
                        throw new IOException("packages.tsv: advisory must be ID>FIXED: " + a);
                    }
                    advisories.put(idFixed[0].trim(), idFixed[1].trim());
                }
            }
            out.add(new Package(c[0], c[1], c[2], c[3], advisories, c[5]));
        }
        return out;
    }

    /** The registry's integrity string of a file: "sha512-" and the base64 of its SHA-512. */
    public static String integrityOf(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest md = MessageDigest.getInstance("SHA-512");
            byte[] buf = new byte[65536];
            for (int n; (n = in.read(buf)) > 0; ) {
                md.update(buf, 0, n);
            }
            return "sha512-" + Base64.getEncoder().encodeToString(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public static Scanner scanner(String pack) throws ScanException {
        Scanner.Builder b = Scanner.builder().clock(FIXED);
        // no pack given: the skilltotal scorer with its default (newest) pack, as `assay scan` picks for a tarball
        return pack == null ? b.scorer("skilltotal").build() : b.pack(pack).build();
    }

    /**
     * What the package's label requires of its report, as one message per problem (empty when held). Vulnerable: the
     * advisory finding names every advisory id and its fixed version. Benign: no advisory finding, no active
     * malicious indicator, a verdict that is not malicious, a level below high.
     */
    public static List<String> problems(Package p, Report r) {
        List<String> out = new ArrayList<>();
        List<Finding> advisory = r.findings().stream().filter(f -> f.id().equals(ADVISORY_RULE)).toList();
        switch (p.label()) {
            case "vulnerable" -> {
                if (advisory.isEmpty()) {
                    out.add("no " + ADVISORY_RULE + " finding");
                }
                String text = String.join(" ", advisory.stream().map(Finding::message).toList());
                p.advisories().forEach((id, fixed) -> {
                    if (!text.contains(id) || !text.contains("fixed in " + fixed)) {
                        out.add(ADVISORY_RULE + " does not name " + id + " fixed in " + fixed + ": " + text);
                    }
                });
            }
            case "benign" -> {
                advisory.forEach(f -> out.add("reported as vulnerable: " + f.message()));
                r.findings().stream().filter(f -> f.threatClass().equals("malicious_indicator"))
                        .forEach(f -> out.add("malicious indicator " + f.id() + " on " + f.subject() + ": "
                                + f.message()));
                if (r.verdict().startsWith("malicious")) {
                    out.add("malicious verdict: " + r.verdict());
                }
                if (r.level().equals("high") || r.level().equals("critical")) {
                    out.add("level " + r.level() + " (score " + r.score() + ")");
                }
            }
            default -> out.add("label " + p.label() + " has no expectation here (only vulnerable and benign so far)");
        }
        return out;
    }

    /** One summary line: package, label, score, level, verdict and the high or critical findings' rule ids. */
    public static String summary(Package p, Report r) {
        List<String> top = r.findings().stream().filter(f -> f.severity().atLeast(Severity.HIGH))
                .map(Finding::id).distinct().toList();
        return String.format("%-58s %-10s %5s %-8s %s%s", p, p.label(), r.score().toPlainString(), r.level(),
                r.verdict(), top.isEmpty() ? "" : "  [" + String.join(", ", top) + "]");
    }

    public static void main(String[] args) {
        Path dir = Path.of("golden-tests/real-npm");
        String pack = null;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--pack") && i + 1 < args.length) {
                pack = args[++i];
            } else if (!args[i].startsWith("-")) {
                dir = Path.of(args[i]);
            } else {
                System.err.println("usage: RealNpmPackages [REAL_NPM_DIR] [--pack REF]");
                System.exit(2);
            }
        }
        int exit = 0;
        try {
            List<Package> packages = load(dir);
            Scanner scanner = scanner(pack);
            int held = 0;
            int missing = 0;
            System.out.println("real npm packages " + dir + ": " + packages.size() + " (pack "
                    + (pack == null ? "default" : pack) + ")");
            for (Package p : packages) {
                Path tgz = dir.resolve("tarballs").resolve(p.tarballName());
                if (!Files.isRegularFile(tgz) || !integrityOf(tgz).equals(p.integrity())) {
                    System.out.println(p + ": tarball missing or not matching packages.tsv (run " + dir
                            + "/fetch.sh)");
                    missing++;
                    continue;
                }
                Report r = scanner.scan(tgz);
                List<String> problems = problems(p, r);
                System.out.println(summary(p, r));
                problems.forEach(s -> System.out.println("    LABEL NOT HELD: " + s));
                if (problems.isEmpty()) {
                    held++;
                } else {
                    exit = 1;
                }
            }
            System.out.println("labels held: " + held + "/" + (packages.size() - missing)
                    + (missing > 0 ? ", " + missing + " not fetched" : ""));
            if (missing > 0) {
                exit = 1;
            }
        } catch (IOException | ScanException | RuntimeException e) {
            System.err.println("real-npm: " + e.getMessage());
            System.exit(2);
        }
        System.exit(exit);
    }
}
