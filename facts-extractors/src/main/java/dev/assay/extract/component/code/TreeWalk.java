package dev.assay.extract.component.code;

import java.util.ArrayList;
import java.util.List;
import org.treesitter.TSNode;
import org.treesitter.TSTreeCursor;

/**
 * Iterative pre-order walk over a syntax tree with a tree cursor: no Java recursion, so a 5,000-deep input cannot
 * overflow the stack, and subtrees below {@code maxDepth} are not visited (the walk reports that it cut them).
 */
public final class TreeWalk {

    /** Called on entering and leaving each visited node. */
    public interface Visitor {

        /** Returns whether to visit the node's children. */
        boolean enter(TSNode node, String type, int depth);

        default void exit(TSNode node, String type, int depth) {
        }
    }

    private TreeWalk() {
    }

    /**
     * Walks the tree below {@code root}, a node of a {@code language} tree; returns true when some subtree was deeper
     * than {@code maxDepth}.
     */
    public static boolean walk(TSNode root, Language language, int maxDepth, Visitor visitor) {
        NodeTypes types = NodeTypes.of(language);
        TSTreeCursor cursor = new TSTreeCursor(root);
        // The nodes from the root down to the current one: climbing back reads them from here rather than asking the
        // native side again (each node read there costs a conversion of the node object).
        List<TSNode> nodes = new ArrayList<>();
        List<String> typeNames = new ArrayList<>();
        boolean cut = false;
        int depth = 0;
        TSNode node = cursor.currentNode();
        String type = types.type(node);
        nodes.add(node);
        typeNames.add(type);
        boolean descend = visitor.enter(node, type, depth);
        while (true) {
            if (descend) {
                if (depth >= maxDepth) {
                    cut |= node.getChildCount() > 0;
                } else if (cursor.gotoFirstChild()) {
                    depth++;
                    node = cursor.currentNode();
                    type = types.type(node);
                    push(nodes, typeNames, depth, node, type);
                    descend = visitor.enter(node, type, depth);
                    continue;
                }
            }
            // Leave the current node, then climb until a next sibling exists.
            while (true) {
                visitor.exit(node, type, depth);
                if (depth == 0) {
                    return cut;
                }
                if (cursor.gotoNextSibling()) {
                    node = cursor.currentNode();
                    type = types.type(node);
                    push(nodes, typeNames, depth, node, type);
                    descend = visitor.enter(node, type, depth);
                    break;
                }
                cursor.gotoParent();
                depth--;
                node = nodes.get(depth);
                type = typeNames.get(depth);
            }
        }
    }

    private static void push(List<TSNode> nodes, List<String> typeNames, int depth, TSNode node, String type) {
        if (depth < nodes.size()) {
            nodes.set(depth, node);
            typeNames.set(depth, type);
        } else {
            nodes.add(node);
            typeNames.add(type);
        }
    }
}
