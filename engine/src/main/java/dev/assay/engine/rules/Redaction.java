package dev.assay.engine.rules;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import java.util.List;

/**
 * How reports show secrets: a few leading characters (enough to tell an {@code sk-ant} key from a {@code ghp_} token,
 * never more than a quarter of the value) and the length. A full secret never reaches a report.
 */
public final class Redaction {

    private Redaction() {
    }

    public static String redact(String secret) {
        if (secret == null || secret.isEmpty()) {
            return "";
        }
        int len = secret.codePointCount(0, secret.length());
        int keep = Math.min(6, len / 4);
        String head = secret.substring(0, secret.offsetByCodePoints(0, keep));
        return head + "…[redacted " + len + " chars]";
    }

    /** {@code text} with every occurrence of {@code secret} redacted; unchanged when the secret is shorter than 4. */
    public static String redactIn(String text, String secret) {
        if (text == null || secret == null || secret.length() < 4) {
            return text;
        }
        return text.replace(secret, redact(secret));
    }

    /** {@code text} with every match of every pattern redacted. */
    public static String redactAll(String text, List<Pattern> patterns) {
        String out = text;
        for (Pattern p : patterns) {
            Matcher m = p.matcher(out);
            StringBuilder b = new StringBuilder();
            int last = 0;
            boolean any = false;
            while (m.find()) {
                if (m.end() == m.start() || m.group().contains("…[redacted")) {
                    continue;
                }
                any = true;
                b.append(out, last, m.start()).append(redact(m.group()));
                last = m.end();
            }
            if (any) {
                b.append(out.substring(last));
                out = b.toString();
            }
        }
        return out;
    }
}
