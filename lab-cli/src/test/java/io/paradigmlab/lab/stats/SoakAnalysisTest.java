package io.paradigmlab.lab.stats;

import static io.paradigmlab.lab.stats.TestCampaigns.soakSettings;
import static io.paradigmlab.lab.stats.TestCampaigns.soakSlice;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.results.SoakSlice;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

class SoakAnalysisTest {

    /** 20 slices of 90 s: a 30-minute soak. */
    private static final int SLICES = 20;
    private static final double SLICE_SECONDS = 90;

    @Test
    void aSteadilyGrowingRssIsFlaggedWithItsSlopePerHour() {
        // +10 MB per 90-s slice: 400 MB per hour
        SoakAnalysis.Run run = run("async", i -> 1000 + 10 * i, i -> 20, Double.NaN);

        SoakAnalysis.Trend rss = run.trend(SoakQuantity.RSS);
        assertThat(rss.slopePerHour()).isCloseTo(400, within(1e-9));
        // slices 1-4 and 17-20
        assertThat(rss.firstFifth()).isEqualTo(1015);
        assertThat(rss.lastFifth()).isEqualTo(1175);
        assertThat(rss.change()).isCloseTo(160 / 1015.0, within(1e-12));
        assertThat(rss.values()).isEqualTo(SLICES);
        assertThat(run.rssGrowth()).isTrue();
        assertThat(run.p99Drift()).isFalse();
        assertThat(run.trend(SoakQuantity.LATENCY_P99).slopePerHour()).isZero();
    }

    @Test
    void aFlatNoisySeriesIsNotFlagged() {
        // RSS within +/- 2 %, p99 within +/- 10 % of a flat level, in no order
        SoakAnalysis.Run run = run("virtual", i -> 1000 * (1 + 0.02 * Math.sin(i * 2.7)),
                i -> 20 * (1 + 0.10 * Math.cos(i * 1.9)), 300);

        assertThat(Math.abs(run.trend(SoakQuantity.RSS).change())).isLessThan(0.03);
        assertThat(run.rssGrowth()).isFalse();
        assertThat(run.p99Drift()).isFalse();
        // less than the noise's own amplitude over the half hour
        assertThat(Math.abs(run.trend(SoakQuantity.RSS).slopePerHour())).isLessThan(40);
    }

    @Test
    void theLimitsThemselvesAreNotBeyondThem() {
        assertThat(SoakAnalysis.rssGrowth(0.05)).isFalse();
        assertThat(SoakAnalysis.rssGrowth(0.0501)).isTrue();
        assertThat(SoakAnalysis.rssGrowth(-0.5)).as("RSS that shrinks does not grow").isFalse();
        assertThat(SoakAnalysis.p99Drift(0.20)).isFalse();
        assertThat(SoakAnalysis.p99Drift(-0.20)).isFalse();
        assertThat(SoakAnalysis.p99Drift(0.2001)).isTrue();
        assertThat(SoakAnalysis.p99Drift(-0.2001)).as("a p99 that falls drifts too").isTrue();
        assertThat(SoakAnalysis.p99Drift(Double.NaN)).isFalse();

        // first fifth 100 MB, last fifth exactly 5 % more: not flagged; a little more: flagged
        assertThat(run("a", step(100, 105), i -> 10, Double.NaN).rssGrowth()).isFalse();
        assertThat(run("a", step(100, 105.1), i -> 10, Double.NaN).rssGrowth()).isTrue();
        assertThat(run("a", i -> 100, step(10, 12), Double.NaN).p99Drift()).isFalse();
        assertThat(run("a", i -> 100, step(10, 12.01), Double.NaN).p99Drift()).isTrue();
        assertThat(run("a", i -> 100, step(10, 7.99), Double.NaN).p99Drift()).isTrue();
    }

    @Test
    void withoutAHeapAfterGcTheHeapFloorStandsInAndTheRunSaysSo() {
        SoakAnalysis.Run floor = run("a", i -> 1000, i -> 10, Double.NaN);
        SoakAnalysis.Run gauge = run("a", i -> 1000, i -> 10, 240);

        assertThat(floor.heapFloor()).isTrue();
        assertThat(floor.trend(SoakQuantity.HEAP_AFTER_GC).firstFifth()).isCloseTo(150, within(1e-9));
        assertThat(gauge.heapFloor()).isFalse();
        assertThat(gauge.trend(SoakQuantity.HEAP_AFTER_GC).firstFifth()).isEqualTo(240);
        assertThat(gauge.trend(SoakQuantity.OPEN_FILES).lastFifth()).isEqualTo(120);
    }

    @Test
    void anUnsampledRunHasLatencyAndThroughputOnlyAndNoHeapFloor() {
        // an external target: the lab does not sample its processes
        List<SoakSlice> slices = new ArrayList<>();
        for (SoakSlice s : slices("mine", 1, i -> 1000, i -> 10 + i, Double.NaN)) {
            LevelMeasurement m = s.measurement();
            slices.add(new SoakSlice(s.slice(), s.startSeconds(), new LevelMeasurement(m.variant(), m.repetition(),
                    m.model(), m.level(), m.durationSeconds(), m.requests(), m.responses(), m.errors(), m.timeouts(),
                    m.throughput(), m.offeredRate(), m.latency(), LevelMeasurement.Resources.NONE,
                    m.loaderCpuPercent(), m.verdict(), m.verdictReason(), java.util.List.of(), java.util.Map.of())));
        }

        SoakAnalysis.Run run = SoakAnalysis.run("mine", 1, slices);

        assertThat(run.heapFloor()).isFalse();
        assertThat(run.trend(SoakQuantity.RSS).values()).isZero();
        assertThat(run.trend(SoakQuantity.RSS).slopePerHour()).isNaN();
        assertThat(run.trend(SoakQuantity.HEAP_AFTER_GC).change()).isNaN();
        assertThat(run.rssGrowth()).isFalse();
        // p99 from 10-13 ms to 26-29 ms: +140 %
        assertThat(run.trend(SoakQuantity.LATENCY_P99).change()).isCloseTo(16 / 11.5, within(1e-12));
        assertThat(run.p99Drift()).isTrue();
    }

    @Test
    void theSlopeIsLeastSquaresOverTheFiniteValues() {
        assertThat(SoakAnalysis.slope(new double[] {0, 1, 2, 3}, new double[] {2, 5, 8, 11})).isCloseTo(3,
                within(1e-12));
        assertThat(SoakAnalysis.slope(new double[] {0, 1, 2, 3}, new double[] {1, 2, 2, 3})).isCloseTo(0.6,
                within(1e-12));
        assertThat(SoakAnalysis.slope(new double[] {0, 1, 2, 3}, new double[] {2, Double.NaN, 8, 11}))
                .isCloseTo(3, within(1e-12));
        assertThat(SoakAnalysis.slope(new double[] {0, 1}, new double[] {2, Double.NaN})).isNaN();
        assertThat(SoakAnalysis.slope(new double[] {1, 1}, new double[] {2, 3})).isNaN();
    }

    @Test
    void repetitionsAreSummarizedAndTheVariantIsFlaggedOnTheMeanChange() {
        List<SoakSlice> slices = new ArrayList<>();
        // repetition 1 grows 4 %, repetition 2 grows 8 %: 6 % on average
        slices.addAll(slices("async", 1, step(1000, 1040), i -> 20, Double.NaN));
        slices.addAll(slices("async", 2, step(1000, 1080), i -> 20, Double.NaN));
        slices.addAll(slices("async (repeat)", 1, i -> 1000, i -> 20, Double.NaN));
        slices.addAll(slices("async (repeat)", 2, i -> 1000, i -> 30, Double.NaN));
        slices.addAll(slices("virtual", 1, i -> 900, i -> 20, Double.NaN));
        slices.addAll(slices("virtual", 2, i -> 900, i -> 20, Double.NaN));
        CampaignResult result = new CampaignResult("soak", Instant.EPOCH, Instant.EPOCH, "./lab run",
                Map.of(), soakSettings(List.of("async", "virtual"), 2, SLICES, 90, "async"), List.of(), List.of(),
                null, null, null, slices);

        SoakAnalysis.Soak soak = SoakAnalysis.of(result).orElseThrow();

        assertThat(soak.level()).isEqualTo(200);
        assertThat(soak.slices()).isEqualTo(SLICES);
        assertThat(soak.sliceSeconds()).isEqualTo(90);
        assertThat(soak.fifth()).isEqualTo(4);
        assertThat(soak.variants()).extracting(SoakAnalysis.Variant::variant)
                .containsExactly("async", "virtual", "async (repeat)");
        SoakAnalysis.Variant async = soak.variant("async").orElseThrow();
        assertThat(async.runs()).hasSize(2);
        assertThat(async.summary(SoakQuantity.RSS).change().mean()).isCloseTo(0.06, within(1e-12));
        assertThat(async.summary(SoakQuantity.RSS).change().n()).isEqualTo(2);
        assertThat(async.summary(SoakQuantity.RSS).change().hasInterval()).isTrue();
        assertThat(async.rssGrowth()).isTrue();
        assertThat(async.runsWithRssGrowth()).isEqualTo(1);
        assertThat(async.noiseRepeat()).isFalse();
        SoakAnalysis.Variant repeat = soak.variant("async (repeat)").orElseThrow();
        assertThat(repeat.noiseRepeat()).isTrue();
        assertThat(repeat.p99Drift()).isFalse();
        assertThat(repeat.runsWithP99Drift()).isZero();
        assertThat(soak.variant("virtual").orElseThrow().rssGrowth()).isFalse();
    }

    @Test
    void aCampaignWithoutSlicesHasNoSoak() {
        assertThat(SoakAnalysis.of(new CampaignResult("x", Instant.EPOCH, Instant.EPOCH, "", Map.of(), null,
                List.of(), List.of(), null))).isEmpty();
    }

    /** First half of the slices at {@code from}, the second at {@code to}: the fifths are exactly those. */
    private static IntToDoubleFunction step(double from, double to) {
        return i -> i < SLICES / 2 ? from : to;
    }

    private static SoakAnalysis.Run run(String variant, IntToDoubleFunction rss, IntToDoubleFunction p99,
                                        double heapAfterGc) {
        // the slices come in no particular order
        List<SoakSlice> slices = new ArrayList<>(slices(variant, 1, rss, p99, heapAfterGc));
        java.util.Collections.reverse(slices);
        return SoakAnalysis.run(variant, 1, slices);
    }

    private static List<SoakSlice> slices(String variant, int rep, IntToDoubleFunction rss, IntToDoubleFunction p99,
                                          double heapAfterGc) {
        List<SoakSlice> slices = new ArrayList<>();
        for (int i = 0; i < SLICES; i++) {
            slices.add(soakSlice(variant, rep, i + 1, SLICE_SECONDS, rss.applyAsDouble(i), p99.applyAsDouble(i),
                    heapAfterGc));
        }
        return slices;
    }
}
