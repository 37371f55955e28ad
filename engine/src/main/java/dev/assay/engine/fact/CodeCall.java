package dev.assay.engine.fact;

import dev.assay.engine.model.Evidence;
import java.util.List;

/**
 * A call in source code. {@code callee} is the resolved, fully qualified name when imports say what a local name
 * means ({@code sp.run} after {@code import subprocess as sp} → {@code subprocess.run}; {@code exec} destructured from
 * {@code child_process} → {@code child_process.exec}), else the name as written. {@code argsConstant} is true when
 * every argument is a literal; {@code firstArg} holds the first argument's literal text (or "" when not a literal);
 * {@code keywords} lists keyword arguments as {@code name=value-text} ({@code shell=True}). {@code function} names the
 * enclosing function ("" at module level).
 */
public record CodeCall(String file, String language, String callee, boolean argsConstant, String firstArg,
        List<String> keywords, String function, int line, String snippet) implements Fact {

    public CodeCall {
        keywords = List.copyOf(keywords);
    }

    @Override
    public Evidence evidence() {
        return Evidence.at(file, line, snippet);
    }
}
