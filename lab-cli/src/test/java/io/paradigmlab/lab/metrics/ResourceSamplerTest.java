package io.paradigmlab.lab.metrics;

import static org.assertj.core.api.Assertions.assertThat;

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

    private static ResourceSampler.Sample sample(long millis, double heapUsed, double heapAfterGc, double rss,
                                                 double openFiles) {
        return new ResourceSampler.Sample(millis, 10, rss, heapUsed, 30, 0, 5, Double.NaN, Map.of(), heapAfterGc,
                openFiles);
    }
}
