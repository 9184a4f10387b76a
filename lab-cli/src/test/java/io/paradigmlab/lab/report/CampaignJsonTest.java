package io.paradigmlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.results.CampaignResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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

    @TempDir
    Path dir;

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
