package io.paradigmlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.results.LevelMeasurement.Latency;
import io.paradigmlab.lab.results.LevelMeasurement.Resources;
import io.paradigmlab.lab.results.LevelMeasurement.Verdict;
import io.paradigmlab.lab.results.SteadyState;
import io.paradigmlab.lab.results.WarmupRun;
import io.paradigmlab.lab.stats.TestCampaigns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Steady state and CPU per request in every report file: two variants, two repetitions, levels 10 and 100; at 100
 * users virtual's second window had the JIT at 23 % of its CPU, so that level is not steady.
 */
class SteadyStateReportTest {

    @TempDir
    static Path dir;
    static String html;

    /** {@code cpu} % of a core for {@code throughput} req/s, the JIT at {@code jit} of that CPU. */
    static LevelMeasurement window(String variant, int rep, int level, double throughput, double cpu, double jit) {
        return new LevelMeasurement(variant, rep, "closed", level, 10, Math.round(throughput * 10),
                Math.round(throughput * 10), 0, 0, throughput, Double.NaN,
                new Latency(1000, 900, 1500, 2000, 3000, 5000, 8000),
                new Resources(cpu, 300, 120, 40, Double.NaN, 1.5, Double.NaN, Double.NaN, 100, jit * cpu * 10, jit),
                25, Verdict.OK, "", List.of(), Map.of());
    }

    static CampaignResult campaign() {
        List<LevelMeasurement> ms = new ArrayList<>(List.of(
                // async: 1,000 and 800 us of CPU per request at 10 users; virtual: 500 and 500
                window("async", 1, 10, 1000, 100, 0.01), window("async", 2, 10, 1250, 100, 0.02),
                window("virtual", 1, 10, 1000, 50, 0.01), window("virtual", 2, 10, 1200, 60, 0.03),
                window("async", 1, 100, 2000, 150, 0.01), window("async", 2, 100, 2100, 150, 0.01),
                window("virtual", 1, 100, 3000, 120, 0.02), window("virtual", 2, 100, 3100, 120, 0.23)));
        List<WarmupRun> warmups = List.of(
                new WarmupRun("async", 1, true, 15, true, List.of(new WarmupRun.Window(5, 900, 0.2),
                        new WarmupRun.Window(5, 1900, 0.04), new WarmupRun.Window(5, 1950, 0.02))),
                new WarmupRun("virtual", 1, true, 120, false, List.of()),
                new WarmupRun("async", 2, true, 20, true, List.of()),
                new WarmupRun("virtual", 2, true, 25, true, List.of()));
        var settings = TestCampaigns.settings(List.of("async", "virtual"), List.of(10, 100), 2)
                .withSteadyState(SteadyState.adaptiveDefaults());
        return new CampaignResult("steady", Instant.parse("2025-01-02T10:00:00Z"),
                Instant.parse("2025-01-02T10:30:00Z"), "./lab run tweebyte", Map.of(), settings, ms, List.of(), null,
                null, null, List.of(), warmups);
    }

    @BeforeAll
    static void write() throws IOException {
        html = Files.readString(ReportWriter.write(campaign(), dir));
    }

    @Test
    void aLevelThatWasNotSteadyGetsTheFlagInsteadOfARanking() {
        String ranking = html.substring(html.indexOf("id=\"ranking\""), html.indexOf("id=\"summary\""));

        assertThat(ranking).contains("<b>100 users</b>: <span class=\"warn\">not steady: JIT 23 % of CPU"
                + " (virtual)</span>: no ranking");
        // the steady level is ranked as before
        assertThat(ranking).contains("<b>10 users</b>: ").doesNotContain("<b>10 users</b>: <span class=\"warn\"");
        String steady = html.substring(html.indexOf("id=\"steady\""), html.indexOf("id=\"ranking\""));
        assertThat(steady).contains("Not steady at 100 users", "not steady: JIT 23 % of CPU (1/2 windows)",
                "steady · JIT ≤ 3 %");
        assertThat(List.of(Steadiness.percent(0.062), Steadiness.percent(0.05), Steadiness.percent(1.664),
                Steadiness.percent(Double.NaN))).containsExactly("6.2 %", "5 %", "166 %", "–");
    }

    @Test
    void theCrossoversLeaveOutTheLevelThatWasNotSteady() throws IOException {
        JsonNode root = CampaignJson.MAPPER.readTree(dir.resolve("summary.json"));

        for (JsonNode c : root.get("crossovers")) {
            assertThat(c.get("levelsCompared")).hasSize(1);
            assertThat(c.get("levelsCompared").get(0).asInt()).isEqualTo(10);
        }
        JsonNode steady = root.get("steadyState");
        assertThat(steady.get("warmup").asString()).isEqualTo("adaptive");
        assertThat(steady.get("jitShareLimit").asDouble()).isEqualTo(0.05);
        assertThat(steady.get("notSteadyLevels")).hasSize(1);
        assertThat(steady.get("notSteadyLevels").get(0).asInt()).isEqualTo(100);
        assertThat(root.get("statistics").get(1).get("steady").asBoolean()).as("async at 100").isTrue();
        assertThat(root.get("statistics").get(3).get("steady").asBoolean()).as("virtual at 100").isFalse();
    }

    @Test
    void steadyCsvHasEveryVariantAndLevelWithItsJitShare() throws IOException {
        List<String> lines = Files.readAllLines(dir.resolve("steady.csv"));

        assertThat(lines).hasSize(5);
        String[] async10 = lines.get(1).split(",");
        assertThat(lines.get(1)).startsWith("async,10,true,2,0,").endsWith(",0.02,0.05");
        assertThat(Double.parseDouble(async10[5])).isCloseTo(0.015, within(1e-12));
        assertThat(lines).containsSubsequence(
                "variant,level,steady,windows,not_steady,jit_share_mean,jit_share_max,jit_share_limit",
                "async,100,true,2,0,0.01,0.01,0.05",
                "virtual,10,true,2,0,0.02,0.03,0.05",
                "virtual,100,false,2,1,0.125,0.23,0.05");
    }

    @Test
    void theTimeToSteadyStateIsReportedPerVariant() throws IOException {
        String table = html.substring(html.indexOf("Time to steady state"), html.indexOf("id=\"ranking\""));
        assertThat(table).contains("<tr><td>async</td><td>adaptive</td>", "<td class=\"n\">2/2</td>",
                "<tr><td>virtual</td><td>adaptive</td>", "<td class=\"n\">1/2</td>");

        JsonNode byVariant = CampaignJson.MAPPER.readTree(dir.resolve("summary.json")).get("steadyState")
                .get("warmupByVariant");
        assertThat(byVariant.get(0).get("variant").asString()).isEqualTo("async");
        assertThat(byVariant.get(0).get("seconds").get("mean").asDouble()).isEqualTo(17.5);
        assertThat(byVariant.get(1).get("seconds").get("mean").asDouble()).isEqualTo(72.5);
        assertThat(byVariant.get(1).get("steady").asInt()).isEqualTo(1);

        List<String> csv = Files.readAllLines(dir.resolve("warmups.csv"));
        assertThat(csv.getFirst()).isEqualTo("variant,repetition,mode,seconds,steady,windows,last_throughput,"
                + "last_jit_share");
        assertThat(csv).contains("async,1,adaptive,15.0,true,3,1950.0,0.02", "virtual,1,adaptive,120.0,false,0,,");
    }

    @Test
    void cpuPerRequestIsInTheSummaryAndPairedLikeThroughput() throws IOException {
        List<String> summary = Files.readAllLines(dir.resolve("summary.csv"));
        // async at 10 users: 1,000 and 800 us per request
        assertThat(summary).anySatisfy(l -> assertThat(l).startsWith("async,10,cpu_us_per_request,us,900.0,"));
        assertThat(summary).anySatisfy(l -> assertThat(l).startsWith("virtual,10,cpu_us_per_request,us,500.0,"));

        // virtual / async per repetition: 500 / 1000 and 500 / 800, geometric mean sqrt(0.5 * 0.625)
        double ratio = Math.sqrt(0.5 * 0.625);
        List<String> comparisons = Files.readAllLines(dir.resolve("comparisons.csv"));
        String row = comparisons.stream().filter(l -> l.startsWith("pair,10,cpu_us_per_request,us,async,virtual,"))
                .findFirst().orElseThrow();
        String[] fields = row.split(",");
        assertThat(Double.parseDouble(fields[10])).isCloseTo(ratio, within(1e-9));
        assertThat(fields[13]).isEqualTo("2");

        JsonNode root = CampaignJson.MAPPER.readTree(dir.resolve("summary.json"));
        assertThat(root.get("statistics").get(0).get("metrics").get("cpu_us_per_request").get("mean").asDouble())
                .isEqualTo(900.0);
        JsonNode paired = null;
        for (JsonNode c : root.get("comparisons")) {
            if (c.get("metric").asString().equals("cpu_us_per_request") && c.get("level").asInt() == 10) {
                paired = c;
            }
        }
        assertThat(paired).isNotNull();
        assertThat(paired.get("ratioBOverA").get("mean").asDouble()).isCloseTo(ratio, within(1e-9));

        String table = html.substring(html.indexOf("Service CPU per request (µs)"));
        assertThat(table).contains("900 ± ", String.format(java.util.Locale.ROOT, "%.2f×", ratio));
        String all = html.substring(html.indexOf("id=\"all\""));
        assertThat(all).contains("<tr><th>Service CPU per request (µs)</th>",
                "<tr><th>JIT share of service CPU (%)</th>");
        List<String> measurements = Files.readAllLines(dir.resolve("measurements.csv"));
        // jit_ms_per_s, jit_share, cpu_us_per_request, steady
        assertThat(measurements.get(1)).endsWith(",10.0,0.01,1000.0,true");
        assertThat(measurements.get(8)).endsWith(",0.23," + 120 / 100.0 * 1e6 / 3100 + ",false");
    }

    @Test
    void aCrossoverWithOnlyLevelsThatWereNotSteadySaysSo() throws IOException {
        CampaignResult all = campaign();
        List<LevelMeasurement> level100 = all.measurements().stream().filter(m -> m.level() == 100).toList();
        CampaignResult one = new CampaignResult("one", all.started(), all.finished(), all.command(), Map.of(),
                all.settings(), level100, List.of(), null, null, null, List.of(), List.of());

        String page = Files.readString(ReportWriter.write(one, dir.resolve("one")));

        String crossovers = page.substring(page.indexOf("id=\"crossovers\""), page.indexOf("id=\"charts\""));
        assertThat(crossovers).contains("none: no steady level (not steady at 100 users)")
                .doesNotContain("no level where both have a valid repetition");
    }

    @Test
    void aFixedWorkExperimentIsNeverFlaggedSinceItsRunsIncludeTheWarmUpByDesign() {
        var fixed = new io.paradigmlab.lab.results.CampaignSettings("chatapp", "A.2", List.of("platform", "virtual"),
                List.of(), "fixed", List.of(10), 1, 0, 600, "quick", 100, 42, false, 0.01, null, false);
        var closed = TestCampaigns.settings(List.of("platform", "virtual"), List.of(10), 1);
        List<LevelMeasurement> ms = List.of(window("platform", 1, 10, 100, 100, 0.5),
                window("virtual", 1, 10, 100, 100, 0.01));

        CampaignResult experiment = TestCampaigns.campaign("fixed", fixed, ms, List.of());
        CampaignResult load = TestCampaigns.campaign("closed", closed, ms, List.of());

        assertThat(new Steadiness(experiment, io.paradigmlab.lab.stats.CampaignStatistics.summarize(experiment))
                .steady(10)).isTrue();
        Steadiness flagged = new Steadiness(load, io.paradigmlab.lab.stats.CampaignStatistics.summarize(load));
        assertThat(flagged.steady(10)).isFalse();
        assertThat(flagged.flag(10)).isEqualTo("not steady: JIT 50 % of CPU (platform)");
    }

    @Test
    void compareNamesTheLevelsThatWereNotSteadyInEitherCampaign() {
        CampaignResult a = campaign();
        List<LevelMeasurement> steadyOnly = a.measurements().stream()
                .map(m -> m.jitShare() > 0.05 ? window(m.variant(), m.repetition(), m.level(), m.throughput(),
                        m.service().cpuPercent(), 0.01) : m).toList();
        CampaignResult b = new CampaignResult("steady-b", a.started(), a.finished(), a.command(), a.environment(),
                a.settings(), steadyOnly, List.of(), null, null, null, List.of(), a.warmups());

        CampaignComparison c = CampaignComparison.compare(a, b);

        assertThat(c.notSteady()).containsExactly("A: not steady at 100 users: JIT 23 % of CPU (virtual)");
        var text = new java.io.ByteArrayOutputStream();
        CompareReport.print(c, new java.io.PrintStream(text, true, java.nio.charset.StandardCharsets.UTF_8));
        assertThat(text.toString(java.nio.charset.StandardCharsets.UTF_8))
                .contains("Levels not in steady state", "  A: not steady at 100 users: JIT 23 % of CPU (virtual)");
        assertThat(CampaignComparison.compare(b, b).notSteady()).isEmpty();
    }

    @Test
    void theRatiosOfALevelThatWasNotSteadyAreShownWithoutAVerdict() {
        String summary = html.substring(html.indexOf("id=\"summary\""), html.indexOf("id=\"crossovers\""));
        String row100 = summary.substring(summary.indexOf("<tr><th>100 <span class=\"warn\""));
        row100 = row100.substring(0, row100.indexOf("</tr>"));

        // virtual's throughput is 1.5x async's in both repetitions: significant, yet not coloured as a winner here
        assertThat(row100).contains("not steady").doesNotContain("better").doesNotContain("<b>*</b>");
    }
}
