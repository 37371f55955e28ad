package dev.assay.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher {@code ./assay} in a copy of a checkout with a stand-in JDK and Maven (shell scripts that record their
 * arguments and write the files the real ones would): which JVM it picks, when it makes, uses, remakes or gives up the
 * class-data archive or AOT cache, that none of those ever fails the command, and which checkout folder it names to the
 * JVM however it is started. Nothing here runs a real JVM or build.
 */
class LauncherTest {

    private static final Path LAUNCHER = Path.of("..", "assay").toAbsolutePath().normalize();
    private static final Instant BUILT = Instant.now().minusSeconds(3_600);

    @TempDir
    Path dir;

    private Path root;
    private Path target;
    private Path log;

    @BeforeEach
    void checkout() throws IOException {
        root = Files.createDirectories(dir.resolve("checkout"));
        target = root.resolve("cli/target");
        log = dir.resolve("calls.log");
        Files.copy(LAUNCHER, root.resolve("assay"), StandardCopyOption.COPY_ATTRIBUTES);
        write(root.resolve("pom.xml"), "<project/>\n");
        write(root.resolve("cli/pom.xml"), "<project/>\n");
        write(root.resolve("cli/src/main/java/Main.java"), "class Main {}\n");
        write(root.resolve("examples/openclaw-home/openclaw.json"), "{}\n");
        write(target.resolve("assay-cli-0.1.0.jar"), "jar\n");
        write(target.resolve("lib/b.jar"), "jar\n");
        write(target.resolve("lib/a.jar"), "jar\n");
        // Sources older than the jar: the build is current.
        for (String source : List.of("pom.xml", "cli/pom.xml", "cli/src/main/java/Main.java")) {
            Files.setLastModifiedTime(root.resolve(source), FileTime.from(BUILT.minusSeconds(600)));
        }
        for (String built : List.of("assay-cli-0.1.0.jar", "lib/a.jar", "lib/b.jar")) {
            Files.setLastModifiedTime(target.resolve(built), FileTime.from(BUILT));
        }
        // A stand-in java: records its arguments; writes what a training run or a dump would write; fails those when
        // the file "fail" exists.
        for (String release : List.of("17", "25")) {
            Path home = dir.resolve("jdk" + release);
            write(home.resolve("release"), "IMPLEMENTOR=\"test\"\nJAVA_VERSION=\"" + release + ".0.1\"\n");
            executable(home.resolve("bin/java"), """
                    #!/usr/bin/env bash
                    printf 'java %s\\n' "$*" >>"$CALLS"
                    for a in "$@"; do
                      case $a in
                        -XX:AOTCacheOutput=*|-XX:DumpLoadedClassList=*)
                          [[ -f $FAKE/fail ]] && exit 1
                          printf 'java/lang/Object\\ndev/assay/cli/Main\\n' >"${a#*=}" ;;
                        -XX:SharedArchiveFile=*) [[ " $* " == *" -Xshare:dump "* ]] && printf 'archive\\n' >"${a#*=}" ;;
                      esac
                    done
                    exit 0
                    """);
        }
        executable(dir.resolve("bin/mvn"), """
                #!/usr/bin/env bash
                printf 'mvn %s\\n' "$*" >>"$CALLS"
                mkdir -p cli/target/lib && printf 'jar\\n' >cli/target/assay-cli-0.1.0.jar && printf 'jar\\n' >cli/target/lib/a.jar
                """);
    }

    @Test
    void makesTheAotCacheOnceWithJdk25ThenUsesItWithoutCheckingAgain() throws Exception {
        Run first = run(Map.of("JAVA_HOME", jdk(25)), "scan", "x");
        assertEquals(0, first.code, first.stderr);
        assertTrue(first.stderr.contains("creating the ahead-of-time cache"), first.stderr);
        assertEquals(3, first.calls.size(), first.calls.toString()); // training, check, the command
        assertTrue(first.calls.get(0).contains("-XX:AOTCacheOutput=" + target.resolve("assay.aot.tmp")));
        assertTrue(first.calls.get(1).contains("-XX:AOTMode=on"));
        assertTrue(first.command().contains(" -XX:AOTCache=" + target.resolve("assay.aot") + " "), first.command());
        assertTrue(first.command().endsWith("dev.assay.cli.Main scan x"), first.command());
        assertEquals(dir.resolve("jdk25/bin/java").toString() + "\n", Files.readString(target.resolve("assay.aot.jvm")));

        Run second = run(Map.of("JAVA_HOME", jdk(25)), "scan", "x");
        assertEquals("", second.stderr);
        assertEquals(List.of(first.command()), second.calls);
    }

    @Test
    void remakesTheCacheWhenAJarIsNewerOrAnotherJdkMadeIt() throws Exception {
        run(Map.of("JAVA_HOME", jdk(25)), "--version");
        Files.setLastModifiedTime(target.resolve("lib/b.jar"), FileTime.from(Instant.now().plusSeconds(60)));
        Run stale = run(Map.of("JAVA_HOME", jdk(25)), "--version");
        assertEquals(3, stale.calls.size(), stale.calls.toString());
        assertTrue(stale.command().contains("-XX:AOTCache="), stale.command());

        Files.writeString(target.resolve("assay.aot.jvm"), "/elsewhere/bin/java\n");
        Run otherJdk = run(Map.of("JAVA_HOME", jdk(25)), "--version");
        assertEquals(3, otherJdk.calls.size(), otherJdk.calls.toString());
        assertEquals(dir.resolve("jdk25/bin/java").toString() + "\n", Files.readString(target.resolve("assay.aot.jvm")));
    }

    @Test
    void aFailedCacheNeverFailsTheCommandAndIsNotRetriedUntilTheNextBuild() throws Exception {
        write(dir.resolve("fail"), "");
        Run failed = run(Map.of("JAVA_HOME", jdk(25)), "scan", "x");
        assertEquals(0, failed.code);
        assertTrue(failed.stderr.contains("no ahead-of-time cache"), failed.stderr);
        assertFalse(failed.command().contains("AOTCache"), failed.command());
        assertFalse(Files.exists(target.resolve("assay.aot")));
        assertTrue(Files.exists(target.resolve("assay.aot.failed")));

        Run again = run(Map.of("JAVA_HOME", jdk(25)), "scan", "x");
        assertEquals("", again.stderr);
        assertEquals(1, again.calls.size(), again.calls.toString());
        assertFalse(again.command().contains("AOTCache"), again.command());
    }

    @Test
    void jdk17MakesAndUsesTheClassDataArchive() throws Exception {
        Run first = run(Map.of("JAVA_HOME", jdk(17)), "scan", "x");
        assertEquals(0, first.code, first.stderr);
        assertTrue(first.calls.stream().anyMatch(c -> c.contains(" -Xshare:dump ")), first.calls.toString());
        assertTrue(first.command().contains(" -XX:SharedArchiveFile=" + target.resolve("assay.jsa") + " "));
        assertFalse(first.command().contains("--enable-native-access"), first.command());
        Run second = run(Map.of("JAVA_HOME", jdk(17)), "scan", "x");
        assertEquals(List.of(first.command()), second.calls);
    }

    @Test
    void withoutCdsNoCacheIsMadeOrUsed() throws Exception {
        Run run = run(Map.of("JAVA_HOME", jdk(25), "ASSAY_CDS", "0"), "scan", "x");
        assertEquals(List.of(run.command()), run.calls);
        assertFalse(run.command().contains("AOTCache"), run.command());
        assertFalse(Files.exists(target.resolve("assay.aot")));
    }

    @Test
    void noJavaIsOneLineAndExitCodeOne() throws Exception {
        Run run = run(Map.of("JAVA_HOME", dir.resolve("nothing").toString()), "scan", "x");
        assertEquals(1, run.code);
        assertEquals("assay: no Java found: install a JDK 17 or set JAVA_HOME\n", run.stderr);
        assertTrue(run.calls.isEmpty());
    }

    @Test
    void namesTheCanonicalCheckoutHoweverItIsStarted() throws Exception {
        Path real = root.toRealPath();
        String classpath = " -cp " + real.resolve("cli/target/assay-cli-0.1.0.jar") + ":" + real.resolve("cli/target/lib/a.jar")
                + ":" + real.resolve("cli/target/lib/b.jar") + " ";
        String treeSitter = " -Dtree-sitter-lib=" + real.resolve("cli/target/tree-sitter") + " ";
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Path linkedScript = Files.createSymbolicLink(elsewhere.resolve("assay"), root.resolve("assay"));
        Path linkedFolder = Files.createSymbolicLink(dir.resolve("linked-checkout"), root);
        List<List<String>> starts = List.of(
                List.of(root.resolve("assay").toString()), // first run: no class path written yet
                List.of(root.resolve("assay").toString()),
                List.of("bash", "../checkout/assay"),
                List.of(linkedScript.toString()),
                List.of(linkedFolder.resolve("assay").toString()),
                List.of("bash", "assay"));
        for (List<String> start : starts) {
            Path cwd = start.get(start.size() - 1).equals("assay") ? root : elsewhere;
            Run run = run(cwd, Map.of("JAVA_HOME", jdk(25), "ASSAY_CDS", "0"), start, "scan", "x");
            assertEquals(0, run.code, start + ": " + run.stderr);
            assertTrue(run.command().contains(classpath), start + ": " + run.command());
            assertTrue(run.command().contains(treeSitter), start + ": " + run.command());
        }
        assertEquals(classpath.substring(" -cp ".length()).strip() + "\n",
                Files.readString(target.resolve("classpath.txt")));
    }

    @Test
    void rebuildsWhenASourceIsNewerThanTheJar() throws Exception {
        Map<String, String> env = Map.of("JAVA_HOME", jdk(25), "ASSAY_CDS", "0", "ASSAY_NO_BUILD", "");
        Run current = run(env, "scan", "x");
        assertEquals(1, current.calls.size(), current.calls.toString());

        Files.setLastModifiedTime(root.resolve("cli/src/main/java/Main.java"), FileTime.from(Instant.now()));
        Run rebuilt = run(env, "scan", "x");
        assertEquals(0, rebuilt.code, rebuilt.stderr);
        assertTrue(rebuilt.calls.get(0).startsWith("mvn -q -o package -DskipTests -pl cli -am"), rebuilt.calls.toString());
        assertFalse(Files.exists(target.resolve("lib/b.jar")), "lib/ is made afresh by a build");
        assertTrue(rebuilt.command().contains(" -cp " + root.toRealPath().resolve("cli/target/assay-cli-0.1.0.jar") + ":"
                + root.toRealPath().resolve("cli/target/lib/a.jar") + " "), rebuilt.command());

        Run afterwards = run(env, "scan", "x");
        assertEquals(1, afterwards.calls.size(), afterwards.calls.toString());
    }

    private String jdk(int release) {
        return dir.resolve("jdk" + release).toString();
    }

    private record Run(int code, String stderr, List<String> calls) {
        /** The last JVM started: the command itself. */
        String command() {
            return calls.isEmpty() ? "" : calls.get(calls.size() - 1);
        }
    }

    private Run run(Map<String, String> env, String... args) throws Exception {
        return run(dir, env, List.of(root.resolve("assay").toString()), args);
    }

    private Run run(Path cwd, Map<String, String> env, List<String> start, String... args) throws Exception {
        Files.deleteIfExists(log);
        List<String> command = new ArrayList<>(start);
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile());
        Map<String, String> environment = builder.environment();
        environment.keySet().removeIf(k -> k.startsWith("ASSAY_") || k.equals("JAVA_HOME"));
        environment.put("ASSAY_NO_BUILD", "1");
        environment.put("CALLS", log.toString());
        environment.put("FAKE", dir.toString());
        environment.put("PATH", dir.resolve("bin") + ":" + System.getenv("PATH"));
        environment.putAll(env);
        if ("".equals(env.get("ASSAY_NO_BUILD"))) {
            environment.remove("ASSAY_NO_BUILD");
        }
        Path err = dir.resolve("stderr.txt");
        Process process = builder.redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the launcher did not end");
        List<String> calls = Files.exists(log) ? Files.readAllLines(log) : List.of();
        return new Run(process.exitValue(), Files.readString(err), calls);
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    private static void executable(Path file, String text) throws IOException {
        write(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
