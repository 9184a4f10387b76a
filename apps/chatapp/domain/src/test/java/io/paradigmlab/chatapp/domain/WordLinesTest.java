package io.paradigmlab.chatapp.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WordLinesTest {

    @Test
    void lines_are_deterministic() {
        assertThat(WordLines.line(42, 7, 1000)).isEqualTo(WordLines.line(42, 7, 1000));
        assertThat(WordLines.line(42, 7, 1000)).isNotEqualTo(WordLines.line(42, 8, 1000));
        assertThat(WordLines.line(42, 7, 1000)).isNotEqualTo(WordLines.line(43, 7, 1000));
        // fewer words give a prefix of the same stream
        assertThat(WordLines.line(42, 7, 1000)).startsWith(WordLines.line(42, 7, 10) + " ");
    }

    @Test
    void lines_have_the_documented_shape() {
        Set<Integer> lengths = new HashSet<>();
        long totalChars = 0;
        int lines = 200;
        for (int index = 1; index <= lines; index++) {
            String line = WordLines.line(2025, index, WordLines.DEFAULT_WORDS);
            assertThat(line).matches("[a-z]+( [a-z]+)*");
            String[] words = line.split(" ", -1);
            assertThat(words).hasSize(1000);
            for (String word : words) {
                assertThat(word.length()).isBetween(1, 50);
                lengths.add(word.length());
            }
            assertThat(line.length()).isLessThanOrEqualTo(50 * 1000 + 999);
            totalChars += line.length();
        }
        // uniform 1..50: every length occurs, and the mean line is about 26.5 KB (25.5 chars a word + 999 spaces)
        assertThat(lengths).hasSize(50);
        assertThat(totalChars / (double) lines).isBetween(25_500.0, 27_500.0);
        assertThat(WordLines.line(1, 1, 1)).matches("[a-z]{1,50}");
    }

    @Test
    void words_must_be_positive() {
        assertThatThrownBy(() -> WordLines.line(1, 1, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
