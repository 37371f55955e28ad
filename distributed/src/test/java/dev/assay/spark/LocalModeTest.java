package dev.assay.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The cores a local master names, from which local mode sizes its shuffle partitions. */
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
    void withoutAPartitionSizeEachCoreGetsAboutEightTasksOfAtLeastSixteenComponents() {
        assertEquals(123, ScanJob.partitionSize(1961, 2)); // 16 tasks for the ClawHub mirror in local[2]
        assertEquals(246, ScanJob.partitionSize(1961, 1));
        assertEquals(16, ScanJob.partitionSize(100, 2)); // small inputs keep small tasks
        assertEquals(16, ScanJob.partitionSize(0, 2));
        assertEquals(125, ScanJob.partitionSize(100_000, 100)); // a registry on 25 executors x 4 cores
        assertEquals(1_000, ScanJob.partitionSize(10_000_000, 4));
        assertEquals(16, ScanJob.partitionSize(5, 0));
    }
}
