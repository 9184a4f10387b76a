package io.paradigmlab.tweebyte.mediabench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class PipelineCeilingTest {

    @Test
    void measuresAPositiveRateInThisJvm() {
        PipelineCeiling.Ceiling ceiling = PipelineCeiling.measure(Duration.ofMillis(300), Duration.ofMillis(600), 0);
        assertThat(ceiling.opsPerSecondPerThread()).isPositive().isFinite();
        assertThat(ceiling.cores()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(ceiling.opsPerSecondAllCores()).isEqualTo(ceiling.opsPerSecondPerThread() * ceiling.cores());
        assertThat(ceiling.jvm()).contains(System.getProperty("java.runtime.version"));
        // three measured iterations at least, so JMH gives an interval (wide, with so few)
        assertThat(ceiling.error()).isNotNaN().isNotNegative();
    }

    @Test
    void badArgumentsAreRefused() {
        assertThatThrownBy(() -> PipelineCeiling.measure(Duration.ZERO, Duration.ZERO, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PipelineCeiling.measure(Duration.ZERO, Duration.ofSeconds(1), -1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aDurationIsCutIntoIterationsOfAtMostASecond() {
        assertThat(PipelineCeiling.iterations(Duration.ofSeconds(10), 2)).isEqualTo(10);
        assertThat(PipelineCeiling.iterations(Duration.ofMillis(2500), 2)).isEqualTo(3);
        assertThat(PipelineCeiling.iterations(Duration.ofMillis(600), 3)).isEqualTo(3);
        assertThat(PipelineCeiling.iterations(Duration.ofMillis(300), 1)).isEqualTo(1);
    }
}
