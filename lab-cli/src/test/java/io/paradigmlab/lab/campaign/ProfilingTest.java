package io.paradigmlab.lab.campaign;

import static io.paradigmlab.lab.stats.TestCampaigns.measurement;
import static io.paradigmlab.lab.stats.TestCampaigns.ok;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.results.LevelMeasurement.Verdict;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProfilingTest {

    private static final List<Integer> LEVELS = List.of(10, 50, 100);
    private static final List<String> VARIANTS = List.of("async", "virtual");
    private static final Path REPORT = Path.of("/tmp/runs/20250101-tweebyte");

    @Test
    void withoutTheOptionsNothingIsProfiled() {
        assertThat(Profiling.of(false, null, LEVELS, VARIANTS, false, REPORT)).isNull();
    }

    @Test
    void theProfilesGoIntoTheReportsFolder() {
        Profiling profiling = Profiling.of(true, null, LEVELS, VARIANTS, false, REPORT);
        assertThat(profiling.level()).isNull();
        assertThat(profiling.dir()).isEqualTo(REPORT.resolve("profiles"));
    }

    @Test
    void aProfileLevelImpliesProfilingAndMustBeOneOfTheCampaignsLevels() {
        assertThat(Profiling.of(false, 50, LEVELS, VARIANTS, false, REPORT).level()).isEqualTo(50);
        assertThatThrownBy(() -> Profiling.of(true, 20, LEVELS, VARIANTS, false, REPORT))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("--profile-level 20 is not one of the campaign's levels [10, 50, 100]");
    }

    @Test
    void refusesWhatCannotBeProfiled() {
        assertThatThrownBy(() -> Profiling.of(true, null, LEVELS, List.of(), false, REPORT))
                .isInstanceOf(LabException.class).hasMessageContaining("no variant is launched");
        assertThatThrownBy(() -> Profiling.of(true, null, LEVELS, VARIANTS, true, REPORT))
                .isInstanceOf(LabException.class).hasMessageContaining("fixed-work experiment");
        assertThatThrownBy(() -> Profiling.of(true, null, LEVELS, VARIANTS, false, Path.of("/tmp/a,b")))
                .isInstanceOf(LabException.class).hasMessageContaining("--output");
    }

    @Test
    void theDefaultLevelIsTheHighestOkForEveryVariantInEveryRepetition() {
        List<LevelMeasurement> measurements = List.of(
                ok("async", 1, 10, 100, 1000), ok("async", 2, 10, 100, 1000),
                ok("virtual", 1, 10, 100, 1000), ok("virtual", 2, 10, 100, 1000),
                ok("async", 1, 50, 100, 1000), ok("async", 2, 50, 100, 1000),
                ok("virtual", 1, 50, 100, 1000), ok("virtual", 2, 50, 100, 1000),
                // 100: virtual failed once, so it is not OK in every repetition
                ok("async", 1, 100, 100, 1000), ok("async", 2, 100, 100, 1000),
                ok("virtual", 1, 100, 100, 1000),
                measurement("virtual", 2, 100, 100, 1000, Verdict.FAILED, "errors"),
                // the noise repeat's label is not a variant of its own
                measurement("async (repeat)", 1, 50, 100, 1000, Verdict.FAILED, "errors"));

        Profiling.Choice choice = Profiling.choose(null, LEVELS, VARIANTS, 2, measurements);
        assertThat(choice.level()).isEqualTo(50);
        assertThat(choice.reason()).contains("highest level");
    }

    @Test
    void withNoOkLevelTheLowestIsProfiledAndTheReasonSaysSo() {
        List<LevelMeasurement> measurements = List.of(
                measurement("async", 1, 10, 100, 1000, Verdict.SATURATED, "queue"), ok("virtual", 1, 10, 100, 1000),
                ok("async", 1, 50, 100, 1000));
        Profiling.Choice choice = Profiling.choose(null, LEVELS, VARIANTS, 1, measurements);
        assertThat(choice.level()).isEqualTo(10);
        assertThat(choice.reason()).contains("no level was OK");
        assertThat(Profiling.choose(100, LEVELS, VARIANTS, 1, measurements).level()).isEqualTo(100);
    }
}
