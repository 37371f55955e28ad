package dev.assay.engine.rules;

import dev.assay.engine.fact.DataRow;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * What a skill's declared {@code allowed-tools} grant, read against a pack's grants table (rows with a {@code tool}
 * column, a lower-case tool name, and a {@code grants} column, space-separated capabilities or {@code *} for all).
 * Pure functions, callable from DRL.
 */
public final class AllowedTools {

    private AllowedTools() {
    }

    /** A declared tool's base name: {@code Bash(git:*)} → {@code bash}, {@code WebFetch} → {@code webfetch}. */
    public static String base(String tool) {
        if (tool == null) {
            return "";
        }
        String t = tool.strip();
        int paren = t.indexOf('(');
        if (paren >= 0) {
            t = t.substring(0, paren);
        }
        return t.strip().toLowerCase(Locale.ROOT);
    }

    /** Whether any declared tool grants the capability according to the table. */
    public static boolean grants(List<String> declared, Collection<?> grantRows, String capability) {
        for (String tool : declared) {
            String b = base(tool);
            for (Object o : grantRows) {
                if (o instanceof DataRow row && row.get("tool").equals(b)) {
                    for (String g : row.get("grants").split("\\s+")) {
                        if (g.equals("*") || g.equals(capability)) {
                            return true;
                        }
                    }
                }
            }
        }
        return false;
    }

    /**
     * The capabilities among {@code used} that no declared tool grants, sorted and distinct; empty when the
     * declaration is not restrictive (nothing declared, or a tool that grants everything).
     */
    public static List<String> ungranted(List<String> declared, Collection<?> grantRows, Collection<String> used) {
        if (!restrictive(declared, grantRows)) {
            return List.of();
        }
        java.util.TreeSet<String> out = new java.util.TreeSet<>();
        for (String c : used) {
            if (c != null && !c.isEmpty() && !grants(declared, grantRows, c)) {
                out.add(c);
            }
        }
        return List.copyOf(out);
    }

    /** Whether a file lies in a folder ("" is the target root, which holds every file). */
    public static boolean within(String folder, String file) {
        return folder == null || folder.isEmpty() || (file != null && file.startsWith(folder + "/"));
    }

    /** Whether the declaration is a real allow-list: non-empty and without a tool that grants everything. */
    public static boolean restrictive(List<String> declared, Collection<?> grantRows) {
        if (declared == null || declared.stream().allMatch(t -> base(t).isEmpty())) {
            return false;
        }
        return !grants(declared, grantRows, "*");
    }
}
