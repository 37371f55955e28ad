package dev.assay.extract.agent;

import dev.assay.engine.spi.Target;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Maps a folder named inside an agent config (an absolute path, or one starting with ~ or $HOME, as it was on the
 * machine the config came from) to a folder of the target, when the target holds it. Never resolves outside the
 * target: candidates with '.' or '..' segments are refused, and the folder must exist in the target.
 */
final class ConfiguredFolder {

    private final Target target;
    private final String base;
    private final boolean baseIsHome;
    private final List<String> stateFolderNames;

    /** {@code stateFolderNames}: names a state dir has in a home folder, tried when the state dir is the target root. */
    ConfiguredFolder(Target target, String base, boolean baseIsHome, List<String> stateFolderNames) {
        this.target = target;
        this.base = base;
        this.baseIsHome = baseIsHome;
        this.stateFolderNames = List.copyOf(stateFolderNames);
    }

    Optional<String> resolve(String configured, String stateDir) {
        for (String candidate : candidates(configured, stateDir)) {
            if (safe(candidate) && target.isDirectory(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    private List<String> candidates(String configured, String stateDir) {
        List<String> out = new ArrayList<>();
        String v = stripTrailingSlash(configured.strip().replace('\\', '/'));
        if (v.isEmpty()) {
            return out;
        }
        List<String> stateNames = stateDir.isEmpty() ? stateFolderNames : List.of(TargetGlob.name(stateDir));
        String homeRelative = null;
        for (String home : List.of("~/", "$HOME/", "${HOME}/")) {
            if (v.startsWith(home)) {
                homeRelative = v.substring(home.length());
            }
        }
        boolean absolute = v.startsWith("/") || (v.length() > 2 && Character.isLetter(v.charAt(0)) && v.charAt(1) == ':'
                && v.charAt(2) == '/');
        if (absolute) {
            String display = stripTrailingSlash(target.displayPath().replace('\\', '/'));
            if ("directory".equals(target.kind()) && display.startsWith("/") && v.startsWith(display + "/")) {
                out.add(v.substring(display.length() + 1));
            }
            homeRelative = homeRelative != null ? homeRelative : afterHomeFolder(v);
        }
        if (homeRelative != null && baseIsHome) {
            out.add(TargetGlob.join(base, homeRelative));
        }
        for (String stateName : stateNames) {
            String marker = "/" + stateName + "/";
            String probe = "/" + (homeRelative != null ? homeRelative : v);
            int at = probe.indexOf(marker);
            if (at >= 0) {
                out.add(TargetGlob.join(stateDir, probe.substring(at + marker.length())));
            }
        }
        return out;
    }

    /** The part after /home/NAME/, /Users/NAME/, /root/ or X:/Users/NAME/, or null. */
    private static String afterHomeFolder(String v) {
        String[] parts = v.split("/");
        int skip;
        if (parts.length > 3 && parts[0].isEmpty() && (parts[1].equals("home") || parts[1].equals("Users"))) {
            skip = 3;
        } else if (parts.length > 2 && parts[0].isEmpty() && parts[1].equals("root")) {
            skip = 2;
        } else if (parts.length > 3 && parts[0].endsWith(":") && parts[1].equalsIgnoreCase("Users")) {
            skip = 3;
        } else {
            return null;
        }
        return String.join("/", Arrays.asList(parts).subList(skip, parts.length));
    }

    private static boolean safe(String path) {
        if (path.isEmpty()) {
            return false;
        }
        for (String segment : path.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                return false;
            }
        }
        return true;
    }

    private static String stripTrailingSlash(String s) {
        String out = s;
        while (out.length() > 1 && out.endsWith("/")) {
            out = out.substring(0, out.length() - 1);
        }
        return out;
    }
}
