package dev.assay.engine.pack;

import dev.assay.engine.fact.CodeCall;
import dev.assay.engine.fact.CodeImport;
import dev.assay.engine.fact.CodeText;
import dev.assay.engine.fact.Component;
import dev.assay.engine.fact.ConfigValue;
import dev.assay.engine.fact.DataRow;
import dev.assay.engine.fact.FileEntry;
import dev.assay.engine.fact.FileTag;
import dev.assay.engine.fact.InstalledPackage;
import dev.assay.engine.fact.InstalledSkill;
import dev.assay.engine.fact.ManifestScript;
import dev.assay.engine.fact.McpServer;
import dev.assay.engine.fact.McpTool;
import dev.assay.engine.fact.McpToolMutation;
import dev.assay.engine.fact.ReplacedConfigValue;
import dev.assay.engine.fact.TaintFlow;
import dev.assay.engine.fact.TextDocument;
import dev.assay.engine.rules.ComponentVerdict;
import dev.assay.engine.rules.Detection;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** The fact types rules may name, by simple name, and the fields (no-argument accessors) each offers. */
public final class FactTypes {

    private static final Map<String, Class<?>> TYPES = new TreeMap<>();

    static {
        for (Class<?> c : List.of(CodeCall.class, CodeImport.class, CodeText.class, Component.class, ConfigValue.class,
                DataRow.class, FileEntry.class, FileTag.class, InstalledPackage.class, InstalledSkill.class,
                ManifestScript.class, McpServer.class, McpTool.class, McpToolMutation.class, ReplacedConfigValue.class, TaintFlow.class,
                TextDocument.class,
                Detection.class, ComponentVerdict.class)) {
            TYPES.put(c.getSimpleName(), c);
        }
    }

    private FactTypes() {
    }

    public static Optional<Class<?>> byName(String name) {
        return Optional.ofNullable(TYPES.get(name));
    }

    public static List<String> names() {
        return List.copyOf(TYPES.keySet());
    }

    /** The type of a field (a public no-argument method other than Object's), or empty. */
    public static Optional<Class<?>> fieldType(Class<?> type, String field) {
        try {
            Method m = type.getMethod(field);
            if (m.getDeclaringClass() == Object.class || Modifier.isStatic(m.getModifiers())
                    || m.getReturnType() == void.class) {
                return Optional.empty();
            }
            return Optional.of(m.getReturnType());
        } catch (NoSuchMethodException e) {
            return Optional.empty();
        }
    }

    /** The fields of a type, sorted, for messages. */
    public static List<String> fields(Class<?> type) {
        List<String> out = new ArrayList<>();
        for (Method m : type.getMethods()) {
            if (m.getParameterCount() == 0 && m.getDeclaringClass() != Object.class
                    && !Modifier.isStatic(m.getModifiers()) && m.getReturnType() != void.class
                    && !m.getName().equals("hashCode") && !m.getName().equals("toString")) {
                out.add(m.getName());
            }
        }
        return out.stream().distinct().sorted().toList();
    }
}
