package io.paradigmlab.lab.stats;

import static io.paradigmlab.lab.stats.TestCampaigns.campaign;
import static io.paradigmlab.lab.stats.TestCampaigns.ok;
import static io.paradigmlab.lab.stats.TestCampaigns.settings;
import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.LevelMeasurement;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class CrossoverTest {

    private static final int[] LEVELS = {1, 10, 50, 100};

    /** One comparison per level from single means (n = 1: ordered, never significant). */
    private static List<Comparison> series(Metric metric, double[] a, double[] b) {
        List<Comparison> out = new ArrayList<>();
        for (int i = 0; i < LEVELS.length; i++) {
            Estimate ea = Double.isNaN(a[i]) ? Estimate.EMPTY : Estimate.of(a[i]);
            Estimate eb = Double.isNaN(b[i]) ? Estimate.EMPTY : Estimate.of(b[i]);
            List<Double> ratios = ea.isEmpty() || eb.isEmpty() ? List.of() : List.of(eb.mean() / ea.mean());
            out.add(Comparison.of(LEVELS[i], metric, "a", "b", ea, eb, ratios));
        }
        return out;
    }

    private static Crossover detect(Metric metric, double[] a, double[] b) {
        return Crossover.detect(metric, "a", "b", series(metric, a, b));
    }

    @Test
    void crossoverIsTheLevelFromWhichBStaysBetter() {
        Crossover c = detect(Metric.THROUGHPUT, new double[] {100, 200, 300, 400}, new double[] {90, 190, 310, 420});

        assertThat(c.kind()).isEqualTo(Crossover.Kind.CROSSOVER);
        assertThat(c.level()).isEqualTo(OptionalInt.of(50));
        assertThat(c.levelsCompared()).containsExactly(1, 10, 50, 100);
        assertThat(c.significant()).isFalse();
    }

    @Test
    void levelsBelowTheLastSwitchMayGoEitherWay() {
        Crossover c = detect(Metric.THROUGHPUT, new double[] {100, 200, 300, 400}, new double[] {110, 190, 310, 420});

        assertThat(c.kind()).isEqualTo(Crossover.Kind.CROSSOVER);
        assertThat(c.level()).isEqualTo(OptionalInt.of(50));
    }

    @Test
    void lowerLatencyIsBetter() {
        Crossover c = detect(Metric.LATENCY_P95, new double[] {10, 20, 40, 80}, new double[] {12, 22, 30, 50});

        assertThat(c.kind()).isEqualTo(Crossover.Kind.CROSSOVER);
        assertThat(c.level()).isEqualTo(OptionalInt.of(50));
    }

    @Test
    void alwaysBetterAndAlwaysWorse() {
        double[] low = {1, 2, 3, 4};
        double[] high = {2, 3, 4, 5};

        assertThat(detect(Metric.THROUGHPUT, low, high).kind()).isEqualTo(Crossover.Kind.ALWAYS_BETTER);
        assertThat(detect(Metric.THROUGHPUT, high, low).kind()).isEqualTo(Crossover.Kind.ALWAYS_WORSE);
        assertThat(detect(Metric.LATENCY_P99, high, low).kind()).isEqualTo(Crossover.Kind.ALWAYS_BETTER);
        assertThat(detect(Metric.THROUGHPUT, low, high).level()).isEmpty();
    }

    @Test
    void betterOnlyAtLowLevelsIsNoneAndTheSwappedPairCrosses() {
        double[] a = {100, 200, 300, 400};
        double[] b = {110, 210, 290, 390};

        Crossover ab = detect(Metric.THROUGHPUT, a, b);
        Crossover ba = Crossover.detect(Metric.THROUGHPUT, "b", "a",
                series(Metric.THROUGHPUT, a, b).stream().map(Comparison::swap).toList());

        assertThat(ab.kind()).isEqualTo(Crossover.Kind.NONE);
        assertThat(ab.level()).isEmpty();
        assertThat(ba.kind()).isEqualTo(Crossover.Kind.CROSSOVER);
        assertThat(ba.level()).isEqualTo(OptionalInt.of(50));
    }

    @Test
    void aTieIsNotBetter() {
        Crossover c = detect(Metric.THROUGHPUT, new double[] {1, 2, 3, 4}, new double[] {2, 3, 4, 4});

        assertThat(c.kind()).isEqualTo(Crossover.Kind.NONE);
    }

    @Test
    void levelsWithoutAValidRepetitionOnEitherSideAreSkipped() {
        Crossover c = detect(Metric.THROUGHPUT, new double[] {100, 200, 300, 400},
                new double[] {90, 250, Double.NaN, 420});

        assertThat(c.levelsCompared()).containsExactly(1, 10, 100);
        assertThat(c.kind()).isEqualTo(Crossover.Kind.CROSSOVER);
        assertThat(c.level()).isEqualTo(OptionalInt.of(10));
    }

    @Test
    void noComparableLevelIsNoData() {
        double[] none = {Double.NaN, Double.NaN, Double.NaN, Double.NaN};

        assertThat(detect(Metric.THROUGHPUT, none, new double[] {1, 2, 3, 4}).kind())
                .isEqualTo(Crossover.Kind.NO_DATA);
    }

    @Test
    void summarizeFindsCrossoversAndTheirSignificance() {
        // virtual: 100/200/300 at levels 10/20/40; reactive: 80/260/400; three tight repetitions each.
        List<LevelMeasurement> ms = new ArrayList<>();
        int[] levels = {10, 20, 40};
        double[] virtual = {100, 200, 300};
        double[] reactive = {80, 260, 400};
        for (int rep = 1; rep <= 3; rep++) {
            for (int i = 0; i < levels.length; i++) {
                ms.add(ok("virtual", rep, levels[i], virtual[i] + rep, 1000));
                ms.add(ok("reactive", rep, levels[i], reactive[i] + rep, 1000));
            }
        }
        CampaignResult result = campaign("c", settings(List.of("virtual", "reactive"), List.of(10, 20, 40), 3), ms,
                List.of());

        CampaignSummary summary = CampaignStatistics.summarize(result);
        Crossover c = summary.crossover(Metric.THROUGHPUT, "virtual", "reactive").orElseThrow();
        Crossover reverse = summary.crossover(Metric.THROUGHPUT, "reactive", "virtual").orElseThrow();

        assertThat(c.kind()).isEqualTo(Crossover.Kind.CROSSOVER);
        assertThat(c.level()).isEqualTo(OptionalInt.of(20));
        assertThat(c.significant()).isTrue();
        assertThat(reverse.kind()).isEqualTo(Crossover.Kind.NONE);
        // Equal latencies everywhere: never strictly better.
        assertThat(summary.crossover(Metric.LATENCY_P95, "virtual", "reactive").orElseThrow().kind())
                .isEqualTo(Crossover.Kind.ALWAYS_WORSE);
        assertThat(summary.crossovers()).hasSize(2 * CampaignStatistics.CROSSOVER_METRICS.size());
    }
}
