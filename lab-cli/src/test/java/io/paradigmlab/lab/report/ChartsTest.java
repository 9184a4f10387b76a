package io.paradigmlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ChartsTest {

    @Test
    void geometricLaddersAndWideSpansGetALogAxis() {
        assertThat(Charts.logX(List.of(1, 4, 16))).isTrue();
        assertThat(Charts.logX(List.of(1, 10, 100))).isTrue();
        assertThat(Charts.logX(List.of(2, 4, 8, 16))).isTrue();
        assertThat(Charts.logX(List.of(1, 10, 50, 100, 200))).as("the seeds' ladder spans 200x").isTrue();
    }

    @Test
    void arithmeticLaddersAndNarrowSpansStayLinear() {
        assertThat(Charts.logX(List.of(10, 20, 30, 40))).isFalse();
        assertThat(Charts.logX(List.of(1, 4))).as("two levels are no ladder").isFalse();
        assertThat(Charts.logX(List.of(1, 2, 16))).as("steps 2 and 8 are not one ratio").isFalse();
        assertThat(Charts.logX(List.of(100))).isFalse();
        assertThat(Charts.logX(List.of())).isFalse();
    }
}
