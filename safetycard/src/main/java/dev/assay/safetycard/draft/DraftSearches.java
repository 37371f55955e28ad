package dev.assay.safetycard.draft;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The searches {@link Drafter} runs, read from {@code draft-searches.yaml}: per criterion, inventory items with their
 * rg searches; plus searches used only for the capability profile. Content, not code.
 */
record DraftSearches(int version, String scope, List<String> excludeGlobs, int maxCitations, int maxCitationChars,
        List<Criterion> criteria, List<Capability> capabilities) {

    record Search(String id, String pattern, List<String> flags, List<String> types) {
    }

    record Item(String id, String title, String capability, List<Search> searches) {
    }

    record Criterion(String id, List<Item> items) {
    }

    record Capability(String key, List<Search> searches) {
    }

    static DraftSearches shipped() {
        JsonNode root = Resources.yaml("draft-searches.yaml");
        String where = "draft-searches.yaml";
        List<Criterion> criteria = new ArrayList<>();
        for (JsonNode c : root.path("criteria")) {
            List<Item> items = new ArrayList<>();
            for (JsonNode i : c.path("items")) {
                JsonNode cap = i.get("capability");
                items.add(new Item(Resources.text(i, "id", where), Resources.text(i, "title", where),
                        cap == null ? null : cap.asText(), searches(i, where)));
            }
            criteria.add(new Criterion(Resources.text(c, "id", where), List.copyOf(items)));
        }
        List<Capability> capabilities = new ArrayList<>();
        for (JsonNode c : root.path("capabilities")) {
            capabilities.add(new Capability(Resources.text(c, "key", where), searches(c, where)));
        }
        return new DraftSearches(Resources.integer(root, "version", where), Resources.text(root, "scope", where),
                Resources.strings(root, "exclude_globs"), Resources.integer(root, "max_citations", where),
                Resources.integer(root, "max_citation_chars", where), List.copyOf(criteria),
                List.copyOf(capabilities));
    }

    private static List<Search> searches(JsonNode parent, String where) {
        List<Search> out = new ArrayList<>();
        for (JsonNode s : parent.path("searches")) {
            out.add(new Search(Resources.text(s, "id", where), Resources.text(s, "pattern", where),
                    Resources.strings(s, "flags"), Resources.strings(s, "types")));
        }
        return List.copyOf(out);
    }
}
