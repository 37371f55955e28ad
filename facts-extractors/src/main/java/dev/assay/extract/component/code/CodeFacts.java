package dev.assay.extract.component.code;

import dev.assay.engine.fact.CodeCall;
import dev.assay.engine.fact.CodeImport;
import dev.assay.engine.fact.CodeText;
import dev.assay.engine.fact.Fact;
import dev.assay.engine.fact.ManifestScript;
import dev.assay.engine.fact.McpTool;
import dev.assay.engine.fact.McpToolMutation;
import dev.assay.engine.fact.TaintFlow;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The facts one source file gave, in document order per kind, plus what the component detector needs to know (does
 * the file use an MCP SDK) and the notes for the skip record (why analysis was partial). McpTool facts from source are
 * kept apart: the scan emits them only when the file or the component is an MCP server.
 */
public final class CodeFacts {

    private final List<CodeImport> imports = new ArrayList<>();
    private final List<CodeCall> calls = new ArrayList<>();
    private final List<CodeText> texts = new ArrayList<>();
    private final List<TaintFlow> flows = new ArrayList<>();
    private final List<ManifestScript> scripts = new ArrayList<>();
    private final List<McpTool> tools = new ArrayList<>();
    private final List<McpToolMutation> mutations = new ArrayList<>();
    private final List<ImportedToolText> importedToolTexts = new ArrayList<>();
    private final TreeSet<String> notes = new TreeSet<>();
    private final int maxCalls;
    private final int maxTexts;
    /** Each distinct string and keyword list of this file's calls and texts, as first given (see shared). */
    private final Map<String, String> strings = new HashMap<>();
    private final Map<List<?>, List<?>> lists = new HashMap<>();
    private boolean usesMcpSdk;
    private ScriptModule module;

    public CodeFacts(int maxCalls, int maxTexts) {
        this.maxCalls = maxCalls;
        this.maxTexts = maxTexts;
    }

    void add(CodeImport fact) {
        if (imports.size() < maxCalls) {
            imports.add(fact);
        } else {
            notes.add("more than " + maxCalls + " imports; the rest not recorded");
        }
    }

    void add(CodeCall fact) {
        if (calls.size() < maxCalls) {
            calls.add(shared(fact));
        } else {
            notes.add("more than " + maxCalls + " calls; the rest not recorded");
        }
    }

    void add(CodeText fact) {
        if (texts.size() < maxTexts) {
            String text = shared(fact.text());
            texts.add(text == fact.text() ? fact : new CodeText(fact.file(), fact.language(), fact.kind(), text,
                    fact.lineStart(), fact.lineEnd()));
        } else {
            notes.add("more than " + maxTexts + " strings and comments; the rest not recorded");
        }
    }

    /**
     * The call with each of its strings as the first equal one this file gave (a callee, argument or keyword that
     * recurs in a file is one string, not one per call): the facts stay equal, but a large tree holds far fewer
     * strings, and the rules' memo of text signatures, which is by identity, works each text out once.
     */
    private CodeCall shared(CodeCall c) {
        String callee = shared(c.callee());
        String firstArg = shared(c.firstArg());
        String function = shared(c.function());
        String snippet = shared(c.snippet());
        List<String> keywords = sharedList(c.keywords());
        if (callee == c.callee() && firstArg == c.firstArg() && function == c.function() && snippet == c.snippet()
                && keywords == c.keywords()) {
            return c;
        }
        return new CodeCall(c.file(), c.language(), callee, c.argsConstant(), firstArg, keywords, function, c.line(),
                snippet);
    }

    private String shared(String s) {
        String first = strings.putIfAbsent(s, s);
        return first == null ? s : first;
    }

    @SuppressWarnings("unchecked")
    private List<String> sharedList(List<String> list) {
        if (list.isEmpty()) {
            return list;
        }
        List<String> first = (List<String>) lists.get(list);
        if (first != null) {
            return first;
        }
        List<String> made = new ArrayList<>(list.size());
        boolean same = true;
        for (String s : list) {
            String kept = shared(s);
            same &= kept == s;
            made.add(kept);
        }
        List<String> keptList = same ? list : List.copyOf(made); // a record's list is already unmodifiable
        lists.put(keptList, keptList);
        return keptList;
    }

    void add(TaintFlow fact) {
        flows.add(fact);
    }

    void add(ManifestScript fact) {
        scripts.add(fact);
    }

    void add(McpTool fact) {
        if (tools.size() < maxCalls) {
            tools.add(fact);
        }
    }

    void add(McpToolMutation fact) {
        if (mutations.size() < maxCalls) {
            mutations.add(fact);
        }
    }

    void add(ImportedToolText pending) {
        if (importedToolTexts.size() < maxCalls) {
            importedToolTexts.add(pending);
        }
    }

    void note(String note) {
        notes.add(note);
    }

    void module(ScriptModule m) {
        module = m;
    }

    /** What a JavaScript/TypeScript file gives flows across local modules, or null when it has nothing to join. */
    public ScriptModule module() {
        return module;
    }

    void markMcpSdk() {
        usesMcpSdk = true;
    }

    public boolean usesMcpSdk() {
        return usesMcpSdk;
    }

    public List<CodeImport> imports() {
        return List.copyOf(imports);
    }

    public List<CodeCall> calls() {
        return List.copyOf(calls);
    }

    public List<CodeText> texts() {
        return List.copyOf(texts);
    }

    public List<TaintFlow> flows() {
        return List.copyOf(flows);
    }

    public List<ManifestScript> scripts() {
        return List.copyOf(scripts);
    }

    public List<McpTool> tools() {
        return List.copyOf(tools);
    }

    /** Why the file's analysis is partial, sorted; empty when it is complete. */
    public List<String> notes() {
        return List.copyOf(notes);
    }

    public List<McpToolMutation> mutations() {
        return List.copyOf(mutations);
    }

    /** Remote-description facts that wait for the component to tell whether an imported module is networked. */
    public List<ImportedToolText> importedToolTexts() {
        return List.copyOf(importedToolTexts);
    }

    /** Every fact except McpTool, in a fixed order: imports, calls, texts, flows, scripts, tool mutations. */
    public List<Fact> facts() {
        List<Fact> all = new ArrayList<>(imports.size() + calls.size() + texts.size() + flows.size() + scripts.size());
        all.addAll(imports);
        all.addAll(calls);
        all.addAll(texts);
        all.addAll(flows);
        all.addAll(scripts);
        all.addAll(mutations);
        return all;
    }
}
