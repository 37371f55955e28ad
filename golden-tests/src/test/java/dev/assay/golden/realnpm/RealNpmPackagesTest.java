package dev.assay.golden.realnpm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.assay.engine.Scanner;
import dev.assay.engine.model.Report;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Scans the real public npm packages of {@code real-npm/packages.tsv} with the default pack and holds their labels:
 * the vulnerable versions report ST-ADVISORY-KNOWN-VULNERABLE naming each advisory and its fixed version; the benign
 * ones get no advisory, no malicious indicator or verdict and a level below high.
 *
 * <p>The tarballs come from {@code real-npm/fetch.sh} (npm pack, sha512-checked), which {@code .ci/run} calls before
 * the build and exports {@code ASSAY_REAL_NPM=required}. Missing tarballs then fail the test with the command to
 * run; without that variable (a developer machine without npm) the scans are skipped and say why.
 */
class RealNpmPackagesTest {

    private static final Path DIR = Path.of("").toAbsolutePath().resolve("real-npm");
    private static List<RealNpmPackages.Package> packages;

    @BeforeAll
    static void load() throws Exception {
        packages = RealNpmPackages.load(DIR);
    }

    @Test
    void listIsWellFormedAndHoldsBothLabels() {
        for (RealNpmPackages.Package p : packages) {
            assertTrue(p.integrity().matches("sha512-[A-Za-z0-9+/]{86}=="), p + ": integrity must be a sha512 SRI");
            assertTrue(Set.of("vulnerable", "benign").contains(p.label()), p + ": label " + p.label());
            assertEquals(p.label().equals("vulnerable"), !p.advisories().isEmpty(),
                    p + ": vulnerable rows name their advisories, other rows '-'");
            assertTrue(p.reason().length() > 10, p + ": a label needs its reason");
        }
        assertTrue(packages.stream().filter(p -> p.label().equals("vulnerable")).count() >= 3);
        assertTrue(packages.stream().filter(p -> p.label().equals("benign")).count() >= 10);
    }

    @TestFactory
    Stream<DynamicTest> eachPackageHoldsItsLabel() throws Exception {
        Scanner scanner = RealNpmPackages.scanner(null);
        return packages.stream().map(p -> DynamicTest.dynamicTest(p + " " + p.label(), () -> {
            Path tgz = DIR.resolve("tarballs").resolve(p.tarballName());
            if (!Files.isRegularFile(tgz)) {
                String msg = "tarball of " + p + " not fetched: run golden-tests/real-npm/fetch.sh (needs npm)";
                if ("required".equals(System.getenv("ASSAY_REAL_NPM"))) {
                    fail(msg);
                }
                Assumptions.abort(msg + "; skipped because ASSAY_REAL_NPM is not 'required'");
            }
            assertEquals(p.integrity(), RealNpmPackages.integrityOf(tgz),
                    p + ": tarball does not match packages.tsv; delete it and rerun fetch.sh");
            Report r = scanner.scan(tgz);
            assertEquals("skilltotal", r.pack());
            assertEquals(List.of(), RealNpmPackages.problems(p, r), RealNpmPackages.summary(p, r));
        }));
    }
}
