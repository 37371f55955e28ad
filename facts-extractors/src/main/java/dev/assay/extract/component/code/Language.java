package dev.assay.extract.component.code;

import org.treesitter.TSLanguage;
import org.treesitter.TreeSitterBash;
import org.treesitter.TreeSitterJavascript;
import org.treesitter.TreeSitterPython;
import org.treesitter.TreeSitterTsx;
import org.treesitter.TreeSitterTypescript;

/**
 * The languages parsed with tree-sitter. {@link #id()} is the value facts carry in their {@code language} field:
 * python, javascript, typescript (also for TSX) or bash.
 */
public enum Language {
    PYTHON("python", "python"),
    JAVASCRIPT("javascript", "javascript"),
    TYPESCRIPT("typescript", "typescript"),
    TSX("typescript", "tsx"),
    BASH("bash", "bash");

    private final String id;
    private final String settingsKey;

    Language(String id, String settingsKey) {
        this.id = id;
        this.settingsKey = settingsKey;
    }

    /** The language as facts name it. */
    public String id() {
        return id;
    }

    /** The key of this language in the settings' {@code languages} table. */
    public String settingsKey() {
        return settingsKey;
    }

    /** Whether the JavaScript family analysis (imports, require, calls) applies. */
    public boolean isScript() {
        return this == JAVASCRIPT || this == TYPESCRIPT || this == TSX;
    }

    TSLanguage newGrammar() {
        switch (this) {
            case PYTHON:
                return new TreeSitterPython();
            case JAVASCRIPT:
                return new TreeSitterJavascript();
            case TYPESCRIPT:
                return new TreeSitterTypescript();
            case TSX:
                return new TreeSitterTsx();
            case BASH:
                return new TreeSitterBash();
            default:
                throw new IllegalStateException("no grammar for " + this);
        }
    }
}
