package dev.assay.engine.pack;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import org.drools.model.Model;
import org.drools.modelcompiler.KieBaseBuilder;
import org.kie.api.KieBase;
import org.kie.api.builder.Message;
import org.kie.api.builder.Results;
import org.kie.api.conf.EqualityBehaviorOption;
import org.kie.api.io.ResourceType;
import org.kie.internal.io.ResourceFactory;
import org.kie.internal.utils.KieHelper;

/**
 * Builds a {@link CompiledPack}: from DRL at run time (packs from a folder), or from the executable model the build
 * generated for shipped packs (no DRL compile at start-up). Equal facts are kept once (equality mode).
 */
public final class PackCompiler {

    private PackCompiler() {
    }

    /** Compiles the pack's generated and authored DRL; every compiler error comes back with its file and line. */
    public static CompiledPack compile(RulePack pack) throws PackException {
        KieHelper helper = new KieHelper();
        int header = DrlGenerator.headerLines(pack);
        for (Map.Entry<String, String> src : DrlGenerator.sources(pack).entrySet()) {
            helper.addResource(ResourceFactory.newByteArrayResource(src.getValue().getBytes(StandardCharsets.UTF_8))
                    .setSourcePath(src.getKey()), ResourceType.DRL);
        }
        Results results = helper.verify();
        List<PackProblem> errors = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        for (Message m : results.getMessages(Message.Level.ERROR)) {
            errors.add(problem(m, header));
            lines.add(describe(m, header));
        }
        if (!errors.isEmpty()) {
            throw new PackException(lines, errors);
        }
        KieBase base = helper.build(EqualityBehaviorOption.EQUALITY);
        return new CompiledPack(pack, base, false);
    }

    /** Builds the pack from its generated executable-model classes, which must be on the class path. */
    public static CompiledPack fromModels(RulePack pack, List<String> modelClasses, ClassLoader loader) throws PackException {
        return startFromModels(modelClasses, loader, false).finish(pack);
    }

    /**
     * Starts building the KieBase of a pack's executable model, on a thread of its own when {@code background}: the
     * model classes do not need the pack's YAML, so the caller reads and checks that meanwhile and then calls
     * {@link ModelBuild#finish}. A build that is never finished only costs its CPU; it prints nothing.
     */
    static ModelBuild startFromModels(List<String> modelClasses, ClassLoader loader, boolean background) {
        ModelBuild build = new ModelBuild(List.copyOf(modelClasses), loader);
        if (background) {
            Thread t = new Thread(build.task, "assay-kiebase");
            t.setDaemon(true);
            t.start();
        } else {
            build.task.run();
        }
        return build;
    }

    /** A KieBase being built from a pack's executable-model classes ({@link #startFromModels}). */
    static final class ModelBuild {
        private final FutureTask<Object> task; // a KieBase, or the ModelFailure of a class that cannot be loaded

        private record ModelFailure(String name, Throwable cause) {
        }

        private ModelBuild(List<String> modelClasses, ClassLoader loader) {
            this.task = new FutureTask<>(() -> {
                List<Model> models = new ArrayList<>();
                for (String name : modelClasses) {
                    try {
                        models.add((Model) Class.forName(name, true, loader).getDeclaredConstructor().newInstance());
                    } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
                        return new ModelFailure(name, e);
                    }
                }
                return KieBaseBuilder.createKieBaseFromModel(models, EqualityBehaviorOption.EQUALITY);
            });
        }

        /**
         * Waits for the KieBase and makes the pack of it; fails as building it on this thread would have: a model
         * class that cannot be loaded is a {@link PackException}, anything else the KieBase builder threw is
         * rethrown as it was.
         */
        CompiledPack finish(RulePack pack) throws PackException {
            Object result;
            boolean interrupted = false;
            try {
                while (true) {
                    try {
                        result = task.get();
                        break;
                    } catch (InterruptedException e) {
                        interrupted = true; // the build is not interruptible; wait for it as before
                    } catch (ExecutionException e) {
                        Throwable cause = e.getCause();
                        if (cause instanceof RuntimeException re) {
                            throw re;
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
            if (result instanceof ModelFailure f) {
                throw new PackException(pack.manifest().ref() + ": precompiled rules " + f.name()
                        + " cannot be loaded: " + f.cause());
            }
            return new CompiledPack(pack, (KieBase) result, true);
        }
    }

    static String describe(Message m, int headerLines) {
        PackProblem p = problem(m, headerLines);
        return (p.file().isEmpty() ? "DRL" : p.file()) + (p.line() > 0 ? ":" + p.line() : "") + ": " + p.message();
    }

    /**
     * A compiler message as a located problem: the author's file and line (the engine's header lines taken off), or
     * the generated file and its own line for declarative rules. Its text reads {@code file:line: message}, as before.
     */
    static PackProblem problem(Message m, int headerLines) {
        String path = m.getPath() == null ? "" : m.getPath().replaceFirst("^src/main/resources/", "");
        int line = m.getLine();
        if (line > 0 && !path.equals(DrlGenerator.GENERATED)) {
            line = Math.max(1, line - headerLines);
        }
        String text = m.getText() == null ? "" : m.getText().lines().findFirst().orElse("").strip();
        return new PackProblem(path, Math.max(0, line), "", text, "");
    }
}
