package io.paradigmlab.chatapp.load;

import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.lab.launch.ServiceLauncher;
import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.chatapp.lab.ChatAppApplication;
import io.paradigmlab.chatapp.lab.load.ChatExperiments;
import io.paradigmlab.lab.api.Deployment;
import io.paradigmlab.lab.api.Experiment;
import io.paradigmlab.lab.api.ExperimentOutcome;
import io.paradigmlab.lab.api.ExperimentRun;
import io.paradigmlab.lab.api.LaunchRequest;
import io.paradigmlab.lab.api.ScenarioInfo;
import io.paradigmlab.lab.data.TemplateDataSets;
import io.paradigmlab.lab.infra.Infrastructure;
import io.paradigmlab.lab.launch.ServiceProcess;
import io.paradigmlab.lab.metrics.MetricsEndpoint;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every experiment end to end, as a campaign runs it: a real server (the {@code platform} variant unless
 * {@code -Dchatapp.load.it.variant} names another) on a fresh copy of the seeded data set, the load jar in its own
 * JVM through {@link ChatExperiments}, and its outcome compared with the exact work the experiment implies and with
 * the server's own counters.
 */
class ChatLoadIT {

    static final long SEED = 42;
    /** Users per run; {@code -Dchatapp.load.it.users} for a bigger try. */
    static final int USERS = Integer.getInteger("chatapp.load.it.users", 8);
    static final String VARIANT = System.getProperty("chatapp.load.it.variant", "platform");
    /** {@code -Dchatapp.load.it.scenarios=A.2,C} runs those alone (a manual try); all of them by default. */
    static final List<String> ONLY = List.of(System.getProperty("chatapp.load.it.scenarios", "").split(",")).stream()
            .filter(s -> !s.isBlank()).toList();

    static final ChatAppApplication APP = new ChatAppApplication();
    static final Path WORK = Path.of("target/load-it").toAbsolutePath();
    static Infrastructure infra;
    static TemplateDataSets.DataSet data;
    static int runs;

    @BeforeAll
    static void data() throws java.io.IOException {
        // the runs' folders of an earlier build would be mistaken for this one's
        if (java.nio.file.Files.isDirectory(WORK)) {
            try (var paths = java.nio.file.Files.walk(WORK)) {
                paths.sorted(java.util.Comparator.reverseOrder()).map(Path::toFile).forEach(java.io.File::delete);
            }
        }
        infra = Infrastructure.start(new Infrastructure.Options(null, null, WORK.resolve("infra")));
        data = TemplateDataSets.prepare(infra.postgres(), APP.id(), APP.databases(), APP.data(),
                APP.data().scale("standard"), SEED, WORK.resolve("data"), line -> System.out.println("  " + line));
    }

    @AfterAll
    static void stop() {
        if (infra != null) {
            infra.close();
        }
    }

    static List<String> scenarios() {
        List<String> all = List.of("A.1", "A.2", "B.1", "B.2", "C", "C.cpu");
        return ONLY.isEmpty() ? all : all.stream().filter(ONLY::contains).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("scenarios")
    void theExperimentDoesItsWorkAndTheServerCountsTheSame(String id) {
        Experiment experiment = ChatExperiments.of(id);
        ScenarioInfo scenario = APP.scenario(id);
        String database = "chatapp_load_it_" + (++runs);
        TemplateDataSets.copy(infra.postgres(), data, ChatAppApplication.SERVICE, database);
        Path dir = WORK.resolve(id + "-" + runs);
        List<String> progress = new ArrayList<>();
        try (Deployment deployment = APP.launch(LaunchRequest.of(infra, ServiceLauncher.standard(RepoLayout.locate()), VARIANT,
                Set.of(ChatAppApplication.SERVICE), dir).withDatabases(Map.of(ChatAppApplication.SERVICE, database))
                .withSecurity(false).withSettings(experiment.launchSettings()))) {
            String base = deployment.endpoints().get(ChatAppApplication.SERVICE);
            Map<String, Double> before = MetricsEndpoint.read(base, experiment.workCounters());

            ExperimentOutcome outcome = experiment.run(deployment, new ExperimentRun(scenario, USERS, 1, SEED,
                    data.dataDir(), dir.resolve("load"), Duration.ofMinutes(3), progress::add));

            Map<String, Double> after = MetricsEndpoint.read(base, experiment.workCounters());
            assertThat(outcome.problems()).as("problems; progress %s", progress).isEmpty();
            assertThat(outcome.errors()).isZero();
            assertThat(outcome.operations()).isPositive();
            assertThat(outcome.latency().getTotalCount()).isEqualTo(outcome.operations());
            assertThat(outcome.endMillis()).isGreaterThan(outcome.startMillis());
            assertThat(progress).anyMatch(line -> line.startsWith("done: makespan"));
            Map<String, Long> work = outcome.work();
            long n = USERS;
            // logins, sends, edits, pal tasks, deliveries the experiment implies (C: its plan's mix of them)
            long[] expected = switch (id) {
                case "A.1" -> new long[] {n, 0, 0, 0, 0};
                case "A.2" -> new long[] {n, 1, n, 0, (n - 1) + n * (n - 1)};
                case "B.1" -> new long[] {n, 1, 0, n - 1, n - 1};
                case "B.2" -> new long[] {n, n, n - 1, n - 1, 2 * (n - 1) + (n - 1) * (n - 1)};
                default -> null;
            };
            if (expected != null) {
                assertThat(List.of(work.get("chatapp_logins_total"), work.get("chatapp_sends_total"),
                        work.get("chatapp_edits_total"), work.get("chatapp_pal_tasks_total"),
                        work.get("chatapp_deliveries_total")))
                        .containsExactly(expected[0], expected[1], expected[2], expected[3], expected[4]);
            } else {
                assertThat(work.get("chatapp_logins_total")).isEqualTo(n);
                assertThat(work.get("chatapp_sends_total") + work.get("chatapp_edits_total")
                        + work.get("chatapp_pal_tasks_total")).isEqualTo(n * 200);
                assertThat(work.get("chatapp_deliveries_total")).isPositive();
            }
            for (String counter : experiment.workCounters()) {
                long server = Math.round(after.getOrDefault(counter, 0.0) - before.getOrDefault(counter, 0.0));
                assertThat(work.get(counter)).as(counter).isEqualTo(server);
            }
            long delivered = work.get("chatapp_deliveries_total");
            assertThat(outcome.histograms().containsKey("delivery")).isTrue();
            assertThat(outcome.histograms().get("delivery").getTotalCount()).isEqualTo(delivered);
            assertThat(outcome.values().get("deliveries")).isEqualTo((double) delivered);
        }
    }
}
