package io.paradigmlab.lab.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.paradigmlab.lab.results.LevelMeasurement.Latency;
import io.paradigmlab.lab.results.LevelMeasurement.Resources;
import io.paradigmlab.lab.results.LevelMeasurement.Verdict;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SteadyStateTest {

    private static final SteadyState RULE = SteadyState.adaptiveDefaults();

    @Test
    void twoWindowsAgreeWithinTheBandAndUnderTheJitLimit() {
        assertThat(RULE.agree(1000, 0.01, 1090, 0.02)).isTrue();
        assertThat(RULE.agree(1000, 0.01, 910, 0.05)).as("at the limits").isTrue();
        assertThat(RULE.agree(1000, 0.01, 1110, 0.01)).as("throughput 11 % up").isFalse();
        assertThat(RULE.agree(1000, 0.01, 880, 0.01)).as("throughput 12 % down").isFalse();
        assertThat(RULE.agree(1000, 0.06, 1000, 0.01)).as("JIT above 5 % in the first").isFalse();
        assertThat(RULE.agree(1000, 0.01, 1000, 0.2)).as("JIT above 5 % in the second").isFalse();
        assertThat(RULE.agree(0, 0.01, 0, 0.01)).as("nothing answered").isFalse();
    }

    @Test
    void anUnknownJitShareLeavesTheThroughputToDecide() {
        assertThat(RULE.agree(1000, Double.NaN, 1050, Double.NaN)).isTrue();
        assertThat(RULE.agree(1000, Double.NaN, 1500, Double.NaN)).isFalse();
    }

    @Test
    void badKnobsAreRefused() {
        assertThatThrownBy(() -> new SteadyState(true, 5, 4, 0.1, 0.05)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SteadyState(true, 5, 120, -0.1, 0.05))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SteadyState(true, 5, 120, 0.1, 1.5)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void cpuPerRequestIsTheServicesCpuTimeOverTheThroughput() {
        // one and a half cores for 3,000 answers a second: 1.5 s of CPU per second / 3000 = 500 us each
        assertThat(measurement(150, 3000, Double.NaN).cpuMicrosPerRequest()).isCloseTo(500, within(1e-9));
        assertThat(measurement(Double.NaN, 3000, Double.NaN).cpuMicrosPerRequest()).as("not sampled").isNaN();
        assertThat(measurement(150, 0, Double.NaN).cpuMicrosPerRequest()).as("nothing answered").isNaN();
    }

    @Test
    void aWindowIsSteadyUnlessItsJitShareIsAboveTheLimit() {
        assertThat(measurement(100, 1000, 0.04).steady(0.05)).isTrue();
        assertThat(measurement(100, 1000, 0.05).steady(0.05)).isTrue();
        assertThat(measurement(100, 1000, 0.23).steady(0.05)).isFalse();
        assertThat(measurement(100, 1000, 0.23).jitShare()).isEqualTo(0.23);
        assertThat(measurement(100, 1000, Double.NaN).steady(0.05)).as("unknown: not flagged").isTrue();
    }

    @Test
    void settingsWithoutASteadyStateRuleReadAsAFixedWarmUpWithTheDefaultLimit() {
        CampaignSettings old = new CampaignSettings("tweebyte", "feed", List.of("async"), List.of(), "closed",
                List.of(1), 1, 60, 180, "quick", 1000, 42, false, 0.01, null, false, Map.of(), 0, null);

        assertThat(old.steadyState().adaptive()).isFalse();
        assertThat(old.steadyState().jitShareLimit()).isEqualTo(SteadyState.JIT_SHARE_LIMIT);
        assertThat(old.withSteadyState(RULE).withStartupProbe(CampaignSettings.PROBE_FIRST).steadyState())
                .isEqualTo(RULE);
    }

    static LevelMeasurement measurement(double cpuPercent, double throughput, double jitShare) {
        return new LevelMeasurement("async", 1, "closed", 10, 10, 100, 100, 0, 0, throughput, Double.NaN,
                new Latency(1, 1, 1, 1, 1, 1, 1),
                new Resources(cpuPercent, 100, 50, 30, Double.NaN, 1, Double.NaN, Double.NaN, Double.NaN,
                        jitShare * cpuPercent * 10, jitShare),
                10, Verdict.OK, "", List.of(), Map.of());
    }
}
