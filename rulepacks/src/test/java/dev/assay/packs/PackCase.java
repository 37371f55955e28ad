package dev.assay.packs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * One fixture case of a pack: {@code tests/cases/<name>/target/} and {@code expect.yaml} with the rule ids that must
 * fire ({@code ruleid}), must not fire ({@code ok}), optional file {@code modes} and optional {@code score} /
 * {@code attestation}. Git does not keep file modes, so the case's target is copied with every file 0600 (folders
 * 0700) before the modes the case names are applied. Git cannot hold a folder named {@code .git}, so fixtures name it
 * {@code dot-git} and the copy restores the name.
 */
record PackCase(String name, Path folder, List<String> ruleid, List<String> ok, Map<String, String> modes,
        Integer score, Boolean attestation) {

    static List<PackCase> all(Path packVersionDir) throws IOException {
        Path cases = packVersionDir.resolve("tests/cases");
        List<PackCase> out = new ArrayList<>();
        if (!Files.isDirectory(cases)) {
            return out;
        }
        try (Stream<Path> s = Files.list(cases)) {
            for (Path c : s.sorted().toList()) {
                out.add(read(c));
            }
        }
        return out;
    }

    static PackCase read(Path folder) throws IOException {
        JsonNode n = new ObjectMapper(new YAMLFactory()).readTree(folder.resolve("expect.yaml").toFile());
        Map<String, String> modes = new TreeMap<>();
        n.path("modes").fields().forEachRemaining(e -> modes.put(e.getKey(), e.getValue().asText()));
        return new PackCase(folder.getFileName().toString(), folder, strings(n.path("ruleid")), strings(n.path("ok")),
                modes, n.has("score") ? n.get("score").asInt() : null,
                n.has("attestation") ? n.get("attestation").asBoolean() : null);
    }

    private static List<String> strings(JsonNode n) {
        List<String> out = new ArrayList<>();
        n.forEach(v -> out.add(v.asText()));
        return out;
    }

    /** Copies the case's target into {@code into} with owner-only modes, then applies the case's modes. */
    Path materialise(Path into) throws IOException {
        Path src = folder.resolve("target");
        Path dst = into.resolve(name);
        try (Stream<Path> walk = Files.walk(src)) {
            for (Path p : walk.sorted().toList()) {
                Path t = dst.resolve(src.relativize(p).toString().replace("dot-git", ".git"));
                if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(t);
                    Files.setPosixFilePermissions(t, PosixFilePermissions.fromString("rwx------"));
                } else {
                    Files.copy(p, t);
                    Files.setPosixFilePermissions(t, PosixFilePermissions.fromString("rw-------"));
                }
            }
        }
        for (Map.Entry<String, String> m : modes.entrySet()) {
            int mode = Integer.parseInt(m.getValue(), 8);
            Files.setPosixFilePermissions(dst.resolve(m.getKey()), PosixFilePermissions.fromString(perm(mode)));
        }
        return dst;
    }

    private static String perm(int mode) {
        String bits = "rwxrwxrwx";
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 9; i++) {
            b.append((mode & (1 << (8 - i))) != 0 ? bits.charAt(i) : '-');
        }
        return b.toString();
    }
}
