package dev.assay.extract.component.code;

import dev.assay.extract.component.ScanSettings;
import java.nio.charset.StandardCharsets;

/**
 * Parses one source file with tree-sitter and turns the tree into facts. The outcome is either the file's
 * {@link CodeFacts} (possibly with notes saying the analysis was partial) or a one-line reason the file was not
 * analysed (too large, parse budget exceeded, mostly syntax errors). Never throws for what the text holds.
 */
public final class SourceAnalyzer {

    private final ScanSettings settings;

    public SourceAnalyzer(ScanSettings settings) {
        this.settings = settings;
    }

    /** What analysing a file gave. */
    public sealed interface Result permits Analysed, NotAnalysed {
    }

    public record Analysed(CodeFacts facts) implements Result {
    }

    public record NotAnalysed(String reason) implements Result {
    }

    /** Analyses source text given as a string (encoded as UTF-8); for tests. */
    Result analyze(String file, Language language, String text, boolean setupPy) {
        return analyze(file, language, text.getBytes(StandardCharsets.UTF_8), SourceText.Encoding.UTF_8, setupPy);
    }

    /**
     * Analyses a file's own bytes in their encoding, a leading byte order mark included: the parser skips the mark,
     * and every node, line and snippet is where it is in the file.
     *
     * @param setupPy whether the file is a setup.py, whose install-time code becomes ManifestScript facts
     */
    public Result analyze(String file, Language language, byte[] bytes, SourceText.Encoding encoding,
            boolean setupPy) {
        ScanSettings.Bounds bounds = settings.bounds();
        if (bytes.length > bounds.maxParseBytes()) {
            return new NotAnalysed("not parsed: " + bytes.length + " bytes is above the parse bound of "
                    + bounds.maxParseBytes());
        }
        // The step budget is per character, as if the text were UTF-8 (UTF-16 takes two bytes for an ASCII one).
        SyntaxParser.Budget budget = SyntaxParser.Budget.forBytes(bytes.length / encoding.unit(),
                bounds.minProgressChecks(), bounds.progressChecksPerKilobyte(), bounds.maxParseSeconds(),
                bounds.maxFieldChildren());
        SyntaxParser.Outcome outcome = SyntaxParser.parse(language, bytes, encoding, budget,
                bounds.gcAfterParsedBytes());
        if (outcome instanceof SyntaxParser.Refused) {
            return new NotAnalysed(((SyntaxParser.Refused) outcome).reason());
        }
        SyntaxNode root = ((SyntaxParser.Parsed) outcome).tree().root();
        boolean hasErrors = root.hasError();
        if (hasErrors && bytes.length > 0) {
            long errorBytes = errorBytes(root);
            if (errorBytes > bounds.maxErrorShare() * bytes.length) {
                return new NotAnalysed("not analysed: " + (100 * errorBytes / bytes.length)
                        + "% of the file is not valid "
                        + language.id());
            }
        }
        SourceText src = new SourceText(bytes, encoding, bounds.maxSnippetChars());
        CodeFacts facts = new CodeFacts(bounds.maxCallsPerFile(), bounds.maxTextsPerFile());
        switch (language) {
            case PYTHON:
                new PythonAnalyzer(settings, file, src, facts).run(root, setupPy);
                new ToolMutationScan(file, language, src, facts, settings.bounds().maxTreeDepth()).run(root);
                break;
            case JAVASCRIPT:
            case TYPESCRIPT:
            case TSX:
                new ScriptAnalyzer(settings, file, language, src, facts).run(root);
                new ToolMutationScan(file, language, src, facts, settings.bounds().maxTreeDepth()).run(root);
                break;
            case BASH:
                new BashAnalyzer(settings, file, src, facts).run(root);
                break;
            default:
                throw new IllegalStateException("no analyzer for " + language);
        }
        if (hasErrors) {
            facts.note("syntax errors; facts come from the recovered tree");
        }
        return new Analysed(facts);
    }

    /** Bytes covered by outermost ERROR nodes (missing nodes cover none). */
    private long errorBytes(SyntaxNode root) {
        long[] total = {0};
        TreeWalk.walk(root, settings.bounds().maxTreeDepth(), (node, type, depth) -> {
            if ("ERROR".equals(type)) {
                total[0] += node.endByte() - node.startByte();
                return false;
            }
            return node.hasError();
        });
        return total[0];
    }
}
