package dev.assay.extract.component;

import java.util.AbstractList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.Set;

/**
 * An unmodifiable list of names from the settings whose {@link #contains} is a hash lookup: the analysers ask whether
 * a callee, a method or a node's text is in one of these lists for every call of every source file, and a list's own
 * {@code contains} compares it with each entry in turn. Otherwise a list like {@link List#copyOf}'s: the same
 * elements, order, equality, hash code and text form, no nulls, and {@code contains(null)} throws as it does.
 */
final class NameList extends AbstractList<String> implements RandomAccess {

    private static final List<String> EMPTY = List.of();

    private final String[] names;
    private final Set<String> set;

    private NameList(List<String> names) {
        this.names = names.toArray(new String[0]);
        this.set = new HashSet<>(names);
    }

    /** The names as an unmodifiable list (the empty list when there are none); throws on a null name. */
    static List<String> of(List<String> names) {
        List<String> copy = List.copyOf(names); // rejects nulls, as before
        return copy.isEmpty() ? EMPTY : new NameList(copy);
    }

    @Override
    public String get(int index) {
        return names[index];
    }

    @Override
    public int size() {
        return names.length;
    }

    @Override
    public boolean contains(Object o) {
        return set.contains(Objects.requireNonNull(o));
    }
}
