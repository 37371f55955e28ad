package dev.assay.extract.component;

import dev.assay.engine.fact.CodeCall;
import dev.assay.engine.fact.CodeImport;
import dev.assay.engine.fact.ConfigValue;
import dev.assay.engine.fact.Fact;
import dev.assay.engine.fact.FileEntry;
import dev.assay.engine.fact.FileTag;
import dev.assay.engine.fact.ManifestScript;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which test code, docs and data-corpus files are loaded by the rest of the component: imported, required, sourced or
 * run by code outside those folders (directly or through other such files), or named by a manifest that consumers
 * use (package.json main/bin/exports, lifecycle scripts, entry points). Rules demote matches in test code, docs and
 * data corpora to needs-review; a file with one of these tags is not test code in any sense that matters, since
 * consumers run it. Built from the facts the scan emits, after the whole component has been seen; only relative
 * references that name a file of the component count (a package import is not a local file).
 */
final class LoadGraph {

    static final String LOADED_BY_CODE = "loaded-by-code";
    static final String NAMED_BY_MANIFEST = "named-by-manifest";

    private static final Set<String> DEMOTING = Set.of(PathRules.TEST_CODE, PathRules.DOCS, PathRules.DATA_CORPUS);
    /** {@code module:function} (console_scripts and other entry points). */
    private static final Pattern ENTRY_POINT = Pattern.compile("([A-Za-z_][\\w.]*)\\s*:\\s*[A-Za-z_]");
    private static final Pattern COMMAND_SEPARATORS = Pattern.compile("[\\s\"'`;&|()\\[\\]{},=<>]+");
    private static final Pattern MODULE_NAME = Pattern.compile("\\.*[A-Za-z_][\\w.]*|\\.+");

    private enum Kind { JS, PYTHON, PATH, COMMAND, ENTRY_POINT }

    /** A reference from one file, resolved once every file is known. */
    private record Ref(String from, Kind kind, String spec, String member, String how, boolean manifest) {
    }

    private record Edge(String to, String how, boolean manifest) {
    }

    private final RelationSettings.Loading settings;
    private final List<String> setupCallees;
    private final Set<String> files = new TreeSet<>();
    private final Map<String, Set<String>> tags = new HashMap<>();
    private final List<Ref> refs = new ArrayList<>();

    LoadGraph(RelationSettings.Loading settings, List<String> setupCallees) {
        this.settings = settings;
        this.setupCallees = setupCallees;
    }

    /** Takes note of one emitted fact. */
    void observe(Fact fact) {
        if (fact instanceof FileEntry e) {
            files.add(e.file());
        } else if (fact instanceof FileTag t) {
            tags.computeIfAbsent(t.file(), k -> new HashSet<>()).add(t.tag());
        } else if (fact instanceof CodeImport i) {
            importRef(i);
        } else if (fact instanceof CodeCall c) {
            callRef(c);
        } else if (fact instanceof ConfigValue v) {
            manifestValue(v);
        } else if (fact instanceof ManifestScript s) {
            refs.add(new Ref(s.file(), Kind.COMMAND, s.command(), "",
                    "run by " + s.file() + " " + s.hook() + " (line " + s.line() + ")", true));
        }
    }

    private void importRef(CodeImport i) {
        String how = "imported by " + i.file() + " line " + i.line();
        if (i.language().equals("python")) {
            refs.add(new Ref(i.file(), Kind.PYTHON, i.module(), i.name(), how, false));
        } else if (i.module().startsWith("./") || i.module().startsWith("../")) {
            refs.add(new Ref(i.file(), Kind.JS, i.module(), "", how, false));
        }
    }

    /**
     * Per callee, whether a running-call pattern matches it: a tree has millions of calls and few distinct callees, and
     * the answer depends on the callee alone.
     */
    private final Map<String, Boolean> runningCallee = new HashMap<>();

    private void callRef(CodeCall c) {
        String callee = c.callee();
        if (c.language().equals("bash")) {
            if (settings.sourcingCommands().contains(callee) || settings.interpreters().contains(callee)) {
                String args = keyword(c, "args");
                refs.add(new Ref(c.file(), Kind.COMMAND, args.isEmpty() ? c.firstArg() : args, "",
                        (settings.sourcingCommands().contains(callee) ? "sourced by " : "run by ") + c.file()
                                + " line " + c.line(), false));
            } else if (callee.contains("/")) {
                refs.add(new Ref(c.file(), Kind.PATH, callee, "", "run by " + c.file() + " line " + c.line(), false));
            }
            return;
        }
        if (runningCallee.computeIfAbsent(callee, k -> NamePattern.any(settings.runningCalls(), k))) {
            refs.add(new Ref(c.file(), Kind.COMMAND, c.firstArg(), "", "run by " + c.file() + " line " + c.line(),
                    false));
        }
        if (settings.moduleCalls().contains(callee)) {
            refs.add(new Ref(c.file(), Kind.PYTHON, unquote(c.firstArg()), "", "imported by " + c.file() + " line "
                    + c.line(), false));
        }
        if (setupCallees.contains(callee)) {
            for (String keyword : settings.setupEntryPointKeywords()) {
                String value = keyword(c, keyword);
                if (!value.isEmpty()) {
                    refs.add(new Ref(c.file(), Kind.ENTRY_POINT, value, "", "named by " + c.file() + " "
                            + keyword + " (line " + c.line() + ")", true));
                }
            }
        }
    }

    private void manifestValue(ConfigValue v) {
        if (!"string".equals(v.type())) {
            return;
        }
        for (RelationSettings.ManifestKey k : settings.manifestKeys()) {
            if (k.document().equals(v.document())
                    && (v.path().equals(k.key()) || v.path().startsWith(k.key() + "."))) {
                Kind kind = switch (k.as()) {
                    case "path" -> Kind.PATH;
                    case "command" -> Kind.COMMAND;
                    default -> Kind.ENTRY_POINT;
                };
                refs.add(new Ref(v.file(), kind, v.value(), "", "named by " + v.file() + " " + v.path()
                        + " (line " + v.line() + ")", true));
                return;
            }
        }
    }

    private static String keyword(CodeCall c, String name) {
        for (String k : c.keywords()) {
            if (k.startsWith(name + "=")) {
                return k.substring(name.length() + 1);
            }
        }
        return "";
    }

    private static String unquote(String s) {
        String t = s.strip();
        if (t.length() >= 2 && (t.charAt(0) == '"' || t.charAt(0) == '\'') && t.charAt(t.length() - 1) == t.charAt(0)) {
            return t.substring(1, t.length() - 1);
        }
        return t;
    }

    private boolean demotable(String file) {
        Set<String> t = tags.getOrDefault(file, Set.of());
        return !t.contains(PathRules.AGENT_FACING) && t.stream().anyMatch(DEMOTING::contains);
    }

    /**
     * The tags of the demotable files that the rest of the component loads, in path order: each names the first
     * reference found from the component's own code (breadth first, in path order), so the result is deterministic.
     */
    List<FileTag> tags() {
        Map<String, List<Edge>> edges = new TreeMap<>();
        for (Ref ref : refs) {
            for (String to : resolve(ref)) {
                if (!to.equals(ref.from())) {
                    edges.computeIfAbsent(ref.from(), k -> new ArrayList<>())
                            .add(new Edge(to, ref.how(), ref.manifest()));
                }
            }
        }
        Deque<String> queue = new ArrayDeque<>();
        Set<String> seen = new HashSet<>();
        for (String f : files) {
            if (!demotable(f)) {
                queue.add(f);
                seen.add(f);
            }
        }
        Map<String, FileTag> found = new TreeMap<>();
        while (!queue.isEmpty()) {
            String from = queue.removeFirst();
            for (Edge e : edges.getOrDefault(from, List.of())) {
                if (seen.add(e.to())) {
                    queue.addLast(e.to());
                    found.put(e.to(), new FileTag(e.to(), e.manifest() ? NAMED_BY_MANIFEST : LOADED_BY_CODE,
                            e.how()));
                }
            }
        }
        return new ArrayList<>(found.values());
    }

    private List<String> resolve(Ref ref) {
        String folder = ComponentScan.folder(ref.from());
        List<String> out = new ArrayList<>();
        switch (ref.kind()) {
            case JS -> {
                String base = normalize(join(folder, ref.spec()));
                if (base != null) {
                    if (files.contains(base)) {
                        out.add(base);
                    } else {
                        for (String suffix : settings.jsResolveSuffixes()) {
                            if (files.contains(base + suffix)) {
                                out.add(base + suffix);
                                break;
                            }
                        }
                    }
                }
            }
            case PATH -> path(folder, ref.spec(), out);
            case COMMAND -> {
                for (String token : COMMAND_SEPARATORS.split(ref.spec())) {
                    if (!token.isEmpty() && !token.startsWith("-") && !token.contains("://")
                            && (token.contains("/") || token.indexOf('.') > 0)) {
                        path(folder, token, out);
                    }
                }
            }
            case PYTHON -> python(folder, ref.spec(), ref.member(), out);
            case ENTRY_POINT -> {
                Matcher m = ENTRY_POINT.matcher(ref.spec());
                while (m.find()) {
                    python(folder, m.group(1), "", out);
                    python(join(folder, "src"), m.group(1), "", out);
                }
            }
            default -> throw new IllegalStateException();
        }
        return out;
    }

    /** A file named relative to the referring file's folder, else to the component root. */
    private void path(String folder, String spec, List<String> out) {
        for (String candidate : new String[] {normalize(join(folder, spec)), normalize(spec)}) {
            if (candidate != null && files.contains(candidate)) {
                out.add(candidate);
                return;
            }
        }
    }

    /**
     * A Python module: relative ({@code .x}, {@code ..x}) from the importing file's package, else absolute from the
     * importing file's folder or any folder above it (where the interpreter's path may start). The packages on the way
     * run their {@code __init__.py} too.
     */
    private void python(String folder, String module, String member, List<String> out) {
        if (!MODULE_NAME.matcher(module).matches()) {
            return;
        }
        int dots = 0;
        while (dots < module.length() && module.charAt(dots) == '.') {
            dots++;
        }
        String rest = module.substring(dots);
        List<String> bases = new ArrayList<>();
        if (dots > 0) {
            String base = folder;
            for (int i = 1; i < dots && base != null; i++) {
                base = base.isEmpty() ? null : ComponentScan.folder(base);
            }
            if (base != null) {
                bases.add(base);
            }
        } else {
            String base = folder;
            while (true) {
                bases.add(base);
                if (base.isEmpty()) {
                    break;
                }
                base = ComponentScan.folder(base);
            }
        }
        for (String base : bases) {
            String modulePath = rest.isEmpty() ? base : join(base, rest.replace('.', '/'));
            String[] parts = rest.isEmpty() ? new String[0] : rest.split("\\.");
            String pkg = base;
            boolean any = false;
            for (int i = 0; i < parts.length; i++) {
                pkg = join(pkg, parts[i]);
                any |= add(join(pkg, "__init__.py"), out);
            }
            any |= add(modulePath + ".py", out);
            if (!member.isEmpty() && !member.equals("*")) {
                any |= add(join(modulePath, member) + ".py", out);
                any |= add(join(join(modulePath, member), "__init__.py"), out);
            }
            if (any) {
                return;
            }
        }
    }

    private boolean add(String candidate, List<String> out) {
        String path = normalize(candidate);
        if (path != null && files.contains(path)) {
            out.add(path);
            return true;
        }
        return false;
    }

    private static String join(String folder, String name) {
        return folder.isEmpty() ? name : folder + "/" + name;
    }

    /** Resolves "." and ".." segments; null when the path leaves the component or is empty. */
    static String normalize(String path) {
        Deque<String> parts = new ArrayDeque<>();
        for (String part : path.split("/")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                if (parts.isEmpty()) {
                    return null;
                }
                parts.removeLast();
            } else {
                parts.addLast(part);
            }
        }
        return parts.isEmpty() ? null : String.join("/", parts);
    }
}
