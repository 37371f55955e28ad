package dev.assay.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The cores a local master names (from which local mode sizes its shuffle partitions), and the job's slices. */
class LocalModeTest {

    @Test
    void localMastersNameTheirThreads() {
        assertEquals(1, ScanJob.localCores("local"));
        assertEquals(2, ScanJob.localCores("local[2]"));
        assertEquals(3, ScanJob.localCores("local[3,4]")); // threads, then task retries
        assertEquals(Runtime.getRuntime().availableProcessors(), ScanJob.localCores("local[*]"));
        assertEquals(Runtime.getRuntime().availableProcessors(), ScanJob.localCores("local[*, 2]"));
    }

    @Test
    void withoutAPartitionSizeSlicesShrinkTowardsTheEnd() {
        // The ClawHub mirror on two cores: 16 tasks, each a quarter of what is left, the last ones small.
        assertEquals(List.of(491, 368, 276, 207, 155, 116, 87, 66, 49, 37, 28, 21, 16, 16, 16, 12),
                ScanJob.sliceSizes(1961, 2));
        assertEquals(List.of(981, 490, 245, 123, 61, 31, 16, 14), ScanJob.sliceSizes(1961, 1));
        assertEquals(List.of(25, 19, 16, 16, 16, 8), ScanJob.sliceSizes(100, 2)); // small inputs keep small tasks
        assertEquals(List.of(), ScanJob.sliceSizes(0, 2));
        assertEquals(List.of(5), ScanJob.sliceSizes(5, 0));
        List<Integer> registry = ScanJob.sliceSizes(100_000, 100); // a registry on 25 executors x 4 cores
        assertEquals(500, registry.get(0));
        assertEquals(16, registry.get(registry.size() - 2));
        assertEquals(1_000, ScanJob.sliceSizes(10_000_000, 4).get(0));
        for (int n : new int[] {1, 17, 1961, 100_000}) {
            List<Integer> sizes = ScanJob.sliceSizes(n, 3);
            assertEquals(n, sizes.stream().mapToInt(Integer::intValue).sum(), "every component in exactly one slice");
            for (int i = 1; i < sizes.size(); i++) {
                assertTrue(sizes.get(i) <= sizes.get(i - 1), "never a larger slice after a smaller one: " + sizes);
            }
        }
    }

    @Test
    void aGivenPartitionSizeGivesEqualSlicesAndTheRest() {
        assertEquals(List.of(2, 2, 1), ScanJob.fixedSizes(5, 2));
        assertEquals(List.of(16), ScanJob.fixedSizes(16, 16));
        assertEquals(List.of(), ScanJob.fixedSizes(0, 16));
    }
}
