package dev.assay.engine.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class ParallelTest {

    @Property(tries = 30)
    void resultsArriveInItemOrderWhateverTheTiming(@ForAll @Size(max = 40) List<@IntRange(min = 0, max = 3) Integer> sleeps,
            @ForAll @IntRange(min = 1, max = 4) int jobs) throws Exception {
        List<Integer> indexes = IntStream.range(0, sleeps.size()).boxed().toList();
        List<Integer> seen = new ArrayList<>();
        Parallel.forEachInOrder(indexes, jobs, i -> {
            try {
                Thread.sleep(sleeps.get(i));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return i * 10;
        }, seen::add);
        assertEquals(indexes.stream().map(i -> i * 10).toList(), seen);
    }

    @Test
    void severalThreadsReallyWork() throws Exception {
        ConcurrentHashMap<String, Boolean> threads = new ConcurrentHashMap<>();
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        Parallel.forEachInOrder(IntStream.range(0, 16).boxed().toList(), 3, i -> {
            threads.put(Thread.currentThread().getName(), true);
            most.accumulateAndGet(running.incrementAndGet(), Math::max);
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            running.decrementAndGet();
            return i;
        }, i -> { });
        assertTrue(most.get() > 1 && most.get() <= 3, "at most 3 at once, and more than one: " + most.get());
        assertTrue(threads.keySet().stream().allMatch(n -> n.startsWith("assay-batch-")), threads.toString());
    }

    @Test
    void aFailureInTheWorkOrTheSinkStopsTheRun() {
        List<Integer> items = IntStream.range(0, 50).boxed().toList();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Parallel.forEachInOrder(items, 2,
                i -> {
                    if (i == 7) {
                        throw new IllegalStateException("boom at 7");
                    }
                    return i;
                }, i -> { }));
        assertEquals("boom at 7", e.getMessage());
        List<Integer> seen = new ArrayList<>();
        assertThrows(IllegalArgumentException.class, () -> Parallel.forEachInOrder(items, 2, i -> i, i -> {
            seen.add(i);
            if (i == 3) {
                throw new IllegalArgumentException("sink full");
            }
        }));
        assertEquals(List.of(0, 1, 2, 3), seen);
    }

    @Test
    void jobsBelowOneAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> Parallel.forEachInOrder(List.of(1), 0, i -> i, i -> { }));
    }
}
