package dev.assay.safetycard.search;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the real ripgrep as the reference for the comparison tests: no shell, no user configuration (HOME points at an
 * empty folder, RIPGREP_CONFIG_PATH is removed), single-threaded path order via {@code --sort path}. A missing rg fails
 * the calling test with instructions; it never skips.
 */
final class RealRipgrep {
    private RealRipgrep() {
    }

    static void requireInstalled() {
        try {
            Process p = new ProcessBuilder("rg", "--version").redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(20, TimeUnit.SECONDS) || p.exitValue() != 0) {
                fail("ripgrep (rg) did not run: " + new String(out, StandardCharsets.UTF_8));
            }
        } catch (IOException | InterruptedException e) {
            fail("ripgrep (rg) is required as the reference for these tests but is not installed: "
                    + "install it with `apt-get install -y ripgrep` (.ci/run does this)");
        }
    }

    /** rg's stdout lines for {@code args} run in {@code cwd}. */
    static List<String> run(Path cwd, Path emptyHome, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add("rg");
        command.add("--sort=path");
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile());
        Map<String, String> env = pb.environment();
        env.remove("RIPGREP_CONFIG_PATH");
        env.put("HOME", emptyHome.toString());
        env.put("XDG_CONFIG_HOME", emptyHome.resolve(".config").toString());
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        // rg searches standard input when it is a pipe and no path is given; /dev/null makes it walk "./"
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("rg timed out: " + command);
        }
        return lines(new String(out, StandardCharsets.UTF_8));
    }

    static List<String> lines(String out) {
        if (out.isEmpty()) {
            return List.of();
        }
        String body = out.endsWith("\n") ? out.substring(0, out.length() - 1) : out;
        return Arrays.asList(body.split("\n", -1));
    }

    static void write(Path root, String rel, String content) throws IOException {
        write(root, rel, content.getBytes(StandardCharsets.UTF_8));
    }

    static void write(Path root, String rel, byte[] content) throws IOException {
        Path p = root.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.write(p, content);
    }
}
