package dev.assay.cli;

import dev.assay.engine.report.ReportFormat;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --format} and {@code --output}, shared by the verbs that produce a report. */
final class OutputOptions {

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = Defaults.FORMAT, converter = Converters.Format.class,
            description = "How to write the report: text, json, sarif, markdown or html (default: ${DEFAULT-VALUE}). "
                    + "Only json can be read back by 'assay rescore'.")
    ReportFormat format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "Write the report to FILE instead of standard output. The file is replaced in one step, "
                    + "so a failed run leaves the previous file untouched.")
    Path output;

    /**
     * Fails early when {@code --output} cannot be written (missing folder, a folder given as the file), so that a
     * mistake costs no scan. The write itself checks again.
     */
    void check() throws UserError {
        if (output == null) {
            return;
        }
        Path file = output.toAbsolutePath().normalize();
        if (Files.isDirectory(file)) {
            throw new UserError("cannot write " + Messages.quoted(output.toString()) + ": it is a folder");
        }
        Path folder = file.getParent();
        if (folder == null || !Files.isDirectory(folder)) {
            throw new UserError("cannot write " + Messages.quoted(output.toString()) + ": the folder does not exist");
        }
    }

    /** Writes the rendered report to {@code --output}, or to {@code stdout} when none was given. */
    void emit(String rendered, PrintWriter stdout) throws UserError {
        if (output == null) {
            stdout.print(rendered);
            stdout.flush();
            if (stdout.checkError()) {
                throw new UserError("cannot write the report to standard output");
            }
            return;
        }
        try {
            AtomicFile.write(output, rendered.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            throw new UserError("cannot write " + Messages.quoted(output.toString()) + ": "
                    + (e.getReason() != null ? e.getReason() : "no such file or folder"), e);
        } catch (IOException e) {
            throw new UserError("cannot write " + Messages.quoted(output.toString()) + ": " + reason(e), e);

        }
    }

    /** An I/O failure in words; the JDK's messages are often only the path again. */
    static String reason(IOException e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileSystemException) {
            String reason = ((java.nio.file.FileSystemException) e).getReason();
            if (reason != null) {
                return reason;
            }
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
