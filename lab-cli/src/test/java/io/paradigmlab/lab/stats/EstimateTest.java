package io.paradigmlab.lab.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class EstimateTest {

    @Test
    void threeRepetitionsGiveAStudentTInterval() {
        Estimate e = Estimate.of(10, 12, 14);

        // t(0.975, 2) = 4.302653, s = 2, half-width = 4.302653 * 2 / sqrt(3) = 4.968275
        assertThat(e.mean()).isEqualTo(12.0);
        assertThat(e.stdDev()).isCloseTo(2.0, within(1e-12));
        assertThat(e.n()).isEqualTo(3);
        assertThat(e.halfWidth()).isCloseTo(4.968275, within(1e-5));
        assertThat(e.ciLow()).isCloseTo(7.031725, within(1e-5));
        assertThat(e.ciHigh()).isCloseTo(16.968275, within(1e-5));
        assertThat(e.hasInterval()).isTrue();
        assertThat(e.singleRun()).isFalse();
    }

    @Test
    void oneRepetitionIsFlaggedAndHasNoInterval() {
        Estimate e = Estimate.of(List.of(42.0));

        assertThat(e.mean()).isEqualTo(42.0);
        assertThat(e.ciLow()).isEqualTo(42.0);
        assertThat(e.ciHigh()).isEqualTo(42.0);
        assertThat(e.stdDev()).isNaN();
        assertThat(e.n()).isEqualTo(1);
        assertThat(e.singleRun()).isTrue();
        assertThat(e.hasInterval()).isFalse();
        assertThat(e.halfWidth()).as("never printed as ± 0").isNaN();
    }

    @Test
    void noValueIsEmpty() {
        Estimate e = Estimate.of();

        assertThat(e.isEmpty()).isTrue();
        assertThat(e.n()).isZero();
        assertThat(e.mean()).isNaN();
    }

    @Test
    void nanValuesAreLeftOutAndNotCounted() {
        assertThat(Estimate.of(10, Double.NaN, 12, 14)).isEqualTo(Estimate.of(10, 12, 14));
    }

    @Test
    void identicalValuesGiveAZeroWidthInterval() {
        Estimate e = Estimate.of(5, 5, 5);

        assertThat(e.ciLow()).isEqualTo(5.0);
        assertThat(e.ciHigh()).isEqualTo(5.0);
        assertThat(e.hasInterval()).isTrue();
    }

    @Test
    void twoRepetitionsUseOneDegreeOfFreedom() {
        // t(0.975, 1) = 12.706205; s = sqrt(2); half = 12.706205 * sqrt(2) / sqrt(2)
        assertThat(Estimate.of(10, 12).halfWidth()).isCloseTo(12.706205, within(1e-5));
    }
}
