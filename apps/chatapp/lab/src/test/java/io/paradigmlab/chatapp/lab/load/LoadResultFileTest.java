package io.paradigmlab.chatapp.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.lab.api.ExperimentOutcome;
import io.paradigmlab.lab.api.LabException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

class LoadResultFileTest {

    @TempDir
    Path dir;

    /** A result.json as the load writes it (io.paradigmlab.chatapp.load.LoadResult#write). */
    static ObjectNode result(Histogram ack, Histogram delivery) {
        ObjectNode root = JsonMapper.builder().build().createObjectNode();
        root.put("scenario", "A.2").put("users", 4).put("seed", 42)
                .put("startMillis", 1_700_000_000_100L).put("endMillis", 1_700_000_002_600L)
                .put("startMicros", 1_700_000_000_100_123L).put("endMicros", 1_700_000_002_600_456L)
                .put("operations", 9).put("errors", 1);
        root.putObject("counts").put("requests", 9).put("replies", 8).put("errFrames", 0).put("noReply", 1)
                .put("logins", 4).put("sends", 1).put("edits", 3).put("pal", 0).put("palCount", 0)
                .put("deliveries", 15).put("msg", 3).put("edited", 12).put("usersDone", 4);
        root.putArray("problems").add("user_2: no reply to edit r2 after 60.0 s");
        root.putObject("histograms").put("ack", encode(ack)).put("delivery", encode(delivery));
        return root;
    }

    static String encode(Histogram h) {
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
    }

    @Test
    void theOutcomeCarriesTimesCountsHistogramsAndTheWorkUnderTheServersMetricNames() throws Exception {
        Histogram ack = new Histogram(3);
        for (int i = 1; i <= 8; i++) {
            ack.recordValue(i * 1_000_000L);
        }
        Histogram delivery = new Histogram(3);
        delivery.recordValue(250_000);
        Path file = dir.resolve("result.json");
        Files.writeString(file, result(ack, delivery).toString());

        ExperimentOutcome outcome = LoadResultFile.read(file);

        assertThat(outcome.startMillis()).isEqualTo(1_700_000_000_100L);
        assertThat(outcome.endMillis()).isEqualTo(1_700_000_002_600L);
        assertThat(outcome.makespanSeconds()).isEqualTo(2.5);
        assertThat(outcome.operations()).isEqualTo(9);
        assertThat(outcome.errors()).isEqualTo(1);
        assertThat(outcome.latency().getTotalCount()).isEqualTo(8);
        assertThat(outcome.latency().getMaxValue()).isEqualTo(ack.getMaxValue());
        assertThat(outcome.histograms()).containsOnlyKeys("delivery");
        assertThat(outcome.histograms().get("delivery").getTotalCount()).isEqualTo(1);
        assertThat(outcome.values()).containsEntry("deliveries", 15.0);
        assertThat(outcome.work()).containsExactlyInAnyOrderEntriesOf(java.util.Map.of(
                "chatapp_sends_total", 1L, "chatapp_edits_total", 3L, "chatapp_deliveries_total", 15L,
                "chatapp_pal_tasks_total", 0L, "chatapp_pal_count_total", 0L, "chatapp_logins_total", 4L));
        assertThat(outcome.problems()).containsExactly("user_2: no reply to edit r2 after 60.0 s");
        // every work counter the experiment declares has its client count
        assertThat(outcome.work().keySet()).containsExactlyInAnyOrderElementsOf(
                ChatExperiments.of("A.2").workCounters());
    }

    @Test
    void aFileThatIsNotAResultIsALabException() throws Exception {
        Path garbage = dir.resolve("garbage.json");
        Files.writeString(garbage, "{not json");
        Path other = dir.resolve("other.json");
        Files.writeString(other, "{\"hello\":1}");
        Path badHistogram = dir.resolve("bad.json");
        ObjectNode bad = result(new Histogram(3), new Histogram(3));
        ((ObjectNode) bad.get("histograms")).put("delivery", "AAAA");
        Files.writeString(badHistogram, bad.toString());

        assertThatThrownBy(() -> LoadResultFile.read(garbage)).isInstanceOf(LabException.class)
                .hasMessageContaining("Cannot read the load's result");
        assertThatThrownBy(() -> LoadResultFile.read(other)).isInstanceOf(LabException.class)
                .hasMessageContaining("is not a ChatApp load result");
        assertThatThrownBy(() -> LoadResultFile.read(badHistogram)).isInstanceOf(LabException.class)
                .hasMessageContaining("cannot be decoded");
        assertThatThrownBy(() -> LoadResultFile.read(dir.resolve("missing.json"))).isInstanceOf(LabException.class);
    }
}
