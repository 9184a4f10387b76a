package io.paradigmlab.lab.report;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.CampaignSettings;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.results.LevelMeasurement.Latency;
import io.paradigmlab.lab.results.LevelMeasurement.Resources;
import io.paradigmlab.lab.results.LevelMeasurement.Verdict;
import io.paradigmlab.lab.results.Verification;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ExperimentReportTest {

    private static LevelMeasurement run(String variant, int rep, int users, double makespan, double stacksMb,
                                        Verdict verdict) {
        Map<String, Double> extra = new LinkedHashMap<>();
        extra.put(LevelMeasurement.MAKESPAN, makespan);
        extra.put("delivery p99 (us)", 2000.0 + rep);
        extra.put("peak thread stacks (NMT) (MB)", stacksMb);
        extra.put("work chatapp_deliveries_total", (double) users * (users - 1));
        return new LevelMeasurement(variant, rep, "fixed", users, makespan, users, users, 0, 0, users / makespan,
                Double.NaN, new Latency(900, 800, 1000, 1100, 1500, 2000, 3000),
                new Resources(80, 200, 50, 30, Double.NaN, 1), Double.NaN, verdict,
                verdict == Verdict.OK ? "" : "unequal work", List.of(), extra);
    }

    @Test
    void aFixedWorkCampaignReportsMakespanMemoryAndWork(@TempDir Path dir) throws Exception {
        List<LevelMeasurement> ms = new ArrayList<>();
        for (int rep = 1; rep <= 2; rep++) {
            ms.add(run("platform", rep, 10, 1.0 + rep / 10.0, 10.5, Verdict.OK));
            ms.add(run("rxjava", rep, 10, 0.8 + rep / 10.0, 0.4, Verdict.OK));
            ms.add(run("platform", rep, 100, 3.0 + rep / 10.0, 101, Verdict.OK));
            ms.add(run("rxjava", rep, 100, 2.0, 0.4, rep == 2 ? Verdict.FAILED : Verdict.OK));
        }
        CampaignSettings settings = new CampaignSettings("chatapp", "A.2", List.of("platform", "rxjava"), List.of(),
                "fixed", List.of(10, 100), 2, 0, 600, "standard", 1100, 42, false, 0.01, null, false);
        Verification verification = new Verification(true, List.of(new Verification.Request("A.2 with 10 users",
                "all", 0, Map.of("chatapp_deliveries_total", 90L))), List.of(), List.of());
        CampaignResult result = new CampaignResult("x", Instant.parse("2026-01-01T10:00:00Z"),
                Instant.parse("2026-01-01T10:05:00Z"), "./lab run chatapp --scenario A.2", Map.of("cores", "2"),
                settings, ms, List.of(), verification, null);

        Path html = ReportWriter.write(result, dir);

        String page = Files.readString(html);
        assertThat(page).contains("Fixed work.").contains("<h3>Makespan (s): first user")
                .contains("peak thread stacks (NMT) (MB)").contains("A.2 with 10 users")
                .doesNotContain("work chatapp_deliveries_total</h3>");
        // the experiment's charts sit in its own section, before the pools and the metric charts
        assertThat(page.indexOf("alt=\"Makespan (s)")).isPositive()
                .isLessThan(page.indexOf("id=\"crossovers\"") < 0 ? Integer.MAX_VALUE : page.indexOf("id=\"crossovers\""));
        // platform at 10 users: makespans 1.1 and 1.2, mean 1.15
        assertThat(page).contains("1.15 ±");
        List<String> csv = Files.readAllLines(dir.resolve(ReportWriter.EXPERIMENT_CSV));
        assertThat(csv.getFirst()).isEqualTo("variant,repetition,users,verdict,name,value");
        assertThat(csv).anyMatch(l -> l.startsWith("rxjava,2,100,FAILED,work chatapp_deliveries_total,9900"));
        assertThat(ExperimentNumbers.estimate(result, "rxjava", 100, LevelMeasurement.MAKESPAN).n())
                .as("the failed run is left out").isEqualTo(1);
    }
}
