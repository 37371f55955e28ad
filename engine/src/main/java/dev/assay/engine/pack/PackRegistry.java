package dev.assay.engine.pack;


import dev.assay.engine.rules.RuleContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds and loads rule packs: the shipped ones (precompiled, listed in {@code rulepacks/index.yaml}) by {@code id},
 * {@code id@version} or scorer, and packs in a folder by path. Each pack version is loaded and compiled once per
 * registry and then shared; several versions of one pack live side by side. Thread-safe.
 */
public final class PackRegistry {

    private final ClassLoader loader;
    private final ShippedPackIndex index;
    private final Map<String, LoadOnce> loaded = new ConcurrentHashMap<>();

    PackRegistry(ClassLoader loader, ShippedPackIndex index) { // package-private for tests with another index
        this.loader = loader;
        this.index = index;
    }

    /** The packs shipped on the class path of this library. */
    public static PackRegistry shipped() throws PackException {
        ClassLoader cl = PackRegistry.class.getClassLoader();
        return new PackRegistry(cl, ShippedPackIndex.read(cl));
    }

    /** Shipped pack versions, sorted by id and then version (oldest first). */
    public List<ShippedPackIndex.Entry> available() {
        List<ShippedPackIndex.Entry> out = new ArrayList<>(index.packs());
        out.sort(Comparator.comparing(ShippedPackIndex.Entry::id).thenComparing(ShippedPackIndex.Entry::version,
                PackRegistry::compareSemver));
        return out;
    }

    /**
     * Every shipped pack version with the formula its manifest names and whether it runs precompiled, sorted like
     * {@link #available()}. Reads each pack's files (to read pack.yaml and check the hash) but compiles nothing.
     *
     * @throws PackException when a shipped pack's files cannot be read from the class path
     */
    public List<ShippedPack> list() throws PackException {
        List<ShippedPack> out = new ArrayList<>();
        for (ShippedPackIndex.Entry e : available()) {
            ClasspathPackFiles files = new ClasspathPackFiles(e, loader);
            String formula = "";
            String hash;
            try {
                LocatedYaml manifest = LocatedYaml.parse(files.read("pack.yaml"));
                formula = manifest.root().path("formula").asText("");
                hash = RulesHash.of(files);
            } catch (java.io.IOException | LocatedYaml.SyntaxError ex) {
                throw new PackException("shipped " + e.ref() + ": cannot be read from the class path: " + ex.getMessage());
            }
            out.add(new ShippedPack(e.id(), e.version(), e.scorer(), formula, e.rulesHash(),
                    !e.models().isEmpty() && hash.equals(e.rulesHash())));
        }
        return out;
    }

    /**
     * Resolves {@code id@version}, {@code id} (latest shipped version) or a folder path (anything containing a path
     * separator, or an existing folder).
     */
    public CompiledPack load(String ref) throws PackException {
        Path asPath = Path.of(ref);
        if (ref.contains("/") || ref.contains("\\") || (Files.isDirectory(asPath) && !ref.contains("@"))) {
            return fromFolder(asPath);
        }
        ShippedPackIndex.Entry e = resolve(ref);
        return loadShipped(e);
    }

    /** The latest shipped pack that serves a scorer. */
    public CompiledPack forScorer(String scorer) throws PackException {
        Optional<ShippedPackIndex.Entry> best = available().stream().filter(e -> e.scorer().equals(scorer))
                .reduce((a, b) -> b);
        if (best.isEmpty()) {
            List<String> scorers = available().stream().map(ShippedPackIndex.Entry::scorer).distinct().sorted().toList();
            throw new PackException("unknown scorer '" + scorer + "' (available: " + String.join(", ", scorers) + ")");
        }
        return loadShipped(best.get());
    }

    /** A pack version in a folder, compiled from DRL (it has no build-time model). */
    public CompiledPack fromFolder(Path folder) throws PackException {
        Path abs = folder.toAbsolutePath().normalize();
        return once("folder:" + abs).get(() -> PackCompiler.compile(new PackLoader().load(DirectoryPackFiles.open(abs))));
    }

    ShippedPackIndex.Entry resolve(String ref) throws PackException {
        String id = ref;
        String version = null;
        int at = ref.indexOf('@');
        if (at >= 0) {
            id = ref.substring(0, at);
            version = ref.substring(at + 1);
        }
        final String wantedId = id;
        List<ShippedPackIndex.Entry> versions = available().stream().filter(e -> e.id().equals(wantedId)).toList();
        if (versions.isEmpty()) {
            List<String> ids = available().stream().map(ShippedPackIndex.Entry::id).distinct().toList();
            throw new PackException("unknown rule pack '" + id + "' (shipped: " + String.join(", ", ids) + ")");
        }
        if (version == null) {
            return versions.get(versions.size() - 1);
        }
        for (ShippedPackIndex.Entry e : versions) {
            if (e.version().equals(version)) {
                return e;
            }
        }
        throw new PackException("rule pack " + id + " has no version " + version + " (shipped: "
                + String.join(", ", versions.stream().map(ShippedPackIndex.Entry::version).toList()) + ")");
    }

    private CompiledPack loadShipped(ShippedPackIndex.Entry e) throws PackException {
        return once("shipped:" + e.ref()).get(() -> {
            // The rulesHash from the build's index, and a CRC-32 of the files read to check that they are still what
            // the build compiled (and checked): hashing all files (tests too) with SHA-256, and compiling every RE2
            // pattern only to validate it, cost a cold start about 50 and 30 ms.
            // The KieBase of the executable model does not need the YAML: it is built on its own thread while this
            // one reads the pack's files (it is not used when they differ from what the build compiled).
            PackCompiler.ModelBuild model = e.models().isEmpty() ? null
                    : PackCompiler.startFromModels(e.models(), loader, true);
            LoadedFilesCrc files = new LoadedFilesCrc(ClasspathPackFiles.withBuildHash(e, loader));
            RulePack pack = PackLoader.ofBuiltContent().load(files);
            if (files.value().equals(e.loadedCrc()) && model != null) {
                RuleContext.prepare(pack); // the pack's patterns, compiled while the KieBase is still being built
                try {
                    return model.finish(pack);
                } finally {
                    RuleContext.forgetPrepared();
                }
            }
            // Content changed since the build: hash what is there and never run stale rules.
            return PackCompiler.compile(new PackLoader().load(new ClasspathPackFiles(e, loader)));
        });
    }

    private LoadOnce once(String key) {
        return loaded.computeIfAbsent(key, k -> new LoadOnce());
    }

    /** How one pack version is built. */
    private interface PackBuild {
        CompiledPack build() throws PackException;
    }

    /**
     * One pack version's slot: the first caller builds it while concurrent callers for the same version wait, so a
     * pack is never compiled twice. A failed build is not kept; the next caller tries again.
     */
    private static final class LoadOnce {
        private CompiledPack pack;

        synchronized CompiledPack get(PackBuild build) throws PackException {
            if (pack == null) {
                pack = build.build();
            }
            return pack;
        }
    }

    /** Orders semantic versions numerically (1.10.0 after 1.9.0). */
    static int compareSemver(String a, String b) {
        String[] x = a.split("\\.");
        String[] y = b.split("\\.");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            long p = i < x.length ? parse(x[i]) : 0;
            long q = i < y.length ? parse(y[i]) : 0;
            if (p != q) {
                return Long.compare(p, q);
            }
        }
        return a.compareTo(b);
    }

    private static long parse(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

}
