package dev.assay.extract.component.code;

import java.lang.ref.Cleaner;
import java.util.EnumMap;
import java.util.concurrent.atomic.AtomicLong;
import org.treesitter.TSInputEncoding;
import org.treesitter.TSParser;
import org.treesitter.TSReader;
import org.treesitter.TSTree;

/**
 * Parses source with tree-sitter within a budget. One parser per thread and language. With the native reader
 * ({@link NativeTreeReader}) the parse, the copy of the tree and freeing it are one native call, and a cancelled parser
 * is reset there. Without it, the parse goes through the binding, the way that is safe with it: the reader-and-progress
 * entry point, which returns no tree when the progress callback cancels it (the string entry point with a timeout
 * returns a tree around a null pointer that kills the JVM); a cancelled parser is reset before it is used again
 * (reusing it crashed in the progress callback). The binding's trees are freed only by the Java GC, so on that path
 * the parser keeps count of the source bytes whose trees are still held and asks for a collection when that count,
 * and the bytes parsed since the last request, both reach {@code gcAfterParsedBytes}.
 */
public final class SyntaxParser {

    private static final int CHUNK_BYTES = 16 * 1024;
    private static final ThreadLocal<EnumMap<Language, TSParser>> PARSERS =
            ThreadLocal.withInitial(() -> new EnumMap<>(Language.class));
    private static final AtomicLong PARSED_SINCE_COLLECTION = new AtomicLong();
    /** Source bytes whose trees have not been freed yet (lowered by {@link #FREED} once a tree is collected). */
    private static final AtomicLong HELD_BYTES = new AtomicLong();
    private static final Cleaner FREED = Cleaner.create();

    /**
     * How much work one parse may do: {@code progressChecks} callbacks (tree-sitter calls back about every hundred
     * parser operations, so this is a deterministic operation budget) and, as a safety stop only, wall-clock time;
     * and reading the tree: the field a node fills is recorded for the first {@code fieldChildren} children of each
     * node (tree-sitter's lookup climbs the hidden nodes of a repetition, which under a very wide node are many).
     */
    public record Budget(long progressChecks, long maxNanos, int fieldChildren) {

        public Budget {
            if (fieldChildren <= 0) {
                throw new IllegalArgumentException("fieldChildren must be positive");
            }
        }

        /** A budget proportional to the input: a floor plus so many callbacks per KiB. */
        public static Budget forBytes(int bytes, int minChecks, int checksPerKilobyte, int maxSeconds,
                int fieldChildren) {
            long checks = minChecks + (long) checksPerKilobyte * ((bytes + 1023L) / 1024L);
            return new Budget(checks, maxSeconds * 1_000_000_000L, fieldChildren);
        }
    }

    /** What a parse gave: a tree, or the reason there is none (one line, for a skip record). */
    public sealed interface Outcome permits Parsed, Refused {
    }

    /** The tree, copied out of tree-sitter. */
    public record Parsed(SyntaxTree tree) implements Outcome {
    }

    public record Refused(String reason) implements Outcome {
    }

    private SyntaxParser() {
    }

    /** Parses UTF-8 bytes, like {@link #parse(Language, byte[], SourceText.Encoding, Budget, long)}. */
    public static Outcome parse(Language language, byte[] utf8, Budget budget, long gcAfterParsedBytes) {
        return parse(language, utf8, SourceText.Encoding.UTF_8, budget, gcAfterParsedBytes);
    }

    /**
     * Parses a file's own bytes in their encoding (a leading byte order mark included: tree-sitter skips it, and
     * every node keeps the file's byte offsets). Never throws for what the bytes hold; a cancelled or failed parse
     * gives {@link Refused}.
     *
     * @param gcAfterParsedBytes without the native reader, collect garbage once this many bytes have been parsed since
     *     the last request and the trees of at least this many bytes are still held (the native reader frees each
     *     tree at once)
     */
    public static Outcome parse(Language language, byte[] bytes, SourceText.Encoding encoding, Budget budget,
            long gcAfterParsedBytes) {
        return NativeTreeReader.available() ? parseNatively(language, bytes, encoding, budget)
                : parseThroughBinding(language, bytes, encoding, budget, gcAfterParsedBytes);
    }

    /** The portable path: the binding parses, its cursor reads the tree, the GC frees it. */
    static Outcome parseThroughBinding(Language language, byte[] source, SourceText.Encoding encoding, Budget budget,
            long gcAfterParsedBytes) {
        TSParser parser = PARSERS.get().computeIfAbsent(language, SyntaxParser::newParser);
        freeNativeMemoryIfDue(source.length, gcAfterParsedBytes);
        long[] checks = {0};
        String[] stop = {null};
        long deadline = System.nanoTime() + budget.maxNanos();
        TSReader reader = (buffer, offset, point) -> {
            if (offset < 0 || offset >= source.length) {
                return 0;
            }
            int n = Math.min(buffer.length, source.length - offset);
            System.arraycopy(source, offset, buffer, 0, n);
            return n;
        };
        TSTree tree;
        try {
            tree = parser.parseWithOptions(new byte[CHUNK_BYTES], null, reader, inputEncoding(encoding),
                    state -> {
                        long n = ++checks[0];
                        if (n > budget.progressChecks()) {
                            stop[0] = tooManySteps(budget);
                            return true;
                        }
                        if ((n & 31) == 0 && System.nanoTime() > deadline) {
                            stop[0] = tooLong(budget);
                            return true;
                        }
                        return false;
                    });
        } catch (RuntimeException e) {
            parser.reset();
            return new Refused("parser failed: " + e.getClass().getSimpleName());
        }
        if (tree == null) {
            parser.reset();
            return new Refused(stop[0] != null ? stop[0] : "parser gave no tree");
        }
        long held = source.length;
        HELD_BYTES.addAndGet(held);
        FREED.register(tree, () -> HELD_BYTES.addAndGet(-held));
        return new Parsed(SyntaxTree.of(CursorTreeReader.read(tree, budget.fieldChildren()), language));
    }

    /** Parses and copies the tree in one native call; the native tree is freed before it returns. */
    static Outcome parseNatively(Language language, byte[] source, SourceText.Encoding encoding, Budget budget) {
        int[] outcome = {NativeTreeReader.NO_TREE};
        int[] nodes;
        if (NativeTreeReader.ownRuntime()) {
            nodes = NativeTreeReader.parseOwn(language, source, encoding, budget, outcome);
        } else {
            TSParser parser = PARSERS.get().computeIfAbsent(language, SyntaxParser::newParser);
            nodes = NativeTreeReader.parse(parser, source, encoding, budget, outcome);
        }
        if (nodes != null) {
            return new Parsed(SyntaxTree.of(nodes, language));
        }
        switch (outcome[0]) {
            case NativeTreeReader.STOPPED_STEPS:
                return new Refused(tooManySteps(budget));
            case NativeTreeReader.STOPPED_TIME:
                return new Refused(tooLong(budget));
            case NativeTreeReader.TOO_LARGE:
                return new Refused("not analysed: the syntax tree is too large to read");
            default:
                return new Refused("parser gave no tree");
        }
    }

    private static TSInputEncoding inputEncoding(SourceText.Encoding encoding) {
        return switch (encoding) {
            case UTF_8 -> TSInputEncoding.TSInputEncodingUTF8;
            case UTF_16LE -> TSInputEncoding.TSInputEncodingUTF16LE;
            case UTF_16BE -> TSInputEncoding.TSInputEncodingUTF16BE;
        };
    }

    private static String tooManySteps(Budget budget) {
        return "parse stopped: more than " + budget.progressChecks()
                + " parser steps for this size (pathological input)";
    }

    private static String tooLong(Budget budget) {
        return "parse stopped: took longer than " + budget.maxNanos() / 1_000_000_000L + " s";
    }

    private static TSParser newParser(Language language) {
        TSParser parser = new TSParser();
        if (!parser.setLanguage(language.newGrammar())) {
            throw new IllegalStateException("tree-sitter grammar for " + language + " is incompatible");
        }
        return parser;
    }

    private static void freeNativeMemoryIfDue(int bytes, long threshold) {
        long parsed = PARSED_SINCE_COLLECTION.addAndGet(bytes);
        if (parsed >= threshold && HELD_BYTES.get() >= threshold) {
            PARSED_SINCE_COLLECTION.set(0);
            // Native trees are released by Cleaner actions once their Java objects are collected; without this the
            // process grew by gigabytes over a batch of scans while the Java heap stayed small.
            System.gc();
        }
    }
}
