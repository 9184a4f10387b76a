package io.paradigmlab.tweebyte.domain.media;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SseFramesTest {

    @Test
    void theExactFrame() {
        MediaJob job = new MediaJob(UUID.randomUUID(), UUID.randomUUID(), JobState.RUNNING, 4, 1000, 2, 1,
                Instant.EPOCH, Instant.EPOCH, null, null, null);
        assertThat(SseFrames.frame(job, "{\"progress\":2}"))
                .isEqualTo("event:running\nid:2\ndata:{\"progress\":2}\n\n");
        MediaJob done = new MediaJob(job.id(), job.userId(), JobState.SUCCEEDED, 4, 1000, 4, 1, Instant.EPOCH,
                Instant.EPOCH, Instant.EPOCH, null, MediaJobRules.result(4));
        assertThat(SseFrames.frame(done, "{}")).isEqualTo("event:succeeded\nid:4\ndata:{}\n\n");
    }

    @Test
    void dataMustBeOneLine() {
        MediaJob job = new MediaJob(UUID.randomUUID(), UUID.randomUUID(), JobState.QUEUED, 4, 1000, 0, 0,
                Instant.EPOCH, null, null, null, null);
        assertThatThrownBy(() -> SseFrames.frame(job, "{\n}")).isInstanceOf(IllegalArgumentException.class);
    }
}
