package dev.assay.html;

import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.Template;
import dev.assay.engine.ScannerVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The page templates and what every page shares: the stylesheet, inlined, and the Content-Security-Policy that
 * allows exactly that stylesheet (by its hash) and nothing else: no script, no remote or local loads, no forms, no
 * base URL. Templates compile on first use; nothing here depends on the clock.
 */
final class Pages {

    static final String CSS = resource("style.css").strip();
    /** default-src 'none' also forbids scripts, fonts, frames and connections; images only as data: URIs. */
    static final String CSP = "default-src 'none'; style-src '" + sha256(CSS) + "'; img-src data:; "
            + "base-uri 'none'; form-action 'none'";

    private static final Mustache.Compiler COMPILER = Mustache.compiler()
            .escapeHTML(true)
            .nullValue("")
            .emptyStringIsFalse(true)
            .withLoader(name -> new StringReader(resource(name + ".mustache")));
    private static final Map<String, Template> TEMPLATES = new ConcurrentHashMap<>();

    private Pages() {
    }

    static String render(String template, String title, Map<String, Object> view) {
        view.put("title", Shown.text(title));
        view.put("csp", CSP);
        view.put("css", CSS);
        view.put("generator", ScannerVersion.get());
        return TEMPLATES.computeIfAbsent(template, t -> COMPILER.compile(resource(t + ".mustache"))).execute(view);
    }

    private static String resource(String name) {
        try (InputStream in = Pages.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing page resource " + name);
            }
            try (Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
                StringBuilder b = new StringBuilder();
                char[] buf = new char[8192];
                for (int n; (n = r.read(buf)) > 0;) {
                    b.append(buf, 0, n);
                }
                return b.toString();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read page resource " + name, e);
        }
    }

    static String sha256(String text) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return "sha256-" + Base64.getEncoder().encodeToString(d);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM lacks SHA-256", e);
        }
    }
}
