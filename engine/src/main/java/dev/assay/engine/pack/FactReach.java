package dev.assay.engine.pack;

import dev.assay.engine.fact.Fact;
import dev.assay.engine.rules.RuleContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.drools.base.RuleBase;
import org.drools.base.base.ObjectType;
import org.drools.base.base.ValueResolver;
import org.drools.base.rule.EntryPointId;
import org.drools.base.rule.accessor.GlobalResolver;
import org.drools.base.rule.constraint.AlphaNodeFieldConstraint;
import org.drools.core.common.DefaultFactHandle;
import org.drools.core.impl.InternalRuleBase;
import org.drools.core.reteoo.AlphaNode;
import org.drools.core.reteoo.ObjectSink;
import org.drools.core.reteoo.ObjectSource;
import org.drools.core.reteoo.ObjectTypeNode;
import org.kie.api.KieBase;
import org.kie.api.runtime.KieSession;

/**
 * Whether a fact can take part in any rule of a compiled pack, decided from the rule network itself, so it is exact
 * for every pack (generated or hand-written rules, queries, accumulates, {@code exists} and {@code not}).
 *
 * <p>A fact enters the network at the object-type nodes of the types it is an instance of; from there it passes a
 * tree of alpha nodes, each a constraint on the fact alone (its class, {@code language == "python"}, {@code callee in
 * (...)}, a {@code matches} on one of its fields), and only a fact that passes a whole branch reaches a join, a rule's
 * left input or any other node where it can meet other facts. A fact that fails some constraint of every branch (a
 * call whose callee no rule names, say) is dropped by the network on insertion, so not inserting it changes nothing
 * but the cost: the handle, the equality-mode hash and the propagation. The tree is walked here with the session's
 * globals (constraints may call the rule context), stopping at the first branch the fact passes. A constraint that
 * throws counts as passed, so the fact is inserted and the network fails on it as it always did.
 */
final class FactReach {

    /** Decides for one session. */
    @FunctionalInterface
    interface Test {
        boolean test(Object fact);
    }

    /**
     * One node of the alpha tree: a constraint (null for the object-type node itself) and what a fact that passes it
     * goes on to; {@code open} when some sink past it is not an alpha node (the fact can meet the rules there).
     */
    private record Branch(AlphaNodeFieldConstraint constraint, Branch[] next, boolean open) {
    }

    private static final Branch[] NONE = {};

    private final List<ObjectType> types;
    private final List<Branch> roots;
    /** The roots whose type a class is an instance of; empty when no pattern names the class or a supertype. */
    private final ClassValue<Branch[]> rootsOf;
    /** Another kind of rule base (none is built today): every fact is taken to be reachable. */
    private final boolean everything;

    private FactReach(List<ObjectType> types, List<Branch> roots, boolean everything) {
        this.types = types;
        this.roots = roots;
        this.everything = everything;
        this.rootsOf = new ClassValue<>() {
            @Override
            protected Branch[] computeValue(Class<?> type) {
                List<Branch> out = new ArrayList<>();
                for (int i = 0; i < FactReach.this.types.size(); i++) {
                    if (FactReach.this.types.get(i).isAssignableFrom(type)) {
                        out.add(FactReach.this.roots.get(i));
                    }
                }
                return out.toArray(NONE);
            }
        };
    }

    /** The alpha trees of the rule base's default entry point, read once (the network does not change once built). */
    static FactReach of(KieBase kieBase) {
        if (!(kieBase instanceof InternalRuleBase base)) {
            return new FactReach(List.of(), List.of(), true);
        }
        List<ObjectType> types = new ArrayList<>();
        List<Branch> roots = new ArrayList<>();
        for (Map.Entry<ObjectType, ObjectTypeNode> e : base.getRete().getObjectTypeNodes(EntryPointId.DEFAULT).entrySet()) {
            types.add(e.getKey());
            roots.add(branch(null, e.getValue()));
        }
        return new FactReach(List.copyOf(types), List.copyOf(roots), false);
    }

    private static Branch branch(AlphaNodeFieldConstraint constraint, ObjectSource source) {
        List<Branch> next = new ArrayList<>();
        boolean open = false;
        for (ObjectSink sink : source.getObjectSinkPropagator().getSinks()) {
            if (sink instanceof AlphaNode alpha) {
                next.add(branch(alpha.getConstraint(), alpha));
            } else {
                open = true; // a join, a rule's left input, a window: the fact meets the rules here
            }
        }
        return new Branch(constraint, next.toArray(NONE), open);
    }

    /** Whether a fact's class is named by some pattern (the constraints are not asked). */
    Test classOnly() {
        return fact -> everything || rootsOf.get(fact.getClass()).length > 0;
    }

    /** The exact test for one session, whose globals the constraints may read. */
    Test test(KieSession session) {
        if (everything || !(session instanceof ValueResolver resolver)) {
            return classOnly();
        }
        return fact -> {
            // A handle of its own per fact: a DRL-compiled (MVEL) constraint compiles itself later, on another thread,
            // from the handle it was last given, so a reused handle would hand it another fact's class.
            DefaultFactHandle handle = new DefaultFactHandle(fact);
            for (Branch root : rootsOf.get(fact.getClass())) {
                if (passes(root, handle, resolver)) {
                    return true;
                }
            }
            return false;
        };
    }

    /** Facts per task of {@link #testAll}: enough that handing out tasks costs nothing, few enough to share. */
    private static final int FACTS_PER_TASK = 2048;

    /**
     * {@link #test(KieSession)} for every fact, on this thread and the rule context's helper threads: each task tests
     * a run of facts with a worker view of the session's context ({@link RuleContext#forWorker()}) as the {@code ctx}
     * global, and the workers' memos are merged into the session's afterwards. Only for rule bases whose constraints
     * are compiled lambdas (a precompiled pack): a DRL-compiled constraint compiles itself from what it last saw. The
     * answer for each fact is the one {@link #test(KieSession)} gives: a constraint reads the fact and the global.
     */
    boolean[] testAll(KieSession session, RuleContext ctx, List<? extends Fact> facts) {
        boolean[] out = new boolean[facts.size()];
        if (everything || !(session instanceof ValueResolver resolver)) {
            Test t = classOnly();
            for (int i = 0; i < out.length; i++) {
                out[i] = t.test(facts.get(i));
            }
            return out;
        }
        int tasks = (facts.size() + FACTS_PER_TASK - 1) / FACTS_PER_TASK;
        RuleContext[] workers = new RuleContext[tasks];
        RuleContext.inParallel(tasks, task -> {
            RuleContext worker = ctx.forWorker();
            ValueResolver view = new WorkerResolver(resolver, worker);
            for (int i = task * FACTS_PER_TASK, end = Math.min(out.length, i + FACTS_PER_TASK); i < end; i++) {
                Object fact = facts.get(i);
                DefaultFactHandle handle = new DefaultFactHandle(fact);
                for (Branch root : rootsOf.get(fact.getClass())) {
                    if (passes(root, handle, view)) {
                        out[i] = true;
                        break;
                    }
                }
            }
            workers[task] = worker;
        });
        for (RuleContext w : workers) {
            ctx.absorb(w);
        }
        return out;
    }

    /** The session as constraints see it, but with a worker's view of the rule context as the {@code ctx} global. */
    private static final class WorkerResolver implements ValueResolver {
        private final ValueResolver session;
        private final RuleContext ctx;

        WorkerResolver(ValueResolver session, RuleContext ctx) {
            this.session = session;
            this.ctx = ctx;
        }

        @Override
        public Object getGlobal(String identifier) {
            return "ctx".equals(identifier) ? ctx : session.getGlobal(identifier);
        }

        @Override
        public long getCurrentTime() {
            return session.getCurrentTime();
        }

        @Override
        public GlobalResolver getGlobalResolver() {
            GlobalResolver globals = session.getGlobalResolver();
            return new GlobalResolver() {
                @Override
                public Object resolveGlobal(String identifier) {
                    return "ctx".equals(identifier) ? ctx : globals.resolveGlobal(identifier);
                }

                @Override
                public void setGlobal(String identifier, Object value) {
                    throw new UnsupportedOperationException("a worker does not change globals");
                }

                @Override
                public void removeGlobal(String identifier) {
                    throw new UnsupportedOperationException("a worker does not change globals");
                }

                @Override
                public void clear() {
                    throw new UnsupportedOperationException("a worker does not change globals");
                }
            };
        }

        @Override
        public RuleBase getRuleBase() {
            return session.getRuleBase();
        }
    }

    private static boolean passes(Branch b, DefaultFactHandle handle, ValueResolver resolver) {
        if (b.constraint() != null) {
            try {
                if (!b.constraint().isAllowed(handle, resolver)) {
                    return false;
                }
            } catch (RuntimeException e) {
                return true; // inserted, so that the network meets the same failure as before
            }
        }
        if (b.open()) {
            return true;
        }
        for (Branch n : b.next()) {
            if (passes(n, handle, resolver)) {
                return true;
            }
        }
        return false;
    }
}
