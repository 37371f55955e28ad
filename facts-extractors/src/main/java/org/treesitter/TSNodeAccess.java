package org.treesitter;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads node properties with one native call each, or none where the binding's node object already holds the value
 * (its start byte and its identity). The binding's public {@link TSNode} getters first ask the native
 * side whether the node is null (a second native call per getter, and native calls are what a walk over a large tree
 * costs); these skip that check. This class sits in the binding's package because the single-call natives are
 * package-visible. Callers pass only non-null nodes: nodes from a tree cursor, or children checked with
 * {@link TSNode#isNull()}. Children keep a reference to their tree, as the binding's getters do, so that a tree is not
 * freed while a node of it is in use.
 */
public final class TSNodeAccess {

    /**
     * The node object's copy of the C node: {@code context0} is the start byte and {@code idPtr} is zero exactly for
     * the null node, as in tree-sitter's {@code ts_node_start_byte} and {@code ts_node_is_null}. Every native call that
     * takes a node converts the whole object with per-call field lookups, which is what a walk over a large tree costs.
     */
    private static final VarHandle START_BYTE;
    private static final VarHandle ID;
    /**
     * Symbol names, and whether each is named, per grammar class (each bundled grammar is its own class), so that a
     * node's type costs one native call and no string conversion. Filled on first use of a grammar from an instance.
     */
    private static final Map<Class<?>, Symbols> SYMBOLS = new ConcurrentHashMap<>();

    private record Symbols(String[] names, boolean[] named) {
        static Symbols of(TSLanguage language) {
            String[] names = new String[language.symbolCount()];
            boolean[] named = new boolean[names.length];
            for (int i = 0; i < names.length; i++) {
                names[i] = language.symbolName(i);
                named[i] = language.symbolType(i) == TSSymbolType.TSSymbolTypeRegular;
            }
            return new Symbols(names, named);
        }
    }

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(TSNode.class, MethodHandles.lookup());
            START_BYTE = lookup.findVarHandle(TSNode.class, "context0", int.class);
            ID = lookup.findVarHandle(TSNode.class, "idPtr", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private TSNodeAccess() {
    }

    /** Whether this is the binding's null node (no child, no field), without a native call. */
    public static boolean isNull(TSNode node) {
        return (long) ID.get(node) == 0L;
    }

    /** The node's public symbol, as {@link TSNode#getSymbol()} gives it. */
    public static int symbol(TSNode node) {
        return TSParser.ts_node_symbol(node);
    }

    /** The node's type name, as {@link TSNode#getType()} gives it. */
    public static String type(TSNode node) {
        Symbols table = symbols(node);
        int symbol = symbol(node);
        // ERROR and the other built-in symbols sit outside the grammar's table: ask the node.
        return table != null && symbol >= 0 && symbol < table.names().length && table.names()[symbol] != null
                ? table.names()[symbol] : TSParser.ts_node_type(node);
    }

    /** Whether the node is named (not an anonymous token), as {@link TSNode#isNamed()} gives it. */
    public static boolean isNamed(TSNode node) {
        Symbols table = symbols(node);
        int symbol = symbol(node);
        return table != null && symbol >= 0 && symbol < table.named().length ? table.named()[symbol] : node.isNamed();
    }

    /** The node's grammar's table, or null for a grammar loaded without a class of its own. */
    private static Symbols symbols(TSNode node) {
        TSLanguage language = node.getTree().getLanguage();
        if (language.getClass() == AnonymousLanguage.class) {
            return null; // one class for many grammars: no table
        }
        return SYMBOLS.computeIfAbsent(language.getClass(), c -> Symbols.of(language));
    }

    /** The start byte, read from the node object (tree-sitter keeps it in the node itself). */
    public static int startByte(TSNode node) {
        return (int) START_BYTE.get(node);
    }

    public static int endByte(TSNode node) {
        return TSParser.ts_node_end_byte(node);
    }

    public static int childCount(TSNode node) {
        return TSParser.ts_node_child_count(node);
    }

    public static int namedChildCount(TSNode node) {
        return TSParser.ts_node_named_child_count(node);
    }

    public static TSNode child(TSNode node, int index) {
        return withTree(TSParser.ts_node_child(node, index), node);
    }

    public static TSNode namedChild(TSNode node, int index) {
        return withTree(TSParser.ts_node_named_child(node, index), node);
    }

    /** The child in a field; it may be a null node (check {@link TSNode#isNull()}). */
    public static TSNode childByFieldName(TSNode node, String field) {
        return withTree(TSParser.ts_node_child_by_field_name(node, field), node);
    }

    private static TSNode withTree(TSNode child, TSNode parent) {
        child.setTree(parent.getTree());
        return child;
    }
}
