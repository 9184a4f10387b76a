package io.paradigmlab.tweebyte.domain.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.common.contract.ApiException;
import org.junit.jupiter.api.Test;

class TextRulesTest {

    @Test
    void nulIsRejectedWithTheFieldsName() {
        assertThatThrownBy(() -> TextRules.requireNoNul("content", "a\u0000b"))
                .isInstanceOf(ApiException.BadRequest.class)
                .hasMessage("content must not contain the NUL character");
        assertThat(TextRules.requireNoNul("content", "any Unicode: \u00e9 \ud83d\ude00 \u202e")).isNotNull();
    }

    @Test
    void lengthCountsCodePoints() {
        assertThat(TextRules.length("\ud83d\ude00\ud83d\ude00")).isEqualTo(2);
    }

    @Test
    void searchPatternEscapesWildcardsAndRejectsNul() {
        assertThat(TextRules.containsPattern("50%_a\\b")).isEqualTo("%50\\%\\_a\\\\b%");
        assertThatThrownBy(() -> TextRules.containsPattern("\u0000")).hasMessage("term must not contain the NUL character");
        assertThatThrownBy(() -> TextRules.containsPattern(" ")).hasMessage(TextRules.TERM_LENGTH);
    }
}
