package io.paradigmlab.tweebyte.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.tweebyte.lab.TweebyteDeployment;
import io.paradigmlab.tweebyte.lab.TweebyteService;
import io.paradigmlab.tweebyte.openapi.OpenApiDocuments;
import io.paradigmlab.tweebyte.spec.Users.Account;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * Schemathesis, a property-based API fuzzer, attacks each of the variant's services from the OpenAPI document
 * the service itself serves at {@code /v3/api-docs}: once with a valid token, once without. It generates
 * examples, boundary and negative cases (NUL bytes, huge numbers, wrong types, missing fields) and random ones,
 * and the test asserts at least 1,000 requests per service, no answer 5xx, and every answer as documented: all of
 * Schemathesis's checks (status, content type, headers, body schema, invalid data refused, valid data accepted,
 * undeclared methods answered 405 with {@code Allow}, authentication not ignored...), switched off only where
 * {@code fuzz/schemathesis.toml} says why. The reports stay in {@code target/fuzz/<variant>/}.
 *
 * <p>Schemathesis comes from PyPI: {@code ./lab test} installs the pinned version
 * ({@code apps/tweebyte/spec/fuzz-requirements.txt}) into {@code .lab/venv}; the system property or environment
 * variable {@code SCHEMATHESIS} names another executable.
 */
abstract class FuzzSpec extends TweebyteSpec {

    /** Requests the two runs on one service must send together, at least (issue 8). */
    static final int MIN_REQUESTS = 1_000;
    /** Fixed so a failure can be replayed with the same cases. */
    static final long SEED = 20261122L;

    private final Map<String, String> summary = new TreeMap<>();

    @ParameterizedTest(name = "{0} service")
    @ValueSource(strings = {"user", "tweet", "interaction"})
    @DisplayName("fuzzed from its own OpenAPI document, with and without a token: no 5xx, every answer as documented")
    void fuzz(String service) throws Exception {
        TweebyteDeployment deployment = fixture.deployment(variant());
        String base = deployment.url(TweebyteService.parse(service));
        Response served = new Http(base).get("/v3/api-docs", null);
        assertThat(served.status()).as("%s", served).isEqualTo(200);
        assertThat(served.body()).as("the document the variant serves is the project's, byte for byte")
                .isEqualTo(OpenApiDocuments.json(service));
        int operations = countOperations(served.json());
        // a run sends its coverage cases (about 20 per operation) plus up to max-examples random ones per operation:
        // about 650 requests a run, so that the two runs clear MIN_REQUESTS with room, and no service many times that
        // (the 31 operations of the interaction service sent 2,800 with 25 random cases each, CI's longest fuzz run)
        int maxExamples = Math.max(10, (int) Math.ceil(650.0 / operations) - 20);

        Account account = register("fuzz");
        // the two runs at once: each is mostly one Python process generating cases, so together they use both cores
        Started token = start(service, base, "token", maxExamples, account.token());
        Started none = start(service, base, "anonymous", maxExamples, null);
        Run withToken = token.finish(service);
        Run anonymous = none.finish(service);
        summary.put(service, "%d operations, %d + %d requests (token, anonymous), statuses %s / %s".formatted(
                operations, withToken.requests, anonymous.requests, withToken.statuses, anonymous.statuses));

        for (Run run : List.of(withToken, anonymous)) {
            assertThat(run.serverErrors).as("5xx answers in %s; see %s", run.mode, run.dir).isZero();
            assertThat(run.failures).as("answers that break the document in %s; see %s", run.mode, run.dir).isEmpty();
            assertThat(run.exitCode).as("schemathesis exit code in %s; see %s", run.mode, run.log).isZero();
        }
        assertThat(withToken.requests + anonymous.requests).as("requests sent to the %s service", service)
                .isGreaterThanOrEqualTo(MIN_REQUESTS);
    }

    @AfterAll
    void printSummary() {
        summary.forEach((service, line) -> System.out.printf("fuzz %s %s: %s%n", variant().id(), service, line));
    }

    /** What one Schemathesis run did, read from its JSON and NDJSON reports. */
    private record Run(String mode, Path dir, Path log, int exitCode, int requests, int serverErrors,
                       Map<Integer, Integer> statuses, List<String> failures) {
    }

    /** A Schemathesis run under way. */
    private record Started(String mode, Path dir, Path log, Process process) {

        Run finish(String service) throws Exception {
            if (!process.waitFor(15, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                fail("Schemathesis did not finish within 15 minutes on the %s service (%s); see %s", service, mode, log);
            }
            return read(mode, dir, log, process.exitValue());
        }
    }

    private Started start(String service, String base, String mode, int maxExamples, String token) throws Exception {
        Path dir = Path.of("target", "fuzz", variant().id(), service + "-" + mode).toAbsolutePath();
        deleteRecursively(dir);
        Files.createDirectories(dir);
        // every check runs (Schemathesis's default) but where the file switches one off for an operation, with its
        // reason; a --checks option here would override those switches
        Path config = dir.resolve("schemathesis.toml");
        try (var in = FuzzSpec.class.getResourceAsStream("/fuzz/schemathesis.toml")) {
            Files.write(config, in.readAllBytes());
        }
        List<String> command = new ArrayList<>(List.of(schemathesis(), "--config-file", config.toString(), "run",
                base + "/v3/api-docs", "--url", base, "--phases", "examples,coverage,fuzzing",
                "--max-examples", Integer.toString(maxExamples), "--seed", Long.toString(SEED),
                "--suppress-health-check", "all", "--request-timeout", "15", "--no-shrink",
                "--report", "json,ndjson", "--report-dir", dir.toString(),
                "--report-json-path", dir.resolve("report.json").toString(),
                "--report-ndjson-path", dir.resolve("events.ndjson").toString()));
        if (token != null) {
            command.addAll(List.of("--header", "Authorization: Bearer " + token));
        }
        Path log = dir.resolve("schemathesis.log");
        return new Started(mode, dir, log,
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start());
    }

    private static Run read(String mode, Path dir, Path log, int exitCode) throws Exception {
        Path report = dir.resolve("report.json");
        if (!Files.exists(report)) {
            fail("Schemathesis wrote no report (exit %d); its output:%n%s", exitCode, tail(log));
        }
        JsonNode json = Response.JSON.readTree(report.toFile());
        List<String> failures = new ArrayList<>();
        json.get("failures").forEach(f -> failures.add(f.toString()));
        json.get("errors").forEach(e -> failures.add("error: " + e));
        Map<Integer, Integer> statuses = new TreeMap<>();
        int requests = 0;
        int serverErrors = 0;
        for (String line : Files.readAllLines(dir.resolve("events.ndjson"), StandardCharsets.UTF_8)) {
            JsonNode finished = Response.JSON.readTree(line).get("ScenarioFinished");
            // a skipped scenario (an operation without examples, say) records no interaction
            JsonNode interactions = finished == null ? null : finished.path("recorder").get("interactions");
            if (interactions == null) {
                continue;
            }
            for (JsonNode interaction : interactions) {
                requests++;
                JsonNode response = interaction.get("response");
                int status = response == null || response.isNull() ? -1 : response.get("status_code").asInt();
                statuses.merge(status, 1, Integer::sum);
                if (status >= 500 || status < 0) {
                    serverErrors++;
                }
            }
        }
        return new Run(mode, dir, log, exitCode, requests, serverErrors, statuses, failures);
    }

    private static int countOperations(JsonNode document) {
        int n = 0;
        for (JsonNode path : document.get("paths")) {
            for (String method : path.propertyNames()) {
                if (List.of("get", "put", "post", "delete", "patch").contains(method.toLowerCase(Locale.ROOT))) {
                    n++;
                }
            }
        }
        return n;
    }

    /** The Schemathesis executable: {@code SCHEMATHESIS}, else the lab's virtualenv, else the PATH. */
    static String schemathesis() {
        String configured = System.getProperty("SCHEMATHESIS", System.getenv("SCHEMATHESIS"));
        if (configured != null && !configured.isBlank()) {
            return configured;
        }
        Path venv = RepoLayout.locate().root().resolve(".lab/venv/bin/schemathesis");
        if (Files.isExecutable(venv)) {
            return venv.toString();
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, "schemathesis"))) {
                return Path.of(dir, "schemathesis").toString();
            }
        }
        throw new IllegalStateException("Schemathesis is not installed: `./lab test` installs it into .lab/venv"
                + " (python3 -m venv .lab/venv && .lab/venv/bin/pip install -r apps/tweebyte/spec/fuzz-requirements.txt),"
                + " or set SCHEMATHESIS to its executable");
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
