package io.paradigmlab.common.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class QueryValuesTest {

    @Test
    void anAbsentParameterIsNull() {
        assertThat(QueryValues.single(null, "bad")).isNull();
        assertThat(QueryValues.single(List.of(), "bad")).isNull();
    }

    @Test
    void aParameterGivenOnceIsItsValueEvenWhenEmpty() {
        assertThat(QueryValues.single(List.of("7"), "bad")).isEqualTo("7");
        assertThat(QueryValues.single(List.of(""), "bad")).isEmpty();
    }

    @Test
    void aParameterGivenTwiceIsA400WithTheCallersWords() {
        assertThatThrownBy(() -> QueryValues.single(List.of("1", "1"), "N must be given once"))
                .isInstanceOfSatisfying(ApiException.BadRequest.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.errors()).containsExactly("N must be given once");
                });
        assertThat(QueryValues.repeated(List.of("a", "b"))).isTrue();
        assertThat(QueryValues.first(List.of("a", "b"))).isEqualTo("a");
    }
}
