package io.paradigmlab.chatapp.lab.load;

import io.paradigmlab.lab.api.Deployment;
import io.paradigmlab.lab.api.Experiment;
import io.paradigmlab.lab.api.ExperimentOutcome;
import io.paradigmlab.lab.api.ExperimentRun;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.RepoLayout;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A ChatApp experiment run by the load jar ({@code apps/chatapp/load/target/chatapp-load-exec.jar}, Gatling) in a JVM
 * of its own, so that the load's threads and heap are never the server's: one process per run, against the
 * deployment's {@code chat} endpoint, its output kept in {@code <workDir>/load.log} and its {@code result.json} turned
 * into the {@link ExperimentOutcome}.
 *
 * <p>The thesis's work is the default. The ext variants of spec section 4.4 are system properties of the lab's JVM
 * (each changes the work, so the same value must be used for every variant compared; the load prints it in its first
 * progress line):
 * <ul>
 * <li>{@code chatapp.load.logins} (A.1): connect-login-close cycles per user, 1 (thesis) or e.g. 200;</li>
 * <li>{@code chatapp.load.k} (B.1, B.2, C): the {@code pal} work factor, 1 (thesis) or e.g. 10, 100;</li>
 * <li>{@code chatapp.load.ops} (C): operations per user, 200 (thesis).</li>
 * </ul>
 */
final class GatlingExperiment implements Experiment {

    /** The load's runnable jar, relative to the checkout. */
    static final String JAR = "apps/chatapp/load/target/chatapp-load-exec.jar";
    static final String MODULE = "apps/chatapp/load";
    /**
     * The load JVM's flags: a heap generous for 1,000 users' states and frames, fixed so runs are comparable; Netty's
     * native transport (epoll) loads a library, which the JDK would otherwise warn about.
     */
    static final List<String> JVM_ARGS = List.of("-Xms256m", "-Xmx1g", "-XX:+ExitOnOutOfMemoryError",
            "--enable-native-access=ALL-UNNAMED");
    /** Prefix of the load's progress lines (ChatLoad.PROGRESS), the only ones passed on to the campaign's output. */
    static final String PROGRESS = "chatload: ";
    /** Time the load JVM gets beyond the users' own limit to start, stop Gatling and write its result. */
    static final Duration SLACK = Duration.ofSeconds(15);

    private final ChatExperiments.Definition definition;

    GatlingExperiment(ChatExperiments.Definition definition) {
        this.definition = definition;
    }

    @Override
    public List<Integer> defaultUsers() {
        return definition.defaultUsers();
    }

    @Override
    public Map<String, String> launchSettings() {
        return ChatExperiments.launchSettings(definition);
    }

    /** The server counters that must equal the clients' counts, and be equal in every variant. */
    @Override
    public List<String> workCounters() {
        return List.of("chatapp_sends_total", "chatapp_edits_total", "chatapp_deliveries_total",
                "chatapp_pal_tasks_total", "chatapp_pal_count_total", "chatapp_logins_total");
    }

    @Override
    public Map<String, String> peakGauges() {
        Map<String, String> gauges = new LinkedHashMap<>();
        gauges.put("chatapp_nmt_thread_committed_bytes", "thread stacks (NMT)");
        gauges.put("chatapp_heap_after_gc_bytes", "heap after GC");
        gauges.put("jvm_threads_live_threads", "platform threads");
        gauges.put("jvm_threads_virtual_live", "virtual threads");
        gauges.put("chatapp_virtual_threads_mounted", "mounted virtual threads");
        return gauges;
    }

    @Override
    public ExperimentOutcome run(Deployment deployment, ExperimentRun run) {
        return run(deployment, run, jar(RepoLayout.locate()));
    }

    /** {@link #run(Deployment, ExperimentRun)} with the given load jar. */
    ExperimentOutcome run(Deployment deployment, ExperimentRun run, Path jar) {
        String base = deployment.endpoints().get(ChatExperiments.SERVICE);
        if (base == null) {
            throw new LabException("The ChatApp deployment has no '" + ChatExperiments.SERVICE + "' endpoint: "
                    + deployment.endpoints().keySet());
        }
        try {
            Files.createDirectories(run.workDir());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + run.workDir(), e);
        }
        List<String> command = command(jar, wsUrl(base), run, definition);
        Path log = run.workDir().resolve("load.log");
        long launched = System.currentTimeMillis();
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new LabException("Cannot start the ChatApp load (" + String.join(" ", command) + "): "
                    + e.getMessage(), e);
        }
        Deque<String> tail = new ArrayDeque<>();
        Thread pump = Thread.ofPlatform().daemon().name("chatapp-load-output")
                .start(() -> pump(process, log, tail, run));
        boolean finished;
        try {
            finished = process.waitFor(run.timeout().toMillis(), TimeUnit.MILLISECONDS);
            if (!finished) {
                process.destroy();
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            }
            pump.join(5_000);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new LabException("Interrupted while the ChatApp load ran");
        }
        Path result = run.workDir().resolve("result.json");
        if (!finished) {
            return failed(launched, "the load did not finish within " + run.timeout().toSeconds()
                    + " s and was stopped; see " + log);
        }
        int status = process.exitValue();
        if (status == 2) {
            throw new LabException("The ChatApp load refused its arguments: " + lastLines(tail));
        }
        if (!Files.isRegularFile(result)) {
            return failed(launched, "the load exited with status " + status + " without a result; see " + log
                    + ": " + lastLines(tail));
        }
        return LoadResultFile.read(result);
    }

    /** The load's command line. */
    static List<String> command(Path jar, String url, ExperimentRun run, ChatExperiments.Definition d) {
        long limit = Math.max(5, run.timeout().minus(SLACK).toSeconds());
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JVM_ARGS);
        // Gatling's release check is marked as done in the preferences: keep them in the run's folder
        command.add("-Djava.util.prefs.userRoot=" + run.workDir().resolve("prefs").toAbsolutePath());
        command.addAll(List.of("-jar", jar.toString(),
                "--scenario", d.simulation(),
                "--users", Integer.toString(run.users()),
                "--url", url,
                "--seed", Long.toString(run.seed()),
                "--out", run.workDir().toAbsolutePath().toString(),
                "--max-seconds", Long.toString(limit),
                // a reply behind a full outbound queue can take long under fan-out; a wait may take the whole run
                "--reply-timeout", Long.toString(Math.min(120, limit)),
                "--wait-timeout", Long.toString(limit)));
        for (String knob : List.of("logins", "k", "ops")) {
            String value = System.getProperty("chatapp.load." + knob);
            if (value != null && !value.isBlank()) {
                command.addAll(List.of("--" + knob, value.trim()));
            }
        }
        if (d.mix() != null) {
            command.addAll(List.of("--mix", Integer.toString(d.mix())));
        }
        if (run.dataDir() != null) {
            command.addAll(List.of("--data", run.dataDir().toAbsolutePath().toString()));
        }
        return command;
    }

    /** {@code http://host:port} to {@code ws://host:port/chat}. */
    static String wsUrl(String base) {
        String b = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        if (b.startsWith("https://")) {
            return "wss://" + b.substring("https://".length()) + "/chat";
        }
        if (b.startsWith("http://")) {
            return "ws://" + b.substring("http://".length()) + "/chat";
        }
        throw new LabException("The chat endpoint is not an http(s) URL: " + base);
    }

    /**
     * The load's jar.
     *
     * @throws LabException naming the module to build when it is missing
     */
    static Path jar(RepoLayout repo) {
        Path jar = repo.root().resolve(JAR);
        if (!Files.isRegularFile(jar)) {
            throw new LabException("The ChatApp load is not built (" + JAR + " is missing). Build it with: ./mvnw -B"
                    + " install -DskipTests -pl " + MODULE + " -am");
        }
        return jar;
    }

    private static void pump(Process process, Path log, Deque<String> tail, ExperimentRun run) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8));
             BufferedWriter out = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                out.write(line);
                out.newLine();
                synchronized (tail) {
                    tail.addLast(line);
                    if (tail.size() > 20) {
                        tail.removeFirst();
                    }
                }
                if (line.startsWith(PROGRESS)) {
                    run.progress().accept(line.substring(PROGRESS.length()));
                }
            }
        } catch (IOException e) {
            run.progress().accept("load output lost: " + e.getMessage());
        }
    }

    private static String lastLines(Deque<String> tail) {
        synchronized (tail) {
            List<String> lines = new ArrayList<>(tail);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        }
    }

    private static ExperimentOutcome failed(long launched, String problem) {
        return new ExperimentOutcome(launched, System.currentTimeMillis(), 0, 0, new org.HdrHistogram.Histogram(3),
                Map.of(), Map.of(), Map.of(), List.of(problem));
    }
}
