package io.paradigmlab.common.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.SQLTransientConnectionException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.Test;

class FailuresTest {

    private static final ErrorWords WORDS = new ErrorWords("Bad body", "Bad request", "Not found", "Not allowed",
            null, null, "Internal", "Overloaded", "NUL");

    @Test
    void anApiExceptionIsItsOwnAnswerAlsoInsideACompletionException() {
        var notFound = new ApiException.NotFound("No such thing");
        assertThat(Failures.answer(notFound, WORDS)).isSameAs(notFound);
        assertThat(Failures.answer(new CompletionException(notFound), WORDS)).isSameAs(notFound);
    }

    @Test
    void aFullExecutorIsOverloadWithTheDefaultRetryAfter() {
        ApiException answer = Failures.answer(new RejectedExecutionException("queue full"), WORDS);
        assertThat(answer).isInstanceOfSatisfying(ApiException.Unavailable.class, u -> {
            assertThat(u.errors()).containsExactly("Overloaded");
            assertThat(u.retryAfterSeconds()).isEqualTo(ApiException.Unavailable.RETRY_AFTER_SECONDS);
        });
    }

    @Test
    void anUnreachableDatabaseIsA503() {
        ApiException answer = Failures.answer(new RuntimeException(new SQLTransientConnectionException("no connection",
                "08001")), WORDS);
        assertThat(answer).isInstanceOf(ApiException.Unavailable.class);
        assertThat(answer.errors()).containsExactly(ApiException.Unavailable.DATABASE);
    }

    @Test
    void whatTheFrameworkDecidesIsLeftToIt() {
        assertThat(Failures.answer(new IllegalStateException("boom"), WORDS)).isNull();
        assertThat(Failures.answer(new CompletionException(new IllegalStateException("boom")), WORDS)).isNull();
    }

    @Test
    void causedByLooksThroughEveryCause() {
        var error = new RuntimeException(new UncheckedIOException(new IOException("deep")));
        assertThat(Failures.causedBy(error, IOException.class)).isTrue();
        assertThat(Failures.causedBy(error, IllegalStateException.class)).isFalse();
    }

    @Test
    void theThrottleSaysYesOnceAndThenWaits() {
        var throttle = new Failures.Throttle();
        assertThat(throttle.tryAcquire()).isTrue();
        assertThat(throttle.tryAcquire()).isFalse();
    }
}
