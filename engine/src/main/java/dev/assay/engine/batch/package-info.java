/**
 * Many targets in one process: {@link dev.assay.engine.batch.BatchScanner} shares one compiled pack across targets and
 * threads and turns a target that cannot be scanned into an error result instead of a failed batch;
 * {@link dev.assay.engine.batch.Parallel} is the ordered parallel loop under it. Results always come back in the order
 * the targets were given.
 */
package dev.assay.engine.batch;
