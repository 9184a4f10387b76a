package io.paradigmlab.itstore.domain.error;

import static org.assertj.core.api.Assertions.assertThat;

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
    void anExceptionBecomesItsStatusAndMessages() {
        Instant before = Instant.now();
        ErrorBody body = ErrorBody.of(new ApiException.InvalidInput(List.of("a", "b")), "/itStore/first_N_products");
        assertThat(body.status()).isEqualTo(400);
        assertThat(body.path()).isEqualTo("/itStore/first_N_products");
        assertThat(body.errors()).containsExactly("a", "b");
        assertThat(body.timestamp()).isBetween(before, Instant.now());
        assertThat(ErrorBody.of(new ApiException.NotFound("Product not found"), "/p").status()).isEqualTo(404);
        assertThat(ErrorBody.of(new ApiException.Unavailable(ApiException.Unavailable.DATABASE), "/p").status())
                .isEqualTo(503);
    }

    @Test
    void theMessagesAreACopy() {
        List<String> errors = new ArrayList<>(List.of("a"));
        ErrorBody body = ErrorBody.of(500, "/", errors);
        errors.add("b");
        assertThat(body.errors()).containsExactly("a");
    }

    @Test
    void frameworkStatusesGetTheStandardWords() {
        assertThat(StandardErrors.forStatus(404)).containsExactly(StandardErrors.NOT_FOUND);
        assertThat(StandardErrors.forStatus(405)).containsExactly(StandardErrors.METHOD_NOT_ALLOWED);
        assertThat(StandardErrors.forStatus(400)).containsExactly(StandardErrors.MALFORMED_REQUEST);
        assertThat(StandardErrors.forStatus(503)).containsExactly(StandardErrors.INTERNAL);
    }
}
