package io.paradigmlab.lab.stats;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.CampaignSettings;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.results.LevelMeasurement.Latency;
import io.paradigmlab.lab.results.LevelMeasurement.Resources;
import io.paradigmlab.lab.results.LevelMeasurement.Verdict;
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
                25, verdict, reason);
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
