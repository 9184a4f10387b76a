package io.paradigmlab.chatapp.domain;

import static io.paradigmlab.chatapp.domain.OutgoingTest.expect;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PalindromesTest {

    @ParameterizedTest(name = "''{0}'' -> {1}")
    @CsvSource(delimiter = '|', value = {
            "a|1",
            "abba|1",
            "abc|0",
            "aba|1",
            "ab|0",
            "aa|1",
            "abca|0",
            "Abba|0",
            "abba abc a racecar|3",
            "''|0",
            "'   '|0",
            "'  abba   abc  x '|2",
            "'a b c d'|4",
            "xyzzyx xyzyx xyzzy|2"})
    void counts(String line, int expected) {
        assertThat(Palindromes.count(line)).isEqualTo(expected);
        assertThat(Palindromes.count(line, 1)).isEqualTo(expected);
        assertThat(Palindromes.count(line, 10)).isEqualTo(expected);
        assertThat(Palindromes.count(line, 1000)).isEqualTo(expected);
        assertThat(Palindromes.count(line) > 0).isEqualTo(expected > 0);
    }

    @Test
    void agrees_with_the_obvious_definition_on_seeded_lines() {
        for (int index = 1; index <= 50; index++) {
            String line = WordLines.line(4, index, 1000);
            int reference = 0;
            for (String word : line.split(" +")) {
                if (!word.isEmpty() && new StringBuilder(word).reverse().toString().equals(word)) {
                    reference++;
                }
            }
            assertThat(Palindromes.count(line)).isEqualTo(reference);
            // every line has its single-letter words (about 20 per 1000): the count is never trivially zero
            assertThat(reference).isPositive();
        }
    }

    @Test
    void is_palindrome() {
        assertThat(Palindromes.isPalindrome("a")).isTrue();
        assertThat(Palindromes.isPalindrome("abcba")).isTrue();
        assertThat(Palindromes.isPalindrome("abcda")).isFalse();
        assertThat(Palindromes.isPalindrome("")).isFalse();
    }

    @Test
    void the_work_factor_is_bounded() {
        expect(ErrorCode.BAD_REQUEST, () -> Palindromes.count("a", 0));
        expect(ErrorCode.BAD_REQUEST, () -> Palindromes.count("a", 1001));
        expect(ErrorCode.BAD_REQUEST, () -> Palindromes.count("a", -1));
        expect(ErrorCode.BAD_REQUEST, () -> Palindromes.count(null));
        expect(ErrorCode.BAD_REQUEST, () -> Palindromes.count(null, 1));
    }
}
