package dev.assay.extract.component.code;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.ref.Reference;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import org.treesitter.TSParser;

/**
 * Parses a source and copies its whole tree into a Java array with one native call ({@code src/main/c/tree_reader.c}),
 * where the binding would need several native calls per node, and frees the native tree at once (the binding's trees
 * wait for the garbage collector). The parse uses the binding's parser for the thread and language, with the same
 * budget as {@link SyntaxParser}'s binding path. The library is built with the module when a C compiler is present
 * (Linux). When the tree-sitter sources were fetched at set-up time it carries its own runtime and grammars, compiled
 * with -O2 ({@link #ownRuntime()}): it then parses with its own parser per thread and grammar and gives the grammar's
 * names itself, and the binding's natives are not loaded at all. Elsewhere, or when it cannot be loaded, {@link #available()} is false and sources are parsed through the
 * binding and read with its cursor ({@link CursorTreeReader}), which gives the same array more slowly.
 *
 * <p>Array layout, {@value #STRIDE} ints per node in pre-order: symbol and flags ({@link #NAMED}, {@link #MISSING},
 * {@link #EXTRA}, {@link #HAS_ERROR}), start byte, end byte, the index just after the node's subtree, field id (0 for
 * none, and for children past the budget's {@code fieldChildren} of their parent).
 */
final class NativeTreeReader {

    static final int STRIDE = 5;
    static final int SYMBOL_MASK = 0xFFFF;
    static final int NAMED = 1 << 16;
    static final int MISSING = 1 << 17;
    static final int EXTRA = 1 << 18;
    static final int HAS_ERROR = 1 << 19;

    /** Outcome codes of {@link #parse}, as in the C source. */
    static final int PARSED = 0;
    static final int STOPPED_STEPS = 1;
    static final int STOPPED_TIME = 2;
    static final int NO_TREE = 3;
    static final int TOO_LARGE = 4;

    private static final String LIBRARY = "libassay-tree-reader.so";
    private static final MethodHandle PARSER_POINTER;
    /** Why the native reader is not in use, or null when it is. */
    private static final String UNAVAILABLE;
    /** Whether the library parses with its own tree-sitter (set by {@link #load()}). */
    private static boolean builtWithOwnRuntime;

    static {
        MethodHandle parserPointer = null;
        String why;
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(TSParser.class, MethodHandles.lookup());
            parserPointer = lookup.findGetter(TSParser.class, "ptr", long.class);
            why = load();
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            why = "cannot use the native tree reader: " + e.getClass().getSimpleName();
        }
        PARSER_POINTER = parserPointer;
        UNAVAILABLE = why;
    }

    private NativeTreeReader() {
    }

    /** Whether trees are read natively. */
    static boolean available() {
        return UNAVAILABLE == null;
    }

    /** Whether trees are parsed with the library's own -O2 tree-sitter (then use {@link #parseOwn}, {@link #names}). */
    static boolean ownRuntime() {
        return UNAVAILABLE == null && builtWithOwnRuntime;
    }

    /**
     * Parses source with the library's own parser for the language, like {@link #parse(TSParser, byte[],
     * SourceText.Encoding, SyntaxParser.Budget, int[])}. Call only when {@link #ownRuntime()}.
     */
    static int[] parseOwn(Language language, byte[] source, SourceText.Encoding encoding, SyntaxParser.Budget budget,
            int[] outcome) {
        return parseOwn(language.ordinal(), source, encoding.ordinal(), budget.progressChecks(), budget.maxNanos(),
                budget.fieldChildren(), outcome);
    }

    /**
     * The language's symbol names by symbol (fields false) or field names by field id, index 0 unused (fields true),
     * as the library's own grammar gives them. Call only when {@link #ownRuntime()}.
     */
    static String[] names(Language language, boolean fields) {
        String[] names = names(language.ordinal(), fields);
        if (names == null) {
            throw new IllegalStateException("no names for " + language);
        }
        return names;
    }

    /** Why trees are not read natively (null when they are); for diagnostics. */
    static String unavailableReason() {
        return UNAVAILABLE;
    }

    /**
     * Parses source in an encoding (its ordinal is tree-sitter's TSInputEncoding) with the parser (set to its
     * language) within a budget: the tree's nodes, or null with the reason in {@code outcome[0]}. Call only when
     * {@link #available()}.
     */
    static int[] parse(TSParser parser, byte[] source, SourceText.Encoding encoding, SyntaxParser.Budget budget,
            int[] outcome) {
        long pointer;
        try {
            pointer = (long) PARSER_POINTER.invokeExact(parser);
        } catch (Throwable e) { // invokeExact declares Throwable; the getter throws nothing
            throw new IllegalStateException("cannot reach the parser", e);
        }
        try {
            return parse(pointer, source, encoding.ordinal(), budget.progressChecks(), budget.maxNanos(),
                    budget.fieldChildren(), outcome);
        } finally {
            Reference.reachabilityFence(parser); // the binding frees its parser when the object is collected
        }
    }

    /**
     * Loads the library from the class path: directly when it is a file (an exploded build), else from a private
     * copy in a temporary file that is deleted once loaded (Linux keeps a loaded library mapped after its file goes).
     */
    private static String load() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        if (!os.contains("linux")) {
            return "no native tree reader for " + os;
        }
        String resource = "native/linux-" + arch + "/" + LIBRARY;
        URL url = NativeTreeReader.class.getClassLoader().getResource(resource);
        if (url == null) {
            return "no native tree reader in this build (" + resource + ")";
        }
        try {
            if ("file".equals(url.getProtocol())) {
                System.load(Path.of(url.toURI()).toString());
            } else {
                Path copy = Files.createTempFile("assay-tree-reader", ".so");
                try (InputStream in = url.openStream()) {
                    Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
                    System.load(copy.toString());
                } finally {
                    Files.deleteIfExists(copy);
                }
            }
            builtWithOwnRuntime = ownRuntimeBuilt();
            if (!builtWithOwnRuntime) {
                // The binding loads its library when its parser class initialises; the reader binds to that library.
                Class.forName(TSParser.class.getName(), true, TSParser.class.getClassLoader());
            }
        } catch (IOException | URISyntaxException | ClassNotFoundException e) {
            return "cannot load the native tree reader: " + e.getMessage();
        }
        return bind() ? null : "the native tree reader did not find the tree-sitter library";
    }

    /** Whether the loaded library was built with its own tree-sitter. */
    private static native boolean ownRuntimeBuilt();

    private static native boolean bind();

    private static native int[] parse(long parser, byte[] source, int encoding, long maxProgressChecks,
            long maxNanos, int fieldChildren, int[] outcome);

    private static native int[] parseOwn(int grammar, byte[] source, int encoding, long maxProgressChecks,
            long maxNanos, int fieldChildren, int[] outcome);

    private static native String[] names(int grammar, boolean fields);
}
