package dev.assay.safetycard.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs a table of rg commands through both the real ripgrep and {@link Ripgrep} over the same fixture repository and
 * requires identical output, line for line. Fails (never skips) when ripgrep is not installed.
 */
class RipgrepCompatibilityTest {
    @TempDir
    static Path tmp;
    static Path repo;
    static Path home;

    @BeforeAll
    static void fixture() throws Exception {
        RealRipgrep.requireInstalled();
        repo = tmp.resolve("repo");
        home = tmp.resolve("home");
        Files.createDirectories(home);
        Fixtures.richTree(repo);
    }

    static Stream<String> commands() {
        return Stream.of(
                // output formats and scopes
                "-n foo", "foo", "-c foo", "-l foo", "-n foo src/", "-n foo ./src", "-n foo src/app.py",
                "-c foo src/app.py", "-n foo src/app.py src/util.js", "-l foo src", "-c -l foo src",
                "-H -n foo src/app.py", "-I -n foo src", "-n -N foo src/app.py", "-q foo", "--files", "--files src",
                // case handling
                "-n -i foo src", "-n -S foo src", "-n -S Foo src", "-n -s -i FOO src", "-n -i -s FOO src",
                "-n -S '\\Sfoo' src", "-n -i straße src/uni.txt", "-n -i σας src/uni.txt", "-n -i k src/uni.txt",
                "-n -i İstanbul src/uni.txt", "-n -S 'ΣΑΣ' src/uni.txt",
                // fixed strings, words, lines, multiple patterns
                "-n -F 'foo(' src", "-n -F 'server.tool(' src", "-n -F -e 'foo(' -e 'exec(' src", "-n -w foo src",
                "-n -w -- -foo src/app.py", "-n -w foo src/uni.txt", "-n -x foo src/ctx.txt", "-n -x -w foo src",
                "-n -e foo -e bar multi.txt", "-n -e eval -e exec src", "-n -e '(?i)BAR' -e FOO multi.txt",
                // regex translation
                "-n -S 'child_process|spawn|execSync|exec\\(|eval\\(|new Function|vm\\.' src",
                "-n 'trust_remote_code\\s*=\\s*True' src", "-n '\\beval\\(' src", "-n '\\bfoo\\b' src",
                "-n 'caf\\b' src/app.py", "-n '\\bnaïve' src/app.py", "-n 'foo\\b' src/uni.txt",
                "-n '\\Bfoo' src", "-n 'oo\\B' src/app.py", "-n '\\b(eval|exec)\\(' src", "-n '(foo|bar)\\b' multi.txt",
                "-n '\\b(?:eval|\\.exec|-foo)\\b' src", "-n '\\b(os\\.system|exec)\\(' src", "-n -i '(foo|-)\\b' src/app.py",
                "-n '\\B(?:oo|-b)' src/app.py", "-n 'x\\b(?:=|_)' src/app.py",
                "-n '[[:upper:]]{3}' src", "-n '^\\s*$' src/app.py", "-c '\\d' src", "-n '\\w+\\s\\w+' src/uni.txt",
                "-n '\\p{Greek}+' src/uni.txt", "-n '\\p{Lu}{2}' src/uni.txt", "-n '[^\\x00-\\x7F]' src/app.py",
                "-n 'x\\x{A0}foo' src/uni.txt", "-n '\\s' src/uni.txt", "-n 'a**' src/ctx.txt", "-n 'o{2}' src",
                "-n '[\\w-]+bar' src/app.py", "-n '[\\W]foo' src/app.py", "-n '[[a]b]ar' multi.txt",
                "-n '(?P<n>f)oo' src/ctx.txt", "-n '(?i:FOO) bar' multi.txt", "-n '(?-u:\\w)+é' src/app.py",
                "-n 'foo$' src/crlf.txt", "-n 'bar\\r$' src/crlf.txt", "-n '^' src/nonl.txt",
                "-n '' src/empty.txt src/nonl.txt", "-n '\\.' src/util.js", "-n 'emoji . foo' src/uni.txt",
                // globs and types
                "-n -g '*.py' foo", "-n -g '!*.py' foo src", "-l -g '!src/sub/**' foo", "-l -g 'src/*.py' foo",
                "-l -g '*.{js,ts}' foo", "-l -g '!src' foo", "-l -g 'docs/' foo", "-l --iglob '*.PY' foo",
                "-l -g '**/deep/*' foo", "-l -g '.env' foo", "-l -g '*.py' -g '!app.py' foo", "-l -g '[a-c]*.py' foo",
                "-l -t py foo", "-l -t js -t ts foo", "-l -T py foo", "-l -t make foo", "-l -t docker foo",
                "-l -t py -T py foo", "-l -t markdown foo",
                // ignore files, hidden files, nested repositories
                "--hidden -l foo", "--no-ignore -l foo", "-u -l foo", "-uu -l foo", "--no-ignore-vcs -l foo",
                "--no-ignore-dot -l foo", "--no-ignore-parent -l foo src/sub", "-l foo src/sub",
                "-l foo vendor", "--hidden -l foo vendor", "-n foo build", "-n foo build/out.py",
                "-n foo .hidden/secret.py", "-l foo docs", "--max-depth 1 -l foo src", "--max-depth 0 -l foo src",
                // binary files
                "-c foo src", "-n foo src/bin.dat", "-c foo src/bin.dat", "-l foo src/bin.dat",
                "-n foo src/late.bin --no-mmap", "-c foo src/late.bin", "-n foo src/late.bin src/empty.txt",
                "-l foo src", "-a -c foo src", "--binary -c foo src", "--binary -n x src/bin.dat",
                "-n x src", "-c x src/late.bin --no-mmap", "-n foo src/bin.dat src/app.py --no-mmap",
                // encodings
                "-n foo src/bom.txt", "-n '^foo' src/bom.txt", "-n foo src/utf16.txt", "-n bar src",
                // context, inversion, max count
                "-n -C1 foo src/ctx.txt", "-A1 foo src/ctx.txt", "-B2 -n foo src/ctx.txt src/app.py",
                "-C1 -n foo src", "-m1 -A2 foo src/ctx.txt", "-m2 -c foo src", "-m1 -n foo src", "-v -c foo src/ctx.txt",
                "-v -n foo src/ctx.txt", "-v -l foo src", "-C1 -B0 -n foo src/ctx.txt", "-A1 -C0 foo src/ctx.txt",
                "-n -C2 foo src/bin.dat src/ctx.txt", "-n -C1 foo src/ctx.txt src/bin.dat",
                "-n -B1 x src/bin.dat src/ctx.txt --no-mmap", "-n -A3 foo src/ctx.txt src/bin.dat --no-mmap",
                "-m1 -A3 -n foo src/ctx.txt", "-v -m2 -A1 -n foo src/ctx.txt", "-n -A1 foo multi.txt src/ctx.txt",
                // multi-line
                "-U -n 'foo\\nbar' multi.txt", "-U -c 'foo\\nbar|foo' multi.txt", "-U -c o multi.txt",
                "-U -n 'bar\\nbaz' multi.txt", "-U -l 'foo\\s+bar'", "-U -n 'r\\s+b' multi.txt",
                "-U -n '(?s)foo.*baz' multi.txt", "-U --multiline-dotall -n 'foo.bar' multi.txt",
                "-U -n -w 'bar\\s+foo' multi.txt", "-U -n 'foo\\nbar' src/bin.dat");
    }

    @ParameterizedTest(name = "rg {0}")
    @MethodSource("commands")
    void sameOutputAsRipgrep(String args) throws Exception {
        List<String> argv = ShellWords.split(args);
        List<String> expected = RealRipgrep.run(repo, home, argv);
        SearchOutcome ours = Ripgrep.run(repo, RgCommand.parseArguments(argv), List.of(), SearchLimits.defaults());
        assertTrue(ours.complete(), () -> "incomplete: " + ours.incomplete());
        assertEquals(String.join("\n", expected), String.join("\n", ours.output()), "output of rg " + args);
        assertEquals(expected.stream().filter(s -> !s.isEmpty()).count(), ours.hits(), "hits of rg " + args);
    }
}
