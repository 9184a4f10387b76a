package io.paradigmlab.lab.stats;

import static io.paradigmlab.lab.stats.TestCampaigns.campaign;
import static io.paradigmlab.lab.stats.TestCampaigns.measurement;
import static io.paradigmlab.lab.stats.TestCampaigns.ok;
import static io.paradigmlab.lab.stats.TestCampaigns.settings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.LevelMeasurement;
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
    void pairsAreComparedByTheGeometricMeanOfPerRepetitionRatiosWithTheirOwnInterval() {
        CampaignResult result = campaign("c", settings(List.of("async", "virtual"), List.of(10), 3), List.of(
                ok("async", 1, 10, 10, 1000), ok("async", 2, 10, 20, 1000), ok("async", 3, 10, 40, 1000),
                ok("virtual", 1, 10, 11, 1000), ok("virtual", 2, 10, 24, 1000), ok("virtual", 3, 10, 46, 1000)),
                List.of());

        CampaignSummary summary = CampaignStatistics.summarize(result);
        Comparison c = summary.comparison(10, Metric.THROUGHPUT, "async", "virtual").orElseThrow();

        // ratios 1.1, 1.2, 1.15; on the log scale: mean 0.139130, s = 0.043529; geometric mean exp(0.139130) =
        // 1.149275, interval exp(0.139130 -+ t(0.975, 2) * 0.043529 / sqrt(3)) = [1.031536, 1.280453]
        assertThat(c.ratios()).containsExactly(1.1, 1.2, 1.15);
        assertThat(c.ratio().mean()).isCloseTo(1.149275, within(1e-6));
        assertThat(c.ratio().ciLow()).isCloseTo(1.031536, within(1e-5));
        assertThat(c.ratio().ciHigh()).isCloseTo(1.280453, within(1e-5));
        // t = 5.5387 with 2 df: p = 1 - t / sqrt(t^2 + 2) = 0.0311
        assertThat(c.pValue()).isCloseTo(0.0311, within(1e-4));
        assertThat(c.significant()).isTrue();
        assertThat(c.bBetter()).isTrue();
        // Unpaired, the same numbers are hopeless: async 23.3 +- 38, virtual 27 +- 44.
        assertThat(c.a().ciLow()).isNegative();
        // Seen from virtual: exactly the reciprocal, the interval's bounds swapped and inverted.
        Comparison back = summary.comparison(10, Metric.THROUGHPUT, "virtual", "async").orElseThrow();
        assertThat(back.ratio().mean()).isCloseTo(1 / c.ratio().mean(), within(1e-12));
        assertThat(back.ratio().ciLow()).isCloseTo(1 / c.ratio().ciHigh(), within(1e-12));
        assertThat(back.ratio().ciHigh()).isCloseTo(1 / c.ratio().ciLow(), within(1e-12));
        assertThat(back.pValue()).isCloseTo(c.pValue(), within(1e-12));
        assertThat(back.significant()).isTrue();
        assertThat(back.bBetter()).isFalse();
        assertThat(summary.comparisons()).hasSize(CampaignStatistics.COMPARED_METRICS.size());
        // Identical latencies in both: every ratio 1, no spread, no test, not significant.
        Comparison p95 = summary.comparison(10, Metric.LATENCY_P95, "async", "virtual").orElseThrow();
        assertThat(p95.ratio().mean()).isEqualTo(1.0);
        assertThat(p95.pValue()).isNaN();
        assertThat(p95.significant()).isFalse();
    }

    /** An OK window of {@code cpuPercent} (100 = one core, summed over the services) at {@code throughput}. */
    private static LevelMeasurement withCpu(String variant, int repetition, double throughput, double cpuPercent) {
        LevelMeasurement m = ok(variant, repetition, 10, throughput, 1000);
        LevelMeasurement.Resources r = m.service();
        return new LevelMeasurement(m.variant(), m.repetition(), m.model(), m.level(), m.durationSeconds(),
                m.requests(), m.responses(), m.errors(), m.timeouts(), m.throughput(), m.offeredRate(), m.latency(),
                Double.isNaN(cpuPercent) ? null : new LevelMeasurement.Resources(cpuPercent, r.rssMb(),
                        r.heapUsedMb(), r.threads(), r.virtualThreads(), r.gcPauseMsPerSecond()),
                m.loaderCpuPercent(), m.verdict(), m.verdictReason(), m.pools(), m.extra());
    }

    @Test
    void cpuPerRequestIsTheServicesCpuTimeOverTheThroughputInMicroseconds() {
        // half a core for 1,000 answers a second: 0.5 s of CPU per second / 1000 = 500 us each
        assertThat(Metric.CPU_PER_REQUEST.of(withCpu("async", 1, 1000, 50))).isCloseTo(500, within(1e-9));
        // two whole cores (200 %) for the same 1,000 req/s: 2,000 us each
        assertThat(Metric.CPU_PER_REQUEST.of(withCpu("async", 1, 1000, 200))).isCloseTo(2000, within(1e-9));
        assertThat(Metric.CPU_PER_REQUEST.of(withCpu("async", 1, 0, 50))).as("nothing answered").isNaN();
        assertThat(Metric.CPU_PER_REQUEST.of(withCpu("async", 1, 1000, Double.NaN))).as("external: no CPU").isNaN();
        assertThat(Metric.CPU_PER_REQUEST.id()).isEqualTo("cpu_us_per_request");
        assertThat(Metric.CPU_PER_REQUEST.unit()).isEqualTo("us");
        assertThat(Metric.CPU_PER_REQUEST.higherIsBetter()).isFalse();
        assertThat(CampaignStatistics.COMPARED_METRICS).contains(Metric.CPU_PER_REQUEST);
    }

    @Test
    void cpuPerRequestIsEstimatedAndPairedLikeEveryComparedMetric() {
        // async: 1,000 and 800 us per request; virtual: 500 and 500; both at 100 % of a core
        CampaignResult result = campaign("c", settings(List.of("async", "virtual"), List.of(10), 2), List.of(
                withCpu("async", 1, 1000, 100), withCpu("async", 2, 1250, 100),
                withCpu("virtual", 1, 2000, 100), withCpu("virtual", 2, 2000, 100)), List.of());

        CampaignSummary summary = CampaignStatistics.summarize(result);
        Comparison c = summary.comparison(10, Metric.CPU_PER_REQUEST, "async", "virtual").orElseThrow();

        assertThat(summary.level("async", 10).orElseThrow().estimate(Metric.CPU_PER_REQUEST).mean())
                .isCloseTo(900, within(1e-9));
        assertThat(c.a().mean()).isCloseTo(900, within(1e-9));
        assertThat(c.b().mean()).isCloseTo(500, within(1e-9));
        // 500 / 1000 and 500 / 800: geometric mean sqrt(0.5 * 0.625), with an interval from two pairs
        assertThat(c.ratios()).containsExactly(0.5, 0.625);
        assertThat(c.ratio().mean()).isCloseTo(Math.sqrt(0.5 * 0.625), within(1e-12));
        assertThat(c.ratio().hasInterval()).isTrue();
        assertThat(c.bBetter()).as("lower is better").isTrue();
    }

    @Test
    void aRatioThatVariesAcrossRepetitionsIsNotSignificant() {
        CampaignResult result = campaign("c", settings(List.of("async", "virtual"), List.of(10), 3), List.of(
                ok("async", 1, 10, 10, 1000), ok("async", 2, 10, 10, 1000), ok("async", 3, 10, 10, 1000),
                ok("virtual", 1, 10, 8, 1000), ok("virtual", 2, 10, 13, 1000), ok("virtual", 3, 10, 12, 1000)),
                List.of());

        Comparison c = CampaignStatistics.summarize(result)
                .comparison(10, Metric.THROUGHPUT, "async", "virtual").orElseThrow();

        // ratios 0.8, 1.3, 1.2: geometric mean 1.0766, interval [0.56, 2.06] contains 1
        assertThat(c.ratio().mean()).isCloseTo(1.076643, within(1e-6));
        assertThat(c.ratio().ciLow()).isLessThan(1);
        assertThat(c.ratio().ciHigh()).isGreaterThan(1);
        assertThat(c.significant()).isFalse();
    }

    @Test
    void onlyRepetitionsWhereBothAreOkArePaired() {
        CampaignResult result = campaign("c", settings(List.of("async", "virtual"), List.of(10), 2), List.of(
                ok("async", 1, 10, 10, 1000), ok("async", 2, 10, 12, 1000),
                ok("virtual", 1, 10, 20, 1000),
                measurement("virtual", 2, 10, 1, 1000, Verdict.FAILED, "load generator saturated")), List.of());

        Comparison c = CampaignStatistics.summarize(result)
                .comparison(10, Metric.THROUGHPUT, "async", "virtual").orElseThrow();

        assertThat(c.ratios()).containsExactly(2.0);
        assertThat(c.ratio().singleRun()).as("one repetition: no interval").isTrue();
        assertThat(c.pValue()).isNaN();
        assertThat(c.significant()).isFalse();
        assertThat(c.bBetter()).isTrue();
    }

    @Test
    void theRepeatRunIsNoVariantButTheMachinesNoise() {
        CampaignResult result = campaign("c", settings(List.of("async", "virtual"), List.of(), List.of(10), 2,
                "async"), List.of(
                ok("async", 1, 10, 100, 1000), ok("async", 2, 10, 200, 1000),
                ok("async (repeat)", 1, 10, 102, 1000), ok("async (repeat)", 2, 10, 196, 1000),
                ok("virtual", 1, 10, 150, 1000), ok("virtual", 2, 10, 300, 1000)), List.of());

        CampaignSummary summary = CampaignStatistics.summarize(result);

        assertThat(summary.variants()).containsExactly("async", "virtual");
        assertThat(summary.comparisons()).noneMatch(c -> c.variantA().endsWith("(repeat)")
                || c.variantB().endsWith("(repeat)"));
        Comparison noise = summary.noise(10, Metric.THROUGHPUT).orElseThrow();
        // 102 / 100 and 196 / 200: geometric mean 0.99980, interval exp(-0.0002 -+ t(0.975, 1) * 0.028287 / sqrt(2))
        // = [0.775414, 1.289118], half-width 0.256852
        assertThat(noise.variantB()).isEqualTo("async (repeat)");
        assertThat(noise.ratio().mean()).isCloseTo(0.99980, within(1e-5));
        assertThat(noise.ratio().halfWidth()).isCloseTo(0.256852, within(1e-5));
        assertThat(summary.noise()).hasSize(CampaignStatistics.COMPARED_METRICS.size());
        assertThat(CampaignStatistics.summarize(campaign("d", settings(List.of("async"), List.of(10), 1),
                List.of(ok("async", 1, 10, 100, 1000)), List.of())).noise()).isEmpty();
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

    @Test
    void theAotCacheIsComparedWithinEachRepetition() {
        // user started 2 s with the cache and 4 s without it in repetition 1, 3 s and 5 s in repetition 2
        CampaignResult result = campaign("c", settings(List.of("async"), List.of(10), 2), List.of(), List.of(
                new StaticMetrics("async", "user", 1, 2.0, 50, 180, 60, true, 2.5),
                new StaticMetrics("async", "user", 1, 4.0, 50, 200, 60, false, 4.6),
                new StaticMetrics("async", "user", 2, 3.0, 50, 190, 60, true, 3.4),
                new StaticMetrics("async", "user", 2, 5.0, 50, 200, 60, false, 5.5),
                // a repetition without its probe counts in the statics, not in the ratios
                new StaticMetrics("async", "user", 3, 2.0, 50, 180, 60, true, 2.5)));

        List<StaticSummary> statics = CampaignStatistics.summarize(result).statics();
        assertThat(statics).extracting(StaticSummary::aot).containsExactly(true, false);
        assertThat(statics.getFirst().startupSeconds().n()).isEqualTo(3);
        assertThat(statics.getFirst().firstAnswerSeconds().mean()).isCloseTo(2.8, within(1e-12));

        List<AotEffect> effects = CampaignStatistics.aotEffects(result);
        assertThat(effects).hasSize(1);
        AotEffect user = effects.getFirst();
        assertThat(user.startup().n()).isEqualTo(2);
        // geometric mean of 2/4 and 3/5
        assertThat(user.startup().mean()).isCloseTo(Math.sqrt(0.5 * 0.6), within(1e-12));
        assertThat(user.rss().mean()).isCloseTo(Math.sqrt(0.9 * 0.95), within(1e-12));
        assertThat(user.firstAnswer().mean()).isCloseTo(Math.sqrt(2.5 / 4.6 * 3.4 / 5.5), within(1e-12));
    }

    @Test
    void withoutAProbeThereIsNoAotEffect() {
        CampaignResult result = campaign("c", settings(List.of("async"), List.of(10), 1), List.of(), List.of(
                new StaticMetrics("async", "user", 1, 2.0, 50, 180, 60)));
        assertThat(CampaignStatistics.aotEffects(result)).isEmpty();
    }
}
