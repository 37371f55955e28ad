package dev.assay.extract.component.code;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.treesitter.TSLanguage;

/**
 * A parsed file's syntax tree, copied out of tree-sitter into one int array ({@link NativeTreeReader} gives the
 * layout), so that analysis reads nodes as array elements instead of native calls. Nodes are {@link SyntaxNode}
 * views (tree, index). The native tree is not needed after the copy (see {@link SyntaxParser} for when it is freed).
 */
public final class SyntaxTree {

    /** tree-sitter's symbol for ERROR nodes, outside every grammar's symbol table. */
    private static final int ERROR_SYMBOL = 0xFFFF;
    private static final Map<Language, Grammar> GRAMMARS = new ConcurrentHashMap<>();

    private final int[] nodes;
    private final Grammar grammar;

    /** Symbol and field names of one grammar, read once from the grammar the trees come from. */
    private record Grammar(String[] symbols, String[] fields, Map<String, Integer> fieldIds, FieldEntry[] fieldCache) {

        static Grammar of(TSLanguage language) {
            String[] symbols = new String[language.symbolCount()];
            for (int i = 0; i < symbols.length; i++) {
                symbols[i] = language.symbolName(i);
            }
            String[] fields = new String[language.fieldCount() + 1]; // ids start at 1; 0 is "no field"
            for (int id = 1; id < fields.length; id++) {
                fields[id] = language.fieldNameForId(id);
            }
            return of(symbols, fields);
        }

        /** The names as the native reader's own grammar gives them (the same grammar versions as the binding's). */
        static Grammar ofNativeReader(Language language) {
            return of(NativeTreeReader.names(language, false), NativeTreeReader.names(language, true));
        }

        private static Grammar of(String[] symbols, String[] fields) {
            // The analysers compare node types and field names with string constants millions of times on a large
            // tree; as the constants' own instances, an equal name is found by identity before any byte compare.
            intern(symbols);
            intern(fields);
            Map<String, Integer> ids = new HashMap<>();
            for (int id = 1; id < fields.length; id++) {
                if (fields[id] != null) {
                    ids.putIfAbsent(fields[id], id);
                }
            }
            return new Grammar(symbols, fields, Map.copyOf(ids), new FieldEntry[64]);
        }

        private static void intern(String[] names) {
            for (int i = 0; i < names.length; i++) {
                if (names[i] != null) {
                    names[i] = names[i].intern();
                }
            }
        }
    }

    private SyntaxTree(int[] nodes, Grammar grammar) {
        this.nodes = nodes;
        this.grammar = grammar;
    }

    /** A tree already copied (the layout of {@link NativeTreeReader}). */
    static SyntaxTree of(int[] nodes, Language language) {
        return new SyntaxTree(nodes, GRAMMARS.computeIfAbsent(language, l -> NativeTreeReader.ownRuntime()
                ? Grammar.ofNativeReader(l) : Grammar.of(l.newGrammar())));
    }

    /** The node array, in the layout of {@link NativeTreeReader}. */
    int[] nodes() {
        return nodes;
    }

    public SyntaxNode root() {
        return new SyntaxNode(this, 0);
    }

    /** Number of nodes, named and anonymous. */
    public int size() {
        return nodes.length / NativeTreeReader.STRIDE;
    }

    int flags(int index) {
        return nodes[index * NativeTreeReader.STRIDE];
    }

    boolean isNamed(int index) {
        return (flags(index) & NativeTreeReader.NAMED) != 0;
    }

    int startByte(int index) {
        return nodes[index * NativeTreeReader.STRIDE + 1];
    }

    int endByte(int index) {
        return nodes[index * NativeTreeReader.STRIDE + 2];
    }

    /** The index just after the node's subtree: its next sibling's, when it has one. */
    int after(int index) {
        return nodes[index * NativeTreeReader.STRIDE + 3];
    }

    int fieldId(int index) {
        return nodes[index * NativeTreeReader.STRIDE + 4];
    }

    String type(int index) {
        int symbol = flags(index) & NativeTreeReader.SYMBOL_MASK;
        if (symbol < grammar.symbols().length && grammar.symbols()[symbol] != null) {
            return grammar.symbols()[symbol];
        }
        return symbol == ERROR_SYMBOL ? "ERROR" : "symbol " + symbol;
    }

    boolean isError(int index) {
        return (flags(index) & NativeTreeReader.SYMBOL_MASK) == ERROR_SYMBOL;
    }

    String fieldName(int index) {
        int id = fieldId(index);
        return id > 0 && id < grammar.fields().length && grammar.fields()[id] != null ? grammar.fields()[id] : "";
    }

    /**
     * The field's id in this grammar, or 0 when the grammar has no such field. The analysers ask with a few constant
     * names millions of times on a large tree, so the answers are kept by the name's instance in a small table
     * shared by the grammar's trees (an entry is one immutable object, so racing threads see whole entries).
     */
    int fieldIdOf(String name) {
        FieldEntry[] cache = grammar.fieldCache();
        int slot = name.hashCode() & (cache.length - 1);
        FieldEntry e = cache[slot];
        if (e != null && e.name() == name) {
            return e.id();
        }
        int id = grammar.fieldIds().getOrDefault(name, 0);
        cache[slot] = new FieldEntry(name, id);
        return id;
    }

    private record FieldEntry(String name, int id) {
    }
}
