package dev.assay.extract.component.code;

import java.util.Arrays;

/**
 * Iterative pre-order walk over the named nodes of a syntax tree (anonymous tokens such as punctuation and keywords
 * are leaves and are not visited). No Java recursion, so a 5,000-deep input cannot overflow the stack, and subtrees
 * below {@code maxDepth} are not visited (the walk reports that it cut them).
 */
public final class TreeWalk {

    /** Called on entering and leaving each visited node. */
    public interface Visitor {

        /** Returns whether to visit the node's children. */
        boolean enter(SyntaxNode node, String type, int depth);

        default void exit(SyntaxNode node, String type, int depth) {
        }
    }

    private TreeWalk() {
    }

    /** The walk's open nodes; grows as the tree gets deeper (bounded by the walk's maxDepth). */
    private static final class Stack {
        SyntaxNode[] nodes = new SyntaxNode[32];
        String[] types = new String[32];
        int[] depths = new int[32];
        int[] end = new int[32];
        int[] next = new int[32];
        int size;

        void push(SyntaxNode node, String type, int depth, int subtreeEnd, int firstChild) {
            if (size == nodes.length) {
                int grown = size * 2;
                nodes = Arrays.copyOf(nodes, grown);
                types = Arrays.copyOf(types, grown);
                depths = Arrays.copyOf(depths, grown);
                end = Arrays.copyOf(end, grown);
                next = Arrays.copyOf(next, grown);
            }
            nodes[size] = node;
            types[size] = type;
            depths[size] = depth;
            end[size] = subtreeEnd;
            next[size] = firstChild;
            size++;
        }
    }

    /** Walks the named nodes below {@code root}; returns true when some subtree was deeper than {@code maxDepth}. */
    public static boolean walk(SyntaxNode root, int maxDepth, Visitor visitor) {
        String rootType = root.type();
        boolean cut = false;
        if (!visitor.enter(root, rootType, 0)) {
            visitor.exit(root, rootType, 0);
            return false;
        }
        if (maxDepth <= 0) {
            visitor.exit(root, rootType, 0);
            return root.hasChildren();
        }
        SyntaxTree tree = root.tree();
        // The nodes whose children are being visited, as parallel arrays (no object per node): the node, its type,
        // depth, the end of its subtree, and its next child to look at.
        Stack stack = new Stack();
        stack.push(root, rootType, 0, tree.after(root.index()), root.index() + 1);
        while (stack.size > 0) {
            int top = stack.size - 1;
            int next = stack.next[top];
            int end = stack.end[top];
            while (next < end && !tree.isNamed(next)) { // anonymous tokens are skipped
                next = tree.after(next);
            }
            if (next >= end) {
                stack.size--;
                SyntaxNode node = stack.nodes[top];
                String type = stack.types[top];
                stack.nodes[top] = null;
                stack.types[top] = null;
                visitor.exit(node, type, stack.depths[top]);
                continue;
            }
            SyntaxNode child = new SyntaxNode(tree, next);
            stack.next[top] = tree.after(next);
            String type = child.type();
            int depth = stack.depths[top] + 1;
            if (visitor.enter(child, type, depth)) {
                if (depth >= maxDepth) {
                    cut |= child.hasChildren();
                } else {
                    stack.push(child, type, depth, tree.after(next), next + 1);
                    continue;
                }
            }
            visitor.exit(child, type, depth);
        }
        return cut;
    }
}
