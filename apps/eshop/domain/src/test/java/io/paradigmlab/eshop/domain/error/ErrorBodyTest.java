package io.paradigmlab.eshop.domain.error;

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
        assertThat(new ApiException.NotFound(ApiException.NotFound.PRODUCT).status()).isEqualTo(404);
        assertThat(new ApiException.Conflict(ApiException.Conflict.DUPLICATE_CODE).status()).isEqualTo(409);
        assertThat(new ApiException.Unavailable(ApiException.Unavailable.INVENTORY).status()).isEqualTo(503);
    }

    @Test
    void unavailableCarriesRetryAfter() {
        assertThat(new ApiException.Unavailable(ApiException.Unavailable.DATABASE).retryAfterSeconds())
                .isEqualTo(ApiException.Unavailable.RETRY_AFTER_SECONDS);
        assertThat(new ApiException.Unavailable(ApiException.Unavailable.INVENTORY, 3).retryAfterSeconds())
                .isEqualTo(3);
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

    @Test
    void frameworkStatusesGetTheStandardWords() {
        assertThat(StandardErrors.forStatus(404)).containsExactly(StandardErrors.NOT_FOUND);
        assertThat(StandardErrors.forStatus(405)).containsExactly(StandardErrors.METHOD_NOT_ALLOWED);
        assertThat(StandardErrors.forStatus(400)).containsExactly(StandardErrors.MALFORMED_REQUEST);
        assertThat(StandardErrors.forStatus(413)).containsExactly(StandardErrors.PAYLOAD_TOO_LARGE);
        assertThat(StandardErrors.forStatus(415)).containsExactly(StandardErrors.UNSUPPORTED_MEDIA_TYPE);
        assertThat(StandardErrors.forStatus(503)).containsExactly(StandardErrors.INTERNAL);
        assertThat(StandardErrors.forStatus(418)).containsExactly("Request failed");
    }

    @Test
    void anErrorListCapsItsMessagesAndCountsTheRest() {
        ErrorList none = new ErrorList();
        none.throwIfAny();
        assertThat(none.isEmpty()).isTrue();

        ErrorList few = new ErrorList();
        few.add("x");
        assertThatThrownBy(few::throwIfAny).isInstanceOfSatisfying(ApiException.BadRequest.class,
                e -> assertThat(e.errors()).containsExactly("x"));

        ErrorList many = new ErrorList();
        for (int i = 0; i < ErrorList.MAX_MESSAGES + 5; i++) {
            many.add("m" + i);
        }
        assertThat(many.total()).isEqualTo(105);
        assertThat(many.messages()).hasSize(ErrorList.MAX_MESSAGES + 1).startsWith("m0", "m1")
                .endsWith("m99", "and 5 more errors");
    }
}
