package org.treesitter;

/**
 * Reads node properties with one native call each. The binding's public {@link TSNode} getters first ask the native
 * side whether the node is null (a second native call per getter, and native calls are what a walk over a large tree
 * costs); these skip that check. This class sits in the binding's package because the single-call natives are
 * package-visible. Callers pass only non-null nodes: nodes from a tree cursor, or children checked with
 * {@link TSNode#isNull()}. Children keep a reference to their tree, as the binding's getters do, so that a tree is not
 * freed while a node of it is in use.
 */
public final class TSNodeAccess {

    private TSNodeAccess() {
    }

    /** The node's public symbol, as {@link TSNode#getSymbol()} gives it. */
    public static int symbol(TSNode node) {
        return TSParser.ts_node_symbol(node);
    }

    /** The node's type name, as {@link TSNode#getType()} gives it. */
    public static String type(TSNode node) {
        return TSParser.ts_node_type(node);
    }

    public static int startByte(TSNode node) {
        return TSParser.ts_node_start_byte(node);
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
