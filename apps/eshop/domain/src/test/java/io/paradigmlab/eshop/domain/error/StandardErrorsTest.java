package io.paradigmlab.eshop.domain.error;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.common.contract.ApiException;
import org.junit.jupiter.api.Test;

class StandardErrorsTest {

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
