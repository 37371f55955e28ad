package dev.assay.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/embedding.md promises a complete program and shows what it prints. This test takes the program's code block
 * from the Markdown as it is, compiles it with the JDK compiler against the test class path (which holds the engine,
 * extractors, rule packs and formula specs, as an application's would), runs it in a separate JVM on the worked example,
 * and compares its output with the document's output block.
 */
class EmbeddingDocTest {

    private static final Path REPO = Path.of("").toAbsolutePath().getParent();
    private static final Path DOC = REPO.resolve("docs").resolve("embedding.md");
    private static final Path WORKED = REPO.resolve(Path.of("rulepacks", "skilltotal", "1.1.0", "tests", "cases",
            "worked-example-npm", "target"));

    @TempDir
    Path work;

    /** The fenced block of {@code language} that contains {@code marker} (or the first after it when marker is null). */
    static String block(List<String> lines, String language, String marker, int from) {
        for (int i = from; i < lines.size(); i++) {
            if (!lines.get(i).equals("```" + language)) {
                continue;
            }
            StringBuilder b = new StringBuilder();
            int j = i + 1;
            while (j < lines.size() && !lines.get(j).equals("```")) {
                b.append(lines.get(j)).append('\n');
                j++;
            }
            if (marker == null || b.indexOf(marker) >= 0) {
                return b.toString();
            }
        }
        return null;
    }

    @Test
    void theProgramInTheDocCompilesRunsAndPrintsWhatTheDocShows() throws Exception {
        List<String> lines = Files.readAllLines(DOC, StandardCharsets.UTF_8);
        String program = block(lines, "java", "public class EmbedAssay", 0);
        assertNotNull(program, "docs/embedding.md has a java block with public class EmbedAssay");
        int programLine = lines.indexOf("```java");
        String expected = block(lines, "text", null, programLine);
        assertNotNull(expected, "docs/embedding.md shows the program's output in a text block after it");

        Path src = work.resolve("EmbedAssay.java");
        Files.writeString(src, program, StandardCharsets.UTF_8);
        Path classes = Files.createDirectories(work.resolve("classes"));
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));

        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertNotNull(javac, "tests run on a JDK");
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            boolean ok = javac.getTask(null, files, diagnostics,
                    List.of("-Xlint:all", "-Werror", "--release", "17", "-cp", classPath, "-d", classes.toString()), null,
                    files.getJavaFileObjects(src.toFile())).call();
            StringBuilder messages = new StringBuilder();
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                messages.append(d.getLineNumber()).append(": ").append(d.getMessage(Locale.ROOT)).append('\n');
            }
            assertTrue(ok, "the documented program compiles without warnings:\n" + messages);
        }

        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-cp");
        command.add(classes + File.pathSeparator + classPath);
        command.add("EmbedAssay");
        command.add(WORKED.toString());
        Path errFile = work.resolve("stderr.txt");
        Process p = new ProcessBuilder(command).redirectError(errFile.toFile()).start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "the program finishes");
        String stderr = Files.readString(errFile, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), stderr);
        assertEquals(expected, new String(out, StandardCharsets.UTF_8), "stdout is what the doc shows; stderr: " + stderr);
        assertEquals("", stderr, "the engine prints nothing of its own");
    }
}
