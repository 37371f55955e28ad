package dev.assay.extract.agent;

import dev.assay.engine.fact.Fact;
import dev.assay.engine.spi.Limits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Copies fixture trees from src/test/resources/agent into a temporary folder and runs the extractor on them. */
final class Fixtures {

    private Fixtures() {
    }

    static Path source(String name) {
        try {
            return Path.of(Fixtures.class.getResource("/agent/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Copies the fixture {@code name} to {@code destination} (created if missing) and returns the destination. */
    static Path copy(String name, Path destination) {
        Path from = source(name);
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path to = destination.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.createDirectories(to.getParent());
                    Files.copy(p, to);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return destination;
    }

    static void write(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Marks a folder as a git work tree, the way a clone looks (the fixture tree cannot hold a .git folder). */
    static void gitInit(Path folder) {
        write(folder.resolve(".git/HEAD"), "ref: refs/heads/main\n");
    }

    static List<Fact> extract(FolderTarget target) {
        return extract(target, Limits.defaults());
    }

    static List<Fact> extract(FolderTarget target, Limits limits) {
        List<Fact> facts = new ArrayList<>();
        new AgentInstallationExtractor().extract(target, facts::add, limits);
        return facts;
    }
}
