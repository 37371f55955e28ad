package dev.assay.safetycard.cli;

import dev.assay.safetycard.render.Text;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writing results: files atomically (a reader never sees half a report), problems as single lines on stderr. */
final class CardOutput {

    private CardOutput() {
    }

    /** Prints {@code assay card: message} on one line. */
    static void problem(PrintWriter err, String message) {
        err.println("assay card: " + Text.line(message));
        err.flush();
    }

    /** Writes {@code text} to {@code target} through a temporary file in the same folder. */
    static void writeAtomically(Path target, String text) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new IOException("folder " + dir + " does not exist");
        }
        Path tmp = Files.createTempFile(dir, ".card-", ".tmp");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            try {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    static String reason(IOException e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName() + (m == null ? "" : ": " + m);
    }
}
