package io.paradigmlab.tweebyte.domain.paging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.common.contract.ApiException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PagingTest {

    @Test
    void noParametersMeansEveryRow() {
        assertThat(Paging.parse(null, null)).isEqualTo(Paging.ALL);
        assertThat(Paging.ALL.all()).isTrue();
    }

    @Test
    void missingHalfTakesItsDefault() {
        assertThat(Paging.parse("2", null)).isEqualTo(new Paging(20, 40));
        assertThat(Paging.parse(null, "5")).isEqualTo(new Paging(5, 0));
        assertThat(Paging.parse("1000000", "100")).isEqualTo(new Paging(100, 100_000_000L));
    }

    @ParameterizedTest
    @ValueSource(strings = {"-1", "abc", "1.5", "", "1000001", "99999999999999999999", "\u0000"})
    void badPageIsA400(String page) {
        assertThatThrownBy(() -> Paging.parse(page, "10")).isInstanceOf(ApiException.BadRequest.class)
                .extracting(e -> ((ApiException) e).errors()).asList().containsExactly(Paging.PAGE_INVALID);
    }

    @Test
    void bothWrongNamesBoth() {
        assertThatThrownBy(() -> Paging.parse("-1", "0")).isInstanceOf(ApiException.BadRequest.class)
                .extracting(e -> ((ApiException) e).errors()).asList()
                .containsExactly(Paging.PAGE_INVALID, Paging.SIZE_INVALID);
        assertThatThrownBy(() -> Paging.parse("0", "101")).isInstanceOf(ApiException.BadRequest.class);
    }
}
