package dev.assay.engine.pack;

import com.google.re2j.Pattern;
import dev.assay.engine.fact.CodeCall;
import dev.assay.engine.fact.CodeText;
import dev.assay.engine.fact.DataRow;
import dev.assay.engine.fact.Fact;
import dev.assay.engine.rules.Detection;
import dev.assay.engine.rules.RuleContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.kie.api.KieBase;
import org.kie.api.runtime.KieSession;
import org.kie.api.runtime.KieSessionsPool;

/**
 * A pack version ready to run: its KieBase and rule context, built once and shared. {@link #derive} is thread-safe;
 * each call uses its own session.
 */
public final class CompiledPack {

    /** Most rule firings one derivation may take; a pack that loops is stopped and the stop is reported. */
    public static final int MAX_FIRINGS = 200_000;

    /**
     * A fact with its sort key, worked out once. The text form comes last and only when type, file and line tie: it
     * can be long (a whole document) and facts of one file share a long prefix of it.
     */
    private static final class Keyed {
        private final String type;
        private final String file;
        private final int line;
        private final Fact fact;
        private String text;

        Keyed(Fact fact) {
            this.type = fact.getClass().getName();
            this.file = fact.file();
            this.line = evidenceLine(fact);
            this.fact = fact;
        }

        String type() {
            return type;
        }

        String file() {
            return file;
        }

        int line() {
            return line;
        }

        String text() {
            if (text == null) {
                text = RecordText.of(fact); // the fact's toString, built faster
            }
            return text;
        }

        Fact fact() {
            return fact;
        }
    }

    /**
     * The first line of a fact's evidence; for the two kinds a source tree has millions of, read from the record
     * without making the evidence (which clips the snippet) just to sort.
     */
    static int evidenceLine(Fact fact) {
        if (fact instanceof CodeCall c) {
            return c.line();
        }
        if (fact instanceof CodeText t) {
            return t.lineStart();
        }
        return fact.evidence().lineStart();
    }

    /** Below this many facts a list is sorted on one thread. */
    private static final int MIN_PARALLEL_SORT = 1 << 14;

    /**
     * Sorts a list as {@link List#sort} does (stable), in two halves on two threads and then merged; the result is the
     * same list, since a stable sort's order is fixed by the comparator and the original order of ties, and the merge
     * takes the first half's element on a tie.
     */
    static <T> void sortOnEveryCore(List<T> list, Comparator<? super T> order) {
        int n = list.size();
        if (n < MIN_PARALLEL_SORT) {
            list.sort(order);
            return;
        }
        @SuppressWarnings("unchecked")
        T[] a = (T[]) list.toArray();
        int mid = n >>> 1;
        RuleContext.inParallel(2, half -> java.util.Arrays.sort(a, half == 0 ? 0 : mid, half == 0 ? mid : n, order));
        int i = 0;
        int j = mid;
        for (int k = 0; k < n; k++) {
            list.set(k, j >= n || i < mid && order.compare(a[i], a[j]) <= 0 ? a[i++] : a[j++]);
        }
    }

    private static final Comparator<Keyed> FACT_ORDER = Comparator.comparing(Keyed::type)
            .thenComparing(Keyed::file)
            .thenComparingInt(Keyed::line)
            .thenComparing(Keyed::text);

    private final RulePack pack;
    private final KieBase kieBase;
    private final RuleContext context;
    private final List<Pattern> redactions;
    private final boolean precompiled;
    /**
     * Which facts some pattern of some rule can match (by class, then by the patterns' own constraints on the fact
     * alone). A fact no pattern can match changes no derivation (the session is read back for detections only), yet
     * inserting it costs a hash, a handle and a walk of the network, for every fact of every target: such facts are
     * not inserted.
     */
    private final FactReach reach;
    /**
     * Sessions to reuse: a new session builds the memories of every node again, a cost paid per target; disposing a
     * pooled session resets it (no fact, activation or memory of the last target left) and returns it here.
     */
    private final KieSessionsPool sessions;

    CompiledPack(RulePack pack, KieBase kieBase, boolean precompiled) {
        this.pack = pack;
        this.kieBase = kieBase;
        this.context = RuleContext.of(pack);
        this.redactions = pack.manifest().redact().stream().map(Pattern::compile).toList();
        this.precompiled = precompiled;
        this.reach = FactReach.of(kieBase);
        this.sessions = kieBase.newKieSessionsPool(1); // grows on demand when targets are scanned in parallel
    }

    public RulePack pack() {
        return pack;
    }

    /** Whether the rules came from the build-time executable model rather than a DRL compile at run time. */
    public boolean precompiled() {
        return precompiled;
    }

    public RuleContext context() {
        return context;
    }

    /** The pack's secret shapes, redacted from every snippet of a report. */
    public List<Pattern> redactions() {
        return redactions;
    }

    /**
     * The facts {@link #derive(List)} inserts, in the given order: those that some pattern of some rule can match
     * ({@link FactReach}); for tests and diagnostics.
     */
    public List<Fact> reachable(List<? extends Fact> facts) {
        KieSession session = sessions.newKieSession();
        try {
            session.setGlobal("ctx", context.forSession());
            FactReach.Test reaches = reach.test(session);
            List<Fact> out = new ArrayList<>();
            for (Fact f : facts) {
                if (reaches.test(f)) {
                    out.add(f);
                }
            }
            return out;
        } finally {
            session.dispose();
        }
    }

    /**
     * {@link #reachable(List)} as a large derivation of a precompiled pack decides it: with the facts' text work done
     * up front when they are large, and tested on every core ({@link FactReach#testAll}); for tests, which require the
     * same facts as {@link #reachable(List)}.
     */
    public List<Fact> reachableOnEveryCore(List<? extends Fact> facts) {
        KieSession session = sessions.newKieSession();
        try {
            RuleContext ctx = context.forSession(facts);
            session.setGlobal("ctx", ctx);
            boolean[] reached = reach.testAll(session, ctx, facts);
            List<Fact> out = new ArrayList<>();
            for (int i = 0; i < reached.length; i++) {
                if (reached[i]) {
                    out.add(facts.get(i));
                }
            }
            return out;
        } finally {
            session.dispose();
        }
    }

    /** The outcome of one derivation: what the rules concluded, and whether the firing bound stopped them. */
    public record Derivation(List<Detection> detections, boolean stopped) {
        public Derivation {
            detections = List.copyOf(detections);
        }
    }

    /**
     * Runs the rules over the facts (sorted first, so that firing order never depends on extraction order); facts that
     * no pattern of any rule can match are left out ({@link FactReach}).
     */
    public Derivation derive(List<? extends Fact> facts) {
        return derive(facts, true, false);
    }

    /**
     * {@link #derive(List)}, or with {@code leaveOutUnreachable} false every fact of a class some pattern names inserted,
     * as before facts were tested against the patterns' constraints: the same detections either way, which the tests
     * check on real components for every shipped pack.
     */
    public Derivation derive(List<? extends Fact> facts, boolean leaveOutUnreachable) {
        return derive(facts, leaveOutUnreachable, false);
    }

    /**
     * {@link #derive(List, boolean)}; with {@code oneThread} the rules' text work stays on this thread (a scan whose
     * {@link dev.assay.engine.spi.Limits#oneThread()} is set) instead of being worked out up front on every core for
     * large texts: the same detections either way.
     */
    public Derivation derive(List<? extends Fact> facts, boolean leaveOutUnreachable, boolean oneThread) {
        KieSession session = sessions.newKieSession();
        try {
            // Large texts: their matching (and then the reach test and sort) done on every core, unless the scan keeps
            // to one thread.
            RuleContext ctx = oneThread ? context.forSession() : context.forSession(facts);
            session.setGlobal("ctx", ctx);
            List<Keyed> sorted = new ArrayList<>(facts.size());
            if (leaveOutUnreachable && precompiled && ctx.precomputed()) {
                // A large derivation: the facts are tested on every core, with the same answers (FactReach.testAll).
                boolean[] reached = reach.testAll(session, ctx, facts);
                for (int i = 0; i < reached.length; i++) {
                    if (reached[i]) {
                        sorted.add(new Keyed(facts.get(i)));
                    }
                }
            } else {
                FactReach.Test reaches = leaveOutUnreachable ? reach.test(session) : reach.classOnly();
                for (Fact f : facts) {
                    if (reaches.test(f)) {
                        sorted.add(new Keyed(f));
                    }
                }
            }
            if (ctx.precomputed() && RuleContext.parallel()) {
                sortOnEveryCore(sorted, FACT_ORDER);
            } else {
                sorted.sort(FACT_ORDER);
            }
            for (DataRow row : pack.data()) {
                session.insert(row);
            }
            for (Keyed k : sorted) {
                session.insert(k.fact());
            }
            sorted.clear(); // the keys can be as large as the documents; they are not needed past insertion
            int fired = session.fireAllRules(MAX_FIRINGS);
            List<Detection> out = new ArrayList<>();
            for (Object o : session.getObjects(o -> o instanceof Detection)) {
                out.add((Detection) o);
            }
            return new Derivation(out, fired >= MAX_FIRINGS);
        } finally {
            session.dispose();
        }
    }
}
