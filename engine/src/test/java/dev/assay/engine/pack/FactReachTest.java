package dev.assay.engine.pack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.assay.engine.fact.CodeCall;
import dev.assay.engine.fact.CodeText;
import dev.assay.engine.fact.Fact;
import dev.assay.engine.fact.FileEntry;
import dev.assay.engine.rules.Detection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Only facts that some pattern can match are inserted: decided from the compiled network's constraints on the fact
 * alone, including a generated {@code matches} term (which calls the rule context), a {@code not}, an accumulate, and
 * a pattern that reads every fact.
 */
class FactReachTest {

    static final String PACK = """
            id: reach-pack
            version: 1.0.0
            scorer: test
            formula: agent-security-score@1
            extractors: []
            """;

    static final String RULES = """
            rules:
              - id: T-SHELL
                title: runs a shell
                severity: high
                check: shell
                remediation: do not
                detect:
                  fact:
                    type: CodeCall
                    where:
                      - field: callee
                        matches: '^subprocess\\.'
              - id: T-SYSTEM
                title: os.system unless reviewed
                severity: high
                check: shell
                remediation: do not
                detect: {drl: true}
              - id: T-EVALS
                title: eval twice in a file
                severity: high
                check: shell
                remediation: do not
                detect: {drl: true}
            """;

    static final String NARROW_DRL = """
            rule "T-SYSTEM: os.system in a file no comment says was reviewed"
            when
                $c : CodeCall(language == "python", callee == "os.system")
                not CodeText(file == $c.file(), kind == "comment", text.contains("reviewed"))
            then
                insert(ctx.fromFact("T-SYSTEM", $c));
            end

            rule "T-EVALS: eval twice in one file"
            when
                $c : CodeCall(callee == "eval")
                Number(intValue >= 2) from accumulate(CodeCall(callee == "eval", file == $c.file()), count(1))
            then
                insert(ctx.fromFact("T-EVALS", $c));
            end
            """;

    /** Reads every fact (an accumulate over the Fact interface, no constraint). */
    static final String GENERIC_DRL = """
            rule "T-EVALS: eval among three or more facts"
            when
                $c : CodeCall(callee == "eval")
                Number(intValue >= 3) from accumulate(dev.assay.engine.fact.Fact(), count(1))
            then
                insert(ctx.fromFact("T-EVALS", $c));
            end

            rule "T-SYSTEM: os.system"
            when
                $c : CodeCall(callee == "os.system")
            then
                insert(ctx.fromFact("T-SYSTEM", $c));
            end
            """;

    static final CodeCall SYSTEM_A = call("a.py", "python", "os.system", 3);
    static final CodeCall SYSTEM_B = call("b.py", "python", "os.system", 4);
    static final CodeCall SYSTEM_JS = call("c.js", "javascript", "os.system", 1);
    static final CodeCall SUBPROCESS = call("a.py", "python", "subprocess.run", 5);
    static final CodeCall PRINT = call("a.py", "python", "print", 6);
    static final CodeCall EVAL_1 = call("d.js", "javascript", "eval", 1);
    static final CodeCall EVAL_2 = call("d.js", "javascript", "eval", 2);
    static final CodeText REVIEWED = new CodeText("a.py", "python", "comment", "# reviewed: fine", 2, 2);
    static final CodeText OTHER_COMMENT = new CodeText("b.py", "python", "comment", "# hello", 1, 1);
    static final CodeText REVIEWED_STRING = new CodeText("b.py", "python", "string", "reviewed", 2, 2);
    static final FileEntry FILE = new FileEntry("a.py", 10, 0644, false);

    static final List<Fact> ALL = List.of(SYSTEM_A, SYSTEM_B, SYSTEM_JS, SUBPROCESS, PRINT, EVAL_1, EVAL_2, REVIEWED,
            OTHER_COMMENT, REVIEWED_STRING, FILE);

    @TempDir
    Path dir;

    @Test
    void factsNoPatternCanMatchAreLeftOutAndTheDetectionsStayTheSame() throws Exception {
        CompiledPack pack = compile("narrow", NARROW_DRL);
        // Left out: a call no rule names, os.system in JavaScript, comments and strings the not-pattern cannot
        // match, and a class no rule names.
        assertEquals(List.of(SYSTEM_A, SYSTEM_B, SUBPROCESS, EVAL_1, EVAL_2, REVIEWED), pack.reachable(ALL));
        Set<String> expected = Set.of("T-SHELL a.py:5", "T-SYSTEM b.py:4", "T-EVALS d.js:1", "T-EVALS d.js:2");
        assertEquals(expected, fired(pack, ALL, true));
        assertEquals(expected, fired(pack, ALL, false));
    }

    @Test
    void aPatternOverEveryFactKeepsEveryFact() throws Exception {
        CompiledPack pack = compile("generic", GENERIC_DRL);
        assertEquals(ALL, pack.reachable(ALL));
        // Three facts are needed for the count: two of them only the generic pattern reads.
        List<Fact> three = List.of(EVAL_1, PRINT, FILE);
        assertEquals(Set.of("T-EVALS d.js:1"), fired(pack, three, true));
        assertEquals(fired(pack, three, false), fired(pack, three, true));
    }

    private CompiledPack compile(String name, String drl) throws Exception {
        Path p = dir.resolve(name);
        PackCompileTest.write(p, "pack.yaml", PACK);
        PackCompileTest.write(p, "rules/test.yaml", RULES);
        PackCompileTest.write(p, "drl/test.drl", drl);
        Files.createDirectories(p);
        return PackCompiler.compile(new PackLoader().load(DirectoryPackFiles.open(p)));
    }

    private static Set<String> fired(CompiledPack pack, List<Fact> facts, boolean leaveOut) {
        Set<String> out = new TreeSet<>();
        for (Detection d : pack.derive(facts, leaveOut).detections()) {
            out.add(d.ruleId() + " " + d.file() + ":" + d.line());
        }
        return out;
    }

    private static CodeCall call(String file, String language, String callee, int line) {
        return new CodeCall(file, language, callee, false, "", List.of(), "", line, callee + "(x)");
    }
}
