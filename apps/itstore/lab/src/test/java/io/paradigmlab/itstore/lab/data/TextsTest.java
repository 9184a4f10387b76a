package io.paradigmlab.itstore.lab.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TextsTest {

    private final SplittableRandom r = new SplittableRandom(1);

    @Test
    void ibansAreRomanianWithValidCheckDigits() {
        for (int i = 0; i < 1_000; i++) {
            String iban = Texts.iban(r);
            assertThat(iban).matches("RO[0-9]{2}[A-Z]{4}[0-9]{16}");
            assertThat(Texts.ibanValid(iban)).as(iban).isTrue();
        }
        // the SWIFT IBAN registry's example for Romania, and a one-digit change of it
        assertThat(Texts.ibanValid("RO49AAAA1B31007593840000")).isTrue();
        assertThat(Texts.ibanValid("RO49AAAA1B31007593840001")).isFalse();
    }

    @Test
    void personalNumbersHaveThirteenDigitsAndTheirCheckDigit() {
        for (int i = 0; i < 1_000; i++) {
            String cnp = Texts.cnp(r);
            assertThat(cnp).matches("[1256][0-9]{12}");
            assertThat(cnp.charAt(12) - '0').isEqualTo(Texts.cnpCheck(cnp.substring(0, 12)));
        }
        // by hand: 1*2 + 8*7 + 0*9 + 0*1 + 1*4 + 0*6 + 1*3 + 2*5 + 2*8 + 1*2 + 1*7 + 4*9 = 136, 136 mod 11 = 4
        assertThat(Texts.cnpCheck("180010122114")).isEqualTo(4);
    }

    @Test
    void productNamesFitTheirColumnAndNeverRepeat() {
        Set<String> names = new HashSet<>();
        for (int id = 0; id < 200_000; id++) {
            String name = Texts.productName(r, id, id % Texts.CATEGORIES.length, 12_345, 16 + r.nextInt(21));
            assertThat(name.length()).isBetween(5, 50);
            assertThat(names.add(name)).as(name).isTrue();
        }
    }

    @Test
    void notesHaveExactlyTheAskedLengthAndNoTrailingSpace() {
        for (int length = 5; length <= 100; length++) {
            String text = Texts.addInfo(r, length);
            assertThat(text).hasSize(length).doesNotEndWith(" ").matches("[ -~]+");
        }
    }

    @Test
    void everyCharacteristicHasValuesThatFit() {
        for (String name : Texts.CHARACTERISTICS) {
            for (int i = 0; i < 100; i++) {
                assertThat(Texts.characteristicValue(r, name)).isNotBlank().hasSizeLessThanOrEqualTo(150);
            }
        }
        assertThat(Texts.CATEGORIES).hasSize(10).allSatisfy(c -> assertThat(c.length()).isLessThanOrEqualTo(20));
    }
}
