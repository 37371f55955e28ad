package dev.assay.extract.component.code;

import dev.assay.engine.fact.CodeCall;
import dev.assay.engine.fact.CodeText;
import dev.assay.extract.component.ScanSettings;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Facts from one shell script: every simple command as a {@link CodeCall} (callee = the command name, with the
 * directory of an absolute path dropped), wrapped commands ({@code sudo bash …}) as a second call, each pipeline as a
 * call named {@code pipeline:a|b|c}, and comments, strings and here-documents as {@link CodeText}.
 *
 * <p>The bash grammar sometimes reads the commands on the lines after a pipeline as arguments of its last command
 * (without reporting an error); arguments that start on a new line (no backslash continuation) therefore begin a new
 * command here, as they would for the shell.
 */
final class BashAnalyzer {

    private static final String LANGUAGE = Language.BASH.id();
    private static final String ARGUMENT = "argument";

    private final ScanSettings settings;
    private final ScanSettings.Bounds bounds;
    private final String file;
    private final SourceText src;
    private final CodeFacts out;
    private final String[] functionAt;
    private final SyntaxNode[] nodes;
    private final String[] types;
    /** Start byte of a pipeline element → the pipeline's stage names and the element's index. */
    private final Map<Integer, PipelinePlace> pipelinePlaces = new HashMap<>();
    /** Start bytes of pipelines spliced into an enclosing one (see {@link #collectStages}). */
    private final Set<Integer> absorbedPipelines = new HashSet<>();

    private record PipelinePlace(String stages, int index) {
    }

    /** One command as the shell would see it: a name and its arguments. */
    private record Simple(SyntaxNode whole, SyntaxNode name, List<SyntaxNode> args) {
    }

    BashAnalyzer(ScanSettings settings, String file, SourceText src, CodeFacts out) {
        this.settings = settings;
        this.bounds = settings.bounds();
        this.file = file;
        this.src = src;
        this.out = out;
        int frames = bounds.maxTreeDepth() + 2;
        this.functionAt = new String[frames];
        this.nodes = new SyntaxNode[frames];
        this.types = new String[frames];
    }

    void run(SyntaxNode root) {
        boolean cut = TreeWalk.walk(root, bounds.maxTreeDepth(), this::visit);
        if (cut) {
            out.note("nested deeper than " + bounds.maxTreeDepth() + " levels; deeper code not analysed");
        }
    }

    private boolean visit(SyntaxNode node, String type, int depth) {
        nodes[depth] = node;
        types[depth] = type;
        functionAt[depth] = depth == 0 ? "" : functionAt[depth - 1];
        switch (type) {
            case "function_definition": {
                SyntaxNode name = node.field("name");
                functionAt[depth] = name == null ? "<anonymous>" : src.text(name, 200);
                return true;
            }
            case "comment":
                out.add(new CodeText(file, LANGUAGE, "comment", src.text(node, bounds.maxTextChars()),
                        src.startLine(node), src.endLine(node)));
                return false;
            case "string":
            case "raw_string":
            case "ansi_c_string":
            case "translated_string":
                out.add(new CodeText(file, LANGUAGE, "string", literalText(node), src.startLine(node),
                        src.endLine(node)));
                return true;
            case "heredoc_body":
                out.add(new CodeText(file, LANGUAGE, "string", src.text(node, bounds.maxTextChars()),
                        src.startLine(node), src.endLine(node)));
                return true;
            case "pipeline":
                pipeline(node, depth);
                return true;
            case "command":
                command(node, depth);
                return true;
            default:
                return true;
        }
    }

    /** The value of a quoted word: the text between its quotes (escapes decoded for $'…'). */
    private String literalText(SyntaxNode node) {
        String type = node.type();
        int start = node.startByte();
        int end = node.endByte();
        if ("ansi_c_string".equals(type)) {
            return Escapes.javascript(src.inner(start, end, 2, 1, bounds.maxTextChars()));
        }
        if ("translated_string".equals(type)) {
            return src.inner(start, end, 2, 1, bounds.maxTextChars());
        }
        return src.inner(start, end, 1, 1, bounds.maxTextChars());
    }

    // ---- commands

    /** Splits a command node into the simple commands the shell would run (see the class comment). */
    private List<Simple> simples(SyntaxNode command) {
        List<Simple> result = new ArrayList<>();
        SyntaxNode name = null;
        List<SyntaxNode> args = new ArrayList<>();
        int previousEnd = -1;
        for (SyntaxNode.Child c : command.children()) {
            SyntaxNode child = c.node();
            String field = c.field();
            if ("name".equals(field)) {
                name = child;
                previousEnd = child.endByte();
                continue;
            }
            if (!ARGUMENT.equals(field)) {
                continue;
            }
            if (name != null && src.hasLineBreak(previousEnd, child.startByte())) {
                result.add(new Simple(command, name, args));
                name = null;
                args = new ArrayList<>();
            }
            if (name == null) {
                if (!isAssignmentWord(child)) {
                    name = child;
                }
            } else {
                args.add(child);
            }
            previousEnd = child.endByte();
        }
        if (name != null) {
            result.add(new Simple(command, name, args));
        }
        return result;
    }

    private boolean isAssignmentWord(SyntaxNode node) {
        String text = src.text(node, 200);
        int eq = text.indexOf('=');
        if (eq <= 0) {
            return false;
        }
        for (int i = 0; i < eq; i++) {
            char c = text.charAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '_') || (i == 0 && Character.isDigit(c))) {
                return false;
            }
        }
        return true;
    }

    private String commandName(SyntaxNode name) {
        String text = src.text(name, 200);
        if (text.startsWith("/") && text.lastIndexOf('/') < text.length() - 1) {
            return text.substring(text.lastIndexOf('/') + 1);
        }
        return text;
    }

    private void command(SyntaxNode node, int depth) {
        List<Simple> simples = simples(node);
        PipelinePlace place = pipelinePlace(node);
        List<String> redirects = redirects(depth);
        for (int i = 0; i < simples.size(); i++) {
            Simple simple = simples.get(i);
            String name = commandName(simple.name());
            List<String> keywords = new ArrayList<>();
            keywords.add("args=" + joined(simple.args()));
            if (i == 0 && place != null) {
                keywords.add("pipeline=" + place.stages());
                keywords.add("pipe-index=" + place.index());
            }
            String substitutions = substitutedCommands(simple.args());
            if (!substitutions.isEmpty()) {
                keywords.add("substitution=" + substitutions);
            }
            if (i == simples.size() - 1) {
                for (String r : redirects) {
                    keywords.add("redirect=" + r);
                }
            }
            emit(name, simple.args(), keywords, simple.name(), depth);
            wrapped(name, simple.args(), depth, 0);
        }
    }

    private void emit(String callee, List<SyntaxNode> args, List<String> keywords, SyntaxNode at, int depth) {
        boolean constant = true;
        for (SyntaxNode a : args) {
            constant &= literal(a) != null;
        }
        String first = args.isEmpty() ? "" : literal(args.get(0));
        out.add(new CodeCall(file, LANGUAGE, callee, constant, first == null ? "" : cut(first, bounds.maxArgChars()),
                keywords, functionAt[depth], src.startLine(at), src.snippet(at)));
    }

    /** For {@code sudo bash -c …} also the call of {@code bash}, marked {@code via=sudo}. */
    private void wrapped(String wrapper, List<SyntaxNode> args, int depth, int level) {
        if (level > 3 || !settings.bash().wrappers().contains(wrapper)) {
            return;
        }
        for (int i = 0; i < args.size(); i++) {
            String text = src.text(args.get(i), 200);
            if (text.startsWith("-") || isAssignmentWord(args.get(i))
                    || (wrapper.equals("timeout") && !text.isEmpty() && Character.isDigit(text.charAt(0)))) {
                continue;
            }
            String name = commandName(args.get(i));
            List<SyntaxNode> rest = args.subList(i + 1, args.size());
            List<String> keywords = new ArrayList<>();
            keywords.add("args=" + joined(rest));
            keywords.add("via=" + wrapper);
            String substitutions = substitutedCommands(rest);
            if (!substitutions.isEmpty()) {
                keywords.add("substitution=" + substitutions);
            }
            emit(name, rest, keywords, args.get(i), depth);
            wrapped(name, rest, depth, level + 1);
            return;
        }
    }

    /** A literal argument's text (quotes removed), or null when it expands something. */
    private String literal(SyntaxNode node) {
        switch (node.type()) {
            case "word":
            case "number":
                return src.text(node, bounds.maxArgChars());
            case "raw_string":
            case "ansi_c_string":
                return literalText(node);
            case "string": {
                for (SyntaxNode part : node.namedChildren()) {
                    if (!"string_content".equals(part.type())) {
                        return null;
                    }
                }
                return literalText(node);
            }
            case "concatenation": {
                StringBuilder b = new StringBuilder();
                for (SyntaxNode child : node.namedChildren()) {
                    String part = literal(child);
                    if (part == null) {
                        return null;
                    }
                    b.append(part);
                }
                return b.toString();
            }
            default:
                return null;
        }
    }

    private String joined(List<SyntaxNode> args) {
        StringBuilder b = new StringBuilder();
        for (SyntaxNode a : args) {
            if (b.length() > 0) {
                b.append(' ');
            }
            b.append(src.text(a, bounds.maxArgChars()).replace('\n', ' '));
            if (b.length() > bounds.maxArgChars()) {
                break;
            }
        }
        return cut(b.toString(), bounds.maxArgChars());
    }

    private static String cut(String s, int max) {
        return s.length() > max ? s.substring(0, max) + "…" : s;
    }

    /** Names of the commands run inside $(…), `…` or <(…) within the arguments, joined with '|'. */
    private String substitutedCommands(List<SyntaxNode> args) {
        List<String> names = new ArrayList<>();
        for (SyntaxNode arg : args) {
            TreeWalk.walk(arg, bounds.maxTreeDepth(), (node, type, depth) -> {
                if ("command".equals(type)) {
                    for (Simple s : simples(node)) {
                        names.add(commandName(s.name()));
                    }
                }
                return names.size() < 16;
            });
        }
        return String.join("|", names);
    }

    private List<String> redirects(int depth) {
        List<String> result = new ArrayList<>();
        if (depth < 1 || !"redirected_statement".equals(types[depth - 1])) {
            return result;
        }
        SyntaxNode statement = nodes[depth - 1];
        for (SyntaxNode.Child c : statement.children()) {
            if ("redirect".equals(c.field())) {
                SyntaxNode r = c.node();
                if (!"heredoc_redirect".equals(r.type())) {
                    result.add(src.text(r, bounds.maxKeywordValueChars()).replace('\n', ' '));
                }
            }
        }
        return result;
    }

    // ---- pipelines

    /** Where a command stands in a pipeline: pipeline elements are registered by their start byte. */
    private PipelinePlace pipelinePlace(SyntaxNode command) {
        return pipelinePlaces.get(command.startByte());
    }

    private void pipeline(SyntaxNode node, int depth) {
        if (absorbedPipelines.contains(node.startByte())) {
            return;
        }
        List<SyntaxNode> elements = new ArrayList<>();
        collectStages(node, elements, 0);
        List<String> names = new ArrayList<>();
        List<String> stages = new ArrayList<>();
        boolean constant = true;
        for (SyntaxNode element : elements) {
            Simple first = firstSimple(element);
            if (first == null) {
                names.add("?");
                stages.add(src.text(element, bounds.maxKeywordValueChars()).replace('\n', ' '));
                constant = false;
                continue;
            }
            String name = effectiveName(first);
            names.add(name);
            List<String> words = new ArrayList<>();
            words.add(src.text(first.name(), 200));
            for (SyntaxNode a : first.args()) {
                words.add(src.text(a, bounds.maxKeywordValueChars()));
                constant &= literal(a) != null;
            }
            stages.add(cut(String.join(" ", words).replace('\n', ' '), bounds.maxKeywordValueChars()));
        }
        String joinedNames = String.join("|", names);
        for (int i = 0; i < elements.size(); i++) {
            pipelinePlaces.put(elements.get(i).startByte(), new PipelinePlace(joinedNames, i));
        }
        List<String> keywords = new ArrayList<>();
        for (int i = 0; i < stages.size(); i++) {
            keywords.add("stage" + i + "=" + stages.get(i));
        }
        out.add(new CodeCall(file, LANGUAGE, "pipeline:" + joinedNames, constant, "", keywords, functionAt[depth],
                src.startLine(node), src.snippet(node)));
    }

    /**
     * The stages of a pipeline. The grammar sometimes parses {@code a | b | c && d} as {@code a | (b | c && d)}, a
     * list inside the pipeline, which bash never does; such a list's leading pipeline is spliced back in.
     */
    private void collectStages(SyntaxNode pipeline, List<SyntaxNode> elements, int level) {
        for (SyntaxNode c : pipeline.namedChildren()) {
            String type = c.type();
            if ("comment".equals(type)) {
                continue;
            }
            if ("list".equals(type) && level < 8 && c.namedChildCount() > 0) {
                SyntaxNode first = c.namedChild(0);
                if ("pipeline".equals(first.type())) {
                    absorbedPipelines.add(first.startByte());
                    collectStages(first, elements, level + 1);
                    continue;
                }
                elements.add(first);
                continue;
            }
            elements.add(c);
        }
    }

    /** The first simple command of a pipeline element (a command, or one inside a redirect or group). */
    private Simple firstSimple(SyntaxNode element) {
        Simple[] found = {null};
        TreeWalk.walk(element, Math.min(8, bounds.maxTreeDepth()), (node, type, depth) -> {
            if (found[0] != null) {
                return false;
            }
            if ("command".equals(type)) {
                List<Simple> simples = simples(node);
                if (!simples.isEmpty()) {
                    found[0] = simples.get(0);
                }
                return false;
            }
            return !"command_substitution".equals(type) && !"process_substitution".equals(type);
        });
        return found[0];
    }

    /** A stage's command name, looking through wrappers ({@code sudo bash} → bash). */
    private String effectiveName(Simple simple) {
        String name = commandName(simple.name());
        List<SyntaxNode> args = simple.args();
        int guard = 0;
        while (settings.bash().wrappers().contains(name) && guard++ < 4) {
            String next = null;
            int at = -1;
            for (int i = 0; i < args.size(); i++) {
                String text = src.text(args.get(i), 200);
                if (text.startsWith("-") || isAssignmentWord(args.get(i))
                        || (name.equals("timeout") && !text.isEmpty() && Character.isDigit(text.charAt(0)))) {
                    continue;
                }
                next = commandName(args.get(i));
                at = i;
                break;
            }
            if (next == null) {
                break;
            }
            name = next;
            args = args.subList(at + 1, args.size());
        }
        return name;
    }
}
