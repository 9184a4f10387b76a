package io.paradigmlab.lab.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.paradigmlab.lab.results.LevelMeasurement.Resources;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResourceSamplerTest {

    @Test
    void aWindowAveragesItsSamplesAndKeepsTheLowestHeapInUse() {
        List<ResourceSampler.Sample> samples = List.of(
                sample(0, 900, 100, 50, 40),    // covers the second before the window: skipped
                sample(1000, 400, 100, 52, 40),
                sample(2000, 300, 110, 54, 44),
                sample(3000, 500, Double.NaN, 56, 48),
                sample(4000, 100, 120, 58, 52)); // after the window

        Resources r = ResourceSampler.window(samples, 0, 3000);

        assertThat(r.heapUsedMb()).isEqualTo(400);
        assertThat(r.heapFloorMb()).isEqualTo(300);
        // a sample without the gauge is left out, not counted as zero
        assertThat(r.heapAfterGcMb()).isEqualTo(105);
        assertThat(r.rssMb()).isEqualTo(54);
        assertThat(r.openFiles()).isEqualTo(44);
    }

    @Test
    void aWindowWithoutSamplesHasNoNumbers() {
        Resources r = ResourceSampler.window(List.of(sample(0, 900, 100, 50, 40)), 0, 3000);

        assertThat(r.heapFloorMb()).isNaN();
        assertThat(r.openFiles()).isNaN();
        assertThat(r.rssMb()).isNaN();
    }

    @Test
    void theJitShareIsCompilationTimeOverCpuTimeSummedOverTheWindowsSamples() {
        List<ResourceSampler.Sample> samples = List.of(
                jit(0, 100, 900),         // covers the second before the window: skipped
                jit(1000, 100, 30),       // 1 core: 1000 ms of CPU, 30 ms compiling
                jit(2000, 50, 10),        // half a core: 500 ms, 10 ms
                jit(3000, 150, Double.NaN), // no counter in this sample: left out of both sums
                jit(4000, 100, 500));     // after the window

        Resources r = ResourceSampler.window(samples, 0, 3000);

        // (30 + 10) / (1000 + 500), not the mean of 3 % and 2 %
        assertThat(r.jitShare()).isCloseTo(40.0 / 1500, within(1e-12));
        assertThat(r.jitMsPerSecond()).isEqualTo(20);
        assertThat(r.cpuPercent()).isEqualTo(100);
    }

    @Test
    void withoutTheCompilationCounterThereIsNoJitShare() {
        Resources r = ResourceSampler.window(List.of(jit(1000, 100, Double.NaN), jit(2000, 100, Double.NaN)), 0,
                3000);

        assertThat(r.jitShare()).isNaN();
        assertThat(r.jitMsPerSecond()).isNaN();
        assertThat(ResourceSampler.jitShare(List.of(jit(1000, 0, 5)))).as("no CPU used").isNaN();
    }

    private static ResourceSampler.Sample jit(long millis, double cpuPercent, double jitMsPerSecond) {
        return new ResourceSampler.Sample(millis, cpuPercent, 50, 100, 30, 0, 5, Double.NaN, Map.of(), 100, 40,
                jitMsPerSecond);
    }

    private static ResourceSampler.Sample sample(long millis, double heapUsed, double heapAfterGc, double rss,
                                                 double openFiles) {
        return new ResourceSampler.Sample(millis, 10, rss, heapUsed, 30, 0, 5, Double.NaN, Map.of(), heapAfterGc,
                openFiles);
    }
}
