package dev.assay.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each HTML page kind (scan, diff, batch index) of a hostile skill, rendered by headless Chromium: the DOM holds the
 * score and every finding id, no script ran (no script element, the page's title and body untouched), the page made
 * no request (Chromium's net log names no host of the fixture; the only requests allowed are Chromium's own
 * background services), the console stayed silent (a CSP violation would be logged there), and screenshots at a
 * desktop and a narrow width are written to {@code target/screenshots}. Runs when {@code chromium} is on the PATH;
 * with {@code ASSAY_BROWSER_TESTS=required} or {@code -Dassay.browserTests=required} (CI) a missing browser fails the test.
 */
class HtmlPagesBrowserTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static final Path SHOTS = Path.of("target", "screenshots");
    /** Hosts Chromium itself contacts in the background (updates, time, accounts), whatever page is open. */
    static final Pattern OWN_SERVICES = Pattern.compile("https?://[a-z0-9.-]*(google\\.com|googleapis\\.com|gstatic\\.com)(/.*)?");

    static String chromium;

    @BeforeAll
    static void findBrowser() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            for (String name : List.of("chromium", "chromium-browser")) {
                if (Files.isExecutable(Path.of(dir, name))) {
                    chromium = Path.of(dir, name).toString();
                    return;
                }
            }
        }
        if ("required".equals(System.getProperty("assay.browserTests", System.getenv("ASSAY_BROWSER_TESTS")))) {
            fail("chromium is not on the PATH (apt-get install chromium)");
        }
        Assumptions.abort("chromium is not installed");
    }

    @Test
    void everyPageKindRendersInertInARealBrowser(@TempDir Path tmp) throws Exception {
        Path skill = HostileSkill.write(tmp.resolve("skill<b>"));
        Path other = HostileSkill.write(tmp.resolve("javascript:alert(2)"));
        Files.delete(other.resolve("SKILL.md"));
        JsonNode report = JSON.readTree(run("scan", skill.toString(), "--scorer", "skilltotal", "--format", "json").out());
        List<String> ids = new ArrayList<>();
        report.get("findings").forEach(f -> ids.add(f.get("id").asText()));
        report.get("needsReview").forEach(f -> ids.add(f.get("id").asText()));
        assertFalse(ids.isEmpty(), "the fixture has findings");
        String score = report.get("score").asText();

        Path scan = tmp.resolve("scan.html");
        run("scan", skill.toString(), "--scorer", "skilltotal", "--format", "html", "-o", scan.toString());
        String dom = render(scan, "scan", tmp);
        assertTrue(dom.contains("id=\"score\">" + score + "<"), "the score " + score);
        for (String id : ids) {
            assertTrue(dom.contains("data-finding-id=\"" + id + "\""), id);
        }

        Path diff = tmp.resolve("diff.html");
        run("diff", "--pack", "skilltotal@1.1.0", "--pack", "skilltotal@1.3.0", skill.toString(), other.toString(),
                "--format", "html", "-o", diff.toString());
        String diffDom = render(diff, "diff", tmp);
        assertTrue(diffDom.contains("id=\"target-table\""));
        assertTrue(diffDom.contains("skilltotal@1.1.0") && diffDom.contains("skilltotal@1.3.0"));

        Path out = tmp.resolve("out");
        run("scan", skill.toString(), other.toString(), "--scorer", "skilltotal", "--format", "html",
                "--output-dir", out.toString());
        String indexDom = render(out.resolve("index.html"), "index", tmp);
        assertTrue(indexDom.contains(">" + score + "<"), "the first target's score");
        assertEquals(3, count(indexDom, "data-target=\"1\""), "each target in all three orders");
        Matcher links = Pattern.compile("href=\"([^\"]*)\"").matcher(indexDom);
        while (links.find()) {
            String href = links.group(1);
            assertTrue(href.startsWith("#") || href.startsWith("./"), "relative links only: " + href);
            if (href.startsWith("./")) {
                assertTrue(Files.isRegularFile(out.resolve(java.net.URLDecoder.decode(href.substring(2),
                        StandardCharsets.UTF_8))), "the link leads to a page: " + href);
            }
        }
    }

    private static Cli.Result run(String... args) {
        Cli.Result r = Cli.run(args);
        assertTrue(r.code() == 0 || r.code() == 2, String.join(" ", args) + ": " + r.err());
        return r;
    }

    /** One Chromium run: the DOM after load, the console, the net log and a desktop screenshot; then a narrow one. */
    private static String render(Path page, String kind, Path tmp) throws Exception {
        Files.createDirectories(SHOTS);
        Path netLog = tmp.resolve(kind + "-net.json");
        Path console = tmp.resolve(kind + "-console.txt");
        Path domFile = tmp.resolve(kind + "-dom.html");
        chrome(tmp, List.of("--enable-logging=stderr", "--v=0", "--log-net-log=" + netLog, "--window-size=1280,1600",
                "--screenshot=" + SHOTS.resolve(kind + "-desktop.png").toAbsolutePath(), "--dump-dom",
                page.toUri().toString()), domFile, console);
        chrome(tmp, List.of("--window-size=390,1600", "--screenshot=" + SHOTS.resolve(kind + "-narrow.png").toAbsolutePath(),
                page.toUri().toString()), tmp.resolve(kind + "-narrow.out"), tmp.resolve(kind + "-narrow.err"));
        for (String size : List.of("desktop", "narrow")) {
            Path shot = SHOTS.resolve(kind + "-" + size + ".png");
            assertTrue(Files.size(shot) > 10_000, "screenshot " + shot);
        }
        String dom = Files.readString(domFile, StandardCharsets.UTF_8);
        String lower = dom.toLowerCase(Locale.ROOT);
        assertEquals(0, count(lower, "<script"), "no script element in the DOM");
        assertEquals(0, count(lower, "<iframe"), "no frame");
        assertEquals(0, count(lower, "<img"), "no image element");
        assertFalse(dom.contains("data-pwned"), "no script ran");
        assertFalse(dom.contains("<title>pwned"), "no script ran");
        List<String> consoleLines = Files.readAllLines(console, StandardCharsets.UTF_8).stream()
                .filter(l -> l.contains(":CONSOLE")).toList();
        assertEquals(List.of(), consoleLines, "the console stays silent (no CSP violation, no error)");
        String net = Files.readString(netLog, StandardCharsets.UTF_8);
        assertFalse(net.contains(".invalid"), "no request to a host named in the target");
        Matcher urls = Pattern.compile("\"url\":\"([^\"]*)\"").matcher(net);
        while (urls.find()) {
            assertTrue(OWN_SERVICES.matcher(urls.group(1)).matches(), "request made: " + urls.group(1));
        }
        return dom;
    }

    private static void chrome(Path tmp, List<String> args, Path stdout, Path stderr) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(chromium, "--headless=new", "--no-sandbox", "--disable-gpu",
                "--user-data-dir=" + tmp.resolve("chrome-profile"), "--disable-background-networking",
                "--disable-component-update", "--no-first-run", "--disable-sync", "--hide-scrollbars"));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("chromium did not finish in 120 s");
        }
        assertEquals(0, p.exitValue(), () -> "chromium failed: " + read(stderr));
    }

    private static String read(Path p) {
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return e.toString();
        }
    }

    static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
