package dev.assay.engine.diff;

import dev.assay.engine.fact.DataRow;
import dev.assay.engine.pack.RuleDefinition;
import dev.assay.engine.pack.RulePack;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * How two pack versions differ as content, and what that means for a rule whose findings changed. Works from the two
 * {@link RulePack}s when both are at hand; otherwise it can only say that the pack changed.
 */
final class PackChanges {

    private static final int VALUE_CHARS = 120;

    private final Side before;
    private final Side after;
    private final boolean changed;
    private final boolean known;
    private final Map<String, RuleDefinition> oldRules = new TreeMap<>();
    private final Map<String, RuleDefinition> newRules = new TreeMap<>();
    private final Map<String, RuleChange> ruleChanges = new TreeMap<>();
    private final Set<String> changedDrl = new TreeSet<>();
    private final Set<String> changedTables = new TreeSet<>();
    private final Map<String, String> newDrl = new TreeMap<>();
    private final List<RuleChange> all = new ArrayList<>();

    PackChanges(Side before, Side after, RulePack oldPack, RulePack newPack) {
        this.before = before;
        this.after = after;
        this.changed = !before.packRef().equals(after.packRef()) || !before.rulesHash().equals(after.rulesHash());
        this.known = changed && oldPack != null && newPack != null;
        if (known) {
            oldPack.rules().forEach(r -> oldRules.put(r.id(), r));
            newPack.rules().forEach(r -> newRules.put(r.id(), r));
            compareRules();
            compareFiles(oldPack, newPack);
        }
    }

    boolean changed() {
        return changed;
    }

    /** Rule definitions added, removed or changed, then DRL files and data tables, each group sorted. */
    List<RuleChange> changes() {
        return List.copyOf(all);
    }

    /** Why the findings of {@code ruleId} changed, as far as the pack is concerned; null when the pack did not change. */
    Cause causeFor(String ruleId) {
        if (!changed) {
            return null;
        }
        String to = after.packRef();
        if (!known) {
            return new Cause(Cause.Kind.RULE, ruleId, "pack " + before.packRef() + " (" + shortHash(before.rulesHash())
                    + ") → " + to + " (" + shortHash(after.rulesHash()) + "); its rule definitions are not available here");
        }
        RuleChange rc = ruleChanges.get(ruleId);
        if (rc != null && rc.change().equals("added")) {
            RuleDefinition r = newRules.get(ruleId);
            return new Cause(Cause.Kind.RULE, ruleId, "rule " + ruleId + " is new in " + to + " (" + r.severity().id()
                    + (r.threatClass().isEmpty() ? "" : ", " + r.threatClass()) + ")");
        }
        if (rc != null && rc.change().equals("removed")) {
            return new Cause(Cause.Kind.RULE, ruleId, "rule " + ruleId + " was removed in " + to);
        }
        if (rc != null) {
            List<String> parts = new ArrayList<>();
            for (FieldChange f : rc.fields()) {
                parts.add(f.field().equals("detector") ? "its detector" : f.field() + " " + f.before() + " → " + f.after());
            }
            return new Cause(Cause.Kind.RULE, ruleId, "rule " + ruleId + " changed in " + to + ": " + String.join("; ", parts));
        }
        List<String> drl = new ArrayList<>();
        for (String path : changedDrl) {
            if (newDrl.getOrDefault(path, "").contains(ruleId)) {
                drl.add(path);
            }
        }
        if (!drl.isEmpty()) {
            return new Cause(Cause.Kind.RULE, ruleId, "rule " + ruleId + " is defined as before; its DRL changed in " + to
                    + " (" + String.join(", ", drl) + ")");
        }
        if (!changedTables.isEmpty()) {
            return new Cause(Cause.Kind.RULE, ruleId, "rule " + ruleId + " is defined as before; data tables changed in "
                    + to + " (" + String.join(", ", changedTables) + ")");
        }
        return new Cause(Cause.Kind.RULE, ruleId, "rule " + ruleId + " is defined as before; other rules of " + to
                + " (combinations, supersession or demotion in DRL) changed its findings");
    }

    private void compareRules() {
        Set<String> ids = new TreeSet<>(oldRules.keySet());
        ids.addAll(newRules.keySet());
        for (String id : ids) {
            RuleDefinition a = oldRules.get(id);
            RuleDefinition b = newRules.get(id);
            RuleChange rc;
            if (a == null) {
                rc = new RuleChange(id, "added", List.of());
            } else if (b == null) {
                rc = new RuleChange(id, "removed", List.of());
            } else {
                List<FieldChange> fields = ruleFields(a, b);
                if (fields.isEmpty()) {
                    continue;
                }
                rc = new RuleChange(id, "changed", fields);
            }
            ruleChanges.put(id, rc);
            all.add(rc);
        }
    }

    private static List<FieldChange> ruleFields(RuleDefinition a, RuleDefinition b) {
        List<FieldChange> out = new ArrayList<>();
        field(out, "severity", a, b, r -> r.severity().id());
        field(out, "threatClass", a, b, RuleDefinition::threatClass);
        field(out, "title", a, b, RuleDefinition::title);
        field(out, "check", a, b, RuleDefinition::check);
        field(out, "capability", a, b, RuleDefinition::capability);
        field(out, "controls", a, b, r -> String.join(", ", r.controls()));
        field(out, "codeContext", a, b, RuleDefinition::codeContext);
        field(out, "redact", a, b, r -> String.valueOf(r.redact()));
        field(out, "message", a, b, RuleDefinition::message);
        field(out, "details", a, b, r -> r.details().toString());
        field(out, "remediation", a, b, RuleDefinition::remediation);
        field(out, "detector", a, b, r -> String.valueOf(r.detector()));
        return out;
    }

    private static void field(List<FieldChange> out, String name, RuleDefinition a, RuleDefinition b,
            Function<RuleDefinition, String> get) {
        String x = Objects.toString(get.apply(a), "");
        String y = Objects.toString(get.apply(b), "");
        if (!x.equals(y)) {
            out.add(new FieldChange(name, clip(x), clip(y)));
        }
    }

    private void compareFiles(RulePack a, RulePack b) {
        newDrl.putAll(b.drlSources());
        Set<String> paths = new TreeSet<>(a.drlSources().keySet());
        paths.addAll(b.drlSources().keySet());
        for (String p : paths) {
            String x = a.drlSources().get(p);
            String y = b.drlSources().get(p);
            if (!Objects.equals(x, y)) {
                changedDrl.add(p);
                all.add(new RuleChange(p, "file", List.of(new FieldChange("drl", x == null ? "" : lines(x),
                        y == null ? "" : lines(y)))));
            }
        }
        Map<String, List<DataRow>> ta = tables(a);
        Map<String, List<DataRow>> tb = tables(b);
        Set<String> names = new TreeSet<>(ta.keySet());
        names.addAll(tb.keySet());
        for (String n : names) {
            List<DataRow> x = ta.get(n);
            List<DataRow> y = tb.get(n);
            if (!Objects.equals(x, y)) {
                changedTables.add(n);
                all.add(new RuleChange("data table " + n, "file", List.of(new FieldChange("rows",
                        x == null ? "" : String.valueOf(x.size()), y == null ? "" : String.valueOf(y.size())))));
            }
        }
    }

    private static Map<String, List<DataRow>> tables(RulePack p) {
        Map<String, List<DataRow>> out = new TreeMap<>();
        p.data().forEach(r -> out.computeIfAbsent(r.table(), k -> new ArrayList<>()).add(r));
        return out;
    }

    private static String lines(String text) {
        long n = text.lines().count();
        return n + (n == 1 ? " line" : " lines");
    }

    static String shortHash(String hash) {
        if (hash == null || hash.isEmpty()) {
            return "no hash";
        }
        int colon = hash.indexOf(':');
        String hex = colon >= 0 ? hash.substring(colon + 1) : hash;
        return (colon >= 0 ? hash.substring(0, colon + 1) : "") + hex.substring(0, Math.min(12, hex.length()));
    }

    static String clip(String s) {
        String one = s.replace('\n', ' ').replace('\r', ' ');
        return one.length() <= VALUE_CHARS ? one : one.substring(0, VALUE_CHARS - 1) + "…";
    }
}
