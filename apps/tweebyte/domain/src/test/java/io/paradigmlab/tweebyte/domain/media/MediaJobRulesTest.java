package io.paradigmlab.tweebyte.domain.media;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.common.contract.ApiException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.UUID;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

class MediaJobRulesTest {

    private static final UUID OWNER = UUID.fromString("00000000-0000-0000-0000-000000000001");
    private static final UUID OTHER = UUID.fromString("00000000-0000-0000-0000-000000000002");
    private static final String DURATION = "duration_ms must be between 1 and 600000";
    private static final String STEPS = "steps must be between 1 and 100";

    @Test
    void aValidRequest() {
        assertThat(MediaJobRules.validate(new MediaJobRequest(1, 1))).isEqualTo(new MediaJobRules.ValidJob(1, 1));
        assertThat(MediaJobRules.validate(new MediaJobRequest(600_000, 100)))
                .isEqualTo(new MediaJobRules.ValidJob(600_000, 100));
    }

    @Test
    void missingFieldsFailTheirRules() {
        assertInvalid(() -> MediaJobRules.validate(null), DURATION, STEPS);
        assertInvalid(() -> MediaJobRules.validate(new MediaJobRequest(null, null)), DURATION, STEPS);
        assertInvalid(() -> MediaJobRules.validate(new MediaJobRequest(null, 5)), DURATION);
        assertInvalid(() -> MediaJobRules.validate(new MediaJobRequest(1000, null)), STEPS);
    }

    @Test
    void outOfRangeValuesFailOneByOneOrBothAtOnce() {
        assertInvalid(() -> MediaJobRules.validate(new MediaJobRequest(0, 5)), DURATION);
        assertInvalid(() -> MediaJobRules.validate(new MediaJobRequest(600_001, 5)), DURATION);
        assertInvalid(() -> MediaJobRules.validate(new MediaJobRequest(-1, 5)), DURATION);
        assertInvalid(() -> MediaJobRules.validate(new MediaJobRequest(1000, 0)), STEPS);
        assertInvalid(() -> MediaJobRules.validate(new MediaJobRequest(1000, 101)), STEPS);
        assertInvalid(() -> MediaJobRules.validate(new MediaJobRequest(0, 101)), DURATION, STEPS);
    }

    @Test
    void aStepIsTheDurationDividedBySteps() {
        assertThat(MediaJobRules.stepNanos(job(JobState.RUNNING, 1000, 4))).isEqualTo(250_000_000L);
        assertThat(MediaJobRules.stepNanos(job(JobState.RUNNING, 1000, 3))).isEqualTo(333_333_333L);
        // no int overflow at the largest duration
        assertThat(MediaJobRules.stepNanos(job(JobState.RUNNING, 600_000, 1))).isEqualTo(600_000_000_000L);
    }

    @Test
    void theResultIsTheShaOfThePattern() throws Exception {
        for (int steps : new int[] {1, 5, 100}) {
            byte[] pattern = new byte[steps * 65_536];
            for (int i = 0; i < pattern.length; i++) {
                pattern[i] = (byte) (i % 251);
            }
            String expected = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(pattern));
            JobResult result = MediaJobRules.result(steps);
            assertThat(result.bytes()).isEqualTo(steps * 65_536L);
            assertThat(result.sha256()).as("%d steps", steps).isEqualTo(expected).hasSize(64);
            assertThat(MediaJobRules.result(steps)).isEqualTo(result);
        }
        assertThat(MediaJobRules.result(1).sha256())
                .isEqualTo("4b640d85ab3ba30fd02c9fc9db4a8928f416322ad27022ea58a65aaee68a4df2");
    }

    @Test
    void aJobTimesOutWhenItRunsLongerThanTheTimeout() {
        Instant start = Instant.parse("2025-01-01T00:00:00Z");
        Duration timeout = Duration.ofSeconds(60);
        assertThat(MediaJobRules.timedOut(start, start.plusSeconds(59), timeout)).isFalse();
        assertThat(MediaJobRules.timedOut(start, start.plusSeconds(60), timeout)).isFalse();
        assertThat(MediaJobRules.timedOut(start, start.plusSeconds(60).plusMillis(1), timeout)).isTrue();
        assertThat(MediaJobRules.timedOut(null, start, timeout)).as("never started").isFalse();
        assertThat(MediaJobRules.timeoutReason(timeout)).isEqualTo("timed out after 60000 ms");
        assertThat(MediaJobRules.timeoutReason(Duration.ofMillis(1500))).isEqualTo("timed out after 1500 ms");
    }

    @Test
    void theMessagesOfTheContract() {
        assertThat(MediaJobRules.ABANDONED).isEqualTo("abandoned after 3 attempts");
        assertThat(MediaJobRules.CANCELLED_BY_CLIENT).isEqualTo("cancelled by the client");
        assertThat(MediaJobRules.QUEUE_FULL).isEqualTo("Media job queue is full");
        assertThat(MediaJobRules.NOT_FOUND).isEqualTo("Job not found");
        assertThat(MediaJobRules.NOT_YOURS).isEqualTo("You can only access your own jobs");
        assertThat(MediaJobRules.ALREADY_FINISHED).isEqualTo("Job already finished");
    }

    @Test
    void onlyTheSubmitterMayAccessAJob() {
        MediaJob job = job(JobState.QUEUED, 1000, 2);
        MediaJobRules.requireOwner(job, OWNER);
        MediaJobRules.requireOwner(job, null); // security off
        assertThatThrownBy(() -> MediaJobRules.requireOwner(job, OTHER))
                .isInstanceOfSatisfying(ApiException.Forbidden.class,
                        e -> assertThat(e.errors()).containsExactly("You can only access your own jobs"));
        assertThatThrownBy(() -> MediaJobRules.requireOwner(null, OWNER))
                .isInstanceOfSatisfying(ApiException.NotFound.class,
                        e -> assertThat(e.errors()).containsExactly("Job not found"));
    }

    @Test
    void aCancelThatChangedNothing() {
        MediaJob cancelled = job(JobState.CANCELLED, 1000, 2);
        assertThat(MediaJobRules.afterMissedCancel(cancelled)).isSameAs(cancelled);
        for (JobState finished : new JobState[] {JobState.SUCCEEDED, JobState.FAILED}) {
            assertThatThrownBy(() -> MediaJobRules.afterMissedCancel(job(finished, 1000, 2)))
                    .isInstanceOfSatisfying(ApiException.Conflict.class, e -> {
                        assertThat(e.status()).isEqualTo(409);
                        assertThat(e.errors()).containsExactly("Job already finished");
                    });
        }
        assertThatThrownBy(() -> MediaJobRules.afterMissedCancel(null))
                .isInstanceOfSatisfying(ApiException.NotFound.class, e -> {
                    assertThat(e.status()).isEqualTo(404);
                    assertThat(e.errors()).containsExactly("Job not found");
                });
        assertThatThrownBy(() -> MediaJobRules.afterMissedCancel(job(JobState.RUNNING, 1000, 2)))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void terminalStates() {
        assertThat(JobState.QUEUED.terminal()).isFalse();
        assertThat(JobState.RUNNING.terminal()).isFalse();
        assertThat(JobState.SUCCEEDED.terminal()).isTrue();
        assertThat(JobState.FAILED.terminal()).isTrue();
        assertThat(JobState.CANCELLED.terminal()).isTrue();
    }

    static MediaJob job(JobState state, int durationMs, int steps) {
        Instant created = Instant.parse("2025-01-01T00:00:00Z");
        return new MediaJob(UUID.fromString("10000000-0000-0000-0000-000000000000"), OWNER, state, steps, durationMs,
                0, 0, created, null, null, null, null);
    }

    private static void assertInvalid(ThrowingCallable call, String... messages) {
        assertThatThrownBy(call).isInstanceOfSatisfying(ApiException.BadRequest.class, e -> {
            assertThat(e.status()).isEqualTo(400);
            assertThat(e.errors()).containsExactly(messages);
        });
    }
}
