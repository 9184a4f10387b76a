package io.paradigmlab.itstore.domain.error;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StandardErrorsTest {

    @Test
    void frameworkStatusesGetTheStandardWords() {
        assertThat(StandardErrors.forStatus(404)).containsExactly(StandardErrors.NOT_FOUND);
        assertThat(StandardErrors.forStatus(405)).containsExactly(StandardErrors.METHOD_NOT_ALLOWED);
        assertThat(StandardErrors.forStatus(400)).containsExactly(StandardErrors.MALFORMED_REQUEST);
        assertThat(StandardErrors.forStatus(503)).containsExactly(StandardErrors.INTERNAL);
    }
}
