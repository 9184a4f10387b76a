package io.paradigmlab.chatapp.lab;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.app.Applications;
import io.paradigmlab.lab.api.DatabaseInfo;
import io.paradigmlab.lab.api.ScenarioInfo;
import io.paradigmlab.lab.api.ServiceInfo;
import io.paradigmlab.lab.api.VariantInfo;
import org.junit.jupiter.api.Test;

class ChatAppApplicationTest {

    private final Application app = Applications.find("chatapp");

    @Test
    void theLabFindsChatAppWithItsVariantsServiceAndDatabase() {
        assertThat(app).isInstanceOf(ChatAppApplication.class);
        assertThat(app.variants()).extracting(VariantInfo::id).containsExactly("platform", "virtual", "rxjava");
        assertThat(app.services()).extracting(ServiceInfo::id, ServiceInfo::defaultPort)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("chat", 8070));
        assertThat(app.databases()).containsExactly(new DatabaseInfo("chat", "chatapp", "classpath:db/chatapp"));
        assertThat(app.data().scales()).extracting(s -> s.name()).containsExactly("standard");
    }

    @Test
    void everyScenarioIsAnExperiment() {
        assertThat(app.scenarios()).extracting(ScenarioInfo::id).contains("A.1", "A.2", "B.1", "B.2", "C");
        for (ScenarioInfo scenario : app.scenarios()) {
            assertThat(app.experiment(scenario)).as(scenario.id()).isPresent();
            assertThat(app.experiment(scenario).orElseThrow().defaultUsers()).as(scenario.id()).isNotEmpty();
        }
    }

    @Test
    void theEnvironmentNamesEveryKnobThatChangesAMeasurement() {
        assertThat(app.environment()).containsKeys("database pool", "outbound queue", "frame limit", "thread stack",
                "native memory tracking");
        assertThat(app.environment().get("frame limit")).contains("131,072");
    }
}
