package dev.assay.engine.pack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The fact sort of a large derivation runs in two halves on two threads and merges them: the list must come out as
 * {@link List#sort} leaves it, the original order of ties included (the elements compared by identity).
 */
class SortOnEveryCoreTest {

    private record Item(int key, int at) {
    }

    @Test
    void sortsAsTheStableOneThreadSortDoesTiesIncluded() {
        Random random = new Random(12);
        Comparator<Item> byKey = Comparator.comparingInt(Item::key);
        for (int size : new int[] {0, 1, 100, (1 << 14) - 1, 1 << 14, (1 << 14) + 1, 100_001}) {
            for (int keys : new int[] {1, 3, 1_000, Integer.MAX_VALUE}) {
                List<Item> items = new ArrayList<>();
                for (int i = 0; i < size; i++) {
                    items.add(new Item(random.nextInt(keys), i));
                }
                List<Item> expected = new ArrayList<>(items);
                expected.sort(byKey);
                List<Item> actual = new ArrayList<>(items);
                CompiledPack.sortOnEveryCore(actual, byKey);
                assertEquals(expected.size(), actual.size());
                for (int i = 0; i < size; i++) {
                    assertSame(expected.get(i), actual.get(i), size + " items, " + keys + " keys, at " + i);
                }
            }
        }
    }
}
