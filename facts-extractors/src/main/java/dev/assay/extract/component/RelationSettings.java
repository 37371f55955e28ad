package dev.assay.extract.component;

import dev.assay.engine.yaml.RecordBinder;
import java.util.List;

/**
 * The data of the component extractor's file relations, read from {@code file-relations.yaml}: what loads or runs a
 * file (for {@link LoadGraph}) and where compiled code's source would be (for {@link CompiledSources}). Immutable;
 * unknown keys are an error.
 */
record RelationSettings(Loading loading, List<CompiledSource> compiledSources, MinifiedSources minifiedSources) {

    private static final RelationSettings BUNDLED = load("file-relations.yaml");

    RelationSettings {
        compiledSources = compiledSources == null ? List.of() : List.copyOf(compiledSources);
    }

    static RelationSettings bundled() {
        return BUNDLED;
    }

    static RelationSettings load(String resource) {
        return RecordBinder.bundled(RelationSettings.class, resource, RelationSettings.class);
    }

    record Loading(List<String> sourcingCommands, List<String> interpreters, List<String> runningCalls,
            List<String> moduleCalls, List<String> jsResolveSuffixes, List<ManifestKey> manifestKeys,
            List<String> setupEntryPointKeywords) {

        Loading {
            sourcingCommands = ScanSettings.list(sourcingCommands);
            interpreters = ScanSettings.list(interpreters);
            runningCalls = ScanSettings.list(runningCalls);
            moduleCalls = ScanSettings.list(moduleCalls);
            jsResolveSuffixes = ScanSettings.list(jsResolveSuffixes);
            manifestKeys = manifestKeys == null ? List.of() : List.copyOf(manifestKeys);
            setupEntryPointKeywords = ScanSettings.list(setupEntryPointKeywords);
        }
    }

    /** A manifest value that names what consumers load: {@code as} is path, command or entry-point. */
    record ManifestKey(String document, String key, String as) {
    }

    /** Compiled files by suffix; {@code match} is sibling, name or any (see the YAML). */
    record CompiledSource(String suffix, String what, String match, List<String> sources) {

        CompiledSource {
            sources = ScanSettings.list(sources);
        }
    }

    record MinifiedSources(String what, List<String> suffixes, List<String> sources, List<String> dropParts) {

        MinifiedSources {
            suffixes = ScanSettings.list(suffixes);
            sources = ScanSettings.list(sources);
            dropParts = ScanSettings.list(dropParts);
        }
    }
}
