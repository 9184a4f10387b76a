package io.paradigmlab.lab.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.Ports;
import io.paradigmlab.lab.remote.RemoteServiceTest;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JDK AOT cache of service JVMs, with a real JVM: a plain jar (one that does not know
 * {@code spring.context.exit}) is trained until healthy, the service then starts from the cached copy with
 * {@code -XX:AOTMode=on} (which the JVM refuses to start without a usable cache), the cache is built once and rebuilt
 * when the jar changes.
 */
class AotCacheTest {

    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @TempDir
    Path temp;

    @Test
    void aServiceIsTrainedOnceThenStartsFromItsCacheUntilItsJarChanges() throws Exception {
        Path jar = jarOf(temp.resolve("tiny-service.jar"), HealthOnly.class);
        List<String> notes = new ArrayList<>();
        AotCache aot = AotCache.at(temp.resolve("aot"), notes::add);

        int port = Ports.free();
        List<String> command = List.of(JAVA, "-Xmx512m", "-jar", jar.toString(), Integer.toString(port));
        try (ServiceProcess service = ServiceLauncher.plain().withAot(aot).start("tiny", command,
                temp.resolve("tiny.log"), "http://127.0.0.1:" + port, Duration.ofSeconds(120))) {
            assertThat(service.aot()).isTrue();
            List<String> running = cmdline(service.pid());
            Path dir = aot.cacheDir(JAVA, List.of("-Xmx512m"), jar);
            assertThat(running).contains("-XX:AOTCache=" + dir.resolve("app.aot"), AotCache.STRICT,
                    dir.resolve("app").resolve("tiny-service.jar").toString());
            assertThat(running).doesNotContain(jar.toString());
            assertThat(Files.size(dir.resolve("app.aot"))).isPositive();
            assertThat(Files.readString(dir.resolve("cache.properties"))).contains("jar.sha256=");
        }
        assertThat(notes).filteredOn(n -> n.startsWith("Building")).hasSize(1);

        // the second launch reuses the cache: no training, the same command
        List<String> again = aot.apply("tiny", command, "http://127.0.0.1:" + port, Duration.ofSeconds(120));
        assertThat(notes).filteredOn(n -> n.startsWith("Building")).hasSize(1);
        Path first = aot.cacheDir(JAVA, List.of("-Xmx512m"), jar);
        assertThat(again).contains("-XX:AOTCache=" + first.resolve("app.aot"));

        // a rebuilt jar gets a cache of its own, and the old one goes
        withExtraEntry(jar);
        Path second = aot.cacheDir(JAVA, List.of("-Xmx512m"), jar);
        assertThat(second).isNotEqualTo(first);
        aot.apply("tiny", command, "http://127.0.0.1:" + port, Duration.ofSeconds(120));
        assertThat(second.resolve("app.aot")).exists();
        assertThat(first).doesNotExist();
        assertThat(notes).filteredOn(n -> n.startsWith("Building")).hasSize(2);

        // another collector or object layout is another cache; heap sizes, agents' flags and properties are not
        assertThat(aot.cacheDir(JAVA, List.of("-Xmx512m", "-XX:+UseParallelGC"), jar)).isNotEqualTo(second);
        assertThat(aot.cacheDir(JAVA, List.of("-Xmx512m", "-XX:+UseCompactObjectHeaders"), jar)).isNotEqualTo(second);
        assertThat(aot.cacheDir(JAVA, List.of("-Xmx384m", "-XX:+AllowRedefinitionToAddDeleteMethods",
                "-Dserver.port=1"), jar)).isEqualTo(second);
    }

    @Test
    void theTrainingRunLeavesAgentsAndTheSuitesJitOutAndAJvmWithThemStillStartsFromTheCache() throws Exception {
        Path jar = jarOf(temp.resolve("tiny-service.jar"), HealthOnly.class);
        AotCache aot = AotCache.at(temp.resolve("aot"), note -> { });
        int port = Ports.free();
        List<String> command = List.of(JAVA, "-Xmx512m", "-XX:TieredStopAtLevel=1", "-XX:+EnableDynamicAgentLoading",
                "-XX:+AllowRedefinitionToAddDeleteMethods", "-Dtiny.blockhound=true", "-jar", jar.toString(),
                Integer.toString(port));
        try (ServiceProcess service = ServiceLauncher.plain().withAot(aot).start("tiny", command,
                temp.resolve("tiny.log"), "http://127.0.0.1:" + port, Duration.ofSeconds(120))) {
            // -XX:AOTMode=on: the JVM is up, so it runs from the cache, with the agents' flags
            assertThat(cmdline(service.pid())).contains(AotCache.STRICT, "-XX:+AllowRedefinitionToAddDeleteMethods",
                    "-Dtiny.blockhound=true", "-XX:TieredStopAtLevel=1");
        }
        String training = Files.readString(aot.cacheDir(JAVA, List.of("-Xmx512m"), jar).resolve("training.log"));
        // the JVM that assembles the cache names the training run's flags
        assertThat(training).contains("JAVA_TOOL_OPTIONS", "-Xmx512m")
                .doesNotContain("AllowRedefinitionToAddDeleteMethods", "blockhound", "TieredStopAtLevel");
    }

    @Test
    void aCommandWithoutAJarIsLeftAlone() {
        AotCache aot = AotCache.at(temp.resolve("aot"), note -> { });
        List<String> command = List.of(JAVA, "-cp", "classes", "example.Main");
        assertThat(aot.apply("plain", command, "http://127.0.0.1:1", Duration.ofSeconds(5))).isEqualTo(command);
        assertThat(temp.resolve("aot")).doesNotExist();
    }

    @Test
    void aTrainingRunThatNeverComesUpFailsWithItsLog() throws Exception {
        Path jar = jarOf(temp.resolve("sleeper.jar"), Sleeper.class);
        AotCache aot = AotCache.at(temp.resolve("aot"), note -> { });
        assertThatThrownBy(() -> aot.apply("sleeper", List.of(JAVA, "-jar", jar.toString()),
                "http://127.0.0.1:" + Ports.free(), Duration.ofSeconds(3)))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("The AOT training run of sleeper took more than 3 s")
                .hasMessageContaining("sleeping")
                .hasMessageContaining("--set aot=off");
    }

    @Test
    void onlySpringBootJarsAreExtracted() throws Exception {
        assertThat(AotCache.isSpringBootJar(RemoteServiceTest.tinyServiceJar(temp.resolve("plain.jar")))).isFalse();
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Spring-Boot-Version", "4.0.7");
        Path boot = temp.resolve("boot.jar");
        try (OutputStream out = Files.newOutputStream(boot); JarOutputStream ignored = new JarOutputStream(out, manifest)) {
            // a manifest is enough to tell
        }
        assertThat(AotCache.isSpringBootJar(boot)).isTrue();
    }

    @Test
    void theSettingIsOnUnlessTurnedOffAndNeverReachesTheApplication() {
        assertThat(AotCache.enabledBy(java.util.Map.of())).isTrue();
        assertThat(AotCache.enabledBy(java.util.Map.of("aot", "on"))).isTrue();
        assertThat(AotCache.enabledBy(java.util.Map.of("aot", "off"))).isFalse();
        assertThat(AotCache.withoutSetting(java.util.Map.of("aot", "off", "faithful", "true")))
                .containsExactly(java.util.Map.entry("faithful", "true"));
    }

    /** The smallest service: {@code /actuator/health} on the port given as its first argument. */
    public static final class HealthOnly {
        public static void main(String[] args) throws IOException {
            var server = com.sun.net.httpserver.HttpServer.create(
                    new java.net.InetSocketAddress("127.0.0.1", Integer.parseInt(args[0])), 10);
            server.createContext("/actuator/health", exchange -> {
                byte[] body = "{\"status\":\"UP\"}".getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(200, body.length);
                try (var out = exchange.getResponseBody()) {
                    out.write(body);
                }
            });
            server.start();
        }
    }

    /** A main that only sleeps: neither exits after its context refresh nor answers a health check. */
    public static final class Sleeper {
        public static void main(String[] args) throws InterruptedException {
            System.out.println("sleeping");
            Thread.sleep(600_000);
        }
    }

    private static Path jarOf(Path jar, Class<?> main) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, main.getName());
        String entry = main.getName().replace('.', '/') + ".class";
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest);
             var in = main.getClassLoader().getResourceAsStream(entry)) {
            out.putNextEntry(new JarEntry(entry));
            in.transferTo(out);
            out.closeEntry();
        }
        return jar;
    }

    /** The same jar with one more file: another content, as a rebuild gives. */
    private static void withExtraEntry(Path jar) throws IOException {
        Path copy = jar.resolveSibling("rebuilt.jar");
        try (var in = new java.util.jar.JarFile(jar.toFile());
             OutputStream file = Files.newOutputStream(copy);
             JarOutputStream out = new JarOutputStream(file, in.getManifest())) {
            for (var entries = in.entries(); entries.hasMoreElements(); ) {
                JarEntry e = entries.nextElement();
                if (e.getName().equals("META-INF/MANIFEST.MF")) {
                    continue;
                }
                out.putNextEntry(new JarEntry(e.getName()));
                in.getInputStream(e).transferTo(out);
                out.closeEntry();
            }
            out.putNextEntry(new JarEntry("build.txt"));
            out.write("rebuilt".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        Files.move(copy, jar, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    private static List<String> cmdline(long pid) throws IOException {
        String raw = Files.readString(Path.of("/proc", Long.toString(pid), "cmdline"), StandardCharsets.UTF_8);
        return List.of(raw.split("\0"));
    }
}
