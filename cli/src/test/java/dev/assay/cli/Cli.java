package dev.assay.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Runs {@link Main#run} in-process with captured streams, as a test would see the process. */
final class Cli {

    /** What one run produced: exit code, stdout and stderr (UTF-8). */
    record Result(int code, String out, String err) {
        List<String> errLines() {
            return err.lines().toList();
        }
    }

    private Cli() {
    }

    static Result run(String... args) {
        return runWithInput(new byte[0], args);
    }

    static Result runWithInput(byte[] stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new ByteArrayInputStream(stdin), out, err);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
