package dev.assay.extract.component.code;

import java.util.ArrayDeque;
import java.util.Deque;
import org.treesitter.TSNode;
import org.treesitter.TSNodeAccess;
import org.treesitter.TSTreeCursor;

/**
 * Iterative pre-order walk over the named nodes of a syntax tree (anonymous tokens such as punctuation and keywords
 * are leaves and are not visited; they are about two in five nodes, and every node the binding hands over costs
 * native calls). No Java recursion, so a 5,000-deep input cannot overflow the stack, and subtrees below
 * {@code maxDepth} are not visited (the walk reports that it cut them). A node's named children are read by index
 * when it has a few, and with a tree cursor when it has many (reading by index starts from the first child each time).
 */
public final class TreeWalk {

    /** Above this many named children, a node's children are read with a cursor rather than by index. */
    private static final int BY_INDEX = 8;

    /** Called on entering and leaving each visited node. */
    public interface Visitor {

        /** Returns whether to visit the node's children. */
        boolean enter(TSNode node, String type, int depth);

        default void exit(TSNode node, String type, int depth) {
        }
    }

    /** A node whose children are being visited, and where its next named child comes from. */
    private static final class Frame {
        final TSNode node;
        final String type;
        final int depth;
        final int namedCount;
        int next;
        TSTreeCursor cursor;
        boolean cursorStarted;

        Frame(TSNode node, String type, int depth) {
            this.node = node;
            this.type = type;
            this.depth = depth;
            this.namedCount = TSNodeAccess.namedChildCount(node);
        }
    }

    private TreeWalk() {
    }

    /** Walks the named nodes below {@code root}; returns true when some subtree was deeper than {@code maxDepth}. */
    public static boolean walk(TSNode root, int maxDepth, Visitor visitor) {
        String rootType = TSNodeAccess.type(root);
        boolean cut = false;
        if (!visitor.enter(root, rootType, 0)) {
            visitor.exit(root, rootType, 0);
            return false;
        }
        if (maxDepth <= 0) {
            visitor.exit(root, rootType, 0);
            return root.getChildCount() > 0;
        }
        Deque<Frame> stack = new ArrayDeque<>();
        stack.push(new Frame(root, rootType, 0));
        while (!stack.isEmpty()) {
            Frame frame = stack.peek();
            TSNode child = nextNamedChild(frame);
            if (child == null) {
                stack.pop();
                visitor.exit(frame.node, frame.type, frame.depth);
                continue;
            }
            String type = TSNodeAccess.type(child);
            int depth = frame.depth + 1;
            if (visitor.enter(child, type, depth)) {
                if (depth >= maxDepth) {
                    cut |= child.getChildCount() > 0;
                } else {
                    stack.push(new Frame(child, type, depth));
                    continue;
                }
            }
            visitor.exit(child, type, depth);
        }
        return cut;
    }

    private static TSNode nextNamedChild(Frame frame) {
        if (frame.next >= frame.namedCount) {
            return null;
        }
        if (frame.namedCount <= BY_INDEX) {
            return TSNodeAccess.namedChild(frame.node, frame.next++);
        }
        if (frame.cursor == null) {
            frame.cursor = new TSTreeCursor(frame.node);
        }
        while (true) {
            boolean moved = frame.cursorStarted ? frame.cursor.gotoNextSibling() : frame.cursor.gotoFirstChild();
            frame.cursorStarted = true;
            if (!moved) {
                return null;
            }
            TSNode c = frame.cursor.currentNode();
            if (TSNodeAccess.isNamed(c)) {
                frame.next++;
                return c;
            }
        }
    }
}
