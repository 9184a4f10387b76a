package io.paradigmlab.chatapp.load;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoadResultTest {

    @TempDir
    Path dir;

    @Test
    void resultJsonRoundTripsEveryFieldAndTheHistograms() throws Exception {
        Histogram ack = new Histogram(3);
        ack.recordValue(150_000);
        ack.recordValue(2_500_000);
        Histogram delivery = new Histogram(3);
        for (int i = 1; i <= 1000; i++) {
            delivery.recordValue(i * 1_000L);
        }
        LoadResult written = new LoadResult("A.2", 10, 7, 1_700_000_000_123_456L, 1_700_000_002_500_999L, 21, 1,
                Map.of("deliveries", 99L, "sends", 1L, "edits", 10L), List.of("user_3: no reply to edit r2"),
                Map.of("ack", ack, "delivery", delivery));
        Path file = dir.resolve("result.json");

        written.write(file);
        LoadResult read = LoadResult.read(file);

        assertThat(read.scenario()).isEqualTo("A.2");
        assertThat(read.users()).isEqualTo(10);
        assertThat(read.seed()).isEqualTo(7);
        assertThat(read.startMicros()).isEqualTo(1_700_000_000_123_456L);
        assertThat(read.endMicros()).isEqualTo(1_700_000_002_500_999L);
        assertThat(read.operations()).isEqualTo(21);
        assertThat(read.errors()).isEqualTo(1);
        assertThat(read.counts()).isEqualTo(written.counts());
        assertThat(read.problems()).containsExactly("user_3: no reply to edit r2");
        assertThat(read.histograms().get("ack").getTotalCount()).isEqualTo(2);
        assertThat(read.histograms().get("ack").getMaxValue()).isEqualTo(ack.getMaxValue());
        assertThat(read.histograms().get("delivery").getTotalCount()).isEqualTo(1000);
        assertThat(read.histograms().get("delivery").getValueAtPercentile(50))
                .isEqualTo(delivery.getValueAtPercentile(50));
        // the lab reads the millisecond fields
        JsonNode json = ChatUser.JSON.readTree(Files.readString(file));
        assertThat(json.path("startMillis").asLong()).isEqualTo(1_700_000_000_123L);
        assertThat(json.path("endMillis").asLong()).isEqualTo(1_700_000_002_500L);
        assertThat(json.path("histograms").path("ack").asText()).isNotBlank();
    }

    @Test
    void collectTakesTheMetricsOfTheRun() {
        LoadMetrics.reset();
        LoadMetrics.started(1_000_000L);
        LoadMetrics.started(900_000L);
        LoadMetrics.workEnded(5_000_000L);
        LoadMetrics.REQUESTS.add(5);
        LoadMetrics.ERR_FRAMES.add(1);
        LoadMetrics.NO_REPLY.add(2);
        LoadMetrics.DELIVERIES.add(40);
        LoadMetrics.ACK.recordValue(1_000);
        LoadMetrics.problem("one");
        LoadParams params = LoadParams.parse("--scenario", "C", "--users", "3", "--url", "ws://h:1/chat", "--out",
                dir.toString());

        LoadResult result = LoadResult.collect(params, List.of("two"));

        assertThat(result.startMicros()).isEqualTo(900_000L);
        assertThat(result.endMicros()).isEqualTo(5_000_000L);
        assertThat(result.operations()).isEqualTo(5);
        assertThat(result.errors()).isEqualTo(3);
        assertThat(result.counts()).containsEntry("deliveries", 40L).containsEntry("noReply", 2L);
        assertThat(result.problems()).containsExactly("one", "two");
        assertThat(result.histograms().get("ack").getTotalCount()).isEqualTo(1);
        LoadMetrics.reset();
    }

    @Test
    void problemsBeyondTheLimitAreCountedNotKept() {
        LoadMetrics.reset();
        for (int i = 0; i < LoadMetrics.MAX_PROBLEMS + 7; i++) {
            LoadMetrics.problem("p" + i);
        }

        assertThat(LoadMetrics.problems()).hasSize(LoadMetrics.MAX_PROBLEMS + 1)
                .endsWith("... and 7 more problem(s)");
        LoadMetrics.reset();
    }
}
