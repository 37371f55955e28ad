package dev.assay.extract.component.code;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import org.treesitter.TSNode;
import org.treesitter.TSParser;
import org.treesitter.TSTree;
import org.treesitter.TSTreeCursor;

/**
 * Reads a tree into the array layout of {@link NativeTreeReader} with the binding's own cursor: the portable way,
 * used where the native reader is not built or not loadable, and the reference the native reader is tested against.
 * Node properties are read with the binding's one-call natives (its public getters first make a second native call to
 * check for the null node, which a cursor's node never is) and the start byte from the node object itself.
 */
final class CursorTreeReader {

    private static final VarHandle START_BYTE;
    private static final MethodHandle SYMBOL;
    private static final MethodHandle END_BYTE;
    private static final MethodHandle IS_NAMED;
    private static final MethodHandle IS_MISSING;
    private static final MethodHandle IS_EXTRA;
    private static final MethodHandle HAS_ERROR;

    static {
        try {
            MethodHandles.Lookup node = MethodHandles.privateLookupIn(TSNode.class, MethodHandles.lookup());
            START_BYTE = node.findVarHandle(TSNode.class, "context0", int.class); // tree-sitter's start byte
            MethodHandles.Lookup parser = MethodHandles.privateLookupIn(TSParser.class, MethodHandles.lookup());
            MethodType toInt = MethodType.methodType(int.class, TSNode.class);
            MethodType toBoolean = MethodType.methodType(boolean.class, TSNode.class);
            SYMBOL = parser.findStatic(TSParser.class, "ts_node_symbol", toInt);
            END_BYTE = parser.findStatic(TSParser.class, "ts_node_end_byte", toInt);
            IS_NAMED = parser.findStatic(TSParser.class, "ts_node_is_named", toBoolean);
            IS_MISSING = parser.findStatic(TSParser.class, "ts_node_is_missing", toBoolean);
            IS_EXTRA = parser.findStatic(TSParser.class, "ts_node_is_extra", toBoolean);
            HAS_ERROR = parser.findStatic(TSParser.class, "ts_node_has_error", toBoolean);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

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
        try {
            int flags = (int) SYMBOL.invokeExact(node) & NativeTreeReader.SYMBOL_MASK;
            flags |= (boolean) IS_NAMED.invokeExact(node) ? NativeTreeReader.NAMED : 0;
            flags |= (boolean) IS_MISSING.invokeExact(node) ? NativeTreeReader.MISSING : 0;
            flags |= (boolean) IS_EXTRA.invokeExact(node) ? NativeTreeReader.EXTRA : 0;
            flags |= (boolean) HAS_ERROR.invokeExact(node) ? NativeTreeReader.HAS_ERROR : 0;
            out[slot] = flags;
            out[slot + 1] = (int) START_BYTE.get(node);
            out[slot + 2] = (int) END_BYTE.invokeExact(node);
        } catch (Throwable e) { // invokeExact declares Throwable; these natives throw nothing
            throw new IllegalStateException("tree-sitter binding call failed", e);
        }
        out[slot + 4] = withField ? cursor.currentFieldId() : 0;
        return out;
    }
}
