package io.paradigmlab.lab.launch;

import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.LaunchedService;
import io.paradigmlab.lab.api.ProcessLauncher;
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
import java.util.concurrent.TimeUnit;

/**
 * A service JVM started by the lab ({@link ServiceLauncher}): its own process, its log in a file, ready once its health
 * check says UP. While it runs it is recorded in the lab's {@link ServerRegistry} (as an ssh session when a shaper
 * runs it on another host). The applications see it as a {@link LaunchedService}; the lab gets it back with
 * {@link #of(LaunchedService)}.
 */
public final class ServiceProcess implements LaunchedService {

    /** {@link ProcessLauncher#DEFAULT_JVM_ARGS}, named here too for the lab's own code. */
    public static final List<String> DEFAULT_JVM_ARGS = ProcessLauncher.DEFAULT_JVM_ARGS;

    /** {@link ProcessLauncher#SUITE_JVM_ARGS}, named here too for the lab's own code. */
    public static final List<String> SUITE_JVM_ARGS = ProcessLauncher.SUITE_JVM_ARGS;

    /**
     * Changes a service JVM's command before it starts, for every application alike: CPU pinning, profiling agents.
     * Part of the {@link ServiceLauncher} the campaign builds for the deployments it launches
     * ({@link ServiceLauncher#shapedBy}).
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
         * other, whenever it was added, so what the others add (a {@code taskset} prefix, profiling flags)
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
    /** What started it: its shapers locate the JVM again after a {@link #restart}. */
    private final ServiceLauncher launcher;

    private ServiceProcess(String name, List<String> command, Process process, Path log, String baseUrl,
                           Duration startup, Elsewhere elsewhere, ServerRegistry.Registration record,
                           ServiceLauncher launcher) {
        this.launcher = launcher;
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
     * The lab's process behind {@code service}, which a deployment started with the lab's {@link ServiceLauncher}.
     *
     * @throws LabException when the deployment started it some other way: the lab cannot sample or locate it
     */
    public static ServiceProcess of(LaunchedService service) {
        if (service instanceof ServiceProcess process) {
            return process;
        }
        throw new LabException("The service " + service.name() + " (" + service.baseUrl() + ") was not started by the"
                + " lab's launcher (LaunchRequest.launcher()) but by " + service.getClass().getName()
                + ": the lab can only measure the service JVMs it started itself");
    }

    /** {@link #of(LaunchedService)} of each value, in the same order. */
    public static java.util.Map<String, ServiceProcess> ofAll(java.util.Map<String, ? extends LaunchedService> services) {
        java.util.Map<String, ServiceProcess> out = new java.util.LinkedHashMap<>();
        services.forEach((key, service) -> out.put(key, of(service)));
        return out;
    }

    /**
     * Starts {@code command} as {@code launcher}'s shapers change it, then waits until
     * {@code baseUrl + /actuator/health} answers 200. {@link ServiceLauncher#start} calls it after applying its AOT
     * cache.
     *
     * @throws LabException when the process dies or is not healthy within {@code timeout}; the log's tail is quoted
     */
    static ServiceProcess start(String name, List<String> command, Path log, String baseUrl, Duration timeout,
                                ServiceLauncher launcher) {
        // shaping may copy files to another host first: not part of the JVM's start-up time
        List<String> actual = launcher.shaped(name, command, log);
        Instant began = Instant.now();
        Process process = launch(name, actual, log, false);
        ServerRegistry.Registration record = record(name, actual, process, baseUrl);
        Elsewhere where;
        try {
            awaitHealthy(name, process, log, baseUrl, began.plus(timeout), timeout);
            where = launcher.located(name, log, process);
        } catch (RuntimeException e) {
            process.destroyForcibly();
            record.remove();
            throw e;
        }
        return new ServiceProcess(name, actual, process, log, baseUrl, Duration.between(began, Instant.now()), where,
                record, launcher);
    }

    /**
     * Stops the JVM (as {@link #close()}) if it still runs, then starts it again with the same command (same port,
     * same settings), its output appended to the same log, and waits until it is healthy. For fault tests: a
     * service that went away comes back where its clients expect it.
     *
     * @throws LabException when the new JVM dies or is not healthy within {@code timeout}
     */
    @Override
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
        elsewhere = launcher.located(name, log, next);
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

    @Override
    public String name() {
        return name;
    }

    @Override
    public String baseUrl() {
        return baseUrl;
    }

    /** The pid of the process the lab started: the JVM's, or the local client's when it runs {@link #elsewhere()}. */
    @Override
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

    @Override
    public Path log() {
        return log;
    }

    /** Whether the JVM runs with a JDK AOT cache ({@link AotCache}). */
    public boolean aot() {
        return command.stream().anyMatch(word -> word.startsWith("-XX:AOTCache="));
    }

    /** From process start to the first healthy answer (of the first start, not of a {@link #restart}). */
    @Override
    public Duration startupTime() {
        return startup;
    }

    @Override
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
