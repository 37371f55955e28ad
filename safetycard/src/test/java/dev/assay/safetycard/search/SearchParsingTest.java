package dev.assay.safetycard.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class SearchParsingTest {

    @Test
    void shellWordsFollowShlex() throws Exception {
        assertEquals(List.of("rg", "-n", "-S", "a|b\\(c"), ShellWords.split("rg -n -S 'a|b\\(c'"));
        assertEquals(List.of("rg", "-F", "server.tool("), ShellWords.split("rg -F server.tool("));
        assertEquals(List.of("a\"b", "x y", "", "c*d", "#x", "~/y"), ShellWords.split("\"a\\\"b\" 'x y' '' c*d #x ~/y"));
        assertEquals(List.of("abc"), ShellWords.split("'a'\"b\"c"));
        assertEquals(List.of("a b"), ShellWords.split("a\\ b"));
        assertEquals(List.of("a\\qb"), ShellWords.split("\"a\\qb\""));
        assertEquals(List.of(), ShellWords.split("   "));
    }

    @Test
    void shellWordsRefuseWhatAShellWouldActOn() {
        for (String bad : new String[] {"rg a | wc", "rg a; rm x", "rg a && b", "rg a &", "rg a > f", "rg a < f",
                "rg `id`", "rg $(id)", "rg $HOME", "rg \"$HOME\"", "rg \"\\$x\"", "rg 'a\nb'", "rg 'open",
                "rg \"open", "rg a\\"}) {
            SearchCommandException e = assertThrows(SearchCommandException.class, () -> ShellWords.split(bad), bad);
            assertFalse(e.unsupported(), bad);
        }
        assertThrows(SearchCommandException.class, () -> ShellWords.split("rg " + "a".repeat(ShellWords.MAX_LENGTH)));
    }

    @Property(tries = 300, seed = "20261130")
    void singleQuotedWordsRoundTrip(@ForAll @Size(max = 6) List<@StringLength(max = 12) String> words)
            throws Exception {
        List<String> clean = words.stream().map(w -> w.replace("\n", "").replace("\r", "").replace("\0", "")).toList();
        StringBuilder line = new StringBuilder();
        for (String w : clean) {
            line.append(line.length() > 0 ? " " : "").append('\'').append(w.replace("'", "'\\''")).append('\'');
        }
        assertEquals(clean, ShellWords.split(line.toString()));
    }

    @Test
    void rgArgumentsParseLikeRipgrep() throws Exception {
        RgCommand c = RgCommand.parse("rg -nS -A3 --glob=*.py -g '!tests' -tpy --type js -e a -e -b src -- -c");
        assertEquals(List.of("a", "-b"), c.patterns());
        assertEquals(List.of("src", "-c"), c.paths());
        assertTrue(c.showLineNumbers());
        assertEquals(RgCommand.CaseMode.SMART, c.caseMode());
        assertEquals(3, c.afterContext());
        assertEquals(List.of("*.py", "!tests"), c.globs());
        assertEquals(List.of("py", "js"), c.types());
        RgCommand d = RgCommand.parse("rg foo -n src -i -l");
        assertEquals(List.of("foo"), d.patterns());
        assertEquals(List.of("src"), d.paths());
        assertEquals(RgCommand.OutputMode.FILES_WITH_MATCHES, d.outputMode());
        assertEquals(RgCommand.CaseMode.INSENSITIVE, d.caseMode());
        assertEquals(RgCommand.OutputMode.COUNT, RgCommand.parse("rg -l -c x").outputMode());
        RgCommand u = RgCommand.parse("rg -uu x");
        assertTrue(u.hidden() && u.noIgnoreVcs() && u.noIgnoreDot());
        assertFalse(RgCommand.parse("rg -w -x x").wordRegexp());
        assertTrue(RgCommand.parse("rg -x -w x").wordRegexp());
    }

    @Test
    void rgFlagsThatMustNotRunAreInvalidAndNamed() {
        String[][] cases = {
            {"rg --pre cat x", "--pre"}, {"rg --pre=cat x", "--pre"}, {"rg --pre-glob '*' x", "--pre-glob"},
            {"rg -z x", "-z/--search-zip"}, {"rg --search-zip x", "--search-zip"}, {"rg -L x", "-L/--follow"},
            {"rg --follow x", "--follow"}, {"rg -f pats.txt", "-f/--file"}, {"rg --ignore-file /etc/x y", "--ignore-file"},
            {"rg -nz x", "-z/--search-zip"}, {"rg x -", "standard input"}, {"rg -e", "needs a value"},
            {"rg -A x y", "non-negative number"}, {"rg", "no pattern"}, {"rg -t nosuchtype x", "unrecognized file type"}};
        for (String[] c : cases) {
            SearchCommandException e = assertThrows(SearchCommandException.class, () -> {
                RgCommand cmd = RgCommand.parse(c[0]);
                FileTypes.shipped().select(cmd.types(), cmd.typesNot());
            }, c[0]);
            assertFalse(e.unsupported(), c[0]);
            assertTrue(e.getMessage().contains(c[1]), c[0] + " -> " + e.getMessage());
        }
    }

    @Test
    void realFlagsThatAreNotReproducedAreUnsupportedAndNamed() {
        String[][] cases = {{"rg -o x", "-o/--only-matching"}, {"rg -P x", "-P/--pcre2"}, {"rg --json x", "--json"},
            {"rg -r y x", "-r/--replace"}, {"rg --color=always x", "--color"}, {"rg --sort modified x", "--sort"},
            {"rg -U -v x", "-v/--invert-match"}, {"rg --type-add 'x:*.x' y", "--type-add"}, {"rg --vimgrep x", "--vimgrep"}};
        for (String[] c : cases) {
            SearchCommandException e = assertThrows(SearchCommandException.class, () -> RgCommand.parse(c[0]), c[0]);
            assertTrue(e.unsupported(), c[0]);
            assertTrue(e.getMessage().contains(c[1]), c[0] + " -> " + e.getMessage());
        }
    }

    @Test
    void regexConstructsRustRejectsAreInvalid() {
        for (String p : new String[] {"(?=a)", "(?<!a)", "\\1", "a{,3}", "a{", "{", "*a", "a|*", "(a", "a)", "[a",
                "\\e", "\\Q", "\\K", "\\Z", "a{3,2}", "\\p{^Greek}", "\\x{110000}", "[z-a]", "(?q)"}) {
            SearchCommandException e = assertThrows(SearchCommandException.class,
                    () -> RustRegex.translate(p, false, null), p);
            assertFalse(e.unsupported(), p + " -> " + e.getMessage());
            assertTrue(e.getMessage().startsWith("rg rejects this regex"), p + " -> " + e.getMessage());
        }
    }

    @Test
    void regexConstructsNotReproducedAreUnsupported() {
        for (String p : new String[] {"(?x)a b", "[a&&b]", "[a--b]", "x{1001}", "\\p{Alphabetic}", "a?\\bb",
                "\\b", "[\\Wa]", "[[^a]b]", "\\<a", "(".repeat(200) + ")".repeat(200), "a".repeat(5000)}) {
            SearchCommandException e = assertThrows(SearchCommandException.class,
                    () -> RustRegex.translate(p, false, null), p);
            assertTrue(e.unsupported(), p + " -> " + e.getMessage());
        }
    }

    @Test
    void smartCaseLooksAtLiteralsOnly() throws Exception {
        assertTrue(RustRegex.translate("Foo", false, null).anyUppercase());
        assertFalse(RustRegex.translate("\\Sfoo\\W\\D\\p{Lu}", false, null).anyUppercase());
        assertTrue(RustRegex.translate("[A-Z]", false, null).anyUppercase());
        assertFalse(RustRegex.translate("\\w+", false, null).anyLiteral());
        assertTrue(RustRegex.translate("a\\nb", false, null).literalNewline());
        assertTrue(RustRegex.translate("a\\sb", false, null).canMatchNewline());
        assertFalse(RustRegex.translate("a.b", false, null).canMatchNewline());
        assertTrue(RustRegex.translate("a.b", true, null).canMatchNewline());
    }

    @Test
    void globsFollowGitignoreAndGlobsetRules() {
        assertTrue(Glob.compile("**/foo", true, false).matches("foo"));
        assertTrue(Glob.compile("**/foo", true, false).matches("a/b/foo"));
        assertTrue(Glob.compile("a/**/b", true, false).matches("a/b"));
        assertTrue(Glob.compile("a/**/b", true, false).matches("a/x/y/b"));
        assertFalse(Glob.compile("*.py", true, false).matches("a/b.py"));
        assertTrue(Glob.compile("*.{js,ts}", true, false).matches("x.ts"));
        assertTrue(Glob.compile("[!a]*", true, false).matches("b"));
        assertFalse(Glob.compile("[!a]*", true, false).matches("a"));
        assertTrue(Glob.compile("\\*x", true, false).matches("*x"));
        assertTrue(Glob.compile("*.PY", true, true).matches("a.py"));
        assertThrows(IllegalArgumentException.class, () -> Glob.compile("{a,{b}}", true, false));
        assertThrows(IllegalArgumentException.class, () -> Glob.compile("[ab", true, false));
    }
}
