package dev.assay.extract.component.code;

import java.util.Arrays;
import org.treesitter.TSNode;
import org.treesitter.TSTree;
import org.treesitter.TSTreeCursor;

/**
 * Reads a tree into the array layout of {@link NativeTreeReader} with the binding's own cursor: the portable way,
 * used where the native reader is not built or not loadable, and the reference the native reader is tested against.
 */
final class CursorTreeReader {

    private CursorTreeReader() {
    }

    /** Reads the tree; fields are recorded for the first {@code fieldChildren} children of each node. */
    static int[] read(TSTree tree, int fieldChildren) {
        TSNode root = tree.getRootNode();
        TSTreeCursor cursor = new TSTreeCursor(root);
        int[] nodes = new int[64 * NativeTreeReader.STRIDE];
        int[] open = new int[64]; // the open ancestors' indexes
        int[] children = new int[64]; // and how many of their children have been read
        int depth = 0;
        int next = 0;
        nodes = put(nodes, next, cursor, false);
        open[depth++] = next++;
        while (true) {
            if (cursor.gotoFirstChild()) {
                nodes = put(nodes, next, cursor, ++children[depth - 1] <= fieldChildren);
                if (depth == open.length) {
                    open = Arrays.copyOf(open, depth * 2);
                    children = Arrays.copyOf(children, depth * 2);
                }
                children[depth] = 0;
                open[depth++] = next++;
                continue;
            }
            while (true) {
                nodes[open[--depth] * NativeTreeReader.STRIDE + 3] = next;
                if (cursor.gotoNextSibling()) {
                    nodes = put(nodes, next, cursor, ++children[depth - 1] <= fieldChildren);
                    children[depth] = 0;
                    open[depth++] = next++;
                    break;
                }
                if (!cursor.gotoParent()) {
                    return Arrays.copyOf(nodes, next * NativeTreeReader.STRIDE);
                }
            }
        }
    }

    private static int[] put(int[] nodes, int index, TSTreeCursor cursor, boolean withField) {
        int[] out = nodes;
        int slot = index * NativeTreeReader.STRIDE;
        if (slot + NativeTreeReader.STRIDE > out.length) {
            out = Arrays.copyOf(out, out.length * 2);
        }
        TSNode node = cursor.currentNode();
        int flags = node.getSymbol() & NativeTreeReader.SYMBOL_MASK;
        flags |= node.isNamed() ? NativeTreeReader.NAMED : 0;
        flags |= node.isMissing() ? NativeTreeReader.MISSING : 0;
        flags |= node.isExtra() ? NativeTreeReader.EXTRA : 0;
        flags |= node.hasError() ? NativeTreeReader.HAS_ERROR : 0;
        out[slot] = flags;
        out[slot + 1] = node.getStartByte();
        out[slot + 2] = node.getEndByte();
        out[slot + 4] = withField ? cursor.currentFieldId() : 0;
        return out;
    }
}
