package io.paradigmlab.common.web.flux;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EdgeRulesFilterTest {

    @Test
    void aQueryDecodesWhenItsEscapesAreWellFormedUtf8() {
        assertThat(EdgeRulesFilter.queryDecodes(null)).isTrue();
        assertThat(EdgeRulesFilter.queryDecodes("")).isTrue();
        assertThat(EdgeRulesFilter.queryDecodes("N=5&x=y")).isTrue();
        assertThat(EdgeRulesFilter.queryDecodes("N=%00")).isTrue();
        assertThat(EdgeRulesFilter.queryDecodes("x=%C3%A9")).isTrue();
        assertThat(EdgeRulesFilter.queryDecodes("x=%c3%a9%F0%9F%98%80")).isTrue();
        // é as Netty reads raw UTF-8 bytes (ISO-8859-1 chars)
        assertThat(EdgeRulesFilter.queryDecodes("x=\u00c3\u00a9")).isTrue();
        assertThat(EdgeRulesFilter.queryDecodes("x=%ff")).isFalse();
        assertThat(EdgeRulesFilter.queryDecodes("x=%C3")).isFalse();
        assertThat(EdgeRulesFilter.queryDecodes("x=\u00e9")).isFalse();
        assertThat(EdgeRulesFilter.queryDecodes("x=%zz")).isFalse();
        assertThat(EdgeRulesFilter.queryDecodes("x=%4")).isFalse();
        assertThat(EdgeRulesFilter.queryDecodes("x=%")).isFalse();
        assertThat(EdgeRulesFilter.queryDecodes("x=%\u0663\u0663")).isFalse();
    }
}
