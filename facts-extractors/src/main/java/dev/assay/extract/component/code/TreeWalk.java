package dev.assay.extract.component.code;

import java.util.ArrayDeque;
import java.util.Deque;

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

    /** A node whose children are being visited, and the index of its next child. */
    private static final class Frame {
        final SyntaxNode node;
        final String type;
        final int depth;
        final int end;
        int next;

        Frame(SyntaxNode node, String type, int depth) {
            this.node = node;
            this.type = type;
            this.depth = depth;
            this.end = node.tree().after(node.index());
            this.next = node.index() + 1;
        }
    }

    private TreeWalk() {
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
        Deque<Frame> stack = new ArrayDeque<>();
        stack.push(new Frame(root, rootType, 0));
        while (!stack.isEmpty()) {
            Frame frame = stack.peek();
            while (frame.next < frame.end && !tree.isNamed(frame.next)) { // anonymous tokens are skipped
                frame.next = tree.after(frame.next);
            }
            if (frame.next >= frame.end) {
                stack.pop();
                visitor.exit(frame.node, frame.type, frame.depth);
                continue;
            }
            SyntaxNode child = new SyntaxNode(tree, frame.next);
            frame.next = tree.after(frame.next);
            String type = child.type();
            int depth = frame.depth + 1;
            if (visitor.enter(child, type, depth)) {
                if (depth >= maxDepth) {
                    cut |= child.hasChildren();
                } else {
                    stack.push(new Frame(child, type, depth));
                    continue;
                }
            }
            visitor.exit(child, type, depth);
        }
        return cut;
    }
}
