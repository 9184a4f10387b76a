package io.paradigmlab.lab.cli;

import static io.paradigmlab.lab.stats.TestCampaigns.campaign;
import static io.paradigmlab.lab.stats.TestCampaigns.ok;
import static io.paradigmlab.lab.stats.TestCampaigns.settings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.report.CampaignComparison;
import io.paradigmlab.lab.report.CampaignJson;
import io.paradigmlab.lab.report.RegressionGate;
import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.stats.Metric;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./lab compare A B --fail-if ...}: the regression gate's rule and its exit codes. */
class CompareGateTest {

    @TempDir
    Path temp;

    /** async at 10 users: throughput {@code tput} per repetition, p50 {@code p50Us} in every repetition. */
    private static CampaignResult run(String id, double[] tput, double p50Us) {
        List<LevelMeasurement> ms = new ArrayList<>();
        for (int rep = 1; rep <= tput.length; rep++) {
            ms.add(ok("async", rep, 10, tput[rep - 1], p50Us + rep));
        }
        return campaign(id, settings(List.of("async"), List.of(10), tput.length), ms, List.of());
    }

    private static final CampaignResult BEFORE = run("before", new double[] {100, 101, 99, 100}, 1000);
    /** 20% less throughput, clearly beyond the noise. */
    private static final CampaignResult SLOWER = run("slower", new double[] {80, 81, 79, 80}, 1000);
    /** 3% less: beyond nothing a 5% gate cares about. */
    private static final CampaignResult ALIKE = run("alike", new double[] {97, 98, 96, 97}, 1000);
    /** 20% less on average, but with noise that makes the difference insignificant. */
    private static final CampaignResult NOISY = run("noisy", new double[] {40, 120, 60, 100}, 1000);

    @Test
    void conditionsAreParsedWithAliasesSignsAndUnits() {
        RegressionGate gate = RegressionGate.parse(" throughput<-5% , p99>+10%,latency_p50>2");
        assertThat(gate.conditions()).extracting(RegressionGate.Condition::metric)
                .containsExactly(Metric.THROUGHPUT, Metric.LATENCY_P99, Metric.LATENCY_P50);
        assertThat(gate.conditions().get(0).below()).isTrue();
        assertThat(gate.conditions().get(0).threshold()).isEqualTo(-0.05);
        assertThat(gate.conditions().get(0).relative()).isTrue();
        assertThat(gate.conditions().get(1).threshold()).isEqualTo(0.10);
        assertThat(gate.conditions().get(2).relative()).isFalse();
        assertThat(gate.conditions().get(2).threshold()).isEqualTo(2.0);
    }

    @Test
    void cpuPerRequestIsGatedByItsIdOrAliasInMicroseconds() {
        RegressionGate gate = RegressionGate.parse("cpu_us_per_request>+10%,cpu_per_request>500");
        assertThat(gate.conditions()).extracting(RegressionGate.Condition::metric)
                .containsExactly(Metric.CPU_PER_REQUEST, Metric.CPU_PER_REQUEST);
        // the same CPU (51 % of a core) for 20 % fewer answers: 5,100 us per request before, about 6,375 after
        assertThat(verdicts(RegressionGate.parse("cpu_us_per_request>+10%"), SLOWER))
                .containsExactly(RegressionGate.Verdict.FAIL);
        assertThat(verdicts(RegressionGate.parse("cpu_us_per_request>+10%"), ALIKE))
                .containsExactly(RegressionGate.Verdict.PASS);
        // absolute thresholds in us, the unit the report shows it in: +1,275 us is beyond +500, within +2,000
        assertThat(verdicts(RegressionGate.parse("cpu_per_request>500"), SLOWER))
                .containsExactly(RegressionGate.Verdict.FAIL);
        assertThat(verdicts(RegressionGate.parse("cpu_per_request>2000"), SLOWER))
                .containsExactly(RegressionGate.Verdict.PASS);
    }

    @Test
    void badConditionsAreRefusedWithTheReason() {
        assertThatThrownBy(() -> RegressionGate.parse("speed<-5%")).isInstanceOf(LabException.class)
                .hasMessageContaining("unknown metric 'speed'").hasMessageContaining("throughput");
        for (String bad : List.of("", "throughput", "throughput<", "throughput=-5%", "p99>+10%,", "p99>>1")) {
            assertThatThrownBy(() -> RegressionGate.parse(bad)).as(bad).isInstanceOf(LabException.class)
                    .hasMessageContaining("--fail-if");
        }
    }

    @Test
    void aSignificantMoveBeyondTheThresholdFailsAndASmallOrInsignificantOneDoesNot() {
        RegressionGate gate = RegressionGate.parse("throughput<-5%");
        assertThat(verdicts(gate, SLOWER)).containsExactly(RegressionGate.Verdict.FAIL);
        assertThat(verdicts(gate, ALIKE)).containsExactly(RegressionGate.Verdict.PASS);
        assertThat(verdicts(gate, NOISY)).containsExactly(RegressionGate.Verdict.INCONCLUSIVE);
        // the other direction: B better than A never fails a "<" condition
        assertThat(verdicts(gate, BEFORE)).containsExactly(RegressionGate.Verdict.PASS);
        assertThat(verdicts(RegressionGate.parse("throughput>+10%"), SLOWER))
                .containsExactly(RegressionGate.Verdict.PASS);
    }

    @Test
    void anAbsoluteThresholdIsInTheUnitTheReportShows() {
        // p50 is recorded in microseconds and shown in ms: +0 ms moved, so "p50>0.5" (ms) passes, "p50<-0.5" too
        assertThat(verdicts(RegressionGate.parse("p50>0.5"), SLOWER)).containsExactly(RegressionGate.Verdict.PASS);
        // throughput fell by 20 req/s, beyond an absolute -10 req/s
        assertThat(verdicts(RegressionGate.parse("throughput<-10"), SLOWER))
                .containsExactly(RegressionGate.Verdict.FAIL);
    }

    private static List<RegressionGate.Verdict> verdicts(RegressionGate gate, CampaignResult b) {
        CampaignComparison comparison = CampaignComparison.compare(BEFORE, b, gate.metrics());
        return gate.judge(comparison).stream().map(RegressionGate.Check::verdict).toList();
    }

    @Test
    void theCommandExitsOneOnARegressionZeroOtherwiseTwoOnBadInputAndPrintsMarkdown() throws Exception {
        Path before = save(BEFORE);
        Path slower = save(SLOWER);
        Path alike = save(ALIKE);

        Result failed = compare(before.toString(), slower.toString(), "--fail-if", "throughput<-5%,p99>+10%",
                "--format", "markdown", "--output", temp.resolve("out").toString());
        assertThat(failed.code).isEqualTo(CompareCommand.REGRESSION);
        assertThat(failed.out).contains("| variant | level | metric |").contains("|---|---|---|---:|")
                .contains("Regression gate FAILED: 1 of 2 checks")
                .contains("| `throughput<-5%` | async | 10 | -20.0% |").contains("| fail |");
        assertThat(Files.readString(temp.resolve("out").resolve("comparison.md"))).isEqualTo(failed.out);
        assertThat(Files.readString(temp.resolve("out").resolve("comparison.txt"))).contains("Regression gate FAILED");

        Result passed = compare(before.toString(), alike.toString(), "--fail-if", "throughput<-5%");
        assertThat(passed.code).isZero();
        assertThat(passed.out).contains("Regression gate passed: 1 checks");

        assertThat(compare(before.toString(), slower.toString()).code).as("no gate, no verdict").isZero();
        assertThat(compare(before.toString(), slower.toString(), "--fail-if", "speed<1").code).isEqualTo(2);
        assertThat(compare(before.toString(), temp.resolve("missing").toString(), "--fail-if", "p99>1%").code)
                .isEqualTo(2);
    }

    private Path save(CampaignResult result) throws Exception {
        Path dir = Files.createDirectories(temp.resolve(result.id()));
        CampaignJson.write(result, dir.resolve("campaign.json"));
        return dir;
    }

    private record Result(int code, String out) {
    }

    private static Result compare(String... args) {
        PrintStream saved = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            List<String> all = new ArrayList<>(List.of("compare"));
            all.addAll(List.of(args));
            int code = LabCli.commandLine().execute(all.toArray(String[]::new));
            return new Result(code, bytes.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(saved);
        }
    }
}
