package dev.assay.extract.component;

import dev.assay.engine.fact.Component;
import dev.assay.engine.fact.Fact;
import dev.assay.engine.fact.FileTag;
import dev.assay.engine.fact.TextDocument;
import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.SkippedFile;
import dev.assay.engine.spi.Target;
import dev.assay.engine.spi.TargetException;
import dev.assay.extract.load.LocalTargetOpener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Test helper: runs the component extractor over a folder and keeps the facts and the skip records. */
record Scan(List<Fact> facts, List<SkippedFile> skipped) {

    static Scan fixture(String name) {
        try {
            return of(Path.of(Scan.class.getResource("/component/" + name).toURI()), Limits.defaults());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Scan files(Path dir, Map<String, String> files) {
        for (Map.Entry<String, String> e : files.entrySet()) {
            write(dir, e.getKey(), e.getValue().getBytes(StandardCharsets.UTF_8));
        }
        return of(dir, Limits.defaults());
    }

    static void write(Path dir, String name, byte[] bytes) {
        try {
            Path p = dir.resolve(name);
            Files.createDirectories(p.getParent());
            Files.write(p, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Scan of(Path path, Limits limits) {
        return of(new ComponentExtractor(), path, limits);
    }

    static Scan of(ComponentExtractor extractor, Path path, Limits limits) {
        List<Fact> facts = new ArrayList<>();
        try (Target target = new LocalTargetOpener().open(path, limits)) {
            extractor.extract(target, facts::add, limits);
            return new Scan(facts, target.skipped());
        } catch (TargetException e) {
            throw new IllegalStateException(e);
        }
    }

    <T extends Fact> List<T> all(Class<T> type) {
        return facts.stream().filter(type::isInstance).map(type::cast).collect(Collectors.toList());
    }

    Component component() {
        List<Component> components = all(Component.class);
        if (components.size() != 1) {
            throw new AssertionError("expected one Component, got " + components);
        }
        return components.get(0);
    }

    /** "tag:note" lines of one file, sorted by tag. */
    List<String> tags(String file) {
        return all(FileTag.class).stream().filter(t -> t.file().equals(file)).map(FileTag::tag)
                .collect(Collectors.toList());
    }

    String role(String file) {
        return all(TextDocument.class).stream().filter(d -> d.file().equals(file)).map(TextDocument::role)
                .findFirst().orElse("(none)");
    }

    List<String> skipReasons(String file) {
        return skipped.stream().filter(s -> s.file().equals(file)).map(SkippedFile::reason)
                .collect(Collectors.toList());
    }
}
