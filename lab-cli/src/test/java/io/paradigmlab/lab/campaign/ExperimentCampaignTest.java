package io.paradigmlab.lab.campaign;

import io.paradigmlab.lab.api.ScenarioInfo;
import io.paradigmlab.lab.results.CampaignSettings;
import io.paradigmlab.lab.results.Verification;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ExperimentCampaignTest {

    private static final ScenarioInfo SCENARIO = new ScenarioInfo("A.2", "edits", "gatling:A.2", List.of("chat"), true);

    private static CampaignSettings settings(List<Integer> users, int reps) {
        return new CampaignSettings("chatapp", "A.2", List.of("platform", "virtual", "rxjava"), List.of(), "fixed",
                users, reps, 0, 600, "standard", 1100, 42, false, 0.01, null, false);
    }

    @Test
    void equalWorkPassesWhenEveryRunCountsTheSame() {
        Map<String, Map<String, Long>> work = new LinkedHashMap<>();
        for (String v : List.of("platform", "virtual", "rxjava")) {
            for (int rep = 1; rep <= 2; rep++) {
                work.put(v + "|" + rep + "|10", Map.of("chatapp_deliveries_total", 90L, "sql chat: UPDATE ...", 10L));
            }
        }
        Verification v = ExperimentCampaign.equalWork(settings(List.of(10), 2), List.of("platform", "virtual", "rxjava"),
                work, SCENARIO);

        assertThat(v.passed()).isTrue();
        assertThat(v.requests()).singleElement().satisfies(r -> {
            assertThat(r.request()).isEqualTo("A.2 with 10 users");
            assertThat(r.work()).containsEntry("chatapp_deliveries_total", 90L);
        });
    }

    @Test
    void aRunWithOtherWorkIsNamed() {
        Map<String, Map<String, Long>> work = new LinkedHashMap<>();
        work.put("platform|1|10", Map.of("chatapp_deliveries_total", 90L, "sql chat: UPDATE ...", 10L));
        work.put("virtual|1|10", Map.of("chatapp_deliveries_total", 90L, "sql chat: UPDATE ...", 10L));
        // one statement more: a variant that reads before it writes
        work.put("rxjava|1|10", Map.of("chatapp_deliveries_total", 90L, "sql chat: UPDATE ...", 10L,
                "sql chat: SELECT ...", 10L));
        Verification v = ExperimentCampaign.equalWork(settings(List.of(10), 1), List.of("platform", "virtual", "rxjava"),
                work, SCENARIO);

        assertThat(v.passed()).isFalse();
        assertThat(v.differences()).singleElement().asString()
                .contains("rxjava, repetition 1, 10 users").contains("'sql chat: SELECT ...' 10 instead of 0");
    }

    @Test
    void differenceTreatsAnAbsentCountAsZero() {
        assertThat(ExperimentCampaign.difference(Map.of("a", 0L), Map.of())).isNull();
        assertThat(ExperimentCampaign.difference(Map.of("a", 1L), Map.of())).isEqualTo("'a' 0 instead of 1");
    }
}
