package dev.assay.safetycard.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The rule that keeps evidence inside the reviewed repository: a {@code file}, {@code subpath} or {@code scope} path
 * is relative, has no {@code ..} segment, is not absolute in any platform's sense (no leading {@code /}, {@code \},
 * {@code ~} or drive letter) and holds no control characters. A scope is a space-separated list of such paths, none
 * of which may start with {@code -} (it would read as an rg option). Pure functions.
 */
public final class RepoPaths {

    private RepoPaths() {
    }

    /** Why {@code path} may not name a file in the repository, or empty when it may. */
    public static Optional<String> problem(String path) {
        if (path == null || path.isEmpty()) {
            return Optional.of("the path is empty");
        }
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (Character.isISOControl(c)) {
                return Optional.of("the path holds a control character");
            }
        }
        char first = path.charAt(0);
        if (first == '/' || first == '\\') {
            return Optional.of("the path is absolute");
        }
        if (first == '~') {
            return Optional.of("the path starts at a home folder");
        }
        if (path.length() >= 2 && path.charAt(1) == ':' && Character.isLetter(first)) {
            return Optional.of("the path starts with a drive letter");
        }
        for (String segment : path.split("[/\\\\]", -1)) {
            if (segment.equals("..")) {
                return Optional.of("the path climbs out of the repository with '..'");
            }
        }
        return Optional.empty();
    }

    /** Why a scope (space-separated paths) may not be searched, or empty when it may. A blank scope is the root. */
    public static Optional<String> scopeProblem(String scope) {
        if (scope == null || scope.isBlank()) {
            return Optional.empty();
        }
        for (String written : scopeTokens(scope)) {
            // Quotes are shell syntax around a path; checked without them, '"../x"' is the '../x' it stands for.
            String token = written.replace("'", "").replace("\"", "");
            if (token.startsWith("-")) {
                return Optional.of("'" + written + "' in the scope would be read as an rg option");
            }
            Optional<String> p = problem(token);
            if (p.isPresent()) {
                return Optional.of("'" + written + "': " + p.get());
            }
        }
        return Optional.empty();
    }

    /** The paths of a scope, split on whitespace. */
    public static List<String> scopeTokens(String scope) {
        List<String> out = new ArrayList<>();
        for (String token : scope.strip().split("\\s+")) {
            if (!token.isEmpty()) {
                out.add(token);
            }
        }
        return out;
    }
}
