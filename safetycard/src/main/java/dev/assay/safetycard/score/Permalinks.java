package dev.assay.safetycard.score;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Permalinks to cited lines at the pinned commit, for repositories on github.com:
 * {@code https://github.com/OWNER/REPO/blob/COMMIT/PATH#L10-L20}. Other hosts get no link (the entry's {@code url} is
 * optional). Path segments are percent-encoded, so a file name cannot inject anything into the URL.
 */
public final class Permalinks {

    private static final Pattern GITHUB = Pattern.compile("https://github\\.com/[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+");
    private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}");

    private Permalinks() {
    }

    public static Optional<String> of(String repoUrl, String commit, String file, int firstLine, int lastLine) {
        String base = repoUrl.strip();
        while (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        if (base.endsWith(".git")) {
            base = base.substring(0, base.length() - 4);
        }
        if (!GITHUB.matcher(base).matches() || !COMMIT.matcher(commit).matches()) {
            return Optional.empty();
        }
        StringBuilder url = new StringBuilder(base).append("/blob/").append(commit);
        for (String segment : file.split("/")) {
            if (!segment.isEmpty()) {
                url.append('/').append(URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20"));
            }
        }
        url.append("#L").append(firstLine);
        if (lastLine != firstLine) {
            url.append("-L").append(lastLine);
        }
        return Optional.of(url.toString());
    }
}
