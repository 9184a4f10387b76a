package io.paradigmlab.lab.report;

import static io.paradigmlab.lab.stats.TestCampaigns.campaign;
import static io.paradigmlab.lab.stats.TestCampaigns.measurement;
import static io.paradigmlab.lab.stats.TestCampaigns.ok;
import static io.paradigmlab.lab.stats.TestCampaigns.settings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.api.Ceiling;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.results.LevelMeasurement.Pool;
import io.paradigmlab.lab.results.LevelMeasurement.Verdict;
import io.paradigmlab.lab.stats.CampaignStatistics;
import io.paradigmlab.lab.stats.CampaignSummary;
import io.paradigmlab.lab.stats.PoolMetric;
import io.paradigmlab.lab.stats.PoolSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The pools and the CPU ceiling, from measurements to statistics, page, CSV and JSON; and their absence. */
@Timeout(120)
class PoolsAndCeilingReportTest {

    static final List<Integer> LEVELS = List.of(1, 4);
    static final Ceiling CEILING = new Ceiling("the image pipeline", 50, 1.5, 2, "Temurin 25", "1 fork, 2 s");

    @TempDir
    Path dir;

    /** async has a cpu pool, virtual the virtual scheduler; repetition 2 of async at level 4 failed. */
    static CampaignResult withPools() {
        List<LevelMeasurement> ms = new ArrayList<>();
        for (int rep = 1; rep <= 2; rep++) {
            for (int level : LEVELS) {
                double active = level == 1 ? 1 : 2;
                LevelMeasurement a = rep == 2 && level == 4
                        ? measurement("async", rep, level, 30, 1000, Verdict.FAILED, "errors")
                        : ok("async", rep, level, 20 * level + rep * 2, 1000);
                ms.add(with(a, List.of(new Pool("cpu", active, 2, 2, rep * 10.0, 100, active / 2, 40, rep, Double.NaN,
                        Double.NaN), new Pool("db", 0.5, 20, 3, 0, Double.NaN, 0.025, 5, Double.NaN, Double.NaN,
                        Double.NaN))));
                ms.add(with(ok("virtual", rep, level, 25 * level, 1000), List.of(new Pool("virtual-scheduler",
                        active, 2, 2, 3, Double.NaN, active / 2, Double.NaN, Double.NaN, 100.0 * rep, rep - 1))));
            }
        }
        CampaignResult plain = campaign("pools", settings(List.of("async", "virtual"), LEVELS, 2), ms, List.of());
        return new CampaignResult(plain.id(), plain.started(), plain.finished(), plain.command(), plain.environment(),
                plain.settings(), plain.measurements(), plain.statics(), null, CEILING);
    }

    static LevelMeasurement with(LevelMeasurement m, List<Pool> pools) {
        return new LevelMeasurement(m.variant(), m.repetition(), m.model(), m.level(), m.durationSeconds(),
                m.requests(), m.responses(), m.errors(), m.timeouts(), m.throughput(), m.offeredRate(), m.latency(),
                m.service(), m.loaderCpuPercent(), m.verdict(), m.verdictReason(), pools, java.util.Map.of());
    }

    @Test
    void poolEstimatesRestOnTheOkRepetitionsOfEachVariant() {
        CampaignSummary summary = CampaignStatistics.summarize(withPools());
        assertThat(summary.poolNames()).containsExactly("cpu", "db", "virtual-scheduler");
        PoolSummary cpu1 = summary.pool("async", 1, "cpu").orElseThrow();
        assertThat(cpu1.estimate(PoolMetric.QUEUED).mean()).isEqualTo(15);
        assertThat(cpu1.estimate(PoolMetric.QUEUED).n()).isEqualTo(2);
        assertThat(cpu1.estimate(PoolMetric.REJECTED).mean()).isEqualTo(1.5);
        assertThat(cpu1.reports(PoolMetric.STARTED)).isFalse();
        PoolSummary cpu4 = summary.pool("async", 4, "cpu").orElseThrow();
        assertThat(cpu4.estimate(PoolMetric.UTILIZATION).n()).as("the FAILED repetition is left out").isEqualTo(1);
        assertThat(cpu4.estimate(PoolMetric.UTILIZATION).mean()).isEqualTo(1.0);
        assertThat(summary.pool("virtual", 1, "cpu")).isEmpty();
        assertThat(summary.pool("virtual", 4, "virtual-scheduler").orElseThrow().estimate(PoolMetric.STARTED).mean())
                .isEqualTo(150);
        // throughput 22 and 24 at level 1: mean 23 over a ceiling of 50 x 2 = 100 ops/s
        var fraction = summary.ceilingFraction(summary.level("async", 1).orElseThrow());
        assertThat(fraction.mean()).isCloseTo(0.23, within(1e-12));
        assertThat(fraction.ciHigh() - fraction.ciLow()).isPositive();
    }

    @Test
    void thePageCsvAndJsonShowPoolsAndTheCeiling() throws IOException {
        ReportWriter.write(withPools(), dir);
        String html = Files.readString(dir.resolve("report.html"));
        assertThat(html).contains("<h2 id=\"pools\">Pools</h2>", "<th>cpu</th>", "<th>virtual-scheduler</th>",
                "Pool cpu: utilization", "Throughput / CPU ceiling (%)", "async / CPU ceiling", "virtual / CPU ceiling", "23 ± 13 %", "CPU ceiling: ");
        assertThat(html.indexOf("id=\"pools\"")).isGreaterThan(html.indexOf("id=\"charts\""));

        List<String> pools = Files.readAllLines(dir.resolve(ReportWriter.POOLS_CSV));
        assertThat(pools.getFirst()).startsWith("kind,variant,repetition,level,verdict,pool,active_threads");
        assertThat(pools).anyMatch(l -> l.startsWith("measurement,async,2,4,FAILED,cpu,2.0,2.0,"))
                .anyMatch(l -> l.startsWith("summary,async,,1,,cpu,") && l.contains(",queued_tasks,tasks,15.0,"));
        assertThat(Files.readAllLines(dir.resolve(ReportWriter.SUMMARY_CSV)))
                .anyMatch(l -> l.startsWith("virtual,1,ceiling_fraction,fraction,0.25,"));

        JsonNode json = CampaignJson.MAPPER.readTree(dir.resolve(ReportWriter.SUMMARY_JSON).toFile());
        assertThat(json.get("ceiling").get("opsPerSecond").asDouble()).isEqualTo(100);
        // async: cpu and db at both levels (the FAILED repetition has them too, the OK one counts); virtual: one pool
        assertThat(json.get("pools").size()).isEqualTo(6);
        assertThat(json.get("statistics").get(0).get("metrics").get("ceiling_fraction").get("mean").asDouble())
                .isCloseTo(0.23, within(1e-12));

        CampaignResult reread = CampaignJson.read(dir.resolve(ReportWriter.CAMPAIGN_JSON));
        assertThat(reread.ceiling()).isEqualTo(CEILING);
        assertThat(reread.measurements().getFirst().pools()).hasSize(2);
    }

    @Test
    void withoutPoolsOrCeilingNothingOfThemIsShown() throws IOException {
        CampaignResult plain = campaign("plain", settings(List.of("async"), LEVELS, 1),
                List.of(ok("async", 1, 1, 10, 1000), ok("async", 1, 4, 30, 1000)), List.of());
        ReportWriter.write(plain, dir);
        String html = Files.readString(dir.resolve("report.html"));
        assertThat(html).doesNotContain("id=\"pools\"", "CPU ceiling");
        assertThat(dir.resolve(ReportWriter.POOLS_CSV)).doesNotExist();
        assertThat(Files.readString(dir.resolve(ReportWriter.SUMMARY_CSV))).doesNotContain("ceiling_fraction");
        JsonNode json = CampaignJson.MAPPER.readTree(dir.resolve(ReportWriter.SUMMARY_JSON).toFile());
        assertThat(json.get("ceiling").isNull()).isTrue();
        assertThat(json.get("pools").size()).isZero();
    }
}
