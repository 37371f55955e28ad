package dev.assay.engine.pack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A shipped pack's rulesHash comes from the build's index instead of hashing its files on each start: it must equal
 * the hash of the files on the class path, and a class path that no longer holds what the build compiled must still
 * be hashed and compiled at run time. (In this package for the package-private class-path files.)
 */
class ShippedRulesHashTest {

    private final ClassLoader loader = ShippedRulesHashTest.class.getClassLoader();

    @Test
    void theBuildsHashEqualsTheRunTimeHashOfEveryShippedPack() throws Exception {
        ShippedPackIndex index = ShippedPackIndex.read(loader);
        assertTrue(index.packs().size() >= 5, "the shipped packs are on the class path: " + index.packs());
        PackRegistry registry = PackRegistry.shipped();
        for (ShippedPackIndex.Entry e : index.packs()) {
            String runTime = RulesHash.of(new ClasspathPackFiles(e, loader));
            assertEquals(runTime, e.rulesHash(), e.ref());

            LoadedFilesCrc read = new LoadedFilesCrc(ClasspathPackFiles.withBuildHash(e, loader));
            RulePack pack = new PackLoader().load(read);
            assertEquals(e.loadedCrc(), read.value(), e.ref() + ": the loader reads what the build read");
            assertTrue(read.value().matches("crc32:[0-9a-f]{8}:[1-9][0-9]*"), read.value());

            assertEquals(new PackLoader().load(new ClasspathPackFiles(e, loader)), pack,
                    e.ref() + ": loading without the build's checks gives the same pack");

            CompiledPack loaded = registry.load(e.ref());
            assertEquals(runTime, loaded.pack().rulesHash(), e.ref());
            assertTrue(loaded.precompiled(), e.ref() + " runs the build's executable model");
            assertEquals(pack.rules(), loaded.pack().rules(), e.ref());
        }
    }

    @Test
    void theIndexHashIsWhatAShippedPackReports() throws Exception {
        ShippedPackIndex.Entry real = latest("skilltotal");
        ShippedPackIndex.Entry otherHash = new ShippedPackIndex.Entry(real.id(), real.version(), real.scorer(),
                "sha256:" + "1".repeat(64), real.loadedCrc(), real.models(), real.files());
        CompiledPack loaded = new PackRegistry(loader, new ShippedPackIndex(List.of(otherHash))).load(real.ref());
        assertEquals(otherHash.rulesHash(), loaded.pack().rulesHash(), "not hashed again at run time");
        assertTrue(loaded.precompiled());
    }

    @Test
    void filesThatDifferFromTheBuildsAreHashedAndCompiledAtRunTime() throws Exception {
        ShippedPackIndex.Entry real = latest("skilltotal");
        ShippedPackIndex.Entry stale = new ShippedPackIndex.Entry(real.id(), real.version(), real.scorer(),
                "sha256:" + "1".repeat(64), "crc32:00000000:1", real.models(), real.files());
        CompiledPack loaded = new PackRegistry(loader, new ShippedPackIndex(List.of(stale))).load(real.ref());
        assertFalse(loaded.precompiled(), "never the model of other files");
        assertEquals(real.rulesHash(), loaded.pack().rulesHash(), "the hash of the files as they are");
        assertNotEquals(stale.rulesHash(), loaded.pack().rulesHash());
    }

    @Test
    void aModelClassThatCannotBeLoadedFailsTheLoadNamingThePackAndTheClass() throws Exception {
        // The KieBase is built on a thread of its own while the YAML is read; its failure comes back as before.
        ShippedPackIndex.Entry real = latest("skilltotal");
        List<String> models = new java.util.ArrayList<>(real.models());
        models.add("dev.assay.rules.NoSuchModel");
        ShippedPackIndex.Entry missing = new ShippedPackIndex.Entry(real.id(), real.version(), real.scorer(),
                real.rulesHash(), real.loadedCrc(), models, real.files());
        PackException e = org.junit.jupiter.api.Assertions.assertThrows(PackException.class,
                () -> new PackRegistry(loader, new ShippedPackIndex(List.of(missing))).load(real.ref()));
        assertEquals(real.ref() + ": precompiled rules dev.assay.rules.NoSuchModel cannot be loaded: "
                + "java.lang.ClassNotFoundException: dev.assay.rules.NoSuchModel", e.getMessage());
    }

    private ShippedPackIndex.Entry latest(String id) throws PackException {
        return PackRegistry.shipped().resolve(id);
    }
}
