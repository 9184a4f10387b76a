package io.paradigmlab.lab.launch;

import io.paradigmlab.lab.infra.LabException;
import io.paradigmlab.lab.metrics.ProcessProbe;
import io.paradigmlab.lab.metrics.ResourceSampler;
import io.paradigmlab.lab.reaper.ServerKind;
import io.paradigmlab.lab.reaper.ServerRegistry;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A service JVM started by the lab: its own process, its log in a file, ready once its health check says UP. While it
 * runs it is recorded in the lab's {@link ServerRegistry} (as an ssh session when a shaper runs it on another host).
 */
public final class ServiceProcess implements AutoCloseable {

    /**
     * JVM flags of every service JVM, whatever the application and variant (docs/adr/0004-equal-settings.md). A
     * fixed heap ceiling keeps memory comparable; G1 is the JDK default, named so a JDK change cannot switch it
     * silently.
     */
    public static final List<String> DEFAULT_JVM_ARGS =
            List.of("-Xms256m", "-Xmx1g", "-XX:+UseG1GC", "-XX:+ExitOnOutOfMemoryError");

    /**
     * JVM flags of the service JVMs the behaviour suites start: {@link #DEFAULT_JVM_ARGS} with the JIT stopped at C1
     * ({@code -XX:TieredStopAtLevel=1}). A suite checks answers, never speed, and its JVMs live for seconds to
     * minutes: C2 compiling code that will not run long is CPU the suites, on a 2-core CI machine, cannot spare (a
     * Spring Boot service starts with about 40 % less CPU). Never for a measurement: campaigns use the defaults.
     */
    public static final List<String> SUITE_JVM_ARGS = java.util.stream.Stream.concat(DEFAULT_JVM_ARGS.stream(),
            java.util.stream.Stream.of("-XX:TieredStopAtLevel=1")).toList();

    /**
     * Changes a service JVM's command before it starts, for every application alike: CPU pinning, profiling agents.
     * Installed by the campaign around the deployments it launches ({@link #shaping}).
     */
    @FunctionalInterface
    public interface Shaper {
        /**
         * The command to run instead of {@code command} (whose first element is the {@code java} executable).
         *
         * @param name the service JVM's name, e.g. {@code gateway} or {@code inventory-2}
         * @param log  the JVM's log file: a shaper may put files of its own beside it
         */
        List<String> shape(String name, List<String> command, Path log);

        /**
         * Where the JVM this shaper started really runs, when that is not the started process itself (a shaper that
         * runs the command on another host over SSH): asked once the service is healthy, and again after each
         * {@link #restart}. Null (the default) when the shaper leaves the JVM where it was.
         *
         * @param log     the JVM's log file, which holds the started process's output
         * @param started the process the lab started (e.g. the ssh client)
         */
        default Elsewhere locate(String name, Path log, Process started) {
            return null;
        }

        /**
         * True for a shaper that moves the JVM elsewhere (runs the whole command over SSH): applied after every
         * other, whenever it was installed, so what the others add (a {@code taskset} prefix, profiling flags)
         * goes with the JVM rather than onto the local client. False by default.
         */
        default boolean outermost() {
            return false;
        }
    }

    /**
     * A service JVM that runs somewhere else than the process the lab started (another host): its own pid there
     * and a probe of its process, so the lab samples the JVM and not the local client that runs it.
     */
    public interface Elsewhere extends AutoCloseable {
        /** The host it runs on, as the lab reaches it. */
        String host();

        /** Its pid on {@link #host()}. */
        long pid();

        /** Its CPU time, RSS and threads now (from that host's /proc), or NaN values when unknown. */
        ProcessProbe.Reading read();

        /** The CPUs it may run on there ({@code Cpus_allowed_list}), or {@code unknown}. */
        String allowedCpus();

        /** Waits up to {@code timeout} for the JVM to be gone, then kills it; true when it had exited by itself. */
        boolean awaitExit(Duration timeout);

        /** Stops probing (not the JVM). */
        @Override
        void close();
    }

    private static final CopyOnWriteArrayList<Shaper> SHAPERS = new CopyOnWriteArrayList<>();

    /**
     * Applies {@code shaper} to every service JVM started until the returned handle is closed (in the order they
     * were installed; {@link Shaper#outermost()} ones after the others). Process-wide: deployments start their JVMs
     * from pools of their own.
     */
    public static AutoCloseable shaping(Shaper shaper) {
        SHAPERS.add(shaper);
        return () -> SHAPERS.remove(shaper);
    }

    private static Elsewhere located(String name, Path log, Process process) {
        for (Shaper shaper : SHAPERS) {
            Elsewhere where = shaper.locate(name, log, process);
            if (where != null) {
                return where;
            }
        }
        return null;
    }

    static List<String> shaped(String name, List<String> command, Path log) {
        List<String> out = List.copyOf(command);
        for (Shaper shaper : SHAPERS) {
            if (!shaper.outermost()) {
                out = List.copyOf(shaper.shape(name, out, log));
            }
        }
        for (Shaper shaper : SHAPERS) {
            if (shaper.outermost()) {
                out = List.copyOf(shaper.shape(name, out, log));
            }
        }
        return out;
    }

    private final String name;
    private final List<String> command;
    /** Replaced by {@link #restart(Duration)}. */
    private volatile Process process;
    private final Path log;
    private final String baseUrl;
    private final Duration startup;
    /** Where the JVM really runs when a shaper moved it ({@link Shaper#locate}), else null; replaced on restart. */
    private volatile Elsewhere elsewhere;
    /** The started process's record in the lab's registry; replaced on restart. */
    private volatile ServerRegistry.Registration record;

    private ServiceProcess(String name, List<String> command, Process process, Path log, String baseUrl,
                           Duration startup, Elsewhere elsewhere, ServerRegistry.Registration record) {
        this.elsewhere = elsewhere;
        this.record = record;
        this.name = name;
        this.command = List.copyOf(command);
        this.process = process;
        this.log = log;
        this.baseUrl = baseUrl;
        this.startup = startup;
    }

    /**
     * {@link #start(String, List, Path, String, Duration)} from {@code aot}'s cached copy of the jar and its AOT cache
     * ({@link AotCache#apply}; built first when there is none, which does not count as start-up time), or as
     * {@code command} says when {@code aot} is null.
     */
    public static ServiceProcess start(String name, List<String> command, Path log, String baseUrl, Duration timeout,
                                       AotCache aot) {
        return start(name, aot == null ? command : aot.apply(name, command, baseUrl, timeout), log, baseUrl, timeout);
    }

    /**
     * Starts {@code command} (as the installed {@link Shaper}s change it), then waits until {@code baseUrl + /actuator/health} answers 200.
     *
     * @throws LabException when the process dies or is not healthy within {@code timeout}; the log's tail is quoted
     */
    public static ServiceProcess start(String name, List<String> command, Path log, String baseUrl, Duration timeout) {
        // shaping may copy files to another host first: not part of the JVM's start-up time
        List<String> actual = shaped(name, command, log);
        Instant began = Instant.now();
        Process process = launch(name, actual, log, false);
        ServerRegistry.Registration record = record(name, actual, process, baseUrl);
        Elsewhere where;
        try {
            awaitHealthy(name, process, log, baseUrl, began.plus(timeout), timeout);
            where = located(name, log, process);
        } catch (RuntimeException e) {
            process.destroyForcibly();
            record.remove();
            throw e;
        }
        return new ServiceProcess(name, actual, process, log, baseUrl, Duration.between(began, Instant.now()), where,
                record);
    }

    /**
     * Stops the JVM (as {@link #close()}) if it still runs, then starts it again with the same command (same port,
     * same settings), its output appended to the same log, and waits until it is healthy. For fault tests: a
     * service that went away comes back where its clients expect it.
     *
     * @throws LabException when the new JVM dies or is not healthy within {@code timeout}
     */
    public synchronized void restart(Duration timeout) {
        close();
        Instant began = Instant.now();
        Process next = launch(name, command, log, true);
        process = next;
        record = record(name, command, next, baseUrl);
        try {
            awaitHealthy(name, next, log, baseUrl, began.plus(timeout), timeout);
        } catch (RuntimeException e) {
            record.remove(); // the JVM is gone: it exited, or was killed for not getting healthy
            throw e;
        }
        elsewhere = located(name, log, next);
    }

    private static Process launch(String name, List<String> command, Path log, boolean append) {
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(append ? ProcessBuilder.Redirect.appendTo(log.toFile())
                            : ProcessBuilder.Redirect.to(log.toFile()))
                    .start();
            StopOnExit.watch(process);
            return process;
        } catch (IOException e) {
            throw new LabException("Cannot start " + name + ": " + e.getMessage(), e);
        }
    }

    /**
     * The service JVMs this lab process started and that still run, stopped when the lab exits on a signal (Ctrl-C,
     * SIGTERM) before it could close them: a campaign interrupted that way left its services running until the next
     * lab command reaped them. A SIGKILL runs no hook; the reaper ({@link ServerRegistry}) is there for that.
     */
    private static final class StopOnExit {
        private static final java.util.Set<Process> RUNNING = java.util.concurrent.ConcurrentHashMap.newKeySet();

        static {
            Runtime.getRuntime().addShutdownHook(new Thread(StopOnExit::stopAll, "stop-service-jvms"));
        }

        static void watch(Process process) {
            RUNNING.add(process);
            process.onExit().thenRun(() -> RUNNING.remove(process));
        }

        private static void stopAll() {
            List<Process> left = List.copyOf(RUNNING);
            left.forEach(Process::destroy);
            Instant deadline = Instant.now().plusSeconds(10);
            for (Process process : left) {
                try {
                    long wait = Math.max(0, Duration.between(Instant.now(), deadline).toMillis());
                    if (!process.waitFor(wait, TimeUnit.MILLISECONDS)) {
                        process.destroyForcibly();
                    }
                } catch (InterruptedException e) {
                    process.destroyForcibly();
                }
            }
        }
    }

    /**
     * Records the started process: the JVM, on its port; or, when the command runs it over ssh, the local ssh client,
     * whose end ends the remote JVM (its terminal hangs up).
     */
    private static ServerRegistry.Registration record(String name, List<String> command, Process process,
                                                      String baseUrl) {
        boolean overSsh = Path.of(command.getFirst()).getFileName().toString().equals("ssh");
        int port = URI.create(baseUrl).getPort();
        return ServerRegistry.lab().register(overSsh ? ServerKind.SSH_SESSION : ServerKind.SERVICE_JVM,
                process.toHandle(), overSsh || port < 0 ? List.of() : List.of(port), null,
                overSsh ? name + ", its JVM on " + URI.create(baseUrl).getHost() : name);
    }

    private static void awaitHealthy(String name, Process process, Path log, String baseUrl, Instant deadline,
                                     Duration timeout) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        HttpRequest health = HttpRequest.newBuilder(URI.create(baseUrl + "/actuator/health"))
                .timeout(Duration.ofSeconds(2)).build();
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new LabException(name + " exited with code " + process.exitValue() + " while starting. Log "
                        + log + ":\n" + tail(log, 30));
            }
            try {
                if (http.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
                throw new LabException("Interrupted while starting " + name);
            }
            sleep(200);
        }
        process.destroyForcibly();
        throw new LabException(name + " was not healthy within " + timeout.toSeconds() + " s. Log " + log + ":\n"
                + tail(log, 30));
    }

    public String name() {
        return name;
    }

    public String baseUrl() {
        return baseUrl;
    }

    /** The pid of the process the lab started: the JVM's, or the local client's when it runs {@link #elsewhere()}. */
    public long pid() {
        return process.pid();
    }

    /** Where the JVM runs when not in the started process (another host), else empty. */
    public Optional<Elsewhere> elsewhere() {
        return Optional.ofNullable(elsewhere);
    }

    /**
     * The JVM's CPU time, RSS and threads now: from this machine's /proc, or through the remote probe when it runs
     * {@link #elsewhere()} (never the local client's).
     */
    public ProcessProbe.Reading resources() {
        Elsewhere where = elsewhere;
        return where != null ? where.read() : ProcessProbe.read(process.pid());
    }

    /** This JVM as the resource sampler watches it, wherever it runs ({@link #resources()}). */
    public ResourceSampler.Watched watched() {
        return new ResourceSampler.Watched(pid(), baseUrl(), this::resources);
    }

    /** The CPUs the JVM may run on, where it runs ({@code Cpus_allowed_list}), or {@code unknown}. */
    public String allowedCpus() {
        Elsewhere where = elsewhere;
        return where != null ? where.allowedCpus() : ProcessProbe.allowedCpus(process.pid());
    }

    public Path log() {
        return log;
    }

    /** Whether the JVM runs with a JDK AOT cache ({@link AotCache}). */
    public boolean aot() {
        return command.stream().anyMatch(word -> word.startsWith("-XX:AOTCache="));
    }

    /** From process start to the first healthy answer (of the first start, not of a {@link #restart}). */
    public Duration startupTime() {
        return startup;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Asks the JVM to stop (SIGTERM, so Spring shuts down gracefully), then forces it after 15 s. A JVM running
     * {@link #elsewhere()} gets SIGHUP when its ssh client goes (also a graceful shutdown); this waits until it is
     * gone there too, and kills it after 15 s.
     */
    @Override
    public void close() {
        Elsewhere where = elsewhere;
        try {
            stopLocal();
            record.remove();
        } finally {
            if (where != null) {
                where.awaitExit(Duration.ofSeconds(15));
                where.close();
            }
        }
    }

    private void stopLocal() {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    static String tail(Path file, int lines) {
        try {
            List<String> all = Files.readAllLines(file);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException | RuntimeException e) {
            return "(log not readable: " + e.getMessage() + ")";
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
