package io.paradigmlab.tweebyte.domain.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class QueryStringsTest {

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"page=0&size=10", "a", "a=", "a=1&&b=2", "&", "term=caf%C3%A9", "q=%F0%9F%98%80",
            "x=%00", "flag", "a=b=c", "a+b=c+d", "%3B=1"})
    void wellFormedQueries(String query) {
        assertThat(QueryStrings.isMalformed(query)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"=null", "page=1&=x", "=", "a=%zz", "a=%4", "a=%", "%C3%28=1", "a=%C3", "a=%FF"})
    void malformedQueries(String query) {
        assertThat(QueryStrings.isMalformed(query)).isTrue();
    }
}
