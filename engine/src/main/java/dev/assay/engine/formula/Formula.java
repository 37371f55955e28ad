package dev.assay.engine.formula;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One parsed, validated formula spec. A Formula is immutable and carries the SHA-256 of the exact bytes it was read
 * from, so a report can name the formula that produced its score and anyone can check they hold the same file.
 * All weights, caps, thresholds, bands and rounding rules come from the spec; none is built into the interpreter.
 */
public final class Formula {

    /** Kind of a formula scoring a list of findings (Agent Security Score, SkillTotal). */
    public static final String KIND_FINDINGS = "findings";
    /** Kind of a formula scoring weighted criterion ratings (SafetyCard). */
    public static final String KIND_CRITERIA = "criteria";

    private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}");
    private static final Set<String> COMMON_KEYS = Set.of("id", "version", "title", "kind");

    private final String id;
    private final int version;
    private final String title;
    private final String description;
    private final String kind;
    private final String hash;
    private final FormulaSpec spec;

    private Formula(String id, int version, String title, String description, String kind, String hash,
            FormulaSpec spec) {
        this.id = id;
        this.version = version;
        this.title = title;
        this.description = description;
        this.kind = kind;
        this.hash = hash;
        this.spec = spec;
    }

    /**
     * Parses and validates a spec. {@code sourceName} is only used in messages (a file name or resource path).
     *
     * @throws FormulaException with a one-line message naming the source and key when the spec is not valid
     */
    public static Formula parse(String sourceName, byte[] yaml) throws FormulaException {
        SpecNode root = SpecNode.read(sourceName, yaml);
        if (!root.has("kind")) {
            throw root.error("missing required key 'kind' (expected " + KIND_FINDINGS + " or " + KIND_CRITERIA + ")");
        }
        SpecNode kindNode = root.get("kind");
        String kind = kindNode.text();
        Set<String> required = new HashSet<>(COMMON_KEYS);
        Set<String> optional = new HashSet<>(Set.of("description"));
        switch (kind) {
            case KIND_FINDINGS -> {
                required.addAll(FindingsSpec.KEYS);
                optional.addAll(FindingsSpec.OPTIONAL_KEYS);
            }
            case KIND_CRITERIA -> {
                required.addAll(CriteriaSpec.KEYS);
                optional.addAll(CriteriaSpec.OPTIONAL_KEYS);
            }
            default -> throw kindNode.error("unknown kind '" + SpecNode.echo(kind) + "' (expected " + KIND_FINDINGS
                    + " or " + KIND_CRITERIA + ")");
        }
        root.keys(required, optional);
        SpecNode idNode = root.get("id");
        String id = idNode.text();
        if (!ID.matcher(id).matches()) {
            throw idNode.error("'" + SpecNode.echo(id) + "' is not a formula id (lower-case letters, digits and '-')");
        }
        SpecNode versionNode = root.get("version");
        int version = versionNode.integer();
        if (version < 1) {
            throw versionNode.error("must be 1 or more");
        }
        String title = root.get("title").line();
        String description = root.has("description") ? root.get("description").text().strip() : "";
        FormulaSpec spec = kind.equals(KIND_CRITERIA) ? CriteriaSpec.parse(root) : FindingsSpec.parse(root);
        return new Formula(id, version, title, description, kind, sha256(yaml), spec);
    }

    private static String sha256(byte[] bytes) {
        try {
            return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform provides SHA-256", e);
        }
    }

    public String id() {
        return id;
    }

    public int version() {
        return version;
    }

    /** {@code id@version}, the reference {@link FormulaRegistry#resolve} accepts and reports name. */
    public String ref() {
        return id + "@" + version;
    }

    public String title() {
        return title;
    }

    /** Free text from the spec; empty when it has none. */
    public String description() {
        return description;
    }

    /** What the formula scores: {@value #KIND_FINDINGS} or {@value #KIND_CRITERIA}. */
    public String kind() {
        return kind;
    }

    /** {@code sha256:<hex>} of the spec file's bytes. */
    public String hash() {
        return hash;
    }

    FormulaSpec spec() {
        return spec;
    }

    @Override
    public String toString() {
        return ref() + " (" + hash + ")";
    }
}
