package dev.assay.extract.component.code;

import java.util.ArrayList;
import java.util.List;
import org.treesitter.TSNode;
import org.treesitter.TSNodeAccess;
import org.treesitter.TSTreeCursor;

/**
 * Small null-safe helpers over tree-sitter nodes (the binding returns "null nodes" rather than Java null), and child
 * iteration in linear time: {@code getNamedChild(i)} walks the children from the first each time, so a loop over it
 * is quadratic on a module with thousands of statements; these helpers read wide nodes with one tree cursor.
 */
final class TSNodes {

    private static final int DIRECT_ACCESS_CHILDREN = 4;

    private TSNodes() {
    }

    static boolean present(TSNode node) {
        return node != null && !TSNodeAccess.isNull(node);
    }

    static boolean same(TSNode a, TSNode b) {
        return present(a) && present(b) && TSNodeAccess.startByte(a) == TSNodeAccess.startByte(b)
                && TSNodeAccess.endByte(a) == TSNodeAccess.endByte(b)
                && TSNodeAccess.type(a).equals(TSNodeAccess.type(b));
    }

    /** The child in a field, or null. */
    static TSNode field(TSNode node, String name) {
        TSNode child = TSNodeAccess.childByFieldName(node, name);
        return present(child) ? child : null;
    }

    /** The named children, in order (comments included: they are named extras). */
    static List<TSNode> named(TSNode node) {
        int n = TSNodeAccess.namedChildCount(node);
        List<TSNode> out = new ArrayList<>(n);
        if (n == 0) {
            return out;
        }
        if (n <= DIRECT_ACCESS_CHILDREN) {
            for (int i = 0; i < n; i++) {
                out.add(TSNodeAccess.namedChild(node, i));
            }
            return out;
        }
        TSTreeCursor cursor = new TSTreeCursor(node);
        if (cursor.gotoFirstChild()) {
            do {
                TSNode c = cursor.currentNode();
                if (c.isNamed()) {
                    out.add(c);
                }
            } while (cursor.gotoNextSibling());
        }
        return out;
    }

    /** A child with the name of the field it fills ("" when none). */
    record Child(TSNode node, String field) {
    }

    /** All children (named and anonymous) with their field names, in order. */
    static List<Child> children(TSNode node) {
        List<Child> out = new ArrayList<>();
        TSTreeCursor cursor = new TSTreeCursor(node);
        if (cursor.gotoFirstChild()) {
            do {
                String field = cursor.currentFieldName();
                out.add(new Child(cursor.currentNode(), field == null ? "" : field));
            } while (cursor.gotoNextSibling());
        }
        return out;
    }
}
