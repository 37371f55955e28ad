package dev.assay.engine.rules;

import dev.assay.engine.fact.Fact;
import dev.assay.engine.fact.TextDocument;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

/**
 * The text work of a large derivation, done before its rules run and on every core: the matches of each regex rule
 * in each document it reads, and the prefilter signature of each fact field a {@code matches} term tests. Each is a
 * pure function of one text, so computing it early, on any thread, gives what the rules would have computed when
 * they asked; the results are merged into the session's memo in fact order, and the rule session itself stays on one
 * thread. Small derivations skip this (their texts are cheap, and a cold scan should start no thread).
 */
final class TextPrecompute {

    /** Below this many characters of documents and tested fields, the rules compute what they ask for as they ask. */
    static final long MIN_CHARS = 1L << 20;
    /** Facts per task for field signatures: large enough that handing out tasks costs nothing, small enough to share. */
    private static final int FACTS_PER_TASK = 512;

    /**
     * The helper threads, one fewer than the processors (the deriving thread works too), shared by every derivation
     * in the process so that a batch of parallel scans does not multiply them; none on one processor.
     */
    private static final int HELPERS = Runtime.getRuntime().availableProcessors() - 1;
    private static final ExecutorService POOL = HELPERS < 1 ? null : Executors.newFixedThreadPool(HELPERS, r -> {
        Thread t = new Thread(r, "assay-text-precompute");
        t.setDaemon(true); // never keeps the process alive
        return t;
    });

    /** The regex rules that read a document, by rule id, in the pack's order. */
    record RegexRule(String id, List<String> roles) {
        boolean reads(TextDocument doc) {
            return roles.isEmpty() || roles.contains(doc.role());
        }
    }

    private TextPrecompute() {
    }

    /** Whether these facts are worth precomputing: a pool exists and their texts are long enough. */
    static boolean worthIt(List<? extends Fact> facts, Map<Class<?>, MethodHandle[]> testedFields) {
        if (POOL == null) {
            return false;
        }
        long chars = 0;
        for (int i = 0, n = facts.size(); i < n && chars < MIN_CHARS; i++) {
            Fact f = facts.get(i);
            if (f instanceof TextDocument d) {
                chars += d.text().length();
            } else {
                MethodHandle[] getters = testedFields.get(f.getClass());
                if (getters != null) {
                    for (MethodHandle g : getters) {
                        Object v = value(g, f);
                        chars += v instanceof String s ? s.length() : 0;
                    }
                }
            }
        }
        return chars >= MIN_CHARS;
    }

    /**
     * Fills {@code signatures} (by identity of the text) and {@code matches} (per document, per regex rule that reads
     * it) for the given facts, on the pool and this thread.
     */
    static void run(RuleContext context, RegexPrefilter prefilter, List<? extends Fact> facts,
            Map<Class<?>, MethodHandle[]> testedFields, List<RegexRule> regexRules,
            Map<String, RegexPrefilter.Signature> signatures, Map<TextDocument, Map<String, List<TextMatch>>> matches) {
        List<TextDocument> docs = new ArrayList<>();
        List<Fact> tested = new ArrayList<>();
        for (Fact f : facts) {
            if (f instanceof TextDocument d) {
                docs.add(d);
            }
            if (testedFields.containsKey(f.getClass())) {
                tested.add(f);
            }
        }
        int docTasks = docs.size();
        int fieldTasks = (tested.size() + FACTS_PER_TASK - 1) / FACTS_PER_TASK;
        RegexPrefilter.Signature[] docSignatures = new RegexPrefilter.Signature[docTasks];
        @SuppressWarnings("unchecked")
        Map<String, List<TextMatch>>[] docMatches = new Map[docTasks];
        Object[][] fieldSignatures = new Object[fieldTasks][];
        // Documents first: one long document is the task most worth starting early.
        inParallel(docTasks + fieldTasks, task -> {
            if (task < docTasks) {
                TextDocument d = docs.get(task);
                RegexPrefilter.Signature s = prefilter.signature(d.text());
                Map<String, List<TextMatch>> byRule = new java.util.HashMap<>();
                for (RegexRule r : regexRules) {
                    if (r.reads(d)) {
                        byRule.put(r.id(), context.regexMatches(r.id(), d, s));
                    }
                }
                docSignatures[task] = s;
                docMatches[task] = byRule;
            } else {
                int from = (task - docTasks) * FACTS_PER_TASK;
                int to = Math.min(tested.size(), from + FACTS_PER_TASK);
                List<Object> pairs = new ArrayList<>();
                for (int i = from; i < to; i++) {
                    Fact f = tested.get(i);
                    for (MethodHandle g : testedFields.get(f.getClass())) {
                        Object v = value(g, f);
                        if (v instanceof String s) {
                            pairs.add(s);
                            pairs.add(prefilter.signature(s));
                        } else if (v instanceof Collection<?> c) {
                            for (Object e : c) {
                                if (e instanceof String s) {
                                    pairs.add(s);
                                    pairs.add(prefilter.signature(s));
                                }
                            }
                        }
                    }
                }
                fieldSignatures[task - docTasks] = pairs.toArray();
            }
        });
        for (int i = 0; i < docTasks; i++) {
            signatures.put(docs.get(i).text(), docSignatures[i]);
            matches.put(docs.get(i), docMatches[i]);
        }
        for (Object[] pairs : fieldSignatures) {
            for (int i = 0; i < pairs.length; i += 2) {
                signatures.put((String) pairs[i], (RegexPrefilter.Signature) pairs[i + 1]);
            }
        }
    }

    /**
     * Runs tasks {@code 0..n-1}, each once, on this thread and the pool's helpers, and returns when all are done. A
     * helper that has not started when this thread runs out of tasks is cancelled rather than waited for, so a busy
     * pool (another scan of a batch using it) never makes this slower than doing the work alone.
     */
    static void inParallel(int n, IntConsumer task) {
        AtomicInteger next = new AtomicInteger();
        Runnable worker = () -> {
            for (int i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
                task.accept(i);
            }
        };
        List<Future<?>> helpers = new ArrayList<>();
        for (int h = 0; h < HELPERS && h < n - 1; h++) {
            helpers.add(POOL.submit(worker));
        }
        try {
            worker.run();
        } finally {
            for (Future<?> f : helpers) {
                if (!f.cancel(false)) {
                    join(f);
                }
            }
        }
    }

    private static void join(Future<?> f) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    f.get();
                    return;
                } catch (InterruptedException e) {
                    interrupted = true; // the helper is mid-task on this derivation's arrays: wait for it anyway
                } catch (CancellationException e) {
                    return;
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof RuntimeException r) {
                        throw r;
                    }
                    if (cause instanceof Error err) {
                        throw err;
                    }
                    throw new IllegalStateException(cause);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static Object value(MethodHandle getter, Fact f) {
        try {
            return (Object) getter.invokeExact((Object) f);
        } catch (Throwable e) { // an accessor of a fact record only returns its field
            throw new IllegalStateException("cannot read a field of " + f.getClass().getSimpleName(), e);
        }
    }
}
