package dev.assay.engine.pack;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.drools.compiler.kie.builder.impl.InternalKieModule;
import org.drools.model.codegen.ExecutableModelProject;
import org.kie.api.KieServices;
import org.kie.api.builder.KieBuilder;
import org.kie.api.builder.KieFileSystem;
import org.kie.api.builder.Message;
import org.kie.api.builder.ReleaseId;

/**
 * Build-time tool: compiles every shipped pack ({@code <packs>/<id>/<version>/pack.yaml}) into Drools executable-model
 * classes and writes them, with {@code rulepacks/index.yaml}, into the output class folder, so that a scan loads rules
 * without compiling DRL. Needs {@code drools-model-codegen} on its class path; the runtime does not.
 *
 * <p>Usage: {@code PackPrecompiler <packs-folder> <classes-folder>}; exits non-zero with the compiler's messages when a
 * pack does not compile.
 */
public final class PackPrecompiler {

    private PackPrecompiler() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: PackPrecompiler <packs-folder> <classes-folder>");
        }
        Path packs = Path.of(args[0]);
        Path out = Path.of(args[1]);
        List<ShippedPackIndex.Entry> entries = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        for (Path versionDir : packVersions(packs)) {
            try {
                entries.add(precompile(versionDir, out));
            } catch (PackException e) {
                e.problems().forEach(p -> failures.add(packs.relativize(versionDir) + ": " + p));
            }
        }
        if (!failures.isEmpty()) {
            failures.forEach(System.err::println);
            throw new IllegalStateException(failures.size() + " problem(s) in shipped rule packs");
        }
        Path index = out.resolve(ShippedPackIndex.RESOURCE);
        Files.createDirectories(index.getParent());
        Files.writeString(index, new ShippedPackIndex(entries).toYaml(), StandardCharsets.UTF_8);
    }

    static List<Path> packVersions(Path packs) throws IOException {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> ids = Files.newDirectoryStream(packs, Files::isDirectory)) {
            for (Path id : ids) {
                try (DirectoryStream<Path> versions = Files.newDirectoryStream(id, Files::isDirectory)) {
                    for (Path v : versions) {
                        if (Files.isRegularFile(v.resolve("pack.yaml"))) {
                            out.add(v);
                        }
                    }
                }
            }
        }
        out.sort(null);
        return out;
    }

    static ShippedPackIndex.Entry precompile(Path versionDir, Path out) throws PackException, IOException {
        DirectoryPackFiles files = DirectoryPackFiles.open(versionDir);
        LoadedFilesCrc loaded = new LoadedFilesCrc(files);
        RulePack pack = new PackLoader().load(loaded);
        PackCompiler.compile(pack); // the DRL path must accept the pack too, with readable messages if not

        KieServices ks = KieServices.Factory.get();
        ReleaseId release = ks.newReleaseId("dev.assay.pack", pack.manifest().id(), pack.manifest().version());
        KieFileSystem kfs = ks.newKieFileSystem();
        kfs.generateAndWritePomXML(release);
        for (Map.Entry<String, String> src : DrlGenerator.sources(pack).entrySet()) {
            kfs.write("src/main/resources/" + pack.drlPackage().replace('.', '/') + "/" + src.getKey(), src.getValue());
        }
        KieBuilder builder = ks.newKieBuilder(kfs).buildAll(ExecutableModelProject.class);
        List<String> errors = builder.getResults().getMessages(Message.Level.ERROR).stream()
                .map(m -> PackCompiler.describe(m, DrlGenerator.headerLines(pack))).toList();
        if (!errors.isEmpty()) {
            throw new PackException(errors);
        }
        byte[] kjar = ((InternalKieModule) builder.getKieModule()).getBytes();
        List<String> models = new ArrayList<>();
        String modelList = "META-INF/kie/" + release.getGroupId() + "/" + release.getArtifactId() + "/drools-model";
        try (ZipInputStream zip = new ZipInputStream(new ByteArrayInputStream(kjar))) {
            for (ZipEntry e; (e = zip.getNextEntry()) != null;) {
                byte[] bytes = zip.readAllBytes();
                if (e.getName().equals(modelList)) {
                    new String(bytes, StandardCharsets.UTF_8).lines().skip(1).map(String::strip)
                            .filter(l -> !l.isEmpty()).forEach(models::add);
                } else if (e.getName().endsWith(".class") && e.getName().startsWith(pack.drlPackage().replace('.', '/') + "/")) {
                    Path target = out.resolve(e.getName());
                    Files.createDirectories(target.getParent());
                    Files.write(target, bytes);
                }
            }
        }
        if (models.isEmpty()) {
            throw new PackException(pack.manifest().ref() + ": the executable model build produced no model class");
        }
        models.sort(null);
        return new ShippedPackIndex.Entry(pack.manifest().id(), pack.manifest().version(), pack.manifest().scorer(),
                pack.rulesHash(), loaded.value(), models, files.list());
    }
}
