package dev.assay.golden.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes inert synthetic components and source trees for the benchmarks, deterministically from their index: the same
 * arguments always give the same bytes. Nothing here is executed; hosts are {@code .invalid}.
 *
 * <pre>
 *   SyntheticComponents components DIR COUNT     small skills, npm and Python packages and MCP servers (1-3 KB)
 *   SyntheticComponents tree DIR MEGABYTES       a large source tree of Python and JavaScript files (about 48 KB each)
 * </pre>
 */
public final class SyntheticComponents {

    private SyntheticComponents() {
    }

    /** Writes COUNT small components under dir (c00000, c00001, …) and returns their folders in order. */
    public static List<Path> components(Path dir, int count) throws IOException {
        List<Path> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            Path c = component(dir, i);
            switch (i % 4) {
                case 0 -> skill(c, i);
                case 1 -> npm(c, i);
                case 2 -> python(c, i);
                default -> mcp(c, i);
            }
            out.add(c);
        }
        return out;
    }

    /**
     * The folder of component i under dir, as {@link #components} writes it: a new {@link Path} on every call, so that
     * a caller can scan component after component without keeping one object per component alive.
     */
    public static Path component(Path dir, int i) {
        return dir.resolve(String.format(Locale.ROOT, "c%05d", i));
    }

    private static void skill(Path c, int i) throws IOException {
        write(c.resolve("SKILL.md"), "---\nname: notes-" + i + "\ndescription: Keeps notes number " + i
                + " tidy.\nallowed-tools: Bash, Read\n---\n# Notes " + i + "\n\nRun `python scripts/tidy.py` on the notes"
                + " folder and report what changed.\n");
        write(c.resolve("scripts/tidy.py"), "import pathlib\nimport sys\n\n\ndef tidy(folder):\n"
                + "    for p in sorted(pathlib.Path(folder).glob('*.md')):\n"
                + "        text = p.read_text()\n        p.write_text(text.strip() + '\\n')\n\n\n"
                + "if __name__ == '__main__':\n    tidy(sys.argv[1] if len(sys.argv) > 1 else 'notes-" + i + "')\n");
    }

    private static void npm(Path c, int i) throws IOException {
        write(c.resolve("package.json"), "{\n  \"name\": \"left-pad-" + i + "\",\n  \"version\": \"1.0." + (i % 97)
                + "\",\n  \"main\": \"index.js\",\n  \"scripts\": {\"test\": \"node test.js\"}\n}\n");
        write(c.resolve("index.js"), "module.exports = function pad(s, n, ch = ' ') {\n"
                + "  s = String(s);\n  while (s.length < n) s = ch + s;\n  return s;\n};\n");
        write(c.resolve("test.js"), "const pad = require('./index.js');\nif (pad('" + i + "', 8) !== '"
                + " ".repeat(Math.max(0, 8 - String.valueOf(i).length())) + i + "') throw new Error('pad');\n");
    }

    private static void python(Path c, int i) throws IOException {
        write(c.resolve("pyproject.toml"), "[project]\nname = \"fetch-status-" + i + "\"\nversion = \"0." + (i % 13)
                + ".0\"\ndependencies = [\"requests\"]\n");
        write(c.resolve("src/fetch_status/__init__.py"), "import requests\n\n\ndef status(url='https://status-"
                + i + ".invalid/health'):\n    r = requests.get(url, timeout=5)\n    return r.status_code\n");
    }

    private static void mcp(Path c, int i) throws IOException {
        write(c.resolve("package.json"), "{\n  \"name\": \"mcp-clock-" + i + "\",\n  \"version\": \"0.1.0\",\n"
                + "  \"dependencies\": {\"@modelcontextprotocol/sdk\": \"^1.0.0\"}\n}\n");
        write(c.resolve("src/server.js"), "const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');\n"
                + "const server = new McpServer({ name: 'clock-" + i + "', version: '0.1.0' });\n"
                + "server.tool('now', 'Tell the current time in UTC.', {}, async () => ({\n"
                + "  content: [{ type: 'text', text: new Date().toISOString() }],\n}));\n");
    }

    /** Writes about megabytes MB of Python and JavaScript (alternating files) under dir; returns the files. */
    public static List<Path> tree(Path dir, int megabytes) throws IOException {
        List<Path> out = new ArrayList<>();
        long target = (long) megabytes << 20;
        long written = 0;
        for (int f = 0; written < target; f++) {
            boolean py = f % 2 == 0;
            Path p = dir.resolve(String.format(Locale.ROOT, "pkg%03d/%s%05d.%s", f / 50, py ? "mod" : "lib", f,
                    py ? "py" : "js"));
            String text = py ? pythonFile(f) : jsFile(f);
            write(p, text);
            written += text.getBytes(StandardCharsets.UTF_8).length;
            out.add(p);
        }
        return out;
    }

    private static String pythonFile(int f) {
        StringBuilder sb = new StringBuilder("\"\"\"Synthetic module " + f + ".\"\"\"\nimport json\nimport os\n\n");
        for (int k = 0; sb.length() < 48_000; k++) {
            sb.append("\n\nclass Record").append(k).append(":\n    \"\"\"A record with a few fields.\"\"\"\n\n")
                    .append("    def __init__(self, name, values=None):\n        self.name = name\n")
                    .append("        self.values = list(values or [])\n\n    def total(self):\n")
                    .append("        return sum(v * ").append(k % 7 + 1).append(" for v in self.values if v > 0)\n\n")
                    .append("    def to_json(self):\n        return json.dumps({'name': self.name, 'total': self.total(),")
                    .append(" 'home': os.environ.get('APP_HOME', '/srv/app')})\n\n\n")
                    .append("def build_").append(k).append("(rows):\n    out = {}\n    for i, row in enumerate(rows):\n")
                    .append("        if i % ").append(k % 5 + 2).append(" == 0:\n            continue\n")
                    .append("        out[row['id']] = Record").append(k).append("(row['name'], row.get('values'))\n")
                    .append("    return out\n");
        }
        return sb.toString();
    }

    private static String jsFile(int f) {
        StringBuilder sb = new StringBuilder("'use strict';\n// Synthetic module " + f + ".\nconst path = require('path');\n");
        for (int k = 0; sb.length() < 48_000; k++) {
            sb.append("\nclass Store").append(k).append(" {\n  constructor(root) {\n    this.root = path.resolve(root);\n")
                    .append("    this.items = new Map();\n  }\n\n  put(key, value) {\n")
                    .append("    if (typeof key !== 'string' || key.length > ").append(64 + k % 32).append(") {\n")
                    .append("      throw new TypeError('bad key');\n    }\n    this.items.set(key, { value, at: ").append(k)
                    .append(" });\n    return this;\n  }\n\n  total() {\n    let t = 0;\n")
                    .append("    for (const [, v] of this.items) t += Number(v.value) || 0;\n    return t;\n  }\n}\n\n")
                    .append("function make").append(k).append("(rows) {\n  const s = new Store").append(k)
                    .append("('data');\n  rows.filter((r, i) => i % ").append(k % 5 + 2)
                    .append(" !== 0).forEach((r) => s.put(r.id, r.n));\n  return s;\n}\n")
                    .append("module.exports.make").append(k).append(" = make").append(k).append(";\n");
        }
        return sb.toString();
    }

    private static void write(Path p, String text) throws IOException {
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 3 || !(args[0].equals("components") || args[0].equals("tree"))) {
            System.err.println("usage: SyntheticComponents components DIR COUNT | tree DIR MEGABYTES");
            System.exit(2);
        }
        Path dir = Path.of(args[1]);
        int n = Integer.parseInt(args[2]);
        int made = args[0].equals("components") ? components(dir, n).size() : tree(dir, n).size();
        System.out.println(args[0] + ": " + made + " written under " + dir);
    }
}
