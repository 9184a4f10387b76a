package io.paradigmlab.common.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class WebPlumbingTest {

    private static final ErrorWords WORDS = new ErrorWords("Bad body", "Bad request", "Not found", "Not allowed",
            null, null, "Internal", "Overloaded", "NUL");

    @Test
    void itsSettingsLiveUnderTheApplicationsPrefix() {
        WebPlumbing web = WebPlumbing.of("shop", WORDS, 10);
        assertThat(web.maxInFlightProperty()).isEqualTo("shop.limits.max-concurrent-requests");
        assertThat(web.maxBodySizeProperty()).isEqualTo("shop.limits.max-body-size");
    }

    @Test
    void theInFlightBoundIsTheSettingOrElseTheDefault() {
        WebPlumbing web = WebPlumbing.of("shop", WORDS, 10);
        assertThat(web.inFlightLimit(null).max()).isEqualTo(10);
        assertThat(web.inFlightLimit(3).max()).isEqualTo(3);
        assertThatThrownBy(() -> web.inFlightLimit(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("shop.limits.max-concurrent-requests");
        assertThatThrownBy(() -> WebPlumbing.of("shop", WORDS, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void withoutABodyBoundOrQueryRuleItAddsNone() {
        WebPlumbing web = WebPlumbing.of("shop", WORDS, 10);
        assertThat(web.maxBodyBytes()).isEqualTo(-1);
        assertThat(web.malformedQuery().test("=x")).isFalse();
        WebPlumbing strict = web.withMaxBodyBytes(2048).withMalformedQuery(query -> query.startsWith("="));
        assertThat(strict.maxBodyBytes()).isEqualTo(2048);
        assertThat(strict.malformedQuery().test("=x")).isTrue();
        assertThat(strict.words()).isSameAs(WORDS);
    }
}
