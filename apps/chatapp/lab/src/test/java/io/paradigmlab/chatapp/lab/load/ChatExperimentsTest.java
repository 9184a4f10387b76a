package io.paradigmlab.chatapp.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.lab.api.Deployment;
import io.paradigmlab.lab.api.Experiment;
import io.paradigmlab.lab.api.ExperimentOutcome;
import io.paradigmlab.lab.api.ExperimentRun;
import io.paradigmlab.lab.api.ScenarioInfo;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.lab.api.LaunchedService;
import io.paradigmlab.lab.api.CallCounter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import javax.tools.ToolProvider;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChatExperimentsTest {

    @TempDir
    Path temp;

    @Test
    void theScenariosAreTheThesisExperimentsAndTheirMixes() {
        assertThat(ChatExperiments.scenarios()).extracting(ScenarioInfo::id)
                .containsExactly("A.1", "A.2", "B.1", "B.2", "C", "C.io", "C.cpu");
        for (ScenarioInfo s : ChatExperiments.scenarios()) {
            assertThat(s.services()).containsExactly("chat");
            assertThat(s.writes()).as(s.id()).isEqualTo(!s.id().equals("A.1"));
            assertThat(s.description()).isNotBlank();
        }
    }

    @Test
    void anUnknownScenarioIsRefusedNamingTheKnownOnes() {
        assertThatThrownBy(() -> ChatExperiments.of("D")).isInstanceOf(LabException.class)
                .hasMessage("ChatApp has no scenario 'D': choose one of A.1, A.2, B.1, B.2, C, C.io, C.cpu");
    }

    @Test
    void statelessExperimentsAskForAStatelessServerAndTheOthersForNothing() {
        assertThat(ChatExperiments.of("A.1").launchSettings()).containsExactly(Map.entry("stateless", "true"));
        assertThat(ChatExperiments.of("B.1").launchSettings()).containsExactly(Map.entry("stateless", "true"));
        for (String id : List.of("A.2", "B.2", "C", "C.io", "C.cpu")) {
            assertThat(ChatExperiments.of(id).launchSettings()).as(id).isEmpty();
        }
        assertThat(ChatExperiments.of("A.2").defaultUsers()).containsExactly(10, 40, 100);
        assertThat(ChatExperiments.of("C.io").defaultUsers()).containsExactly(100);
    }

    @Test
    void theWorkCountersAndPeakGaugesAreTheServersMetrics() {
        Experiment e = ChatExperiments.of("C");

        assertThat(e.workCounters()).containsExactly("chatapp_sends_total", "chatapp_edits_total",
                "chatapp_deliveries_total", "chatapp_pal_tasks_total", "chatapp_pal_count_total",
                "chatapp_logins_total");
        assertThat(e.peakGauges()).containsEntry("chatapp_nmt_thread_committed_bytes", "thread stacks (NMT)")
                .containsEntry("chatapp_heap_after_gc_bytes", "heap after GC")
                .containsEntry("jvm_threads_live_threads", "platform threads")
                .containsEntry("jvm_threads_virtual_live", "virtual threads")
                .containsEntry("chatapp_virtual_threads_mounted", "mounted virtual threads");
    }

    @Test
    void theCommandRunsTheLoadJarWithTheRunsParameters() {
        ExperimentRun run = run("C.io", temp.resolve("work"), Duration.ofSeconds(600), new ArrayList<>());

        List<String> command = GatlingExperiment.command(Path.of("/x/load.jar"), "ws://127.0.0.1:9/chat", run,
                ChatExperiments.definition("C.io"));

        assertThat(command.getFirst()).endsWith("/bin/java");
        assertThat(String.join(" ", command)).contains("-Xmx1g", "-jar /x/load.jar", "--scenario C ", "--users 12",
                "--url ws://127.0.0.1:9/chat", "--seed 7", "--out " + temp.resolve("work").toAbsolutePath(),
                "--max-seconds 585", "--reply-timeout 120", "--wait-timeout 585", "--mix 70",
                "--data " + temp.resolve("data").toAbsolutePath());
        assertThat(GatlingExperiment.command(Path.of("l.jar"), "ws://h:1/chat",
                run("A.2", temp, Duration.ofSeconds(600), new ArrayList<>()), ChatExperiments.definition("A.2")))
                .doesNotContain("--mix");
    }

    @Test
    void theLoadGetsTheWebSocketUrlOfTheChatEndpoint() {
        assertThat(GatlingExperiment.wsUrl("http://127.0.0.1:40123")).isEqualTo("ws://127.0.0.1:40123/chat");
        assertThat(GatlingExperiment.wsUrl("http://127.0.0.1:40123/")).isEqualTo("ws://127.0.0.1:40123/chat");
        assertThat(GatlingExperiment.wsUrl("https://h:1")).isEqualTo("wss://h:1/chat");
        assertThatThrownBy(() -> GatlingExperiment.wsUrl("tcp://h:1")).isInstanceOf(LabException.class);
    }

    @Test
    void aMissingLoadJarNamesTheModuleToBuild() throws IOException {
        assertThatThrownBy(() -> GatlingExperiment.jar(new RepoLayout(temp))).isInstanceOf(LabException.class)
                .hasMessage("The ChatApp load is not built (apps/chatapp/load/target/chatapp-load-exec.jar is"
                        + " missing). Build it with: ./mvnw -B install -DskipTests -pl apps/chatapp/load -am");
        Path jar = temp.resolve(GatlingExperiment.JAR);
        Files.createDirectories(jar.getParent());
        Files.write(jar, new byte[] {1});
        assertThat(GatlingExperiment.jar(new RepoLayout(temp))).isEqualTo(jar);
    }

    @Test
    void aLoadThatWritesItsResultGivesItsOutcomeAndOnlyItsProgressLinesArePassedOn() throws Exception {
        Path jar = fakeLoad();
        List<String> progress = new ArrayList<>();
        Path work = temp.resolve("ok");

        ExperimentOutcome outcome = experiment("A.2").run(deployment(), run("A.2", work, Duration.ofSeconds(60),
                progress), jar);

        assertThat(outcome.problems()).containsExactly("user_2: no reply to edit r2 after 60.0 s");
        assertThat(outcome.operations()).isEqualTo(9);
        assertThat(outcome.work()).containsEntry("chatapp_deliveries_total", 15L);
        assertThat(progress).containsExactly("starting", "done");
        assertThat(Files.readString(work.resolve("load.log"))).contains("gatling noise", "chatload: done")
                .contains("--url ws://127.0.0.1:40123/chat");
    }

    @Test
    void aLoadThatEndsWithoutAResultOrOverstaysIsAFailedRunNotACrash() throws Exception {
        Path jar = fakeLoad();

        ExperimentOutcome crashed = experiment("A.2").run(deployment(), run("A.2", temp.resolve("crash"),
                Duration.ofSeconds(60), new ArrayList<>()), jar);
        long before = System.nanoTime();
        ExperimentOutcome slow = experiment("C").run(deployment(), run("C", temp.resolve("slow"),
                Duration.ofSeconds(2), new ArrayList<>()), jar);

        assertThat(crashed.problems()).singleElement().asString()
                .contains("exited with status 1 without a result", "boom");
        assertThat(crashed.operations()).isZero();
        assertThat(slow.problems()).singleElement().asString().contains("did not finish within 2 s");
        assertThat((System.nanoTime() - before) / 1e9).isLessThan(30);
    }

    @Test
    void refusedArgumentsAreALabException() throws Exception {
        Path jar = fakeLoad();

        assertThatThrownBy(() -> experiment("B.1").run(deployment(), run("B.1", temp.resolve("usage"),
                Duration.ofSeconds(60), new ArrayList<>()), jar)).isInstanceOf(LabException.class)
                .hasMessageContaining("refused its arguments").hasMessageContaining("usage: --scenario");
    }

    private static GatlingExperiment experiment(String id) {
        return (GatlingExperiment) ChatExperiments.of(id);
    }

    private ExperimentRun run(String id, Path work, Duration timeout, List<String> progress) {
        ScenarioInfo scenario = ChatExperiments.scenarios().stream().filter(s -> s.id().equals(id)).findFirst()
                .orElseThrow();
        return new ExperimentRun(scenario, 12, 1, 7, temp.resolve("data"), work, timeout, progress::add);
    }

    private static Deployment deployment() {
        return new Deployment() {
            @Override
            public String variantId() {
                return "platform";
            }

            @Override
            public Map<String, String> endpoints() {
                return Map.of("chat", "http://127.0.0.1:40123");
            }

            @Override
            public Map<String, LaunchedService> processes() {
                return Map.of();
            }

            @Override
            public Map<String, Path> jars() {
                return Map.of();
            }

            @Override
            public Map<String, String> databases() {
                return Map.of();
            }

            @Override
            public List<CallCounter> proxies() {
                return List.of();
            }

            @Override
            public void close() {
            }
        };
    }

    /**
     * A stand-in for the load jar, by scenario: A.2 writes the result of {@link LoadResultFileTest#result} after some
     * output; B.1 refuses its arguments (status 2); C sleeps past any timeout; anything else exits 1 at once.
     */
    private Path fakeLoad() throws Exception {
        Histogram h = new Histogram(3);
        h.recordValue(1000);
        String result = LoadResultFileTest.result(h, h).toString().replace("\\", "\\\\").replace("\"", "\\\"");
        String source = """
                import java.nio.file.*;
                public class FakeLoad {
                    public static void main(String[] a) throws Exception {
                        String scenario = a[java.util.Arrays.asList(a).indexOf("--scenario") + 1];
                        Path out = Path.of(a[java.util.Arrays.asList(a).indexOf("--out") + 1]);
                        if (scenario.equals("A.2") && !out.getFileName().toString().equals("crash")) {
                            System.out.println("chatload: starting");
                            System.out.println("gatling noise " + String.join(" ", a));
                            Files.writeString(out.resolve("result.json"), "%s");
                            System.out.println("chatload: done");
                            return;
                        }
                        if (scenario.equals("B.1")) {
                            System.err.println("chatload: usage: --scenario ...");
                            System.exit(2);
                        }
                        if (scenario.equals("C")) {
                            Thread.sleep(60_000);
                        }
                        System.err.println("boom");
                        System.exit(1);
                    }
                }
                """.formatted(result);
        Path src = temp.resolve("src");
        Files.createDirectories(src);
        Files.writeString(src.resolve("FakeLoad.java"), source);
        Path classes = temp.resolve("classes");
        Files.createDirectories(classes);
        int status = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(),
                src.resolve("FakeLoad.java").toString());
        assertThat(status).isZero();
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "FakeLoad");
        Path jar = temp.resolve("fake-load.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            out.putNextEntry(new JarEntry("FakeLoad.class"));
            try (OutputStream entry = out) {
                Files.copy(classes.resolve("FakeLoad.class"), entry);
            }
        }
        return jar;
    }
}
