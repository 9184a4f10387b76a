package io.paradigmlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.lab.api.RedisLatency;
import io.paradigmlab.lab.api.ScenarioInfo;
import io.paradigmlab.lab.api.LabException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code --redis-latency} overrides a scenario's own injected latency, or switches it off. */
class RedisLatencyOptionTest {

    private static final ScenarioInfo PLAIN = new ScenarioInfo("read", "", "r.hf.yaml", List.of("a"), false);
    private static final ScenarioInfo DELAYED = PLAIN.withRedisLatency("a", Duration.ofMillis(3), Duration.ofMillis(1));

    @Test
    void withoutTheOptionTheScenarioDecides() {
        assertThat(CampaignOptions.redisLatency(DELAYED, null))
                .isEqualTo(new RedisLatency("a", Duration.ofMillis(3), Duration.ofMillis(1)));
        assertThat(CampaignOptions.redisLatency(PLAIN, null)).isNull();
        assertThat(DELAYED.redisLatency().describe()).isEqualTo("3 ms ± 1 ms");
    }

    @Test
    void theOptionReplacesLatencyAndJitterOfTheSameServiceOrSwitchesThemOff() {
        assertThat(CampaignOptions.redisLatency(DELAYED, "5ms,2ms"))
                .isEqualTo(new RedisLatency("a", Duration.ofMillis(5), Duration.ofMillis(2)));
        assertThat(CampaignOptions.redisLatency(DELAYED, "4")).isEqualTo(new RedisLatency("a", Duration.ofMillis(4),
                Duration.ZERO));
        assertThat(CampaignOptions.redisLatency(DELAYED, "0")).isNull();
        assertThat(CampaignOptions.redisLatency(DELAYED, "off")).isNull();
        assertThat(CampaignOptions.redisLatency(PLAIN, "0")).isNull();
    }

    @Test
    void badValuesAndScenariosWithoutLatencyAreRefused() {
        for (String bad : List.of("3s", "3ms,1ms,1ms", "1ms,2ms", "x", "")) {
            assertThatThrownBy(() -> CampaignOptions.redisLatency(DELAYED, bad)).as(bad)
                    .isInstanceOf(LabException.class).hasMessageStartingWith("--redis-latency");
        }
        assertThatThrownBy(() -> CampaignOptions.redisLatency(PLAIN, "3ms,1ms")).isInstanceOf(LabException.class)
                .hasMessageContaining("the read scenario injects no Redis latency");
    }
}
