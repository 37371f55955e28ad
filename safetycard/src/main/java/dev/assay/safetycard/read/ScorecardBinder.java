package dev.assay.safetycard.read;

import com.fasterxml.jackson.databind.JsonNode;
import dev.assay.safetycard.model.CapListing;
import dev.assay.safetycard.model.CriterionCard;
import dev.assay.safetycard.model.CriticalFinding;
import dev.assay.safetycard.model.EvidenceItem;
import dev.assay.safetycard.model.Fix;
import dev.assay.safetycard.model.Mechanism;
import dev.assay.safetycard.model.ParameterRating;
import dev.assay.safetycard.model.ReauditEntry;
import dev.assay.safetycard.model.RepoPaths;
import dev.assay.safetycard.model.RuleOfTwo;
import dev.assay.safetycard.model.SafeSetup;
import dev.assay.safetycard.model.Scorecard;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the JSON tree of a scorecard that passed validation into a {@link Scorecard}. The validation rules are the
 * authority on the format; this binder trusts nothing anyway: a tree that does not have the expected shape (say,
 * validated with another pack) is refused with a {@link ScorecardException} naming the path, never half-read.
 */
public final class ScorecardBinder {

    /** The parameters of every mechanism, in the order entries list them. */
    public static final List<String> PARAMETERS = List.of("S", "C", "D", "B");

    private ScorecardBinder() {
    }

    public static Scorecard bind(JsonNode root) throws ScorecardException {
        if (root == null || !root.isObject()) {
            throw new ScorecardException("the scorecard is not an object");
        }
        Map<String, String> profile = new LinkedHashMap<>();
        JsonNode p = object(root, "capability_profile");
        for (Iterator<Map.Entry<String, JsonNode>> it = p.properties().iterator(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            profile.put(e.getKey(), text(e.getValue(), "capability_profile." + e.getKey()));
        }
        List<CriterionCard> criteria = new ArrayList<>();
        JsonNode list = array(root, "criteria");
        for (int i = 0; i < list.size(); i++) {
            criteria.add(criterion(list.get(i), "criteria." + i));
        }
        List<CriticalFinding> critical = new ArrayList<>();
        JsonNode cf = array(root, "critical_findings");
        for (int i = 0; i < cf.size(); i++) {
            JsonNode f = cf.get(i);
            String at = "critical_findings." + i;
            List<String> owasp = new ArrayList<>();
            JsonNode tags = array(f, "owasp");
            for (int j = 0; j < tags.size(); j++) {
                owasp.add(text(tags.get(j), at + ".owasp." + j));
            }
            critical.add(new CriticalFinding(text(f, "summary", at), text(f, "criterion", at), owasp,
                    evidence(array(f, "evidence"), at + ".evidence")));
        }
        JsonNode r2 = object(root, "rule_of_two");
        RuleOfTwo ruleOfTwo = new RuleOfTwo(text(r2, "untrusted_input", "rule_of_two"), text(r2, "sensitive_data", "rule_of_two"),
                text(r2, "state_change_or_egress", "rule_of_two"), bool(r2, "same_session", "rule_of_two"));
        List<Fix> fixes = new ArrayList<>();
        JsonNode fx = array(root, "fixes");
        for (int i = 0; i < fx.size(); i++) {
            JsonNode f = fx.get(i);
            String at = "fixes." + i;
            fixes.add(new Fix(text(f, "summary", at), text(f, "criterion", at), text(f, "parameter", at),
                    integer(f, "from_level", at), integer(f, "to_level", at), optionalText(f, "playbook", at)));
        }
        List<ReauditEntry> reaudit = new ArrayList<>();
        JsonNode ra = array(root, "reaudit_log");
        for (int i = 0; i < ra.size(); i++) {
            JsonNode f = ra.get(i);
            String at = "reaudit_log." + i;
            reaudit.add(new ReauditEntry(text(f, "criterion", at), text(f, "parameter", at), integer(f, "from_level", at),
                    integer(f, "to_level", at), text(f, "reason", at)));
        }
        List<String> limitations = new ArrayList<>();
        JsonNode lim = array(root, "limitations");
        for (int i = 0; i < lim.size(); i++) {
            limitations.add(text(lim.get(i), "limitations." + i));
        }
        SafeSetup setup = root.has("safe_setup") ? safeSetup(root.get("safe_setup")) : null;
        String subpath = nullableText(root, "subpath", "");
        if (subpath != null && RepoPaths.problem(subpath).isPresent()) {
            throw new ScorecardException("subpath: " + RepoPaths.problem(subpath).get());
        }
        return new Scorecard(text(root, "id", ""), text(root, "name", ""), text(root, "repo_url", ""), subpath,
                text(root, "description", ""), text(root, "category", ""), text(root, "pinned_commit", ""),
                nullableText(root, "version", ""), text(root, "scored_date", ""), text(root, "scored_configuration", ""),
                profile, text(root, "headline", ""), criteria, critical, ruleOfTwo, fixes, reaudit, limitations, setup);
    }

    private static CriterionCard criterion(JsonNode c, String at) throws ScorecardException {
        boolean absent = c.has("structural_absence") && bool(c, "structural_absence", at);
        List<EvidenceItem> absence = c.has("absence_evidence")
                ? evidence(array(c, "absence_evidence"), at + ".absence_evidence") : List.of();
        Mechanism ratings = null;
        Mechanism alt = null;
        List<CapListing> caps = new ArrayList<>();
        if (!absent) {
            ratings = mechanism("", object(c, "parameters"), at + ".parameters");
            if (c.has("alt")) {
                JsonNode a = object(c, "alt");
                Mechanism m = mechanism(text(a, "label", at + ".alt"), object(a, "parameters"), at + ".alt.parameters");
                alt = new Mechanism(m.label(), m.parameters(),
                        a.has("caps") ? caps(array(a, "caps"), at + ".alt.caps") : List.of());
            }
            if (c.has("caps")) {
                caps.addAll(caps(array(c, "caps"), at + ".caps"));
            }
        }
        return new CriterionCard(text(c, "id", at), text(c, "summary", at), optionalText(c, "notes", at), absent, absence,
                ratings, alt, caps);
    }

    private static List<CapListing> caps(JsonNode list, String at) throws ScorecardException {
        List<CapListing> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode cap = list.get(i);
            out.add(new CapListing(text(cap, "id", at + "." + i), text(cap, "reason", at + "." + i)));
        }
        return out;
    }

    private static Mechanism mechanism(String label, JsonNode params, String at) throws ScorecardException {
        Map<String, ParameterRating> out = new LinkedHashMap<>();
        for (String id : PARAMETERS) {
            JsonNode p = object(params, id);
            String where = at + "." + id;
            JsonNode level = p.get("level");
            boolean sa = level != null && level.isTextual() && level.asText().equals("SA");
            int lv = sa ? ParameterRating.ABSENT_LEVEL : integer(p, "level", where);
            out.put(id, new ParameterRating(id, lv, sa, text(p, "status", where), text(p, "finding", where),
                    optionalText(p, "gap", where), evidence(array(p, "evidence"), where + ".evidence")));
        }
        return new Mechanism(label, out);
    }

    private static SafeSetup safeSetup(JsonNode s) throws ScorecardException {
        if (!s.isObject()) {
            throw new ScorecardException("safe_setup: expected an object");
        }
        List<SafeSetup.Step> steps = new ArrayList<>();
        JsonNode list = array(s, "steps");
        for (int i = 0; i < list.size(); i++) {
            JsonNode st = list.get(i);
            String at = "safe_setup.steps." + i;
            Integer limitation = st.has("limitation") ? integer(st, "limitation", at) : null;
            List<EvidenceItem> ev = st.has("evidence") ? evidence(array(st, "evidence"), at + ".evidence") : List.of();
            steps.add(new SafeSetup.Step(text(st, "title", at), text(st, "kind", at), text(st, "how", at),
                    text(st, "gives_you", at), text(st, "criterion", at), text(st, "traces_to", at),
                    optionalText(st, "parameter", at), limitation, ev));
        }
        return new SafeSetup(text(s, "intro", "safe_setup"), steps);
    }

    private static List<EvidenceItem> evidence(JsonNode list, String at) throws ScorecardException {
        List<EvidenceItem> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode e = list.get(i);
            String where = at + "." + i;
            if (!e.isObject()) {
                throw new ScorecardException(where + ": expected an evidence object");
            }
            if (e.has("file")) {
                String file = text(e, "file", where);
                if (RepoPaths.problem(file).isPresent()) {
                    throw new ScorecardException(where + ".file: " + RepoPaths.problem(file).get());
                }
                String lines = text(e, "lines", where);
                if (!lines.matches("[1-9][0-9]{0,8}(-[1-9][0-9]{0,8})?")) {
                    throw new ScorecardException(where + ".lines: not a line or range");
                }
                out.add(new EvidenceItem.CodeCitation(file, lines, optionalText(e, "contains", where),
                        optionalText(e, "note", where)));
            } else {
                String scope = text(e, "scope", where);
                if (RepoPaths.scopeProblem(scope).isPresent()) {
                    throw new ScorecardException(where + ".scope: " + RepoPaths.scopeProblem(scope).get());
                }
                long hits = integer(e, "hits", where);
                out.add(new EvidenceItem.Search(text(e, "search", where), scope, hits, optionalText(e, "note", where)));
            }
        }
        return out;
    }

    private static JsonNode object(JsonNode parent, String key) throws ScorecardException {
        JsonNode n = parent.get(key);
        if (n == null || !n.isObject()) {
            throw new ScorecardException(key + ": expected an object");
        }
        return n;
    }

    private static JsonNode array(JsonNode parent, String key) throws ScorecardException {
        JsonNode n = parent.get(key);
        if (n == null || !n.isArray()) {
            throw new ScorecardException(key + ": expected a list");
        }
        return n;
    }

    private static String text(JsonNode parent, String key, String at) throws ScorecardException {
        return text(parent.get(key), at.isEmpty() ? key : at + "." + key);
    }

    private static String text(JsonNode n, String at) throws ScorecardException {
        if (n == null || !n.isTextual()) {
            throw new ScorecardException(at + ": expected a string");
        }
        return n.asText();
    }

    private static String optionalText(JsonNode parent, String key, String at) throws ScorecardException {
        return parent.has(key) ? text(parent, key, at) : "";
    }

    private static String nullableText(JsonNode parent, String key, String at) throws ScorecardException {
        JsonNode n = parent.get(key);
        return n == null || n.isNull() ? null : text(n, at.isEmpty() ? key : at + "." + key);
    }

    private static boolean bool(JsonNode parent, String key, String at) throws ScorecardException {
        JsonNode n = parent.get(key);
        if (n == null || !n.isBoolean()) {
            throw new ScorecardException(at + "." + key + ": expected true or false");
        }
        return n.asBoolean();
    }

    private static int integer(JsonNode parent, String key, String at) throws ScorecardException {
        JsonNode n = parent.get(key);
        if (n == null || !n.isIntegralNumber() || !n.canConvertToInt()) {
            throw new ScorecardException(at + "." + key + ": expected a whole number");
        }
        return n.asInt();
    }
}
