package dev.assay.extract.component;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.assay.engine.fact.Component;
import dev.assay.engine.fact.ConfigValue;
import dev.assay.engine.fact.TextDocument;
import dev.assay.engine.spi.Recognition;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What a component scan lists as looked for comes from component-recognition.yaml, each entry with its signs. */
class ComponentRecognitionTest {

    private static final Set<String> KINDS = Set.of(ComponentScan.MCP_SERVER, ComponentScan.NPM_PACKAGE,
            ComponentScan.PYTHON_PACKAGE);

    private static List<String> missing(ComponentRecognition recognition) {
        return recognition.result().notFound().get(0).items();
    }

    @Test
    void theTableIsReadInNameOrderAndNamesOnlyKindsTheScanKnows() {
        List<ComponentRecognition.LookedFor> table = ComponentRecognition.load("component-recognition.yaml");
        assertEquals(List.of("MCP manifest (server.json, smithery.yaml, mcp.json)", "Python manifest (pyproject.toml, "
                + "setup.cfg, PKG-INFO)", "npm manifest (package.json)", "skill instructions (SKILL.md)",
                "source code (Python, JavaScript, TypeScript, shell)"),
                table.stream().map(ComponentRecognition.LookedFor::name).toList());
        for (ComponentRecognition.LookedFor entry : table) {
            assertTrue(KINDS.containsAll(entry.kinds()), entry.toString());
            assertTrue(entry.skillInstructions() || !entry.roles().isEmpty() || !entry.documents().isEmpty()
                    || !entry.kinds().isEmpty(), "every entry has a sign that shows it present: " + entry);
        }
    }

    @Test
    void eachSignShowsItsEntryPresent() {
        ComponentRecognition nothing = new ComponentRecognition(f -> { });
        assertEquals(5, missing(nothing).size());

        ComponentRecognition npm = new ComponentRecognition(f -> { });
        npm.accept(new Component("x", ComponentScan.NPM_PACKAGE, "x", "1.0.0"));
        npm.accept(new TextDocument("index.js", "code", "module.exports = 1;\n"));
        List<String> afterNpm = missing(npm);
        assertFalse(afterNpm.contains("npm manifest (package.json)"), afterNpm.toString());
        assertFalse(afterNpm.contains("source code (Python, JavaScript, TypeScript, shell)"), afterNpm.toString());
        assertTrue(afterNpm.contains("skill instructions (SKILL.md)"), afterNpm.toString());

        ComponentRecognition python = new ComponentRecognition(f -> { });
        python.accept(new ConfigValue("pyproject.toml", "pyproject", "project.name", "x", "string", 2, "name = \"x\""));
        assertFalse(missing(python).contains("Python manifest (pyproject.toml, setup.cfg, PKG-INFO)"));
        assertTrue(missing(python).contains("MCP manifest (server.json, smithery.yaml, mcp.json)"));
    }
}
