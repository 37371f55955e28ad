package dev.assay.extract.component.code;

import java.util.EnumMap;
import java.util.Map;
import org.treesitter.TSLanguage;
import org.treesitter.TSNode;
import org.treesitter.TSNodeAccess;
import org.treesitter.TSSymbolType;

/**
 * Node type names by symbol, one table per grammar, so that reading a node's type is one native call and no string
 * allocation. Gives the same names as {@link TSNode#getType()} (which names a node by its public symbol).
 */
final class NodeTypes {

    private static final Map<Language, NodeTypes> TABLES = new EnumMap<>(Language.class);

    private final String[] names;
    private final boolean[] named;

    private NodeTypes(TSLanguage grammar) {
        int count = grammar.symbolCount();
        names = new String[count];
        named = new boolean[count];
        for (int i = 0; i < count; i++) {
            names[i] = grammar.symbolName(i);
            named[i] = grammar.symbolType(i) == TSSymbolType.TSSymbolTypeRegular;
        }
    }

    static NodeTypes of(Language language) {
        synchronized (TABLES) {
            return TABLES.computeIfAbsent(language, l -> new NodeTypes(l.newGrammar()));
        }
    }

    /** Whether the node is named (not an anonymous token); symbols outside the table are asked from the node. */
    boolean named(TSNode node) {
        int symbol = TSNodeAccess.symbol(node);
        return symbol >= 0 && symbol < named.length ? named[symbol] : node.isNamed();
    }

    /** The node's type; ERROR and other built-in symbols outside the table are asked from the node itself. */
    String type(TSNode node) {
        int symbol = TSNodeAccess.symbol(node);
        return symbol >= 0 && symbol < names.length && names[symbol] != null ? names[symbol] : node.getType();
    }
}
