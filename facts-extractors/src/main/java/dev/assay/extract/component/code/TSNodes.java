package dev.assay.extract.component.code;

import org.treesitter.TSNode;

/** Small null-safe helpers over tree-sitter nodes (the binding returns "null nodes" rather than Java null). */
final class TSNodes {

    private TSNodes() {
    }

    static boolean present(TSNode node) {
        return node != null && !node.isNull();
    }

    static boolean same(TSNode a, TSNode b) {
        return present(a) && present(b) && a.getStartByte() == b.getStartByte() && a.getEndByte() == b.getEndByte()
                && a.getType().equals(b.getType());
    }

    /** The child in a field, or null. */
    static TSNode field(TSNode node, String name) {
        TSNode child = node.getChildByFieldName(name);
        return present(child) ? child : null;
    }
}
