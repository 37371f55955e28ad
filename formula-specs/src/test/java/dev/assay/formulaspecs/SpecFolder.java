package dev.assay.formulaspecs;

import dev.assay.engine.formula.FormulaCase;
import dev.assay.engine.formula.FormulaException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

/** The module's source folder: the specs and cases as authored, not as copied to the classpath. */
final class SpecFolder {

    private SpecFolder() {
    }

    static Path root() {
        return Path.of(System.getProperty("basedir", ".")).toAbsolutePath().normalize();
    }

    /** Every {@code id@N} for which a {@code <id>/v<N>.yaml} file exists, sorted by id then version. */
    static List<String> specRefs() {
        TreeSet<String> ids = new TreeSet<>();
        List<String> refs = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(root())) {
            dirs.filter(Files::isDirectory).map(d -> d.getFileName().toString())
                    .filter(n -> !n.equals("src") && !n.equals("target") && !n.startsWith("."))
                    .forEach(ids::add);
            for (String id : ids) {
                try (Stream<Path> files = Files.list(root().resolve(id))) {
                    files.map(f -> f.getFileName().toString()).filter(n -> n.matches("v[0-9]+\\.yaml"))
                            .map(n -> Integer.parseInt(n.substring(1, n.length() - 5))).sorted()
                            .forEach(v -> refs.add(id + "@" + v));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return refs;
    }

    /** Every case file under {@code <id>/cases/}, sorted by path. */
    static List<Path> caseFiles() {
        try (Stream<Path> all = Files.walk(root(), 3)) {
            return all.filter(p -> p.getParent() != null && p.getParent().getFileName().toString().equals("cases"))
                    .filter(p -> p.getFileName().toString().endsWith(".yaml"))
                    .filter(p -> !root().relativize(p).startsWith("target") && !root().relativize(p).startsWith("src"))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static FormulaCase readCase(Path file) throws IOException, FormulaException {
        return FormulaCase.parse(root().relativize(file).toString().replace('\\', '/'), Files.readAllBytes(file));
    }
}
