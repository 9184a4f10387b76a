package io.paradigmlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.lab.api.LabException;
import org.junit.jupiter.api.Test;

class SoakOptionTest {

    @Test
    void aSoakTakesADurationAndExactlyOneLevel() {
        assertThat(CampaignOptions.soakSeconds("30m", "200", null, false, false)).isEqualTo(1800);
        assertThat(CampaignOptions.soakSeconds("1h", " 50 ", null, false, false)).isEqualTo(3600);
        assertThat(CampaignOptions.soakSeconds("90", "1", null, false, false)).isEqualTo(90);
        assertThat(CampaignOptions.soakSeconds("25s", "10", null, false, false)).isEqualTo(25);
    }

    @Test
    void severalLevelsOrNoneAreRefused() {
        assertThatThrownBy(() -> CampaignOptions.soakSeconds("30m", "100,200,400", null, false, false))
                .isInstanceOf(LabException.class)
                .hasMessage("--soak holds one level for its whole window; --levels gives 3 (100,200,400): give one,"
                        + " e.g. --levels 400");
        assertThatThrownBy(() -> CampaignOptions.soakSeconds("30m", null, null, false, false))
                .isInstanceOf(LabException.class).hasMessageStartingWith("--soak holds one level: give it with"
                        + " --levels N");
    }

    @Test
    void badOrTooShortDurationsAreRefused() {
        for (String bad : new String[] {"abc", "-5m", "1.5h", "30x", ""}) {
            assertThatThrownBy(() -> CampaignOptions.soakSeconds(bad, "200", null, false, false)).as(bad)
                    .isInstanceOf(LabException.class)
                    .hasMessage("--soak takes a duration like 60s, 3m or 90 (seconds), got '" + bad + "'");
        }
        for (String tooShort : new String[] {"0", "24s", "900ms"}) {
            assertThatThrownBy(() -> CampaignOptions.soakSeconds(tooShort, "200", null, false, false)).as(tooShort)
                    .isInstanceOf(LabException.class).hasMessageStartingWith("--soak " + tooShort + ": A soak needs"
                            + " at least 25 s");
        }
    }

    @Test
    void aSoakIsItsOwnWindowAndNoExperimentOrProfile() {
        assertThatThrownBy(() -> CampaignOptions.soakSeconds("30m", "200", "60s", false, false))
                .isInstanceOf(LabException.class).hasMessageContaining("leave out --duration");
        assertThatThrownBy(() -> CampaignOptions.soakSeconds("30m", "200", null, true, false))
                .isInstanceOf(LabException.class).hasMessageContaining("fixed-work experiment");
        assertThatThrownBy(() -> CampaignOptions.soakSeconds("30m", "200", null, false, true))
                .isInstanceOf(LabException.class).hasMessageStartingWith("--profile does not go with --soak");
    }
}
