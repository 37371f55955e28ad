package dev.assay.engine.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/** {@link TextPrecompute#inParallel} returns only after every task has run, whichever thread ran it. */
class TextPrecomputeParallelTest {

    @Test
    void everyTaskHasRunWhenItReturns() {
        for (int round = 0; round < 300; round++) {
            int n = 2 + round % 5;
            String[] done = new String[n];
            int slow = round % n; // one task outlasts the others, so a helper is often still running it at the end
            inParallelTo(done, slow);
            for (int i = 0; i < n; i++) {
                assertNotNull(done[i], "round " + round + ": task " + i + " of " + n + " had not finished");
            }
        }
    }

    private static void inParallelTo(String[] done, int slow) {
        TextPrecompute.inParallel(done.length, i -> {
            LockSupport.parkNanos(i == slow ? 2_000_000L : 50_000L);
            done[i] = "task " + i;
        });
    }

    @Test
    void aFailingTaskFailsTheCallAfterTheOthersRan() {
        int[] ran = new int[4];
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TextPrecompute.inParallel(4, i -> {
            ran[i] = 1;
            if (i == 1) {
                throw new IllegalArgumentException("task 1");
            }
        }));
        assertEquals("task 1", e.getMessage());
        assertEquals(4, ran[0] + ran[1] + ran[2] + ran[3]);
    }
}
