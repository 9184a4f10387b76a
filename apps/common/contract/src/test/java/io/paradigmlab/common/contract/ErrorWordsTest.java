package io.paradigmlab.common.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ErrorWordsTest {

    private static final ErrorWords WORDS = new ErrorWords("body", "request", "nowhere", "method", "large", "type",
            "internal", "busy", "nul");

    @Test
    void eachFrameworkStatusGetsItsWord() {
        assertThat(WORDS.forStatus(400)).containsExactly("body");
        assertThat(WORDS.forStatus(404)).containsExactly("nowhere");
        assertThat(WORDS.forStatus(405)).containsExactly("method");
        assertThat(WORDS.forStatus(413)).containsExactly("large");
        assertThat(WORDS.forStatus(415)).containsExactly("type");
        assertThat(WORDS.forStatus(500)).containsExactly("internal");
        assertThat(WORDS.forStatus(503)).containsExactly("internal");
        assertThat(WORDS.forStatus(418)).containsExactly(ErrorWords.OTHER);
    }

    @Test
    void aContractWithoutAWordForAStatusSaysTheGeneralOne() {
        ErrorWords few = new ErrorWords("body", "request", "nowhere", "method", null, null, "internal", "busy", "nul");
        assertThat(few.forStatus(413)).containsExactly(ErrorWords.OTHER);
        assertThat(few.forStatus(415)).containsExactly(ErrorWords.OTHER);
    }

    @Test
    void theWordsEveryContractNeedsAreRequired() {
        assertThatThrownBy(() -> new ErrorWords(null, "r", "n", "m", null, null, "i", "o", "z"))
                .isInstanceOf(NullPointerException.class).hasMessage("malformedBody");
        assertThatThrownBy(() -> new ErrorWords("b", "r", "n", "m", null, null, "i", "o", null))
                .isInstanceOf(NullPointerException.class).hasMessage("nulInPath");
    }
}
