package dev.assay.extract.component.code;

import java.util.ArrayList;
import java.util.List;

/**
 * One node of a {@link SyntaxTree}: a view of its entry in the tree's array. Two views of the same node are equal.
 * Children are the nodes between this one and {@link SyntaxTree#after}; reading child {@code i} steps over the
 * earlier siblings, so loops over wide nodes use {@link #namedChildren()} or {@link #children()}.
 */
public record SyntaxNode(SyntaxTree tree, int index) {

    public String type() {
        return tree.type(index);
    }

    public int startByte() {
        return tree.startByte(index);
    }

    public int endByte() {
        return tree.endByte(index);
    }

    /** Whether the node is named in the grammar (anonymous tokens such as punctuation and keywords are not). */
    public boolean isNamed() {
        return tree.isNamed(index);
    }

    /** Whether the parser inserted the node to recover from an error (it covers no text). */
    public boolean isMissing() {
        return (tree.flags(index) & NativeTreeReader.MISSING) != 0;
    }

    /** Whether the node is an extra such as a comment, allowed anywhere. */
    public boolean isExtra() {
        return (tree.flags(index) & NativeTreeReader.EXTRA) != 0;
    }

    /** Whether the node is, or contains, a syntax error or a missing node. */
    public boolean hasError() {
        return (tree.flags(index) & NativeTreeReader.HAS_ERROR) != 0;
    }

    public int childCount() {
        int count = 0;
        for (int c = index + 1, end = tree.after(index); c < end; c = tree.after(c)) {
            count++;
        }
        return count;
    }

    public boolean hasChildren() {
        return tree.after(index) > index + 1;
    }

    public int namedChildCount() {
        int count = 0;
        for (int c = index + 1, end = tree.after(index); c < end; c = tree.after(c)) {
            if (tree.isNamed(c)) {
                count++;
            }
        }
        return count;
    }

    /** Child {@code i} (named or not), or null. */
    public SyntaxNode child(int i) {
        int seen = 0;
        for (int c = index + 1, end = tree.after(index); c < end; c = tree.after(c)) {
            if (seen++ == i) {
                return new SyntaxNode(tree, c);
            }
        }
        return null;
    }

    /** Named child {@code i}, or null. */
    public SyntaxNode namedChild(int i) {
        int seen = 0;
        for (int c = index + 1, end = tree.after(index); c < end; c = tree.after(c)) {
            if (tree.isNamed(c) && seen++ == i) {
                return new SyntaxNode(tree, c);
            }
        }
        return null;
    }

    /**
     * The first child in the field, or null. An ERROR node has no fields (as in tree-sitter), even where the tree
     * keeps field ids for children it recovered.
     */
    public SyntaxNode field(String name) {
        int id = tree.fieldIdOf(name);
        if (id == 0 || tree.isError(index)) {
            return null;
        }
        for (int c = index + 1, end = tree.after(index); c < end; c = tree.after(c)) {
            if (tree.fieldId(c) == id) {
                return new SyntaxNode(tree, c);
            }
        }
        return null;
    }

    /**
     * The named children, in order (comments included: they are named extras). Counted first, so that the list is
     * made at its size: a block or a module has many children, and a list grown a step at a time copies itself again
     * and again (the analysers ask for the children of every node they visit).
     */
    public List<SyntaxNode> namedChildren() {
        int end = tree.after(index);
        int named = 0;
        for (int c = index + 1; c < end; c = tree.after(c)) {
            if (tree.isNamed(c)) {
                named++;
            }
        }
        List<SyntaxNode> out = new ArrayList<>(named);
        for (int c = index + 1; c < end; c = tree.after(c)) {
            if (tree.isNamed(c)) {
                out.add(new SyntaxNode(tree, c));
            }
        }
        return out;
    }

    /** A child with the name of the field it fills ("" when none). */
    public record Child(SyntaxNode node, String field) {
    }

    /** All children (named and anonymous) with their field names, in order. */
    public List<Child> children() {
        List<Child> out = new ArrayList<>();
        for (int c = index + 1, end = tree.after(index); c < end; c = tree.after(c)) {
            out.add(new Child(new SyntaxNode(tree, c), tree.fieldName(c)));
        }
        return out;
    }

    @Override
    public String toString() {
        return type() + "@" + startByte() + ".." + endByte();
    }
}
