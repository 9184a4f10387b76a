package io.paradigmlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.results.SteadyState;
import org.junit.jupiter.api.Test;

class SteadyStateOptionTest {

    @Test
    void withoutWarmupOrLoadPlanTheWarmUpIsAdaptive() {
        SteadyState steady = CampaignOptions.steadyState(null, false, "120s", 0.10, 0.05);

        assertThat(steady).isEqualTo(new SteadyState(true, 5, 120, 0.10, 0.05));
    }

    @Test
    void aDurationOrALoadPlansWarmUpIsFixedAndAdaptiveCanBeAskedFor() {
        assertThat(CampaignOptions.steadyState("30s", false, "120s", 0.10, 0.05).adaptive()).isFalse();
        assertThat(CampaignOptions.steadyState(null, true, "120s", 0.10, 0.05).adaptive()).isFalse();
        assertThat(CampaignOptions.steadyState("adaptive", true, "3m", 0.2, 0.02))
                .isEqualTo(new SteadyState(true, 5, 180, 0.2, 0.02));
    }

    @Test
    void badValuesAreRefusedWithTheOptionsName() {
        assertThatThrownBy(() -> CampaignOptions.steadyState("soon", false, "120s", 0.1, 0.05))
                .isInstanceOf(LabException.class).hasMessageStartingWith("--warmup takes a duration");
        assertThatThrownBy(() -> CampaignOptions.steadyState(null, false, "2s", 0.1, 0.05))
                .isInstanceOf(LabException.class).hasMessageStartingWith("--warmup-cap must hold");
        assertThatThrownBy(() -> CampaignOptions.steadyState(null, false, "120s", 0.1, 5))
                .isInstanceOf(LabException.class).hasMessageStartingWith("--steady-jit-share is a share");
        assertThatThrownBy(() -> CampaignOptions.steadyState(null, false, "120s", -1, 0.05))
                .isInstanceOf(LabException.class).hasMessageStartingWith("--steady-band is a share");
    }
}
