package io.paradigmlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.lab.api.LabException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioLoadTest {

    /** POST a JSON body to endpoint a, then GET from endpoint b; both checked. */
    static final String TWO_REQUESTS = """
            # Two requests: a POST with a JSON body, then a GET.
            scenario:
            - visit:
              - csvRow:
                  file: users.csv
                  pick: next
              - httpRequest:
                  POST: /items/${user_id}
                  endpoint: a
                  headers:
                    Authorization: Bearer ${token}
                    Content-Type: application/json
                  body: '{"name": "${user_name}"}'
                  handler:
                    status:
                      range: 201
                    body:
                      expectJson:
                        fields: [id]
              - httpRequest:
                  GET: /things/${user_id}
                  endpoint: b
                  headers:
                    Authorization: Bearer ${token}
                  handler:
                    status:
                      range: 200
                    body:
                      expectJson:
                        type: array
            """;

    @TempDir
    Path data;
    TestServer a;
    TestServer b;

    @BeforeEach
    void servers() throws IOException {
        a = new TestServer(r -> r.path().startsWith("/items/") && r.method().equals("POST")
                ? new TestServer.Answer(201, "{\"id\": \"x\", \"name\": \"n\"}")
                : new TestServer.Answer(404, "{\"errors\": [\"no\"]}"));
        b = new TestServer(r -> new TestServer.Answer(200, "[{\"id\": 1}, {\"id\": 2}]"));
        users(100);
    }

    @AfterEach
    void stop() {
        a.close();
        b.close();
    }

    private void users(int rows) throws IOException {
        StringBuilder csv = new StringBuilder("user_id,user_name,token\n");
        for (int i = 0; i < rows; i++) {
            csv.append("u").append(i).append(",name").append(i).append(",tok").append(i).append('\n');
        }
        Files.writeString(data.resolve("users.csv"), csv);
    }

    private ScenarioLoad.Target target() {
        Map<String, String> endpoints = new LinkedHashMap<>();
        endpoints.put("a", a.url());
        endpoints.put("b", b.url());
        return new ScenarioLoad.Target(endpoints, data);
    }

    private static LoadPlan plan(LoadPlan.Model model, int level, int warmup, int seconds) {
        return new LoadPlan(model, List.of(level), warmup, seconds, 2000);
    }

    @Test
    void theLoadSpreadsOverEveryInstanceOfAService() throws IOException {
        TestServer a2 = new TestServer(r -> new TestServer.Answer(201, "{\"id\": \"y\"}"));
        TestServer a3 = new TestServer(r -> new TestServer.Answer(201, "{\"id\": \"z\"}"));
        try {
            Map<String, String> endpoints = new LinkedHashMap<>();
            endpoints.put("a", a.url());
            endpoints.put("b", b.url());
            var target = new ScenarioLoad.Target(endpoints, data, Map.of("a", List.of(a.url(), a2.url(), a3.url())));
            assertThat(ScenarioLoad.benchmark("two", TWO_REQUESTS, target, plan(LoadPlan.Model.CLOSED, 6, 0, 1), 7))
                    .contains("endpoint: ${lab_instance_a}").contains("name: a-i3");
            List<PhaseOutcome> outcomes = ScenarioLoad.run("two", TWO_REQUESTS, target,
                    plan(LoadPlan.Model.CLOSED, 6, 0, 2), 7, (phase, level) -> {
                    });
            int total = a.received().size() + a2.received().size() + a3.received().size();
            assertThat(outcomes.getFirst().errors()).isZero();
            assertThat(b.received()).hasSize(total);
            // every iteration takes the next instance, counted across sessions: an even spread
            for (TestServer instance : List.of(a, a2, a3)) {
                assertThat(instance.received().size()).as("requests of one instance of " + total)
                        .isBetween(total / 3 - 12, total / 3 + 12); // the last iterations may still be in flight
            }
        } finally {
            a2.close();
            a3.close();
        }
    }

    @Test
    void instancesMustStartWithTheEndpoint() {
        assertThatThrownBy(() -> new ScenarioLoad.Target(Map.of("a", a.url()), data,
                Map.of("a", List.of(b.url(), a.url()))))
                .isInstanceOf(LabException.class).hasMessageContaining("must start with its endpoint");
    }

    @Test
    void fileBodySendsEachListedFileInTurn() throws IOException {
        Files.writeString(data.resolve("one.csv"), "first file\n");
        Files.writeString(data.resolve("two.csv"), "second file\n");
        Files.writeString(data.resolve("files.csv"), "file\none.csv\ntwo.csv\n");
        String upload = """
                scenario:
                - upload:
                  - fileBody:
                      files: files.csv
                      toVar: body
                  - httpRequest:
                      POST: /items/upload
                      endpoint: a
                      headers:
                        Content-Type: text/csv
                      body:
                        fromVar: body
                      handler:
                        status:
                          range: 201
                """;
        PhaseOutcome once = ScenarioLoad.once("upload", upload, new ScenarioLoad.Target(Map.of("a", a.url()), data),
                3, 2000, 1);
        assertThat(once.errors()).isZero();
        assertThat(a.received()).extracting(TestServer.Received::body)
                .containsExactly("first file\n", "second file\n", "first file\n");
    }

    @Test
    void closedRunCountsEveryRequestAndSendsTheJsonBody() {
        List<String> phases = new ArrayList<>();
        List<PhaseOutcome> outcomes = ScenarioLoad.run("two", TWO_REQUESTS, target(),
                plan(LoadPlan.Model.CLOSED, 4, 0, 1), 7, (phase, level) -> phases.add(phase + "@" + level));

        assertThat(phases).containsExactly("level-4@4");
        assertThat(outcomes).hasSize(1);
        PhaseOutcome o = outcomes.getFirst();
        int posts = a.received().size();
        int gets = b.received().size();
        assertThat(posts).isGreaterThan(10);
        assertThat(gets).isEqualTo(posts);
        assertThat(o.requests()).isEqualTo(posts + gets);
        assertThat(o.responses()).isEqualTo(o.requests());
        assertThat(o.status2xx()).isEqualTo(o.requests());
        assertThat(o.invalid()).isZero();
        assertThat(o.errors()).isZero();
        assertThat(o.histogram().getTotalCount()).isEqualTo(o.requests());
        TestServer.Received first = a.received().getFirst();
        assertThat(first.body()).matches("\\{\"name\": \"name\\d+\"}");
        assertThat(first.contentType()).isEqualTo("application/json");
        assertThat(first.authorization()).matches("Bearer tok\\d+");
        assertThat(data.resolve("two.benchmark.hf.yaml")).exists();
    }

    @Test
    void openRunSendsTheOfferedRate() {
        List<PhaseOutcome> outcomes = ScenarioLoad.run("two", TWO_REQUESTS, target(),
                plan(LoadPlan.Model.OPEN, 40, 1, 2), 7, (phase, level) -> {
                });

        PhaseOutcome o = outcomes.getFirst();
        int total = a.received().size() + b.received().size();
        // 40 arrivals/s for 2 s measured (plus 1 s of warm-up), two requests each
        assertThat(o.requests()).isBetween(100L, 230L); // Poisson arrivals
        assertThat(total).isEqualTo(b.received().size() * 2);
        assertThat(o.invalid()).isZero();
        assertThat(o.errors()).isZero();
        assertThat(o.sessionLimitExceeded()).isFalse();
    }

    @Test
    void aFailedCheckCountsAsAnError() throws IOException {
        // a: wrong status on every POST; b: a 200 whose body is not an array
        a.close();
        b.close();
        a = new TestServer(r -> new TestServer.Answer(200, "{\"id\": \"x\"}"));
        b = new TestServer(r -> new TestServer.Answer(200, "{\"id\": 1}"));
        PhaseOutcome o = ScenarioLoad.once("two", TWO_REQUESTS, target(), 5, 2000, 1);
        assertThat(o.requests()).isEqualTo(10);
        assertThat(o.responses()).isEqualTo(10);
        assertThat(o.invalid()).isEqualTo(10);
        assertThat(o.errors()).isEqualTo(10);

        // a missing field fails, the right status and field pass
        a.close();
        b.close();
        a = new TestServer(r -> new TestServer.Answer(201, "{\"name\": \"x\", \"nested\": {\"id\": 1}}"));
        b = new TestServer(r -> new TestServer.Answer(200, "[]"));
        o = ScenarioLoad.once("two", TWO_REQUESTS, target(), 5, 2000, 1);
        assertThat(o.requests()).isEqualTo(10);
        assertThat(o.invalid()).isEqualTo(5);
    }

    @Test
    void pickNextHandsOutEachRowOnceAcrossSessionsAndPhases() throws IOException {
        users(50);
        String scenario = """
                scenario:
                - one:
                  - csvRow:
                      file: users.csv
                      pick: next
                  - httpRequest:
                      GET: /things/${user_id}
                      endpoint: b
                      handler:
                        status:
                          range: 200
                """;
        ScenarioLoad.run("next", scenario, target(), plan(LoadPlan.Model.CLOSED, 5, 1, 1), 1, (p, l) -> {
        });
        List<String> paths = b.received().stream().map(TestServer.Received::path).toList();
        assertThat(paths.size()).isGreaterThan(50);
        Map<String, Long> counts = paths.stream().collect(Collectors.groupingBy(p -> p, Collectors.counting()));
        assertThat(counts).hasSize(50);
        long min = counts.values().stream().mapToLong(Long::longValue).min().orElseThrow();
        long max = counts.values().stream().mapToLong(Long::longValue).max().orElseThrow();
        assertThat(max - min).as("every row handed out once per round").isLessThanOrEqualTo(1);
        // the first round is drawn in file order (requests in flight may arrive slightly out of order)
        Set<String> firstRound = new HashSet<>(paths.subList(0, 50));
        assertThat(firstRound.size()).isGreaterThanOrEqualTo(45);
        assertThat(paths.getFirst()).isIn("/things/u0", "/things/u1", "/things/u2", "/things/u3", "/things/u4");
    }

    @Test
    void pickSessionKeepsOneRowPerSession() {
        String scenario = """
                scenario:
                - one:
                  - csvRow:
                      file: users.csv
                      pick: session
                  - httpRequest:
                      GET: /things/${user_id}?session=${hyperfoil.session.id}
                      endpoint: b
                      handler:
                        status:
                          range: 200
                """;
        ScenarioLoad.run("session", scenario, target(), plan(LoadPlan.Model.CLOSED, 4, 0, 1), 1, (p, l) -> {
        });
        Map<String, Set<String>> rowsBySession = new HashMap<>();
        for (TestServer.Received r : b.received()) {
            String[] parts = r.path().split("\\?session=");
            rowsBySession.computeIfAbsent(parts[1], k -> new HashSet<>()).add(parts[0]);
        }
        assertThat(rowsBySession).hasSize(4);
        assertThat(rowsBySession.values()).allSatisfy(rows -> assertThat(rows).hasSize(1));
        Set<String> all = rowsBySession.values().stream().flatMap(Set::stream).collect(Collectors.toSet());
        assertThat(all).as("sessions of a phase never share a row").hasSize(4);
        assertThat(b.received().size()).isGreaterThan(8);
    }

    @Test
    void pickRandomIsReproducibleWithTheSameSeed() throws IOException {
        users(1000);
        String scenario = """
                scenario:
                - one:
                  - csvRow:
                      file: users.csv
                      pick: random
                      counter: n
                  - httpRequest:
                      GET: /things/${user_id}?n=${n}
                      endpoint: b
                      handler:
                        status:
                          range: 200
                """;
        List<String> first = randomPaths(scenario, 42);
        List<String> second = randomPaths(scenario, 42);
        List<String> other = randomPaths(scenario, 43);
        assertThat(first).hasSize(20).isEqualTo(second).isNotEqualTo(other);
        assertThat(new HashSet<>(first).size()).as("not one row drawn again and again").isGreaterThan(10);
        assertThat(first.getFirst()).endsWith("?n=1");
    }

    private List<String> randomPaths(String scenario, long seed) {
        int before = b.received().size();
        PhaseOutcome o = ScenarioLoad.once("random", scenario, target(), 20, 2000, seed);
        assertThat(o.requests()).isEqualTo(20);
        return b.received().subList(before, b.received().size()).stream().map(TestServer.Received::path).toList();
    }

    @Test
    void forksSplitTheLoadByWeight() {
        String scenario = """
                forks:
                - light:
                    weight: 1
                    scenario:
                    - one:
                      - httpRequest:
                          GET: /light
                          endpoint: b
                          handler:
                            status:
                              range: 200
                - heavy:
                    weight: 3
                    scenario:
                    - one:
                      - httpRequest:
                          GET: /heavy
                          endpoint: b
                          handler:
                            status:
                              range: 200
                """;
        List<String> phases = new ArrayList<>();
        List<PhaseOutcome> outcomes = ScenarioLoad.run("mix", scenario, target(), plan(LoadPlan.Model.OPEN, 80, 0, 2),
                1, (p, l) -> phases.add(p));
        long light = b.received().stream().filter(r -> r.path().equals("/light")).count();
        long heavy = b.received().stream().filter(r -> r.path().equals("/heavy")).count();
        assertThat(phases).containsExactly("level-80");
        assertThat(outcomes.getFirst().requests()).isEqualTo(light + heavy);
        assertThat(light + heavy).isBetween(100L, 230L); // Poisson arrivals
        assertThat((double) heavy / light).isBetween(1.8, 5.0);

        // the verification runs every fork in each iteration, one request at a time
        int before = b.received().size();
        PhaseOutcome once = ScenarioLoad.once("mix", scenario, target(), 2, 2000, 1);
        assertThat(once.requests()).isEqualTo(4);
        assertThat(b.received().subList(before, b.received().size()).stream().map(TestServer.Received::path))
                .containsExactly("/light", "/heavy", "/light", "/heavy");
    }

    @Test
    void theGeneratedBenchmarkWrapsTheScenarioInPhases() {
        String text = ScenarioLoad.benchmark("two", TWO_REQUESTS.replace("pick: next", "pick: random"), target(),
                new LoadPlan(LoadPlan.Model.OPEN, List.of(10, 20), 5, 30, 3000), 99);
        assertThat(text).startsWith("# Two requests: a POST with a JSON body, then a GET.\n# Generated by Paradigm Lab");
        assertThat(text).contains("name: two", "threads: " + HyperfoilDriver.THREADS, "- name: a", "- name: b",
                "host: " + a.url(), "requestTimeout: 3000ms", "allowHttp2: false", "stopOnInvalid: false",
                "- warmup:", "constantRate:", "usersPerSec: 10", "isWarmup: true", "- level-10:", "- level-20:",
                "startAfterStrict: level-10", "duration: 30000ms", "seed: 99");
        assertThat(text).doesNotContain("&id", "*id");
        // the same scenario in each of the three phases
        assertThat(text.split("POST: /items/", -1)).hasSize(4);
        String closed = ScenarioLoad.benchmark("two", TWO_REQUESTS, target(),
                new LoadPlan(LoadPlan.Model.CLOSED, List.of(10), 0, 30, 3000), 99);
        assertThat(closed).contains("always:", "users: 10", "sharedConnections: 10").doesNotContain("warmup", "seed:");
    }

    @Test
    void aSoakIsOnePhasePerSliceOpenSlicesFollowingWithoutWaitingForAnswers() {
        String open = ScenarioLoad.benchmark("two", TWO_REQUESTS, target(),
                LoadPlan.soak(LoadPlan.Model.OPEN, 10, 5, 100, 3000), 99);
        assertThat(open).contains("soak at 10 for 100 s in 20 slices of 5 s", "- warmup:", "- soak-1:", "- soak-20:",
                "usersPerSec: 10", "duration: 5000ms");
        assertThat(open).doesNotContain("level-", "- soak-21:");
        // the first slice waits for the warm-up to end as a level does; the next ones only for the previous to stop
        assertThat(open).contains("startAfterStrict: warmup", "startAfter: soak-1\n", "startAfter: soak-19\n")
                .doesNotContain("startAfterStrict: soak-");
        String closed = ScenarioLoad.benchmark("two", TWO_REQUESTS, target(),
                LoadPlan.soak(LoadPlan.Model.CLOSED, 4, 0, 25, 3000), 99);
        // never more sessions than users: each slice waits for the last one's to finish
        assertThat(closed).contains("- soak-5:", "startAfterStrict: soak-4", "users: 4").doesNotContain("warmup",
                "startAfter: ");
    }

    @Test
    void aSoakRunsItsSlicesBackToBackAndGivesAnOutcomeForEach() {
        List<String> phases = new ArrayList<>();
        List<PhaseOutcome> slices = ScenarioLoad.run("two", TWO_REQUESTS, target(),
                new LoadPlan(LoadPlan.Model.OPEN, List.of(40), 0, 5, 2000, 5), 7,
                (phase, level) -> phases.add(phase + "@" + level));

        assertThat(phases).containsExactly("soak-1@40", "soak-2@40", "soak-3@40", "soak-4@40", "soak-5@40");
        assertThat(slices).hasSize(5).allSatisfy(o -> {
            assertThat(o.level()).isEqualTo(40);
            assertThat(o.requests()).as("about 40 arrivals of two requests in a second").isBetween(20L, 200L);
            assertThat(o.errors()).isZero();
            assertThat(o.seconds()).isBetween(0.9, 1.5);
        });
        for (int i = 1; i < slices.size(); i++) {
            // the next slice starts when the previous stops sending: no overlap, no pause worth a sample
            assertThat(slices.get(i).startMillis()).isGreaterThanOrEqualTo(slices.get(i - 1).endMillis())
                    .isLessThan(slices.get(i - 1).endMillis() + 500);
        }
        PhaseOutcome whole = PhaseOutcome.merge(slices);
        assertThat(whole.requests()).isEqualTo(slices.stream().mapToLong(PhaseOutcome::requests).sum())
                .isEqualTo(a.received().size() + b.received().size());
        assertThat(whole.histogram().getTotalCount()).isEqualTo(whole.responses());
        assertThat(whole.startMillis()).isEqualTo(slices.getFirst().startMillis());
        assertThat(whole.endMillis()).isEqualTo(slices.getLast().endMillis());
    }

    @Test
    void validateNamesTheScenarioAndTheProblem() {
        ScenarioLoad.validate("two", TWO_REQUESTS, target());

        assertThatThrownBy(() -> ScenarioLoad.validate("broken", "scenario:\n- one:\n  - httpRequest:\n   GET: /x\n"
                + "  endpoint: b\n   bad", target()))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("broken").hasMessageContaining("line");
        assertThatThrownBy(() -> ScenarioLoad.validate("typo", TWO_REQUESTS.replace("httpRequest:\n      GET",
                "htpRequest:\n      GET"), target()))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("typo").hasMessageContaining("htpRequest").hasMessageContaining("scenario file line 20");
        assertThatThrownBy(() -> ScenarioLoad.validate("nodata", TWO_REQUESTS.replace("users.csv", "missing.csv"),
                target()))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("nodata").hasMessageContaining("missing.csv");
        assertThatThrownBy(() -> ScenarioLoad.validate("noendpoint", TWO_REQUESTS.replace("endpoint: b",
                "endpoint: c"), target()))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("noendpoint").hasMessageContaining("line 22: endpoint 'c' is not one of the"
                        + " services [a, b]");
        assertThatThrownBy(() -> ScenarioLoad.validate("missing", TWO_REQUESTS.replace("      endpoint: b\n", ""),
                target()))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("missing, line 20: this httpRequest has no `endpoint:`");
        assertThatThrownBy(() -> ScenarioLoad.validate("extra", "name: x\n" + TWO_REQUESTS, target()))
                .isInstanceOf(LabException.class).hasMessageContaining("unexpected key 'name'");
    }

    @Test
    void aDeadEndpointFailsClearly() {
        int port = a.received().size(); // unused
        a.close();
        assertThatThrownBy(() -> ScenarioLoad.once("two", TWO_REQUESTS, target(), 1, 1000, 1))
                .isInstanceOf(LabException.class).hasMessageContaining("service a");
        assertThat(port).isZero();
    }

    @Test
    void malformedDataIsNamed() throws IOException {
        Files.writeString(data.resolve("users.csv"), "user_id,user_name,token\nu1,n1\n");
        assertThatThrownBy(() -> ScenarioLoad.validate("two", TWO_REQUESTS, target()))
                .hasMessageContaining("users.csv line 2 has 2 values");
        Files.writeString(data.resolve("users.csv"), "user_id,user_name,token\n");
        assertThatThrownBy(() -> ScenarioLoad.validate("two", TWO_REQUESTS, target()))
                .hasMessageContaining("users.csv has a header but no rows");
        Files.writeString(data.resolve("users.csv"), IntStream.range(0, 3)
                .mapToObj(i -> i == 0 ? "user_id,user_name,token" : "\"u" + i + "\",\"a, b\",t")
                .collect(Collectors.joining("\r\n")));
        ScenarioLoad.validate("two", TWO_REQUESTS, target());
    }

    @Test
    void servicesBehindOneGatewayShareOneTargetAndGetTheirPrefixes() throws IOException {
        // one server plays the gateway: both services' requests reach it, each under its own prefix
        Map<String, String> endpoints = new LinkedHashMap<>();
        endpoints.put("a", a.url() + "/a-service");
        endpoints.put("b", a.url() + "/b-service/");
        ScenarioLoad.Target gateway = new ScenarioLoad.Target(endpoints, data);
        String benchmark = ScenarioLoad.benchmark("two", TWO_REQUESTS, gateway,
                plan(LoadPlan.Model.CLOSED, 2, 0, 1), 7);
        assertThat(benchmark).contains("POST: /a-service/items/${user_id}", "GET: /b-service/things/${user_id}")
                .containsOnlyOnce("host: " + a.url());

        a.close();
        a = new TestServer(r -> r.path().startsWith("/a-service/items/") && r.method().equals("POST")
                ? new TestServer.Answer(201, "{\"id\": \"x\"}")
                : r.path().startsWith("/b-service/things/") ? new TestServer.Answer(200, "[]")
                : new TestServer.Answer(404, "{\"errors\": [\"no\"]}"));
        endpoints.replaceAll((service, url) -> a.url() + "/" + service + "-service");
        PhaseOutcome o = ScenarioLoad.once("two", TWO_REQUESTS, new ScenarioLoad.Target(endpoints, data), 3, 2000, 1);
        assertThat(o.requests()).isEqualTo(6);
        assertThat(o.errors()).isZero();
        assertThat(a.received()).extracting(TestServer.Received::path)
                .filteredOn(path -> path.startsWith("/a-service/items/u")).hasSize(3);
        assertThat(b.received()).isEmpty();
    }

    @Test
    void endpointsThatCannotBeToldApartAreRefused() {
        assertThatThrownBy(() -> new ScenarioLoad.Target(Map.of("a", a.url() + "/x", "b", a.url() + "/x/"), data))
                .isInstanceOf(LabException.class).hasMessageContaining("own host:port or its own path prefix");
        assertThatThrownBy(() -> new ScenarioLoad.Target(Map.of("a", a.url() + "/x?y=1"), data))
                .isInstanceOf(LabException.class).hasMessageContaining("query");
        assertThatThrownBy(() -> new ScenarioLoad.Target(Map.of("a", "ftp://host:1"), data))
                .isInstanceOf(LabException.class).hasMessageContaining("http://");
    }
}
