package io.paradigmlab.lab.reaper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.paradigmlab.lab.api.Ports;
import io.paradigmlab.lab.reaper.OrphanReaper.Outcome;
import io.paradigmlab.lab.reaper.OrphanReaper.Report;
import io.paradigmlab.lab.reaper.OrphanReaper.Result;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reaper on real processes: stand-in servers ({@code sleep}, a JVM holding a port) recorded under an owner that
 * was a real process and has ended, or one that still runs.
 */
class OrphanReaperTest {

    @TempDir
    Path temp;

    private final ByteArrayOutputStream warnings = new ByteArrayOutputStream();
    private ServerRegistry registry;
    private final List<Process> started = new ArrayList<>();

    @BeforeEach
    void registry() {
        registry = new ServerRegistry(temp.resolve("servers"), new PrintStream(warnings, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void stopWhatIsLeft() {
        for (Process process : started) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    @Test
    void stopsTheServersOfAnOwnerThatIsGoneDeletesTheirDataAndSaysSo() throws Exception {
        ProcessIdentity owner = goneOwner();
        int port = Ports.free();
        Process service = portHolder(port);
        Process redis = start("sleep", "300");
        Process postgres = start("sleep", "300");
        Path data = temp.resolve("work").resolve("postgres-1");
        Files.createDirectories(data.resolve("base"));
        Files.writeString(data.resolve("PG_VERSION"), "17\n");
        record(ServerKind.SERVICE_JVM, service, owner, List.of(port), null, "store");
        record(ServerKind.REDIS, redis, owner, List.of(), null, "embedded");
        record(ServerKind.POSTGRES, postgres, owner, List.of(), data, "embedded");

        Report report = new OrphanReaper(registry, Duration.ofSeconds(10)).reap();

        assertThat(report.lines()).hasSize(4);
        assertThat(report.lines().getFirst())
                .isEqualTo("lab: stopped 3 servers left by a lab process that is gone (pid " + owner.pid() + "):");
        assertThat(report.lines().get(1)).isEqualTo("  service JVM pid " + service.pid() + ", port " + port + " (store)");
        assertThat(report.lines().get(2)).isEqualTo("  Redis pid " + redis.pid() + " (embedded)");
        // SIGINT may be ignored by what this JVM starts (a JVM started in the background of a shell without job
        // control passes that on): the stand-in may then need SIGKILL, which the real postmaster does not
        assertThat(report.lines().get(3)).startsWith("  PostgreSQL pid " + postgres.pid() + " (embedded), ")
                .endsWith(", data deleted");
        for (Process server : List.of(service, redis, postgres)) {
            assertThat(server.waitFor(5, TimeUnit.SECONDS)).as("pid %d stopped", server.pid()).isTrue();
        }
        assertThatCode(() -> Ports.requireFree(port, "the stand-in service")).doesNotThrowAnyException();
        assertThat(data).doesNotExist();
        assertThat(registry.recordFiles()).isEmpty();
    }

    @Test
    void stopsStageByStageAndKillsWhatIgnoresItsSignalWithWhatItForked() throws Exception {
        ProcessIdentity owner = goneOwner();
        // they ignore SIGTERM and SIGINT (ignored dispositions survive exec): only SIGKILL after the grace ends them
        Process service = start("sh", "-c", "trap '' TERM INT; exec sleep 300");
        Process proxy = start("sh", "-c", "trap '' TERM INT; exec sleep 300");
        Process postgres = start("sh", "-c", "trap '' TERM INT; sleep 300 & exec sleep 300");
        ProcessHandle fork = awaitChild(postgres);
        record(ServerKind.POSTGRES, postgres, owner, List.of(), null, "embedded");
        record(ServerKind.TOXIPROXY, proxy, owner, List.of(), null, "latency");
        record(ServerKind.SERVICE_JVM, service, owner, List.of(), null, "user");

        Map<String, Long> endedAt = new ConcurrentHashMap<>();
        CompletableFuture<Report> reaping = CompletableFuture.supplyAsync(
                () -> new OrphanReaper(registry, Duration.ofSeconds(1)).reap());
        long start = System.nanoTime();
        while (!reaping.isDone() || endedAt.size() < 3) {
            for (Map.Entry<String, Process> server : Map.of("service", service, "proxy", proxy, "postgres", postgres)
                    .entrySet()) {
                if (!server.getValue().isAlive()) {
                    endedAt.putIfAbsent(server.getKey(), System.nanoTime() - start);
                }
            }
            assertThat(System.nanoTime() - start).as("reaping time").isLessThan(Duration.ofSeconds(30).toNanos());
            Thread.sleep(10);
        }
        Report report = reaping.get();

        assertThat(endedAt.get("service")).isLessThan(endedAt.get("proxy"));
        assertThat(endedAt.get("proxy")).isLessThan(endedAt.get("postgres"));
        assertThat(report.outcomes()).extracting(Outcome::result).containsOnly(Result.STOPPED);
        assertThat(report.outcomes()).allMatch(Outcome::killed);
        assertThat(report.lines()).contains("  PostgreSQL pid " + postgres.pid()
                + " (embedded), killed (SIGKILL) after the grace period");
        assertThat(awaitEnd(fork)).as("what the postmaster stand-in forked is gone too").isTrue();
    }

    @Test
    void leavesTheServersOfALiveOwnerAloneAndTakesNoLockForThem() throws Exception {
        Process liveOwner = start("sleep", "300");
        Process server = start("sleep", "300");
        Path data = Files.createDirectories(temp.resolve("work").resolve("mariadb-1"));
        record(ServerKind.MARIADB, server, ProcessIdentity.of(liveOwner.toHandle()), List.of(), data, "embedded");

        Report report = new OrphanReaper(registry, Duration.ofSeconds(1)).reap();

        assertThat(report.isEmpty()).isTrue();
        assertThat(server.isAlive()).isTrue();
        assertThat(data).isDirectory();
        assertThat(registry.recordFiles()).hasSize(1);
        assertThat(registry.folder().resolve(OrphanReaper.LOCK_FILE)).as("the quick look found nothing to do")
                .doesNotExist();
    }

    @Test
    void neverSignalsAProcessThatNowHasARecordedPid() throws Exception {
        ProcessIdentity owner = goneOwner();
        Process other = start("sleep", "300");
        ProcessIdentity actual = ProcessIdentity.of(other.toHandle());
        // the record of a server that had this pid an hour ago, before the process that has it now
        ProcessIdentity earlier = new ProcessIdentity(actual.pid(), actual.started().minus(Duration.ofHours(1)),
                actual.startTicks() < 0 ? -1 : actual.startTicks() - 360_000, actual.boot());
        Path data = Files.createDirectories(temp.resolve("work").resolve("postgres-2"));
        registry.write(new ServerRecord(ServerKind.POSTGRES, earlier, owner, List.of(), data, "embedded"));

        Report report = new OrphanReaper(registry, Duration.ofSeconds(1)).reap();

        assertThat(other.isAlive()).isTrue();
        assertThat(report.outcomes()).extracting(Outcome::result).containsExactly(Result.PID_REUSED);
        assertThat(report.lines()).containsExactly("lab: PostgreSQL pid " + actual.pid() + " (embedded), left by a lab"
                + " process that is gone (pid " + owner.pid() + "), had already stopped; its pid belongs to another"
                + " process now, left alone; data deleted");
        assertThat(data).doesNotExist();
        assertThat(registry.recordFiles()).isEmpty();
    }

    @Test
    void aServerAlreadyGoneIsJustRemovedAndItsDataDeleted() throws Exception {
        ProcessIdentity owner = goneOwner();
        ProcessIdentity goneRedis = goneOwner();
        ProcessIdentity gonePostgres = goneOwner();
        Path data = Files.createDirectories(temp.resolve("work").resolve("postgres-3").resolve("base"));
        registry.write(new ServerRecord(ServerKind.REDIS, goneRedis, owner, List.of(6379), null, "embedded"));
        registry.write(new ServerRecord(ServerKind.POSTGRES, gonePostgres, owner, List.of(5432), data.getParent(),
                "embedded"));

        Report report = new OrphanReaper(registry, Duration.ofSeconds(1)).reap();

        assertThat(report.outcomes()).extracting(Outcome::result).containsOnly(Result.ALREADY_GONE);
        assertThat(report.lines()).as("only the one whose data was deleted is worth a line").containsExactly(
                "lab: PostgreSQL pid " + gonePostgres.pid() + ", port 5432 (embedded), left by a lab process that is"
                        + " gone (pid " + owner.pid() + "), had already stopped; data deleted");
        assertThat(data.getParent()).doesNotExist();
        assertThat(registry.recordFiles()).isEmpty();
    }

    @Test
    void anUnreadableRecordIsReportedAndRemovedAndTheOthersStillCount() throws Exception {
        Files.createDirectories(registry.folder());
        Files.writeString(registry.folder().resolve("broken.json"), "{not json");
        Files.writeString(registry.folder().resolve("partial.json"), "{\"kind\": \"postgres\"}");
        Process server = start("sleep", "300");
        record(ServerKind.REDIS, server, goneOwner(), List.of(), null, "embedded");

        Report report = new OrphanReaper(registry, Duration.ofSeconds(5)).reap();

        assertThat(report.lines()).anyMatch(line -> line.startsWith("lab: removed "
                + registry.folder().resolve("broken.json") + ", not a record of a server (not JSON"));
        assertThat(report.lines()).contains("lab: removed " + registry.folder().resolve("partial.json")
                + ", not a record of a server (no 'process' object)");
        assertThat(report.outcomes()).extracting(Outcome::result).containsExactly(Result.STOPPED);
        assertThat(server.waitFor(5, TimeUnit.SECONDS)).isTrue();
        assertThat(registry.recordFiles()).isEmpty();
    }

    @Test
    void twoReapersAtOnceStopEachServerOnce() throws Exception {
        ProcessIdentity owner = goneOwner();
        List<Process> servers = List.of(start("sleep", "300"), start("sleep", "300"), start("sleep", "300"));
        for (Process server : servers) {
            record(ServerKind.SERVICE_JVM, server, owner, List.of(), null, "service");
        }
        CountDownLatch go = new CountDownLatch(1);
        List<Outcome> outcomes = new ArrayList<>();
        try (ExecutorService threads = Executors.newFixedThreadPool(2)) {
            List<Future<Report>> reapers = Stream.generate(() -> threads.submit(() -> {
                go.await();
                return new OrphanReaper(new ServerRegistry(registry.folder()), Duration.ofSeconds(5)).reap();
            })).limit(2).toList();
            go.countDown();
            for (Future<Report> reaper : reapers) {
                outcomes.addAll(reaper.get(30, TimeUnit.SECONDS).outcomes());
            }
        }

        assertThat(outcomes).extracting(Outcome::result).containsExactly(Result.STOPPED, Result.STOPPED,
                Result.STOPPED);
        assertThat(outcomes).extracting(outcome -> outcome.record().process().pid())
                .containsExactlyInAnyOrderElementsOf(servers.stream().map(Process::pid).toList());
    }

    @Test
    void aRecordedDataFolderIsDeletedOnlyWhenItLooksLikeOne() throws Exception {
        assertThat(OrphanReaper.refusal(Path.of("/tmp"))).isNotNull();
        assertThat(OrphanReaper.refusal(Path.of(System.getProperty("user.home")))).isNotNull();
        Path real = Files.createDirectories(temp.resolve("work").resolve("postgres-4"));
        assertThat(OrphanReaper.refusal(real)).isNull();
        Path link = Files.createSymbolicLink(temp.resolve("work").resolve("link"), real);
        assertThat(OrphanReaper.refusal(link)).isEqualTo("not a folder");
    }

    private void record(ServerKind kind, Process server, ProcessIdentity owner, List<Integer> ports, Path data,
                        String description) {
        registry.write(new ServerRecord(kind, ProcessIdentity.of(server.toHandle()), owner, ports, data, description));
    }

    private Process start(String... command) throws IOException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        started.add(process);
        return process;
    }

    /** A JVM listening on {@code port}, returned once it does. */
    private Process portHolder(int port) throws IOException {
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                PortHolder.class.getName(), Integer.toString(port)).redirectErrorStream(true).start();
        started.add(process);
        String first = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))
                .readLine();
        assertThat(first).isEqualTo("listening");
        return process;
    }

    /** The identity of a real process that has ended: a lab process that is gone. */
    static ProcessIdentity goneOwner() throws Exception {
        Process process = new ProcessBuilder("sleep", "30").start();
        ProcessIdentity identity = ProcessIdentity.of(process.toHandle());
        process.destroy();
        assertThat(process.waitFor(5, TimeUnit.SECONDS)).isTrue();
        return identity;
    }

    private static ProcessHandle awaitChild(Process process) throws InterruptedException {
        for (int i = 0; i < 200; i++) {
            var child = process.children().findFirst();
            if (child.isPresent()) {
                return child.get();
            }
            Thread.sleep(10);
        }
        throw new AssertionError("pid " + process.pid() + " forked nothing");
    }

    private static boolean awaitEnd(ProcessHandle process) throws InterruptedException {
        for (int i = 0; i < 500; i++) {
            if (ProcessIdentity.Stat.read(process.pid()) == null || ProcessIdentity.Stat.read(process.pid()).zombie()
                    || !process.isAlive()) {
                return true;
            }
            Thread.sleep(10);
        }
        return false;
    }
}
