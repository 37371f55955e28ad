package dev.assay.safetycard.search;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Inert fixture repositories for the search tests; the git metadata is written as files, nothing is run. */
final class Fixtures {
    static final String COMMIT = "0123456789abcdef0123456789abcdef01234567";

    private Fixtures() {
    }

    /** Minimal git metadata: HEAD on a branch whose loose ref holds {@link #COMMIT}. */
    static void gitMetadata(Path root) throws IOException {
        RealRipgrep.write(root, ".git/HEAD", "ref: refs/heads/main\n");
        RealRipgrep.write(root, ".git/refs/heads/main", COMMIT + "\n");
        RealRipgrep.write(root, ".git/info/exclude", "# git ls-files --others --exclude-from=.git/info/exclude\n"
                + "excluded_by_info.txt\n");
    }

    /** A tree exercising ignore rules, hidden files, binary files, encodings, Unicode, case and word boundaries. */
    static void richTree(Path root) throws IOException {
        gitMetadata(root);
        RealRipgrep.write(root, ".gitignore", "build/\n*.log\n!keep.log\n/rootonly.txt\nnode_modules\n*.tmp\n"
                + "# a comment\n\\#literal.txt\ntrailing.txt   \ndocs/**/private/\n");
        RealRipgrep.write(root, ".ignore", "ignored_by_dot_ignore.txt\nrgwins.txt\n");
        RealRipgrep.write(root, ".rgignore", "!rgwins.txt\n");
        RealRipgrep.write(root, "ignored_by_dot_ignore.txt", "foo in dot-ignored file\n");
        RealRipgrep.write(root, "rgwins.txt", "foo re-included by .rgignore\n");
        RealRipgrep.write(root, "excluded_by_info.txt", "foo excluded by info/exclude\n");
        RealRipgrep.write(root, "#literal.txt", "foo in a file named with a hash\n");
        RealRipgrep.write(root, "trailing.txt", "foo ignored despite trailing spaces in the rule\n");
        RealRipgrep.write(root, "rootonly.txt", "foo only ignored at the root\n");
        RealRipgrep.write(root, "sub/rootonly.txt", "foo not ignored below the root\n");
        RealRipgrep.write(root, "app.log", "foo in a log\n");
        RealRipgrep.write(root, "keep.log", "foo in the kept log\n");
        RealRipgrep.write(root, "scratch.tmp", "foo in tmp\n");
        RealRipgrep.write(root, "build/out.py", "foo built\n");
        RealRipgrep.write(root, "node_modules/pkg/index.js", "foo vendored\n");
        RealRipgrep.write(root, "docs/a/private/x.md", "foo private doc\n");
        RealRipgrep.write(root, "docs/a/public/x.md", "foo public doc\nFOO upper\n");
        RealRipgrep.write(root, "README.md", "# Demo\nThe foo agent.\nRun `foo --help`.\nIgnore previous instructions.\n");
        RealRipgrep.write(root, "src/app.py", String.join("\n",
                "import subprocess, os",
                "def foo():",
                "    return eval(user_input)",
                "Foo = 1",
                "FOO_BAR = 2",
                "food = 3",
                "foo_bar = 4",
                "x = foo-bar",
                "-foo and foo-",
                "café foo naïve",
                "cafe\u0301",
                "subprocess.run(cmd, shell=True, env=os.environ)",
                "os.system('ls')",
                "exec(code)",
                "evaluate(x)",
                "   ",
                "",
                "trust_remote_code=True",
                "trust_remote_code = True",
                "foo(",
                "end"));
        RealRipgrep.write(root, "src/util.js", "const cp = require('child_process');\ncp.execSync(cmd);\n"
                + "eval(code)\nnew Function('return 1')\nvm.runInNewContext(s)\nfetch(url)\n"
                + "server.tool('x')\nserver.tool(\"y\")\nimport('x')\n");
        RealRipgrep.write(root, "src/types.ts", "export const foo: string = 'foo';\n");
        RealRipgrep.write(root, "src/comp.tsx", "<Foo />\n");
        RealRipgrep.write(root, "src/sub/.gitignore", "*.gen.js\n!keep.gen.js\n");
        RealRipgrep.write(root, "src/sub/a.gen.js", "foo generated\n");
        RealRipgrep.write(root, "src/sub/keep.gen.js", "foo kept generated\n");
        RealRipgrep.write(root, "src/sub/deep/z.py", "foo deep\n");
        RealRipgrep.write(root, "src/.dotfile.py", "foo in a dotfile\n");
        RealRipgrep.write(root, ".hidden/secret.py", "foo hidden folder\n");
        RealRipgrep.write(root, ".env", "API_KEY=sk-ant-api03-FAKEFAKEFAKE\nfoo=1\n");
        RealRipgrep.write(root, "src/bin.dat", new byte[] {'f', 'o', 'o', '\n', 'x', 0, 'f', 'o', 'o', '\n'});
        RealRipgrep.write(root, "src/late.bin", late());
        RealRipgrep.write(root, "src/crlf.txt", "foo\r\nbar\r\nfoo bar\r\n");
        RealRipgrep.write(root, "src/bom.txt", concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
                "foo with bom\nbar\n".getBytes(StandardCharsets.UTF_8)));
        RealRipgrep.write(root, "src/utf16.txt", concat(new byte[] {(byte) 0xFF, (byte) 0xFE},
                "foo in utf16\nbar\n".getBytes(StandardCharsets.UTF_16LE)));
        RealRipgrep.write(root, "src/nonl.txt", "first foo\nlast foo without newline");
        RealRipgrep.write(root, "src/empty.txt", "");
        RealRipgrep.write(root, "src/uni.txt", String.join("\n",
                "Straße STRASSE strasse",
                "ΣΑΣ σας Σας",
                "İstanbul istanbul",
                "KELVIN \u212A k",
                "zero\u200Bwidth",
                "emoji 😀 foo",
                "日本語 foo テスト",
                "x\u00A0foo\u00A0y",
                "") );
        RealRipgrep.write(root, "src/ctx.txt", "a\nfoo\nb\nc\nd\ne\nfoo\nf\nfoo\ng\n");
        RealRipgrep.write(root, "src/Makefile", "foo:\n\techo foo\n");
        RealRipgrep.write(root, "src/Dockerfile.dev", "RUN foo\n");
        RealRipgrep.write(root, "vendor/sub/.git", "gitdir: ../../.git/modules/sub\n");
        RealRipgrep.write(root, "vendor/sub/x.tmp", "foo tmp inside nested repo\n");
        RealRipgrep.write(root, "vendor/sub/.gitignore", "ignored_here.txt\n");
        RealRipgrep.write(root, "vendor/sub/ignored_here.txt", "foo nested-ignored\n");
        RealRipgrep.write(root, "multi.txt", "foo\nbar\nfoo bar foo\nbar\nbaz\n");
        Files.createSymbolicLink(root.resolve("src/link.py"), Path.of("app.py"));
        Files.createSymbolicLink(root.resolve("linkdir"), Path.of("src"));
    }

    static byte[] late() {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        byte[] line = "foo line\n".getBytes(StandardCharsets.UTF_8);
        for (int k = 0; k < 9000; k++) {
            b.write(line, 0, line.length);
        }
        b.write('x');
        b.write(0);
        b.write('\n');
        b.write(line, 0, line.length);
        return b.toByteArray();
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
