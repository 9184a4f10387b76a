package io.paradigmlab.chatapp.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.prefs.Preferences;

/**
 * Runs one ChatApp experiment with Gatling in this JVM and writes {@code <out>/result.json} ({@link LoadResult}):
 * <pre>
 * java -jar chatapp-load-exec.jar --scenario A.2 --users 40 --url ws://127.0.0.1:8070/chat --seed 1 --out DIR
 *      [--ops 200] [--k 1] [--mix 50] [--logins 1] [--offset 0] [--data DIR] [--reply-timeout 60]
 *      [--wait-timeout 120] [--poll-ms 10] [--max-seconds 3600] [--report]
 * </pre>
 * Gatling is started through its own entry point ({@code io.gatling.app.Gatling.fromArgs}, the one its build-tool
 * plugins use) with {@code --simulation <class> --results-folder <out>/gatling --no-reports}; the simulation reads its
 * parameters from {@code chatload.*} system properties. The Gatling configuration ({@code gatling.conf} in this jar)
 * turns off its usage analytics and the HTTP warm-up request, and keeps only the console writer (no simulation.log,
 * which would hold a line per request) unless {@code --report} asks for the HTML report. Exit status 0 whenever
 * result.json was written, whatever the run's problems (they are in the file); 2 for bad arguments; 1 otherwise.
 * Progress lines start with {@value #PROGRESS}.
 */
public final class ChatLoad {

    /** Prefix of the lines meant for the lab's progress output. */
    public static final String PROGRESS = "chatload: ";
    public static final String RESULT_FILE = "result.json";

    static final Map<String, Class<? extends ChatSimulation>> SIMULATIONS = Map.of(
            "A.1", LoginSimulation.class,
            "A.2", SharedEditSimulation.class,
            "B.1", BroadcastPalSimulation.class,
            "B.2", UnicastPalEditSimulation.class,
            "C", MixedSimulation.class);

    private ChatLoad() {
    }

    public static void main(String[] args) {
        LoadParams params;
        try {
            params = LoadParams.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(PROGRESS + e.getMessage());
            System.err.println("usage: --scenario A.1|A.2|B.1|B.2|C --users N --url ws://host:port/chat --seed S"
                    + " --out DIR [--ops 200] [--k 1] [--mix 50] [--logins 1] [--offset 0] [--data DIR]"
                    + " [--reply-timeout 60] [--wait-timeout 120] [--poll-ms 10] [--max-seconds 3600] [--report]");
            System.exit(2);
            return;
        }
        int status;
        try {
            run(params);
            status = 0;
        } catch (RuntimeException e) {
            System.err.println(PROGRESS + "failed: " + e);
            status = 1;
        }
        System.out.flush();
        // Gatling's and Netty's non-daemon threads may linger
        System.exit(status);
    }

    /** Runs the experiment and writes its result.json; returns what it wrote. */
    public static LoadResult run(LoadParams params) {
        try {
            Files.createDirectories(params.out());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + params.out(), e);
        }
        LoadMetrics.reset();
        params.toProperties().forEach((k, v) -> System.setProperty((String) k, (String) v));
        if (params.report()) {
            // the file writer (simulation.log) is what the report is made from
            System.setProperty("gatling.data.writers.0", "console");
            System.setProperty("gatling.data.writers.1", "file");
        }
        skipReleaseCheck();
        List<String> args = new ArrayList<>(List.of(
                "--simulation", SIMULATIONS.get(params.scenario()).getName(),
                "--results-folder", params.out().resolve("gatling").toAbsolutePath().toString(),
                "--run-description", params.describe(),
                "--launcher", "chatapp-load"));
        if (!params.report()) {
            args.add("--no-reports");
        }
        System.out.println(PROGRESS + "starting " + params.describe());
        List<String> problems = new ArrayList<>();
        Thread progress = Thread.ofPlatform().daemon().name("chatload-progress").start(() -> progress(params));
        try {
            int status = io.gatling.app.Gatling$.MODULE$.fromArgs(args.toArray(String[]::new));
            if (status != 0) {
                problems.add("Gatling ended with status " + status);
            }
        } catch (Throwable t) { // Gatling rethrows whatever crashed the run; the result must still be written
            problems.add("Gatling crashed: " + t);
        } finally {
            progress.interrupt();
        }
        LoadResult result = LoadResult.collect(params, problems);
        result.write(params.out().resolve(RESULT_FILE));
        System.out.println(PROGRESS + summary(result));
        return result;
    }

    static String summary(LoadResult r) {
        return String.format(Locale.ROOT, "done: makespan %.3f s, %,d requests, %,d errors, %,d deliveries%s",
                (r.endMicros() - r.startMicros()) / 1e6, r.operations(), r.errors(),
                r.counts().getOrDefault("deliveries", 0L),
                r.problems().isEmpty() ? "" : ", " + r.problems().size() + " problem line(s), first: "
                        + r.problems().getFirst());
    }

    private static void progress(LoadParams params) {
        long started = System.nanoTime();
        try {
            while (true) {
                Thread.sleep(30_000);
                System.out.printf(Locale.ROOT, PROGRESS + "%.0f s: %d of %d users done, %,d requests, %,d replies,"
                                + " %,d deliveries, %,d errors%n", (System.nanoTime() - started) / 1e9,
                        LoadMetrics.USERS_DONE.get(), params.users(), LoadMetrics.REQUESTS.sum(),
                        LoadMetrics.REPLIES.sum(), LoadMetrics.DELIVERIES.sum(),
                        LoadMetrics.ERR_FRAMES.sum() + LoadMetrics.NO_REPLY.sum());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Gatling asks Maven Central for its latest release before each run (a 1 s timeout, cached in the user's
     * preferences for a moment only). Recording "checked just now" skips that request: a measurement should not
     * depend on the network. Harmless when the preferences cannot be written.
     */
    private static void skipReleaseCheck() {
        try {
            Preferences prefs = Preferences.userRoot().node("/io/gatling/latestVersion");
            prefs.putLong("lastCheckTimestamp", System.currentTimeMillis());
            prefs.putBoolean("lastCheckSuccess", false);
            prefs.flush();
        } catch (Exception | Error e) {
            // the check then runs as Gatling intends
        }
    }

    /** The result file of a run folder. */
    public static Path resultFile(Path out) {
        return out.resolve(RESULT_FILE);
    }
}
