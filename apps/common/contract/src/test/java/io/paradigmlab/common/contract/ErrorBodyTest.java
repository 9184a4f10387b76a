package io.paradigmlab.common.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ErrorBodyTest {

    @Test
    void theBodyHasTheContractsFieldsInOrder() {
        assertThat(Arrays.stream(ErrorBody.class.getRecordComponents()).map(RecordComponent::getName))
                .containsExactly("timestamp", "status", "path", "errors");
    }

    @Test
    void eachExceptionHasItsStatus() {
        Instant before = Instant.now();
        ErrorBody body = ErrorBody.of(new ApiException.BadRequest(List.of("a", "b")), "/products");
        assertThat(body.status()).isEqualTo(400);
        assertThat(body.path()).isEqualTo("/products");
        assertThat(body.errors()).containsExactly("a", "b");
        assertThat(body.timestamp()).isBetween(before, Instant.now());
        assertThat(new ApiException.Unauthorized("x").status()).isEqualTo(401);
        assertThat(new ApiException.Forbidden("x").status()).isEqualTo(403);
        assertThat(new ApiException.NotFound("x").status()).isEqualTo(404);
        assertThat(new ApiException.Conflict("x").status()).isEqualTo(409);
        assertThat(new ApiException.Conflict(List.of("x", "y")).errors()).containsExactly("x", "y");
        assertThat(new ApiException.PayloadTooLarge("x").status()).isEqualTo(413);
        assertThat(new ApiException.Unavailable(ApiException.Unavailable.DATABASE).status()).isEqualTo(503);
        assertThat(new ApiException.Timeout("x").status()).isEqualTo(504);
    }

    @Test
    void unavailableCarriesRetryAfter() {
        assertThat(new ApiException.Unavailable(ApiException.Unavailable.DATABASE).retryAfterSeconds())
                .isEqualTo(ApiException.Unavailable.RETRY_AFTER_SECONDS);
        assertThat(new ApiException.Unavailable("x", 3).retryAfterSeconds()).isEqualTo(3);
        assertThatThrownBy(() -> new ApiException.Unavailable("x", -1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anAnswerNeedsAMessageAndCarriesNoStackTrace() {
        assertThatThrownBy(() -> new ApiException.BadRequest(List.of()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(new ApiException.BadRequest("x").getStackTrace()).isEmpty();
        assertThat(new ApiException.BadRequest(List.of("a", "b")).getMessage()).isEqualTo("a; b");
    }

    @Test
    void theMessagesAreACopy() {
        List<String> errors = new ArrayList<>(List.of("a"));
        ErrorBody body = ErrorBody.of(500, "/", errors);
        ApiException e = new ApiException.BadRequest(errors);
        errors.add("b");
        assertThat(body.errors()).containsExactly("a");
        assertThat(e.errors()).containsExactly("a");
    }
}
