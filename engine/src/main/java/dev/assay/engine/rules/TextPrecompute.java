package dev.assay.engine.rules;

import dev.assay.engine.fact.Fact;
import dev.assay.engine.fact.TextDocument;
import dev.assay.engine.pack.Detector;
import dev.assay.engine.pack.FactTypes;
import dev.assay.engine.pack.RuleDefinition;
import dev.assay.engine.pack.RulePack;
import dev.assay.engine.pack.Term;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;
import java.util.function.Predicate;

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

    /**
     * A text or list field that a {@code matches} term tests, with when: per term, the plain conditions (equals,
     * in, length) on the same fact next to it. A rule asks for the field's signature only once those hold (the
     * engine tests them first), so a field is worked out ahead only where one of them holds; a condition this class
     * does not follow counts as holding. What is not worked out ahead is computed when a rule asks, as before.
     */
    record TestedField(MethodHandle getter, Predicate<Object>[][] when) {
        /** Arrays, not lists: this runs for every tested field of every fact, and list iterators would be garbage. */
        boolean wanted(Fact f) {
            for (Predicate<Object>[] all : when) {
                boolean holds = true;
                for (Predicate<Object> p : all) {
                    if (!p.test(f)) {
                        holds = false;
                        break;
                    }
                }
                if (holds) {
                    return true;
                }
            }
            return false;
        }

        @SuppressWarnings("unchecked")
        static TestedField of(MethodHandle getter, List<List<Predicate<Object>>> when) {
            Predicate<Object>[][] terms = new Predicate[when.size()][];
            for (int i = 0; i < terms.length; i++) {
                terms[i] = when.get(i).toArray(new Predicate[0]);
            }
            return new TestedField(getter, terms);
        }
    }

    /** Per fact type, the fields of the pack's {@code matches} terms and when rules test them. */
    static Map<Class<?>, TestedField[]> testedFields(RulePack pack) {
        Map<Class<?>, Map<String, List<List<Predicate<Object>>>>> byType = new LinkedHashMap<>();
        for (RuleDefinition r : pack.rules()) {
            if (r.detector() instanceof Detector.FactPattern f) {
                f.types().forEach(type -> addTested(byType, type, f.where()));
                f.sameFile().forEach(x -> addTested(byType, x.type(), x.where()));
                f.notSameFile().forEach(x -> addTested(byType, x.type(), x.where()));
            }
        }
        Map<Class<?>, TestedField[]> out = new HashMap<>();
        MethodType asObject = MethodType.methodType(Object.class, Object.class);
        byType.forEach((type, fields) -> {
            List<TestedField> tested = new ArrayList<>();
            fields.forEach((field, when) -> {
                MethodHandle getter = getter(type, field, asObject);
                Method m = method(type, field);
                if (m != null && (m.getReturnType() == String.class || Collection.class.isAssignableFrom(m.getReturnType()))) {
                    tested.add(TestedField.of(getter, when));
                }
            });
            if (!tested.isEmpty()) {
                out.put(type, tested.toArray(new TestedField[0]));
            }
        });
        return Map.copyOf(out);
    }

    private static void addTested(Map<Class<?>, Map<String, List<List<Predicate<Object>>>>> byType, String typeName,
            List<Term> where) {
        Class<?> type = FactTypes.byName(typeName).orElse(null);
        if (type == null) {
            return;
        }
        List<Predicate<Object>> plain = new ArrayList<>();
        for (Term t : where) {
            Predicate<Object> p = t.composite() ? null : plainCondition(type, t);
            if (p != null) {
                plain.add(p);
            }
        }
        List<String> tested = new ArrayList<>();
        collectTested(where, tested);
        for (String field : tested) {
            if (getter(type, field, MethodType.methodType(Object.class, Object.class)) != null) {
                byType.computeIfAbsent(type, k -> new TreeMap<>()).computeIfAbsent(field, k -> new ArrayList<>())
                        .add(List.copyOf(plain));
            }
        }
    }

    private static void collectTested(List<Term> terms, List<String> out) {
        for (Term t : terms) {
            if (t.composite()) {
                collectTested(t.parts(), out);
            } else if (t.operator().equals("matches") || t.operator().equals("notMatches")
                    || t.operator().equals("anyMatches")) {
                out.add(t.subject());
            }
        }
    }

    /**
     * A plain top-level term as a test on a fact, or null when it is not one this class follows (it then counts as
     * holding). Used only to choose what to work out ahead, never to decide a rule.
     */
    private static Predicate<Object> plainCondition(Class<?> type, Term t) {
        MethodHandle getter = getter(type, t.subject(), MethodType.methodType(Object.class, Object.class));
        if (getter == null || t.ignoreCase()) {
            return null;
        }
        switch (t.operator()) {
            case "equals":
            case "in": {
                List<String> values = t.operator().equals("in") ? t.values() : List.of(t.value());
                Method m = method(type, t.subject());
                if (m == null || m.getReturnType() != String.class) {
                    return null;
                }
                return f -> values.contains(read(getter, f));
            }
            case "shorterThan":
            case "longerThan": {
                int n = Integer.parseInt(t.value().strip());
                boolean shorter = t.operator().equals("shorterThan");
                return f -> {
                    int length = RuleContext.length(read(getter, f));
                    return shorter ? length < n : length > n;
                };
            }
            default:
                return null;
        }
    }

    private static Method method(Class<?> type, String name) {
        try {
            Method m = type.getMethod(name);
            return m.getParameterCount() == 0 && m.getReturnType() != void.class ? m : null;
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    private static MethodHandle getter(Class<?> type, String name, MethodType asObject) {
        Method m = method(type, name);
        if (m == null) {
            return null;
        }
        try {
            return MethodHandles.publicLookup().unreflect(m).asType(asObject);
        } catch (IllegalAccessException e) {
            return null;
        }
    }

    /** Whether there are helper threads (more than one processor). */
    static boolean parallel() {
        return POOL != null;
    }

    /** Whether these facts are worth precomputing: a pool exists and their texts are long enough. */
    static boolean worthIt(List<? extends Fact> facts, Map<Class<?>, TestedField[]> testedFields) {
        if (POOL == null) {
            return false;
        }
        long chars = 0;
        for (int i = 0, n = facts.size(); i < n && chars < MIN_CHARS; i++) {
            Fact f = facts.get(i);
            if (f instanceof TextDocument d) {
                chars += d.text().length();
            } else {
                TestedField[] fields = testedFields.get(f.getClass());
                if (fields != null) {
                    for (TestedField field : fields) {
                        chars += read(field.getter(), f) instanceof String s ? s.length() : 0;
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
            Map<Class<?>, TestedField[]> testedFields, List<RegexRule> regexRules,
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
        @SuppressWarnings({"unchecked", "rawtypes"})
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
                // A text shared by several facts (a file's line holding several calls) is worked out once.
                Set<String> done = Collections.newSetFromMap(new IdentityHashMap<>());
                for (int i = from; i < to; i++) {
                    Fact f = tested.get(i);
                    for (TestedField field : testedFields.get(f.getClass())) {
                        if (!field.wanted(f)) {
                            continue;
                        }
                        Object v = read(field.getter(), f);
                        if (v instanceof String s) {
                            if (done.add(s)) {
                                pairs.add(s);
                                pairs.add(prefilter.signature(s));
                            }
                        } else if (v instanceof Collection<?> c) {
                            for (Object e : c) {
                                if (e instanceof String s && done.add(s)) {
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
        CountDownLatch finished = new CountDownLatch(n);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Runnable worker = () -> {
            for (int i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
                try {
                    task.accept(i);
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                } finally {
                    finished.countDown();
                }
            }
        };
        List<Future<?>> helpers = new ArrayList<>();
        for (int h = 0; h < HELPERS && h < n - 1; h++) {
            helpers.add(POOL.submit(worker));
        }
        worker.run();
        // Every task is claimed by now. A helper not yet started would claim none: drop it. A running one cannot be
        // told apart by its Future (cancel succeeds on a running FutureTask), so wait for the tasks, not the Futures.
        for (Future<?> f : helpers) {
            f.cancel(false);
        }
        boolean interrupted = false;
        while (true) {
            try {
                finished.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true; // a helper is mid-task on this derivation's arrays: wait for it anyway
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        Throwable t = failure.get();
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error err) {
            throw err;
        }
        if (t != null) {
            throw new IllegalStateException(t);
        }
    }

    private static Object read(MethodHandle getter, Object f) {
        try {
            return (Object) getter.invokeExact(f);
        } catch (Throwable e) { // an accessor of a fact record only returns its field
            throw new IllegalStateException("cannot read a field of " + f.getClass().getSimpleName(), e);
        }
    }
}
