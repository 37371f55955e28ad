package dev.assay.engine.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.assay.engine.pack.DirectoryPackFiles;
import dev.assay.engine.pack.PackLoader;
import dev.assay.engine.pack.RulePack;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A context made ahead ({@link RuleContext#prepare}) is taken once, by the same thread, for the same pack only. */
class RuleContextPrepareTest {

    private static RulePack load() throws Exception {
        return new PackLoader().load(DirectoryPackFiles.open(Path.of("..", "rulepacks", "skilltotal", "1.3.0")));
    }

    @Test
    void thePreparedContextIsTakenOnceForThatPackOnThatThread() throws Exception {
        RulePack pack = load();
        RulePack equalButOther = load();
        assertEquals(pack, equalButOther);

        RuleContext made = RuleContext.prepare(pack);
        RuleContext first = RuleContext.of(pack);
        assertSame(made, first, "the prepared context is taken");
        assertNotSame(first, RuleContext.of(pack), "taken once: the next one is made afresh");

        made = RuleContext.prepare(pack);
        AtomicReference<RuleContext> elsewhere = new AtomicReference<>();
        Thread other = new Thread(() -> elsewhere.set(RuleContext.of(pack)));
        other.start();
        other.join();
        assertNotSame(made, elsewhere.get(), "another thread never takes it");
        assertSame(made, RuleContext.of(pack), "it is still there for this thread");

        made = RuleContext.prepare(pack);
        assertNotSame(made, RuleContext.of(equalButOther), "an equal pack that is another object makes its own");
        assertNotSame(made, RuleContext.of(pack), "and the prepared one is dropped");
        made = RuleContext.prepare(pack);
        RuleContext.forgetPrepared();
        assertNotSame(made, RuleContext.of(pack), "forgotten");
    }

    @Test
    void aPreparedContextAnswersAsAFreshOne() throws Exception {
        RulePack pack = load();
        RuleContext.prepare(pack);
        RuleContext prepared = RuleContext.of(pack);
        RuleContext fresh = RuleContext.of(pack);
        for (var r : pack.rules()) {
            assertEquals(fresh.capabilityOf(r.id()), prepared.capabilityOf(r.id()), r.id());
            assertEquals(fresh.rule(r.id()), prepared.rule(r.id()), r.id());
        }
    }
}
