package io.paradigmlab.lab.stats;

import static io.paradigmlab.lab.stats.TestCampaigns.campaign;
import static io.paradigmlab.lab.stats.TestCampaigns.measurement;
import static io.paradigmlab.lab.stats.TestCampaigns.ok;
import static io.paradigmlab.lab.stats.TestCampaigns.settings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.LevelMeasurement.Verdict;
import io.paradigmlab.lab.results.StaticMetrics;
import java.util.List;
import org.junit.jupiter.api.Test;

class CampaignStatisticsTest {

    @Test
    void failedRepetitionIsExcludedFromTheMeanAndCounted() {
        CampaignResult result = campaign("c", settings(List.of("async"), List.of(10), 3), List.of(
                ok("async", 1, 10, 100, 1000),
                ok("async", 2, 10, 110, 1000),
                measurement("async", 3, 10, 5000, 1000, Verdict.FAILED, "errors 20% > 1%")), List.of());

        LevelSummary s = CampaignStatistics.summarize(result).level("async", 10).orElseThrow();

        assertThat(s.estimate(Metric.THROUGHPUT).mean()).isEqualTo(105.0);
        assertThat(s.estimate(Metric.THROUGHPUT).n()).isEqualTo(2);
        assertThat(s.estimate(Metric.ERROR_RATE).mean()).as("the failed run's errors are not averaged").isZero();
        assertThat(s.ok()).isEqualTo(2);
        assertThat(s.failed()).isEqualTo(1);
        assertThat(s.saturated()).isZero();
        assertThat(s.repetitions()).isEqualTo(3);
        assertThat(s.validInEveryRepetition()).isFalse();
    }

    @Test
    void saturatedAndUnmeasuredRepetitionsAreCountedSeparately() {
        CampaignResult result = campaign("c", settings(List.of("async"), List.of(10, 20), 3), List.of(
                ok("async", 1, 10, 100, 1000), ok("async", 2, 10, 100, 1000), ok("async", 3, 10, 100, 1000),
                ok("async", 1, 20, 200, 1000),
                measurement("async", 2, 20, 150, 90_000, Verdict.SATURATED, "achieved 150 of 200 req/s")),
                List.of());

        CampaignSummary summary = CampaignStatistics.summarize(result);
        LevelSummary low = summary.level("async", 10).orElseThrow();
        LevelSummary high = summary.level("async", 20).orElseThrow();

        assertThat(low.validInEveryRepetition()).isTrue();
        assertThat(high.ok()).isEqualTo(1);
        assertThat(high.saturated()).isEqualTo(1);
        assertThat(high.missing()).isEqualTo(1);
        assertThat(high.estimate(Metric.THROUGHPUT).singleRun()).isTrue();
        assertThat(high.estimate(Metric.THROUGHPUT).mean()).isEqualTo(200.0);
    }

    @Test
    void percentilesAreTheMeanOfEachRepetitionsOwnPercentile() {
        // p99 = 3 x p50 in each run: 3000, 6000, 9000 us; p95 = 2 x p50: 2000, 4000, 6000 us.
        CampaignResult result = campaign("c", settings(List.of("virtual"), List.of(50), 3), List.of(
                ok("virtual", 1, 50, 100, 1000), ok("virtual", 2, 50, 100, 2000), ok("virtual", 3, 50, 100, 3000)),
                List.of());

        LevelSummary s = CampaignStatistics.summarize(result).level("virtual", 50).orElseThrow();

        assertThat(s.estimate(Metric.LATENCY_P99).mean()).isEqualTo(6000.0);
        assertThat(s.estimate(Metric.LATENCY_P95).mean()).isEqualTo(4000.0);
        // p95 = 2000, 4000, 6000 us: s = 2000, half-width = t(0.975, 2) * 2000 / sqrt(3)
        assertThat(s.estimate(Metric.LATENCY_P95).halfWidth()).isCloseTo(4968.275, within(0.01));
        assertThat(s.estimate(Metric.LATENCY_MAX).mean()).isEqualTo(16000.0);
    }

    @Test
    void pairsAreComparedWithTheRatioOfMeansAndWelchsTest() {
        CampaignResult result = campaign("c", settings(List.of("async", "virtual"), List.of(10), 3), List.of(
                ok("async", 1, 10, 10, 1000), ok("async", 2, 10, 12, 1000), ok("async", 3, 10, 14, 1000),
                ok("virtual", 1, 10, 20, 1000), ok("virtual", 2, 10, 22, 1000), ok("virtual", 3, 10, 24, 1000)),
                List.of());

        CampaignSummary summary = CampaignStatistics.summarize(result);
        Comparison c = summary.comparison(10, Metric.THROUGHPUT, "async", "virtual").orElseThrow();

        assertThat(c.ratio()).isEqualTo(22.0 / 12);
        // t = 10 / sqrt(4/3 + 4/3) = 6.1237 with 4 df: p = 0.003602
        assertThat(c.pValue()).isCloseTo(0.003602, within(1e-5));
        assertThat(c.significant()).isTrue();
        assertThat(c.bBetter()).isTrue();
        assertThat(summary.comparison(10, Metric.THROUGHPUT, "virtual", "async").orElseThrow().ratio())
                .isCloseTo(12.0 / 22, within(1e-12));
        assertThat(summary.comparisons()).hasSize(CampaignStatistics.COMPARED_METRICS.size());
        // Identical latencies in both: no variance, no test, not significant.
        Comparison p95 = summary.comparison(10, Metric.LATENCY_P95, "async", "virtual").orElseThrow();
        assertThat(p95.pValue()).isNaN();
        assertThat(p95.significant()).isFalse();
    }

    @Test
    void comparisonNeedsTwoValidRepetitionsOnEachSide() {
        CampaignResult result = campaign("c", settings(List.of("async", "virtual"), List.of(10), 2), List.of(
                ok("async", 1, 10, 10, 1000), ok("async", 2, 10, 12, 1000),
                ok("virtual", 1, 10, 20, 1000),
                measurement("virtual", 2, 10, 1, 1000, Verdict.FAILED, "load generator saturated")), List.of());

        Comparison c = CampaignStatistics.summarize(result)
                .comparison(10, Metric.THROUGHPUT, "async", "virtual").orElseThrow();

        assertThat(c.ratio()).isCloseTo(20.0 / 11, within(1e-12));
        assertThat(c.pValue()).isNaN();
        assertThat(c.significant()).isFalse();
    }

    @Test
    void variantsFollowTheSettingsAndLevelsAscend() {
        CampaignResult result = campaign("c", settings(List.of("reactive", "async"), List.of(50, 10), 1), List.of(
                ok("async", 1, 10, 10, 1000), ok("virtual", 1, 100, 10, 1000)), List.of());

        assertThat(CampaignStatistics.variants(result)).containsExactly("reactive", "async", "virtual");
        assertThat(CampaignStatistics.levels(result)).containsExactly(10, 50, 100);
    }

    @Test
    void staticMetricsAreEstimatedPerVariantAndService() {
        CampaignResult result = campaign("c", settings(List.of("async"), List.of(10), 3), List.of(), List.of(
                new StaticMetrics("async", "user", 1, 2.0, 50, 200, 60),
                new StaticMetrics("async", "tweet", 1, 3.0, 60, 210, 61),
                new StaticMetrics("async", "user", 2, 2.4, 52, 202, 60),
                new StaticMetrics("async", "user", 3, 2.8, 54, 204, 60)));

        List<StaticSummary> statics = CampaignStatistics.summarize(result).statics();

        assertThat(statics).extracting(StaticSummary::service).containsExactly("user", "tweet");
        StaticSummary user = statics.getFirst();
        assertThat(user.startupSeconds().mean()).isCloseTo(2.4, within(1e-12));
        assertThat(user.startupSeconds().n()).isEqualTo(3);
        assertThat(user.rssAfterStartMb().mean()).isEqualTo(202.0);
        assertThat(statics.get(1).startupSeconds().singleRun()).isTrue();
    }
}
