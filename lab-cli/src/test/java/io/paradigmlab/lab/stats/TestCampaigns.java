package io.paradigmlab.lab.stats;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.CampaignSettings;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.results.LevelMeasurement.Latency;
import io.paradigmlab.lab.results.LevelMeasurement.Resources;
import io.paradigmlab.lab.results.LevelMeasurement.Verdict;
import io.paradigmlab.lab.results.SoakSlice;
import io.paradigmlab.lab.results.StaticMetrics;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Hand-made campaigns for tests: every number is chosen so the expected statistics can be computed by hand. */
public final class TestCampaigns {

    private TestCampaigns() {
    }

    /** A closed-model OK level whose p95 is 2x and p99 3x {@code p50Us}, with fixed resources. */
    public static LevelMeasurement ok(String variant, int repetition, int level, double throughput, double p50Us) {
        return measurement(variant, repetition, level, throughput, p50Us, Verdict.OK, "");
    }

    public static LevelMeasurement measurement(String variant, int repetition, int level, double throughput,
                                               double p50Us, Verdict verdict, String reason) {
        long requests = Math.round(throughput * 10);
        long errors = verdict == Verdict.FAILED ? requests / 5 : 0;
        return new LevelMeasurement(variant, repetition, "closed", level, 10, requests, requests - errors, errors, 0,
                throughput, Double.NaN,
                new Latency(p50Us * 1.1, p50Us, p50Us * 1.8, p50Us * 2, p50Us * 3, p50Us * 5, p50Us * 8),
                new Resources(50 + level / 10.0, 300 + repetition, 120, 40 + level, Double.NaN, 1.5),
                25, verdict, reason, java.util.List.of(), java.util.Map.of());
    }

    /**
     * A slice of an open-model soak at 200 req/s: the given RSS (MB) and p99 (ms), p50 a third of the p99, heap after
     * GC (NaN: not reported; the heap floor is then 1.5x the RSS's tenth), 300 live threads and 120 open files.
     */
    public static SoakSlice soakSlice(String variant, int repetition, int slice, double sliceSeconds, double rssMb,
                                      double p99Ms, double heapAfterGcMb) {
        double p99 = p99Ms * 1000;
        return new SoakSlice(slice, (slice - 1) * sliceSeconds, new LevelMeasurement(variant, repetition, "open", 200,
                sliceSeconds, Math.round(200 * sliceSeconds), Math.round(200 * sliceSeconds), 0, 0, 199.5, 200,
                new Latency(p99 / 2.5, p99 / 3, p99 / 1.5, p99 / 1.2, p99, p99 * 1.5, p99 * 2),
                new Resources(80, rssMb, rssMb / 4, 300, Double.NaN, 1.5, heapAfterGcMb, rssMb * 0.15, 120),
                25, Verdict.OK, "", java.util.List.of(), java.util.Map.of()));
    }

    /** The settings of an open-model soak at 200 req/s of {@code slices} slices of {@code sliceSeconds}. */
    public static CampaignSettings soakSettings(List<String> variants, int repetitions, int slices, int sliceSeconds,
                                                String noiseVariant) {
        return new CampaignSettings("tweebyte", "feed", variants, List.of(), "open", List.of(200), repetitions, 60,
                slices * sliceSeconds, "quick", 1000, 42, false, 0.01, noiseVariant, false, Map.of(), slices, CampaignSettings.PROBE_OFF);
    }

    public static CampaignSettings settings(List<String> variants, List<Integer> levels, int repetitions) {
        return settings(variants, List.of(), levels, repetitions, null);
    }

    /** With external targets (named among {@code variants}) and a noise variant (or null). */
    public static CampaignSettings settings(List<String> variants, List<String> targets, List<Integer> levels,
                                            int repetitions, String noiseVariant) {
        return new CampaignSettings("tweebyte", "user-summary", variants, targets, "closed", levels, repetitions, 30,
                60, "quick", 1000, 42, false, 0.01, noiseVariant, false);
    }

    public static CampaignResult campaign(String id, CampaignSettings settings, List<LevelMeasurement> measurements,
                                          List<StaticMetrics> statics) {
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("cpu", "Test CPU @ 3.0GHz");
        environment.put("cores", "8");
        environment.put("jdk", "25");
        return new CampaignResult(id, Instant.parse("2025-01-02T10:00:00Z"), Instant.parse("2025-01-02T11:30:15Z"),
                "./lab run tweebyte --reps " + settings.repetitions(), environment, settings, measurements, statics,
                null);
    }
}
