package dev.assay.engine.pack;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A registry builds each pack version once, however many threads ask for it at the same time. */
class PackRegistryOnceTest {

    @Test
    void concurrentCallersShareOneCompiledPack(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("pack.yaml"), PackCompileTest.PACK);
        PackRegistry registry = PackRegistry.shipped();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<CompiledPack>> futures = new ArrayList<>();
            Callable<CompiledPack> load = () -> registry.fromFolder(dir);
            for (int i = 0; i < 8; i++) {
                futures.add(pool.submit(load));
            }
            CompiledPack first = futures.get(0).get();
            for (Future<CompiledPack> f : futures) {
                assertSame(first, f.get(), "every caller gets the one compiled pack");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aFailedLoadIsRetriedNotCached(@TempDir Path dir) throws Exception {
        PackRegistry registry = PackRegistry.shipped();
        assertThrows(PackException.class, () -> registry.fromFolder(dir), "no pack.yaml yet");
        Files.writeString(dir.resolve("pack.yaml"), PackCompileTest.PACK);
        CompiledPack loaded = registry.fromFolder(dir);
        assertSame(loaded, registry.fromFolder(dir));
    }
}
