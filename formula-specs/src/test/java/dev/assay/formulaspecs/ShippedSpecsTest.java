package dev.assay.formulaspecs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.assay.engine.formula.Formula;
import dev.assay.engine.formula.FormulaCase;
import dev.assay.engine.formula.FormulaRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Runs every case file against the shipped registry and checks the index, the folder and the classpath agree. */
class ShippedSpecsTest {

    /** Each shipped formula keeps at least this many cases, so edge cases are not left to the properties alone. */
    private static final int MIN_CASES = 10;

    @Test
    void indexListsExactlyTheSpecFilesInTheFolder() throws Exception {
        byte[] index = Files.readAllBytes(SpecFolder.root().resolve("index.yaml"));
        List<String> listed = new ArrayList<>();
        new ObjectMapper(new YAMLFactory()).readTree(index).get("formulas").forEach(n -> listed.add(n.textValue()));
        assertEquals(SpecFolder.specRefs(), listed, "index.yaml must list every <id>/v<N>.yaml, in id and version order");
        assertEquals(SpecFolder.specRefs(), FormulaRegistry.shipped().available());
    }

    @Test
    void shippedSpecsHashTheirSourceBytes() throws Exception {
        FormulaRegistry shipped = FormulaRegistry.shipped();
        for (String ref : shipped.available()) {
            Formula f = shipped.resolve(ref);
            Formula fromSource = Formula.parse(ref, Files.readAllBytes(
                    SpecFolder.root().resolve(f.id()).resolve("v" + f.version() + ".yaml")));
            assertEquals(fromSource.hash(), f.hash(), ref + " on the classpath differs from the source folder");
            assertTrue(f.hash().matches("sha256:[0-9a-f]{64}"), f.hash());
        }
    }

    @Test
    void everyShippedFormulaHasEnoughCases() throws Exception {
        Map<String, Integer> counts = new TreeMap<>();
        for (String ref : FormulaRegistry.shipped().available()) {
            counts.put(ref, 0);
        }
        for (Path file : SpecFolder.caseFiles()) {
            FormulaCase c = SpecFolder.readCase(file);
            assertTrue(file.getParent().getParent().getFileName().toString().equals(c.formulaRef().split("@")[0]),
                    file + " is filed under another formula than " + c.formulaRef());
            counts.merge(c.formulaRef(), 1, Integer::sum);
        }
        counts.forEach((ref, n) -> assertTrue(n >= MIN_CASES, ref + " has only " + n + " cases"));
    }

    @TestFactory
    Stream<DynamicTest> cases() {
        FormulaRegistry shipped = FormulaRegistry.shipped();
        return SpecFolder.caseFiles().stream().map(file -> DynamicTest.dynamicTest(
                SpecFolder.root().relativize(file).toString(), () -> {
                    FormulaCase c = SpecFolder.readCase(file);
                    List<String> diffs = c.check(shipped.resolve(c.formulaRef()));
                    assertEquals(List.of(), diffs, c.toString());
                }));
    }
}
