package io.paradigmlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.lab.api.LabException;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadPlanTest {

    @Test
    void aSoakIsTwentySlicesWhenEachIsAtLeastFiveSeconds() {
        LoadPlan thirtyMinutes = LoadPlan.soak(LoadPlan.Model.OPEN, 200, 60, 1800, 5000);

        assertThat(thirtyMinutes.soak()).isTrue();
        assertThat(thirtyMinutes.levels()).containsExactly(200);
        assertThat(thirtyMinutes.slices()).isEqualTo(20);
        assertThat(thirtyMinutes.sliceSeconds()).isEqualTo(90);
        assertThat(thirtyMinutes.durationSeconds()).isEqualTo(1800);
        assertThat(thirtyMinutes.totalSeconds()).isEqualTo(60 + 1800);
        assertThat(LoadPlan.soak(LoadPlan.Model.CLOSED, 10, 0, 120, 5000).sliceSeconds()).isEqualTo(6);
        assertThat(LoadPlan.soak(LoadPlan.Model.CLOSED, 10, 0, 100, 5000).sliceSeconds()).isEqualTo(5);
    }

    @Test
    void aShortSoakHasFewerSlicesAlwaysAMultipleOfFiveAndItsWindowIsWholeSlices() {
        // 99 s: 20 slices would be 4 s each, 15 are 6 s (90 s run)
        LoadPlan short99 = LoadPlan.soak(LoadPlan.Model.OPEN, 50, 10, 99, 5000);
        assertThat(short99.slices()).isEqualTo(15);
        assertThat(short99.durationSeconds()).isEqualTo(90);
        assertThat(LoadPlan.soakSlices(60)).isEqualTo(10);
        assertThat(LoadPlan.soakSlices(25)).isEqualTo(5);
        assertThat(LoadPlan.soak(LoadPlan.Model.OPEN, 50, 10, 101, 5000).durationSeconds()).isEqualTo(100);
    }

    @Test
    void aSoakTooShortForFiveSlicesOfFiveSecondsIsRefused() {
        assertThatThrownBy(() -> LoadPlan.soakSlices(24)).isInstanceOf(LabException.class)
                .hasMessage("A soak needs at least 25 s (5 slices of 5 s, so that its first and last fifths can be"
                        + " compared), got 24 s");
    }

    @Test
    void slicesNeedOneLevelAndAWindowOfWholeSlices() {
        assertThatThrownBy(() -> new LoadPlan(LoadPlan.Model.OPEN, List.of(10, 20), 0, 100, 5000, 20))
                .isInstanceOf(LabException.class).hasMessageContaining("one level");
        assertThatThrownBy(() -> new LoadPlan(LoadPlan.Model.OPEN, List.of(10), 0, 101, 5000, 20))
                .isInstanceOf(LabException.class).hasMessageContaining("101 s in 20 slices");
        assertThatThrownBy(() -> new LoadPlan(LoadPlan.Model.OPEN, List.of(10), 0, 100, 5000, 0))
                .isInstanceOf(LabException.class);
        LoadPlan ladder = new LoadPlan(LoadPlan.Model.CLOSED, List.of(1, 10), 5, 30, 5000);
        assertThat(ladder.soak()).isFalse();
        assertThat(ladder.slices()).isEqualTo(1);
        assertThat(ladder.sliceSeconds()).isEqualTo(30);
    }
}
