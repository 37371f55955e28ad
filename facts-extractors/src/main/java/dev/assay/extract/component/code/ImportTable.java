package dev.assay.extract.component.code;

import java.util.HashMap;
import java.util.Map;

/**
 * What local names mean after a file's imports: {@code sp} → {@code subprocess}, {@code run} → {@code
 * child_process.exec}. One table per file; an import inside a function is treated as if it were at module level
 * (a scanner does not need the scoping to read intent).
 */
public final class ImportTable {

    private final Map<String, String> bindings = new HashMap<>();

    /** Binds a local name to a qualified name; a later binding of the same name wins, as in the language. */
    public void bind(String local, String qualified) {
        if (local != null && !local.isEmpty() && qualified != null && !qualified.isEmpty()) {
            bindings.put(local, qualified);
        }
    }

    /** The qualified name bound to {@code local}, or {@code local} itself. */
    public String resolve(String local) {
        return bindings.getOrDefault(local, local);
    }

    public boolean isBound(String local) {
        return bindings.containsKey(local);
    }
}
