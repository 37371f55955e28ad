package dev.assay.engine.formula;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An immutable set of formulas addressable by {@code id@version}. {@link #shipped()} holds the specs packaged on the
 * classpath under {@code formula-specs/}: since a jar cannot list a folder, {@code formula-specs/index.yaml} names them,
 * and each listed {@code formula-specs/<id>/v<N>.yaml} must declare that same id and version.
 */
public final class FormulaRegistry {

    /** Classpath folder of the shipped specs. */
    public static final String ROOT = "formula-specs/";
    /** The index of shipped specs, relative to the classpath root. */
    public static final String INDEX = ROOT + "index.yaml";

    private static final Pattern REF = Pattern.compile("([a-z0-9][a-z0-9-]{0,63})(?:@([1-9][0-9]{0,8}))?");
    private static final int MAX_SPEC_BYTES = SpecNode.MAX_BYTES;

    private final NavigableMap<String, NavigableMap<Integer, Formula>> formulas;
    private final String emptyReason;

    private FormulaRegistry(NavigableMap<String, NavigableMap<Integer, Formula>> formulas, String emptyReason) {
        this.formulas = formulas;
        this.emptyReason = emptyReason;
    }

    /**
     * The specs shipped on the classpath. When no index is on the classpath the registry is empty and every
     * {@link #resolve} says so.
     *
     * @throws IllegalStateException when a shipped spec or the index is broken, which is a packaging defect
     */
    public static FormulaRegistry shipped() {
        return fromClasspath(FormulaRegistry.class.getClassLoader());
    }

    /** The specs listed by the index visible to {@code loader}; see {@link #shipped()}. */
    static FormulaRegistry fromClasspath(ClassLoader loader) {
        byte[] index = resource(loader, INDEX);
        if (index == null) {
            return new FormulaRegistry(new TreeMap<>(), "no formula specs on the classpath (" + INDEX + " not found)");
        }
        try {
            List<Formula> loaded = new ArrayList<>();
            for (String ref : readIndex(INDEX, index)) {
                Matcher m = REF.matcher(ref);
                if (!m.matches() || m.group(2) == null) {
                    throw new FormulaException(INDEX + ": '" + SpecNode.echo(ref) + "' is not an id@version reference");
                }
                String path = ROOT + m.group(1) + "/v" + m.group(2) + ".yaml";
                byte[] bytes = resource(loader, path);
                if (bytes == null) {
                    throw new FormulaException(INDEX + ": lists " + ref + " but " + path + " is not on the classpath");
                }
                Formula f = Formula.parse(path, bytes);
                if (!f.ref().equals(ref)) {
                    throw new FormulaException(path + ": declares " + f.ref() + " but its path says " + ref);
                }
                loaded.add(f);
            }
            return of(loaded);
        } catch (FormulaException e) {
            throw new IllegalStateException("shipped formula specs are broken: " + e.getMessage(), e);
        }
    }

    /**
     * A registry of the given formulas.
     *
     * @throws FormulaException when two of them share an id and version
     */
    public static FormulaRegistry of(Collection<Formula> list) throws FormulaException {
        NavigableMap<String, NavigableMap<Integer, Formula>> map = new TreeMap<>();
        for (Formula f : list) {
            Formula previous = map.computeIfAbsent(f.id(), k -> new TreeMap<>()).putIfAbsent(f.version(), f);
            if (previous != null) {
                throw new FormulaException("formula " + f.ref() + " is defined twice");
            }
        }
        return new FormulaRegistry(map, "no formulas");
    }

    /** Reads the index: a mapping with one key, {@code formulas}, listing {@code id@version} references. */
    static List<String> readIndex(String source, byte[] yaml) throws FormulaException {
        SpecNode root = SpecNode.read(source, yaml);
        root.keys(Set.of("formulas"), Set.of());
        return root.get("formulas").distinctLines();
    }

    /**
     * Finds a formula: {@code id@N} is that exact version, a bare {@code id} is its latest version.
     *
     * @throws FormulaException naming what exists when the id or version is unknown or the reference is malformed
     */
    public Formula resolve(String ref) throws FormulaException {
        String text = ref == null ? "" : ref.strip();
        Matcher m = REF.matcher(text);
        if (!m.matches()) {
            throw new FormulaException("'" + SpecNode.echo(text) + "' is not a formula reference (expected id or id@version, "
                    + "for example agent-security-score@1)");
        }
        NavigableMap<Integer, Formula> versions = formulas.get(m.group(1));
        if (versions == null) {
            throw new FormulaException("unknown formula '" + m.group(1) + "'; " + listing());
        }
        if (m.group(2) == null) {
            return versions.lastEntry().getValue();
        }
        Formula f = versions.get(Integer.parseInt(m.group(2)));
        if (f == null) {
            List<String> known = new ArrayList<>();
            for (Formula v : versions.values()) {
                known.add(v.ref());
            }
            throw new FormulaException("formula " + m.group(1) + " has no version " + m.group(2) + "; available: "
                    + String.join(", ", known));
        }
        return f;
    }

    /** Every {@code id@version} held, sorted by id then version. */
    public List<String> available() {
        List<String> refs = new ArrayList<>();
        for (Map<Integer, Formula> versions : formulas.values()) {
            for (Formula f : versions.values()) {
                refs.add(f.ref());
            }
        }
        return List.copyOf(refs);
    }

    private String listing() {
        List<String> refs = available();
        return refs.isEmpty() ? emptyReason : "available: " + String.join(", ", refs);
    }

    private static byte[] resource(ClassLoader loader, String path) {
        try (InputStream in = loader.getResourceAsStream(path)) {
            if (in == null) {
                return null;
            }
            byte[] bytes = in.readNBytes(MAX_SPEC_BYTES + 1);
            if (bytes.length > MAX_SPEC_BYTES) {
                throw new IllegalStateException(path + ": larger than " + MAX_SPEC_BYTES + " bytes");
            }
            return bytes;
        } catch (IOException e) {
            throw new IllegalStateException(path + ": cannot be read: " + e.getMessage(), e);
        }
    }
}
