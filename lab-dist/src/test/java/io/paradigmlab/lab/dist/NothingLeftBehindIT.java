package io.paradigmlab.lab.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.fail;

import io.paradigmlab.lab.api.Ports;
import io.paradigmlab.lab.reaper.ProcessIdentity;
import io.paradigmlab.lab.reaper.ServerRegistry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 22, "nothing left behind", end to end on the runnable lab: a real {@code lab up} (the IT store's jdbc-mvc
 * cell: embedded PostgreSQL and Redis and one service JVM, the cheapest deployment) killed with {@code kill -9}, as a
 * CI timeout or an OOM kill does, leaves its servers running; the next lab command ({@code lab list}) stops them,
 * says so, deletes the PostgreSQL data folder, and frees every port.
 */
class NothingLeftBehindIT {

    private static final Duration UP_TIMEOUT = Duration.ofMinutes(3);
    private static final Duration COMMAND_TIMEOUT = Duration.ofMinutes(2);

    private final Path root = Path.of(System.getProperty("lab.home", "..")).toAbsolutePath().normalize();
    private final Path labJar = root.resolve("lab-dist/target/lab-exec.jar");

    @TempDir
    Path temp;

    @Test
    void theNextLabCommandStopsWhatAKilledLabUpLeftRunning() throws Exception {
        assertThat(labJar).as("lab-exec.jar, packaged before integration-test").isRegularFile();
        assertThat(root.resolve("apps/itstore/jdbc-mvc/store/target/itstore-jdbc-mvc-store-exec.jar"))
                .as("the IT store's jdbc-mvc cell: build it first (./mvnw package -DskipTests -pl"
                        + " apps/itstore/jdbc-mvc/store -am)").isRegularFile();
        int storePort = Ports.free();
        Path upLog = temp.resolve("up.log");
        Process up = lab(upLog, "up", "itstore", "--variant", "jdbc-mvc", "--port", "store=" + storePort);
        Map<ProcessIdentity, String> servers = new LinkedHashMap<>();
        try {
            String text = awaitUp(up, upLog);
            int postgresPort = number(text, "PostgreSQL\\s+localhost:(\\d+)");
            int redisPort = number(text, "Redis\\s+redis://127\\.0\\.0\\.1:(\\d+)");
            long storePid = number(text, "store service\\s+\\S+\\s+\\(pid (\\d+)");
            Path upFolder = root.resolve(match(text, "log (\\.lab/up-[^/]+)/"));
            Path postgresData = onlyPostgresData(upFolder.resolve("infra"));
            long postmasterPid = Long.parseLong(Files.readAllLines(postgresData.resolve("postmaster.pid")).getFirst()
                    .strip());
            ProcessHandle postmaster = ProcessHandle.of(postmasterPid).orElseThrow();
            ProcessHandle redis = up.children().filter(p -> p.info().command().orElse("").contains("redis-server"))
                    .findFirst().orElseThrow(() -> new AssertionError("no redis-server among the lab's children"));
            ProcessHandle store = ProcessHandle.of(storePid).orElseThrow();
            List<ProcessIdentity> main = Stream.of(postmaster, redis, store).map(ProcessIdentity::of).toList();
            // everything the lab started: its children (Redis, the service JVM) and the postmaster pg_ctl detached,
            // with the server processes it forked
            Stream.of(up.toHandle().descendants(), Stream.of(postmaster), postmaster.descendants()).flatMap(s -> s)
                    .forEach(p -> servers.put(ProcessIdentity.of(p), p.pid() + " " + p.info().command().orElse("?")));

            up.destroyForcibly(); // SIGKILL: no shutdown hook runs
            assertThat(up.waitFor(30, TimeUnit.SECONDS)).isTrue();
            // the problem: pg_ctl detached the postmaster, and the lab's children were re-parented, all running
            assertThat(main).as("PostgreSQL, Redis and the service JVM after the kill")
                    .allMatch(server -> server.state() == ProcessIdentity.State.RUNNING);
            for (int port : List.of(storePort, postgresPort, redisPort)) {
                assertThat(taken(port)).as("port %d after the kill", port).isTrue();
            }

            long began = System.nanoTime();
            Path listLog = temp.resolve("list.log");
            Process list = lab(listLog, "list");
            assertThat(list.waitFor(COMMAND_TIMEOUT.toSeconds(), TimeUnit.SECONDS)).as("lab list ended").isTrue();
            String said = Files.readString(listLog);
            System.out.printf("lab list took %.1f s; the reaper said:%n%s%n", (System.nanoTime() - began) / 1e9,
                    String.join("\n", said.lines().filter(line -> line.startsWith("lab:")
                            || line.startsWith("  ") && line.contains(" pid ")).toList()));
            assertThat(list.exitValue()).as(said).isZero();

            assertThat(said).contains("lab: stopped 3 servers left by a lab process that is gone (pid " + up.pid()
                    + "):\n");
            assertThat(said).containsPattern("\n  service JVM pid " + storePid + ", port " + storePort + " \\(.*store.*\\)\n");
            assertThat(said).containsPattern("\n  Redis pid \\d+, port " + redisPort + " \\(embedded\\)\n");
            assertThat(said).as("PostgreSQL stopped by its fast shutdown, not SIGKILL, and its data deleted")
                    .containsPattern("\n  PostgreSQL pid " + postmasterPid + ", port " + postgresPort
                            + " \\(embedded, in [^)]*\\), data deleted\n");
            assertThat(said).as("what lab list itself prints").contains("itstore");

            assertThat(servers.entrySet()).as("the servers and what they forked, gone").allSatisfy(server ->
                    assertThat(server.getKey().state()).as(server.getValue()).isNotEqualTo(ProcessIdentity.State.RUNNING));
            for (int port : List.of(storePort, postgresPort, redisPort)) {
                assertThat(taken(port)).as("port %d after lab list", port).isFalse();
                assertThatCode(() -> Ports.requireFree(port, "a lab server")).doesNotThrowAnyException();
            }
            assertThat(postgresData).doesNotExist();
            assertThat(new ServerRegistry(root.resolve(".lab/servers")).records())
                    .as("no record of the killed lab's servers").noneMatch(r -> r.owner().pid() == up.pid());
        } finally {
            up.destroyForcibly();
            // a failed test must not leave them either
            servers.keySet().forEach(server -> server.running().ifPresent(ProcessHandle::destroyForcibly));
        }
    }

    /** Runs the lab as ./lab does, its output (both streams) into {@code log}. */
    private Process lab(Path log, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "--enable-native-access=ALL-UNNAMED", "-Dlab.home=" + root, "-jar", labJar.toString()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
    }

    private static String awaitUp(Process up, Path log) throws Exception {
        long deadline = System.nanoTime() + UP_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            String text = Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
            if (text.contains("Press Ctrl-C to stop.")) {
                return text;
            }
            if (!up.isAlive()) {
                fail("lab up exited (" + up.exitValue() + ") before it was up:\n" + text);
            }
            Thread.sleep(200);
        }
        return fail("lab up was not up within " + UP_TIMEOUT.toSeconds() + " s:\n" + Files.readString(log));
    }

    private static Path onlyPostgresData(Path infra) throws IOException {
        try (Stream<Path> entries = Files.list(infra)) {
            List<Path> data = entries.filter(p -> p.getFileName().toString().startsWith("postgres-")).toList();
            assertThat(data).as("the embedded PostgreSQL's data folder in " + infra).hasSize(1);
            return data.getFirst();
        }
    }

    private static String match(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertThat(m.find()).as("'%s' in:%n%s", regex, text).isTrue();
        return m.group(1);
    }

    private static int number(String text, String regex) {
        return Integer.parseInt(match(text, regex));
    }

    /** Whether something listens on the loopback port. */
    private static boolean taken(int port) {
        try (var socket = new java.net.Socket()) {
            socket.connect(new java.net.InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
