package dev.assay.safetycard.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.assay.engine.formula.Formula;
import dev.assay.engine.formula.FormulaException;
import dev.assay.engine.formula.FormulaRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The SafetyCard formula, both as the engine runs it ({@link #formula()}) and as the catalog and entry show it:
 * parameter names and weights, level fractions, caps with their ceilings, bands. The displayed numbers are read from
 * the very spec file the engine parsed (the hashes are compared), so what the catalog prints is what scores. Scoring
 * itself is never done here: see {@link dev.assay.engine.formula.FormulaEngine#evaluateCriteria}.
 */
public record FormulaInfo(Formula formula, List<Parameter> parameters, Map<Integer, BigDecimal> fractions,
        List<Cap> caps, String alternativeCap, List<Band> bands, int pointsDecimals, RoundingMode pointsRounding) {

    public FormulaInfo {
        parameters = List.copyOf(parameters);
        fractions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fractions));
        caps = List.copyOf(caps);
        bands = List.copyOf(bands);
    }

    public record Parameter(String id, String name, BigDecimal weight) {
    }

    /** {@code criterion} is empty for a cap valid on any criterion. */
    public record Cap(String id, BigDecimal max, String criterion, String title) {
    }

    public record Band(String id, String label, String color, BigDecimal min, BigDecimal max) {
    }

    /** Resolves {@code ref} (such as {@code safetycard@1}) from the shipped formula specs. */
    public static FormulaInfo shipped(String ref) throws FormulaException {
        Formula formula = FormulaRegistry.shipped().resolve(ref);
        String resource = FormulaRegistry.ROOT + formula.id() + "/v" + formula.version() + ".yaml";
        byte[] bytes;
        try (InputStream in = FormulaInfo.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new FormulaException(resource + " is not on the class path");
            }
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new FormulaException("cannot read " + resource + ": " + e.getMessage());
        }
        if (!sha256(bytes).equals(formula.hash())) {
            throw new FormulaException(resource + " differs from the formula the engine loaded");
        }
        return parse(formula, bytes);
    }

    static FormulaInfo parse(Formula formula, byte[] yaml) throws FormulaException {
        JsonNode root;
        try {
            root = new ObjectMapper(new YAMLFactory()).readTree(yaml);
        } catch (IOException e) {
            throw new FormulaException(formula.ref() + ": " + e.getMessage());
        }
        if (!Formula.KIND_CRITERIA.equals(formula.kind())) {
            throw new FormulaException(formula.ref() + " is not a criteria formula");
        }
        List<Parameter> parameters = new ArrayList<>();
        for (JsonNode p : root.path("parameters")) {
            parameters.add(new Parameter(p.path("id").asText(), p.path("name").asText(), p.path("weight").decimalValue()));
        }
        Map<Integer, BigDecimal> fractions = new LinkedHashMap<>();
        for (JsonNode l : root.path("levels")) {
            fractions.put(l.path("level").asInt(), l.path("fraction").decimalValue());
        }
        List<Cap> caps = new ArrayList<>();
        for (JsonNode c : root.path("caps")) {
            caps.add(new Cap(c.path("id").asText(), c.path("max").decimalValue(), c.path("criterion").asText(""),
                    c.path("title").asText()));
        }
        List<Band> bands = new ArrayList<>();
        for (JsonNode b : root.path("bands")) {
            bands.add(new Band(b.path("level").asText(), b.path("label").asText(), b.path("color").asText(),
                    b.path("min").decimalValue(), b.path("max").decimalValue()));
        }
        JsonNode points = root.path("round").path("points");
        RoundingMode mode = switch (points.path("mode").asText()) {
            case "half-even" -> RoundingMode.HALF_EVEN;
            case "down" -> RoundingMode.DOWN;
            default -> RoundingMode.HALF_UP;
        };
        return new FormulaInfo(formula, parameters, fractions, caps, root.path("alternativeCap").asText(), bands,
                points.path("decimals").asInt(4), mode);
    }

    public Parameter parameter(String id) {
        return parameters.stream().filter(p -> p.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no parameter " + id + " in " + formula.ref()));
    }

    public Cap cap(String id) {
        return caps.stream().filter(c -> c.id().equals(id)).findFirst().orElse(null);
    }

    /**
     * What raising one parameter from one level to another adds before caps: weight × (fraction(to) − fraction(from)),
     * each side rounded like parameter points. This is the {@code estimated_gain} of a fix.
     */
    public BigDecimal gain(String parameter, int fromLevel, int toLevel) {
        BigDecimal weight = parameter(parameter).weight();
        BigDecimal to = weight.multiply(fraction(toLevel)).setScale(pointsDecimals, pointsRounding);
        BigDecimal from = weight.multiply(fraction(fromLevel)).setScale(pointsDecimals, pointsRounding);
        return to.subtract(from);
    }

    private BigDecimal fraction(int level) {
        BigDecimal f = fractions.get(level);
        if (f == null) {
            throw new IllegalArgumentException("level " + level + " is not a level of " + formula.ref());
        }
        return f;
    }

    private static String sha256(byte[] bytes) {
        try {
            return "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform provides SHA-256", e);
        }
    }
}
