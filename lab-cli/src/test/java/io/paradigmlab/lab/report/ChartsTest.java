package io.paradigmlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.stats.CampaignStatistics;
import io.paradigmlab.lab.stats.Metric;
import io.paradigmlab.lab.stats.TestCampaigns;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChartsTest {

    @Test
    void geometricLaddersAndWideSpansGetALogAxis() {
        assertThat(Charts.logX(List.of(1, 4, 16))).isTrue();
        assertThat(Charts.logX(List.of(1, 10, 100))).isTrue();
        assertThat(Charts.logX(List.of(2, 4, 8, 16))).isTrue();
        assertThat(Charts.logX(List.of(1, 10, 50, 100, 200))).as("the seeds' ladder spans 200x").isTrue();
    }

    @Test
    void arithmeticLaddersAndNarrowSpansStayLinear() {
        assertThat(Charts.logX(List.of(10, 20, 30, 40))).isFalse();
        assertThat(Charts.logX(List.of(1, 4))).as("two levels are no ladder").isFalse();
        assertThat(Charts.logX(List.of(1, 2, 16))).as("steps 2 and 8 are not one ratio").isFalse();
        assertThat(Charts.logX(List.of(100))).isFalse();
        assertThat(Charts.logX(List.of())).isFalse();
    }

    @Test
    void cpuPerRequestGetsAChartInMicrosecondsOnlyWhereSomeVariantHasTheCpu() {
        var settings = TestCampaigns.settings(List.of("async", "external"), List.of("external"), List.of(10, 20), 1,
                null);
        List<LevelMeasurement> sampled = List.of(TestCampaigns.ok("async", 1, 10, 100, 1000),
                TestCampaigns.ok("async", 1, 20, 200, 1000), external(TestCampaigns.ok("external", 1, 10, 100, 1000)),
                external(TestCampaigns.ok("external", 1, 20, 200, 1000)));
        var withCpu = Charts.render(CampaignStatistics.summarize(TestCampaigns.campaign("c", settings, sampled,
                List.of())), "users");
        assertThat(withCpu).filteredOn(c -> c.metric() == Metric.CPU_PER_REQUEST).singleElement()
                .satisfies(c -> assertThat(c.title()).isEqualTo("Service CPU per request (µs)"));

        // external targets only: no CPU sampled, so no empty chart of CPU per request
        var onlyExternal = Charts.render(CampaignStatistics.summarize(TestCampaigns.campaign("d", settings,
                sampled.stream().filter(m -> m.variant().equals("external")).toList(), List.of())), "users");
        assertThat(onlyExternal).extracting(Charts.Chart::metric).contains(Metric.THROUGHPUT)
                .doesNotContain(Metric.CPU_PER_REQUEST);
    }

    /** {@code m} as an external target measures it: no service process sampled. */
    private static LevelMeasurement external(LevelMeasurement m) {
        return new LevelMeasurement(m.variant(), m.repetition(), m.model(), m.level(), m.durationSeconds(),
                m.requests(), m.responses(), m.errors(), m.timeouts(), m.throughput(), m.offeredRate(), m.latency(),
                null, m.loaderCpuPercent(), m.verdict(), m.verdictReason(), m.pools(), m.extra());
    }
}
