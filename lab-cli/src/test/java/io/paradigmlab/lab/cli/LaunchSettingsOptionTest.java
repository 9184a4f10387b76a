package io.paradigmlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.api.DatabaseInfo;
import io.paradigmlab.lab.api.Deployment;
import io.paradigmlab.lab.api.LaunchRequest;
import io.paradigmlab.lab.api.ScenarioInfo;
import io.paradigmlab.lab.api.ServiceInfo;
import io.paradigmlab.lab.api.VariantInfo;
import io.paradigmlab.lab.api.LabException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LaunchSettingsOptionTest {

    @Test
    void setAndFaithfulBecomeTheApplicationsLaunchSettings() {
        Map<String, String> chosen = CampaignOptions.launchSettings(app(Map.of("faithful", "defects",
                "materialize", "lists")), List.of("materialize=true"), true);

        assertThat(chosen).containsExactly(Map.entry("faithful", "true"), Map.entry("materialize", "true"));
    }

    @Test
    void aKeyTheApplicationDoesNotKnowIsRefusedNamingTheOnesItDoes() {
        Application app = app(Map.of("materialize", "lists"));

        assertThatThrownBy(() -> CampaignOptions.launchSettings(app, List.of("pool=3"), false))
                .isInstanceOf(LabException.class).hasMessageContaining("--set pool").hasMessageContaining("materialize");
        assertThatThrownBy(() -> CampaignOptions.launchSettings(app, List.of(), true))
                .isInstanceOf(LabException.class).hasMessageStartingWith("--faithful: test accepts materialize");
        assertThatThrownBy(() -> CampaignOptions.launchSettings(app(Map.of()), List.of(), true))
                .isInstanceOf(LabException.class).hasMessageContaining("has no launch settings");
    }

    @Test
    void aSetWithoutKeyOrValueIsRefused() {
        Application app = app(Map.of("materialize", "lists"));

        for (String bad : List.of("materialize", "=true", "materialize=")) {
            assertThatThrownBy(() -> CampaignOptions.launchSettings(app, List.of(bad), false))
                    .isInstanceOf(LabException.class).hasMessage("--set takes KEY=VALUE, got '" + bad + "'");
        }
    }

    @Test
    void instancesBecomeASettingOnlyWhereTheApplicationRunsSeveral() {
        Application several = app(Map.of(Application.INSTANCES, "instances of each service"));
        assertThat(CampaignOptions.launchSettings(several, List.of(), false, 3))
                .containsExactly(Map.entry(Application.INSTANCES, "3"));
        assertThat(CampaignOptions.launchSettings(several, List.of(), false, null)).isEmpty();
        for (int bad : new int[] {0, -1, Application.MAX_INSTANCES + 1}) {
            assertThatThrownBy(() -> CampaignOptions.launchSettings(several, List.of(), false, bad))
                    .isInstanceOf(LabException.class).hasMessageStartingWith("--instances takes 1 to");
        }
        assertThatThrownBy(() -> CampaignOptions.launchSettings(app(Map.of("materialize", "lists")), List.of(),
                false, 3)).isInstanceOf(LabException.class).hasMessageStartingWith("--instances: test accepts");
    }

    @Test
    void securityDefaultsToOnWhereTheApplicationChecksTokensAndOnIsRefusedWhereItChecksNone() {
        Application tokens = app(Map.of(), true);
        Application none = app(Map.of(), false);

        assertThat(CampaignOptions.security(tokens, null)).isTrue();
        assertThat(CampaignOptions.security(tokens, "off")).isFalse();
        assertThat(CampaignOptions.security(tokens, "on")).isTrue();
        assertThat(CampaignOptions.security(none, null)).isFalse();
        assertThat(CampaignOptions.security(none, "off")).isFalse();
        assertThatThrownBy(() -> CampaignOptions.security(none, "on")).isInstanceOf(LabException.class)
                .hasMessage("--security on: test checks no tokens, so there is nothing to switch on; leave"
                        + " --security out");
        assertThatThrownBy(() -> CampaignOptions.security(tokens, "yes")).isInstanceOf(LabException.class)
                .hasMessage("--security takes on or off, got: yes");
    }

    private static Application app(Map<String, String> settings) {
        return app(settings, false);
    }

    private static Application app(Map<String, String> settings, boolean checksTokens) {
        return new Application() {
            @Override
            public boolean checksTokens() {
                return checksTokens;
            }

            @Override
            public String id() {
                return "test";
            }

            @Override
            public String description() {
                return "";
            }

            @Override
            public List<VariantInfo> variants() {
                return List.of();
            }

            @Override
            public List<ServiceInfo> services() {
                return List.of();
            }

            @Override
            public List<DatabaseInfo> databases() {
                return List.of();
            }

            @Override
            public DataGenerator data() {
                return null;
            }

            @Override
            public List<ScenarioInfo> scenarios() {
                return List.of();
            }

            @Override
            public Map<String, String> launchSettings() {
                return settings;
            }

            @Override
            public Deployment launch(LaunchRequest request) {
                throw new UnsupportedOperationException();
            }
        };
    }
}
