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
}
