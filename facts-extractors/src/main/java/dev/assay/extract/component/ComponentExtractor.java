package dev.assay.extract.component;

import dev.assay.engine.spi.Extractor;
import dev.assay.engine.spi.FactSink;
import dev.assay.engine.spi.Limits;
import dev.assay.engine.spi.Target;

/**
 * Facts about one component (an agent skill, MCP server, npm or Python package, or a plain folder) for the SkillTotal
 * scorer. Walks the whole target within its limits and emits, per file read in path order: {@code FileEntry};
 * {@code FileTag}s (test-code, docs, data-corpus, agent-facing, minified, compiled, binary-code, encrypted-archive,
 * unparseable-manifest); {@code TextDocument} for text (roles skill-instructions, code, config, doc, other);
 * {@code ConfigValue}s for package.json, pyproject.toml, setup.cfg and MCP manifests; {@code ManifestScript}s for
 * install-time code; and, for Python, JavaScript, TypeScript and shell sources parsed with tree-sitter,
 * {@code CodeImport}, {@code CodeCall}, {@code CodeText} and (Python) {@code TaintFlow}. At the end: one
 * {@code Component}, an {@code InstalledSkill} per SKILL.md at the root or one level down (location "component"), and
 * {@code McpTool}s (from manifests always; from source when the file uses an MCP SDK or the component is an MCP
 * server). What it cannot use is recorded with {@link Target#skip}; it does not throw on target content.
 */
public final class ComponentExtractor implements Extractor {

    public static final String ID = "component";

    private final ScanSettings settings;

    /** The extractor with the bundled {@code component-scan.yaml}. */
    public ComponentExtractor() {
        this(ScanSettings.bundled());
    }

    ComponentExtractor(ScanSettings settings) {
        this.settings = settings;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public void extract(Target target, FactSink sink, Limits limits) {
        ComponentRecognition recognition = new ComponentRecognition(sink);
        new ComponentScan(settings, target, recognition, limits).run();
        target.recognise(recognition.result());
    }
}
