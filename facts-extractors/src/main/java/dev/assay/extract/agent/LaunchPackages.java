package dev.assay.extract.agent;

import com.google.re2j.Pattern;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Finds package versions pinned in an MCP server's launch line ({@code npx -y pkg@1.2.3}, {@code uvx pkg==1.0},
 * {@code uvx --from pkg==1.0 cmd}, {@code pipx run --spec …}), using the launchers and spec syntaxes of the known
 * locations table. A launch without an exact version yields nothing: it is not an installed package.
 */
final class LaunchPackages {

    /** One word of a launch line with the file and line of the config it was read from. */
    record Token(String text, int line, String file) {
    }

    /** A pinned package and the token it was read from. */
    record Pin(String ecosystem, String name, String version, Token token) {
    }

    private record Syntax(List<String> separators, Pattern name, Pattern version) {
    }

    private final List<KnownLocations.Launcher> launchers;
    private final Map<String, Syntax> syntaxes = new LinkedHashMap<>();

    LaunchPackages(List<KnownLocations.Launcher> launchers, Map<String, KnownLocations.PackageSyntax> packages) {
        this.launchers = List.copyOf(launchers);
        for (Map.Entry<String, KnownLocations.PackageSyntax> e : packages.entrySet()) {
            KnownLocations.PackageSyntax s = e.getValue();
            syntaxes.put(e.getKey(), new Syntax(List.copyOf(s.separators()), s.namePattern(), s.versionPattern()));
        }
    }

    /** The pins of the first launcher found in the launch line (a wrapper such as {@code cmd /c} may precede it). */
    List<Pin> pins(List<Token> line) {
        for (int start = 0; start < line.size(); start++) {
            for (KnownLocations.Launcher launcher : launchers) {
                if (startsWith(line, start, launcher.runner())) {
                    return readAfter(line, start + launcher.runner().size(), launcher);
                }
            }
        }
        return List.of();
    }

    /** The launcher that begins the launch line (after any wrapper), if one of the table's launchers does. */
    Optional<KnownLocations.Launcher> launcher(List<Token> line) {
        for (int start = 0; start < line.size(); start++) {
            for (KnownLocations.Launcher launcher : launchers) {
                if (startsWith(line, start, launcher.runner())) {
                    return Optional.of(launcher);
                }
            }
        }
        return Optional.empty();
    }

    private static boolean startsWith(List<Token> line, int start, List<String> runner) {
        if (start + runner.size() > line.size()) {
            return false;
        }
        for (int i = 0; i < runner.size(); i++) {
            String word = i == 0 ? executableName(line.get(start).text()) : line.get(start + i).text();
            if (!word.equals(runner.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** The program name without folders or a Windows launcher suffix: C:\\nodejs\\npx.cmd gives npx. */
    static String executableName(String word) {
        String name = word.substring(Math.max(word.lastIndexOf('/'), word.lastIndexOf('\\')) + 1)
                .toLowerCase(Locale.ROOT);
        for (String suffix : List.of(".cmd", ".exe", ".bat", ".ps1")) {
            if (name.endsWith(suffix)) {
                return name.substring(0, name.length() - suffix.length());
            }
        }
        return name;
    }

    private List<Pin> readAfter(List<Token> line, int from, KnownLocations.Launcher launcher) {
        List<Pin> pins = new ArrayList<>();
        boolean packageNamed = false;
        int i = from;
        while (i < line.size()) {
            Token token = line.get(i);
            String t = token.text();
            if (t.equals("--")) {
                if (!packageNamed && i + 1 < line.size()) {
                    spec(line.get(i + 1), launcher.ecosystem(), pins);
                }
                break;
            }
            if (t.length() > 1 && t.startsWith("-")) {
                String option = t;
                String value = null;
                Token valueToken = token;
                int eq = t.indexOf('=');
                if (t.startsWith("--") && eq > 0) {
                    option = t.substring(0, eq);
                    value = t.substring(eq + 1);
                }
                boolean takesPackage = launcher.packageOptions().contains(option);
                if (takesPackage || launcher.valueOptions().contains(option)) {
                    if (value == null && i + 1 < line.size()) {
                        valueToken = line.get(++i);
                        value = valueToken.text();
                    }
                    if (takesPackage && value != null) {
                        packageNamed = true;
                        spec(new Token(value, valueToken.line(), valueToken.file()), launcher.ecosystem(), pins);
                    }
                }
                i++;
                continue;
            }
            if (!packageNamed) {
                spec(token, launcher.ecosystem(), pins);
            }
            break;
        }
        return pins;
    }

    private void spec(Token token, String ecosystem, List<Pin> pins) {
        Syntax syntax = syntaxes.get(ecosystem);
        String spec = token.text().strip();
        for (String separator : syntax.separators()) {
            int at = spec.indexOf(separator, 1);
            if (at < 0) {
                continue;
            }
            String name = spec.substring(0, at).strip();
            String version = spec.substring(at + separator.length()).strip();
            if ("pypi".equals(ecosystem)) {
                int extras = name.indexOf('[');
                if (extras > 0 && name.endsWith("]")) {
                    name = name.substring(0, extras);
                }
            }
            if (!syntax.name().matches(name) || !syntax.version().matches(version)) {
                return;
            }
            if (version.startsWith("v")) {
                version = version.substring(1);
            }
            pins.add(new Pin(ecosystem, normalName(ecosystem, name), version, token));
            return;
        }
    }

    /** npm names as written; PyPI names normalised (lower case, runs of '-', '_', '.' as one '-'). */
    static String normalName(String ecosystem, String name) {
        if (!"pypi".equals(ecosystem)) {
            return name;
        }
        return name.toLowerCase(Locale.ROOT).replaceAll("[-_.]+", "-");
    }
}
