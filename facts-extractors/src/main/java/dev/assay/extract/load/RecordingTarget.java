package dev.assay.extract.load;

import dev.assay.engine.spi.Recognition;
import dev.assay.engine.spi.SkippedFile;
import dev.assay.engine.spi.Target;
import java.util.List;

/**
 * What every target of this package shares: its name and kind, the ledger of files read and skipped (and so the
 * digest), and the closed state. Subclasses only say how paths are listed and read.
 */
abstract class RecordingTarget implements Target {

    protected final String displayPath;
    protected final String kind;
    protected final Ledger ledger;
    private boolean closed;
    private Recognition recognised = Recognition.NONE;

    RecordingTarget(String displayPath, String kind, Ledger ledger) {
        this.displayPath = displayPath;
        this.kind = kind;
        this.ledger = ledger;
    }

    @Override
    public final String displayPath() {
        return displayPath;
    }

    @Override
    public final String kind() {
        return kind;
    }

    @Override
    public final void skip(String path, String reason) {
        ledger.skip(path, reason);
    }

    @Override
    public final void recognise(Recognition r) {
        recognised = recognised.merge(r);
    }

    @Override
    public final Recognition recognised() {
        return recognised;
    }

    @Override
    public final List<String> filesRead() {
        return ledger.filesRead();
    }

    @Override
    public final List<SkippedFile> skipped() {
        return ledger.skipped();
    }

    @Override
    public final String digest() {
        return ledger.digest();
    }

    @Override
    public final void close() {
        closed = true;
        ledger.close();
        released();
    }

    /** Frees what the target holds once it is closed; nothing by default. */
    protected void released() {
    }

    /** Fails on use after close: the ledger, and with it the digest, is frozen then. */
    protected final void checkOpen() {
        if (closed) {
            throw new IllegalStateException("target is closed: " + displayPath);
        }
    }
}
