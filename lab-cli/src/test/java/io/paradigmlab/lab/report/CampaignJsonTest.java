package io.paradigmlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.CampaignSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CampaignJsonTest {

    /** A campaign.json as the lab wrote it before targets, the noise check, scales and the verification. */
    private static final String BEFORE_TARGETS = """
            {
              "id" : "20261122-100000-user-summary",
              "started" : "2026-11-22T10:00:00Z",
              "finished" : "2026-11-22T10:05:00Z",
              "command" : "./lab demo",
              "environment" : { "cpu" : "Test CPU" },
              "settings" : {
                "app" : "tweebyte", "scenario" : "user-summary", "variants" : [ "async", "virtual" ],
                "model" : "closed", "levels" : [ 1 ], "repetitions" : 1, "warmupSeconds" : 5,
                "durationSeconds" : 6, "users" : 1000, "seed" : 42, "security" : false, "errorThreshold" : 0.01
              },
              "measurements" : [ ],
              "statics" : [ ]
            }
            """;

    /** A measurement as the lab wrote it before heap after GC, the heap floor and open files were sampled. */
    private static final String BEFORE_OPEN_FILES = """
            {
              "id" : "20261126-100000-feed", "started" : "2026-11-26T10:00:00Z", "finished" : "2026-11-26T10:05:00Z",
              "command" : "./lab run", "environment" : { },
              "settings" : {
                "app" : "tweebyte", "scenario" : "feed", "variants" : [ "async" ], "model" : "closed",
                "levels" : [ 10 ], "repetitions" : 1, "warmupSeconds" : 5, "durationSeconds" : 6, "users" : 1000,
                "seed" : 42, "security" : false, "errorThreshold" : 0.01
              },
              "measurements" : [ {
                "variant" : "async", "repetition" : 1, "model" : "closed", "level" : 10, "durationSeconds" : 6.0,
                "requests" : 600, "responses" : 600, "errors" : 0, "timeouts" : 0, "throughput" : 100.0,
                "offeredRate" : "NaN",
                "latency" : { "mean" : 1.0, "p50" : 1.0, "p90" : 1.0, "p95" : 1.0, "p99" : 1.0, "p999" : 1.0, "max" : 1.0 },
                "service" : { "cpuPercent" : 50.0, "rssMb" : 300.0, "heapUsedMb" : 100.0, "threads" : 40.0,
                              "virtualThreads" : "NaN", "gcPauseMsPerSecond" : 1.0 },
                "loaderCpuPercent" : 20.0, "verdict" : "OK", "verdictReason" : ""
              } ],
              "statics" : [ ]
            }
            """;

    @TempDir
    Path dir;

    @Test
    void aStartUpProbeWrittenAsOnOrOffIsReadAsEveryRepetitionOrNone() throws IOException {
        Path file = dir.resolve("campaign.json");
        Files.writeString(file, BEFORE_TARGETS.replace("\"errorThreshold\" : 0.01", "\"errorThreshold\" : 0.01, \"startupProbe\" : true"));
        var on = CampaignJson.read(file).settings();
        assertThat(on.startupProbe()).isEqualTo(CampaignSettings.PROBE_EVERY);
        assertThat(on.probesStartup(1)).isTrue();
        assertThat(on.probesStartup(3)).isTrue();

        Files.writeString(file, BEFORE_TARGETS.replace("\"errorThreshold\" : 0.01", "\"errorThreshold\" : 0.01, \"startupProbe\" : false"));
        assertThat(CampaignJson.read(file).settings().probesStartup()).isFalse();

        var first = on.withStartupProbe(CampaignSettings.PROBE_FIRST);
        assertThat(first.probesStartup()).isTrue();
        assertThat(first.probesStartup(1)).isTrue();
        assertThat(first.probesStartup(2)).isFalse();
        CampaignResult read = CampaignJson.read(file);
        Path written = dir.resolve("first.json");
        CampaignJson.write(new CampaignResult(read.id(), read.started(), read.finished(), read.command(),
                read.environment(), first, List.of(), List.of(), null, null, null, List.of()), written);
        assertThat(CampaignJson.read(written).settings().startupProbe()).isEqualTo(CampaignSettings.PROBE_FIRST);
    }

    @Test
    void resourcesAFileDidNotRecordAreReadAsNotMeasuredNotAsZero() throws IOException {
        Path file = dir.resolve("campaign.json");
        Files.writeString(file, BEFORE_OPEN_FILES);

        var service = CampaignJson.read(file).measurements().getFirst().service();

        assertThat(service.rssMb()).isEqualTo(300);
        assertThat(service.openFiles()).isNaN();
        assertThat(service.heapAfterGcMb()).isNaN();
        assertThat(service.heapFloorMb()).isNaN();
        // nor was the JIT's time: unknown, so never flagged, rather than a JIT share of 0
        assertThat(service.jitShare()).isNaN();
        assertThat(service.jitMsPerSecond()).isNaN();
    }

    @Test
    void aCampaignWrittenBeforeTargetsAndVerificationIsStillReadAndReported() throws IOException {
        Path file = dir.resolve("campaign.json");
        Files.writeString(file, BEFORE_TARGETS);

        CampaignResult result = CampaignJson.read(file);

        assertThat(result.settings().targets()).isEmpty();
        assertThat(result.settings().noiseVariant()).isNull();
        assertThat(result.settings().viaGateway()).as("a campaign from before --via-gateway went straight to the services").isFalse();
        assertThat(result.verification()).isNull();
        String page = Files.readString(ReportWriter.write(result, dir.resolve("report")));
        assertThat(page).contains("No verification ran before this campaign").doesNotContain("Noise of this machine");
    }
}
