package io.paradigmlab.lab.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class WelchTest {

    private static final double[] A = {10, 12, 14};
    private static final double[] B = {15, 17, 19, 21};

    @Test
    void pValueMatchesAnIndependentComputation() {
        // var(A) = 4, var(B) = 20/3: t = 6 / sqrt(4/3 + 5/3) = 3.4641, Welch df = 4.9592;
        // two-sided p = 0.018202 by numerical integration of Student's density (outside commons-math3).
        assertThat(Welch.pValue(A, B)).isCloseTo(0.018202, within(1e-5));
        assertThat(Welch.pValue(B, A)).isCloseTo(0.018202, within(1e-5));
    }

    @Test
    void differenceHasAWelchInterval() {
        Welch.Difference d = Welch.difference(A, B);

        // 6 ± t(0.975, 4.9592) * sqrt(3) = 6 ± 2.576958 * 1.732051
        assertThat(d.difference()).isEqualTo(6.0);
        assertThat(d.df()).isCloseTo(4.959184, within(1e-5));
        assertThat(d.ciLow()).isCloseTo(1.536577, within(1e-4));
        assertThat(d.ciHigh()).isCloseTo(10.463423, within(1e-4));
        assertThat(d.pValue()).isCloseTo(0.018202, within(1e-5));
    }

    @Test
    void fewerThanTwoValuesOnASideGiveNoTest() {
        assertThat(Welch.pValue(new double[] {10}, B)).isNaN();
        assertThat(Welch.pValue(A, new double[] {1, Double.NaN})).isNaN();
        Welch.Difference d = Welch.difference(new double[] {10}, B);
        assertThat(d.difference()).isEqualTo(8.0);
        assertThat(d.ciLow()).isNaN();
        assertThat(d.ciHigh()).isNaN();
    }

    @Test
    void zeroVarianceOnBothSidesGivesNoTest() {
        assertThat(Welch.pValue(new double[] {1, 1}, new double[] {2, 2})).isNaN();
    }
}
