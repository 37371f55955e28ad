package dev.assay.safetycard.draft;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An inert fixture agent repository for draft tests: Python and TypeScript sources with the constructs the inventory
 * looks for, tests and docs that the inventory must leave out, a binary and an ignored file, git metadata written as
 * files (nothing is run), fake credentials of the right shape.
 */
final class AgentFixture {
    static final String COMMIT = "89abcdef0123456789abcdef0123456789abcdef";

    private AgentFixture() {
    }

    static void write(Path root, String rel, String text) throws IOException {
        Path p = root.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
    }

    static void create(Path root) throws IOException {
        write(root, ".git/HEAD", "ref: refs/heads/main\n");
        write(root, ".git/refs/heads/main", COMMIT + "\n");
        write(root, ".git/config", "[core]\n\tbare = false\n[remote \"origin\"]\n"
                + "\turl = https://ci-bot:ghp_FAKEFAKEFAKEFAKE@github.com/acme/tiny-agent.git\n"
                + "\tfetch = +refs/heads/*:refs/remotes/origin/*\n");
        write(root, ".gitignore", "__pycache__/\n*.log\n");
        write(root, "agent/tools.py", String.join("\n",
                "import os, subprocess, requests, logging",
                "from dotenv import load_dotenv",
                "from smolkit import tool",
                "",
                "load_dotenv()",
                "API_KEY = os.environ[\"OPENAI_API_KEY\"]",
                "log = logging.getLogger(__name__)",
                "",
                "@tool",
                "def run_shell(cmd: str) -> str:",
                "    \"\"\"Runs a shell command.\"\"\"",
                "    return subprocess.run(cmd, shell=True, env=os.environ, capture_output=True).stdout",
                "",
                "@tool",
                "def fetch(url: str) -> str:",
                "    return requests.get(url, timeout=30).text",
                "",
                "def evaluate(expr):",
                "    return eval(expr)",
                ""));
        write(root, "agent/loop.py", String.join("\n",
                "import chromadb",
                "from transformers import AutoModel",
                "MAX_ITERATIONS = 25",
                "",
                "def confirm(action):",
                "    return input(f'approve {action}? ') == 'y'",
                "",
                "def run(task, auto_approve=False):",
                "    memory = chromadb.Client()",
                "    model = AutoModel.from_pretrained('x', trust_remote_code=True)",
                "    for step in range(MAX_ITERATIONS):",
                "        if auto_approve or confirm(step):",
                "            log_step(step)",
                "",
                "def log_step(step):",
                "    with open('trajectory.jsonl', 'a') as f:",
                "        f.write(str(step))",
                ""));
        write(root, "server/index.ts", String.join("\n",
                "import { spawn } from 'child_process';",
                "server.tool('search', async ({ q }) => fetch(`https://search.invalid/?q=${q}`));",
                "server.tool('exec', async ({ cmd }) => spawn(cmd, { env: process.env }));",
                "const controller = new AbortController();",
                ""));
        write(root, "tests/test_tools.py", "import os\nos.popen('ls')\nsubprocess.run('x', shell=True)\n");
        write(root, "docs/usage.md", "Call `subprocess.run` only from tools.\n");
        write(root, "build.log", "eval( in a log that is ignored\n");
        Files.write(root.resolve("agent/model.bin"), new byte[] {'e', 'v', 'a', 'l', '(', 0, 1, 2});
        write(root, "README.md", String.join("\n",
                "# tiny-agent",
                "",
                "A small agent. Prompt injection is a risk: web pages may contain text such as",
                "\"ignore previous instructions\" aimed at the model; tool output is treated as data.",
                ""));
    }
}
