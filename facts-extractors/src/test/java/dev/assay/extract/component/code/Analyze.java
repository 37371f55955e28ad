package dev.assay.extract.component.code;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.assay.engine.fact.CodeCall;
import dev.assay.extract.component.ScanSettings;
import java.util.List;
import java.util.stream.Collectors;

/** Test helper: analyses a source text with the bundled settings and finds facts in the result. */
final class Analyze {

    private Analyze() {
    }

    static CodeFacts source(String file, Language language, String text) {
        return source(ScanSettings.bundled(), file, language, text);
    }

    static CodeFacts source(ScanSettings settings, String file, Language language, String text) {
        SourceAnalyzer.Result result = new SourceAnalyzer(settings).analyze(file, language, text,
                file.endsWith("setup.py"));
        if (result instanceof SourceAnalyzer.NotAnalysed) {
            fail("not analysed: " + ((SourceAnalyzer.NotAnalysed) result).reason());
        }
        return ((SourceAnalyzer.Analysed) result).facts();
    }

    static String notAnalysed(ScanSettings settings, String file, Language language, String text) {
        SourceAnalyzer.Result result = new SourceAnalyzer(settings).analyze(file, language, text, false);
        assertTrue(result instanceof SourceAnalyzer.NotAnalysed, "expected the file to be refused");
        return ((SourceAnalyzer.NotAnalysed) result).reason();
    }

    static List<CodeCall> calls(CodeFacts facts, String callee) {
        return facts.calls().stream().filter(c -> c.callee().equals(callee)).collect(Collectors.toList());
    }

    static CodeCall call(CodeFacts facts, String callee) {
        List<CodeCall> found = calls(facts, callee);
        if (found.isEmpty()) {
            fail("no call of " + callee + " in " + facts.calls().stream().map(CodeCall::callee)
                    .collect(Collectors.toList()));
        }
        return found.get(0);
    }

    static List<String> callees(CodeFacts facts) {
        return facts.calls().stream().map(CodeCall::callee).collect(Collectors.toList());
    }
}
