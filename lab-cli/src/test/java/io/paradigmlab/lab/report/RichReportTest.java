package io.paradigmlab.lab.report;

import static io.paradigmlab.lab.stats.TestCampaigns.campaign;
import static io.paradigmlab.lab.stats.TestCampaigns.measurement;
import static io.paradigmlab.lab.stats.TestCampaigns.ok;
import static io.paradigmlab.lab.stats.TestCampaigns.settings;
import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.results.LevelMeasurement.Resources;
import io.paradigmlab.lab.results.LevelMeasurement.Verdict;
import io.paradigmlab.lab.results.Verification;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign with everything the report has to show: three variants, an external target (not sampled), the noise
 * check's repeat run, a geometric ladder, three repetitions, a FAILED level and the verification.
 */
@Timeout(120)
class RichReportTest {

    private static final List<Integer> LEVELS = List.of(1, 4, 16);

    @TempDir
    static Path dir;

    static String html;

    static CampaignResult rich() {
        List<LevelMeasurement> ms = new ArrayList<>();
        Map<String, Double> base = new LinkedHashMap<>();
        base.put("async", 100.0);
        base.put("async (repeat)", 100.0);
        base.put("virtual", 130.0);
        base.put("reactive", 101.0);
        base.put("mine", 60.0);
        double[] machine = {1.0, 1.3, 0.8};  // a slow and a fast repetition hit every variant alike
        double[] jitter = {1.0, 1.01, 0.99};
        for (int rep = 1; rep <= 3; rep++) {
            for (var entry : base.entrySet()) {
                for (int level : LEVELS) {
                    double tp = entry.getValue() * level * machine[rep - 1]
                            * (entry.getKey().equals("reactive") ? jitter[rep - 1] : 1);
                    if (entry.getKey().equals("reactive") && rep == 2 && level == 16) {
                        ms.add(measurement("reactive", rep, level, tp, 1000, Verdict.FAILED, "errors 20.0%, above 1.0%"));
                    } else if (entry.getKey().equals("mine")) {
                        LevelMeasurement m = ok("mine", rep, level, tp, 3000);
                        ms.add(new LevelMeasurement(m.variant(), m.repetition(), m.model(), m.level(),
                                m.durationSeconds(), m.requests(), m.responses(), m.errors(), m.timeouts(),
                                m.throughput(), m.offeredRate(), m.latency(), new Resources(Double.NaN, Double.NaN,
                                Double.NaN, Double.NaN, Double.NaN, Double.NaN), Double.NaN, m.verdict(),
                                m.verdictReason(), java.util.List.of(), java.util.Map.of()));
                    } else {
                        ms.add(ok(entry.getKey(), rep, level, tp, 1000));
                    }
                }
            }
        }
        CampaignResult plain = campaign("20261123-rich", settings(List.of("async", "virtual", "reactive", "mine"),
                List.of("mine"), LEVELS, 3, "async"), ms, List.of());
        Map<String, String> environment = new LinkedHashMap<>(plain.environment());
        environment.put("scenario", "follow: POST a follow between two users who do not follow each other yet");
        Verification verification = new Verification(true, List.of(new Verification.Request(
                "POST /follows/{id}/{id}", "interaction", 201, Map.of(
                        "sql tweebyte_interaction: INSERT INTO follows (id, follower_id) VALUES (?, ?)", 1L,
                        "call user GET /users/summary/{id}", 1L, "redis DEL", 2L))),
                List.of(), List.of("mine is an external target: its answers were compared, its work was not counted"));
        return new CampaignResult(plain.id(), plain.started(), plain.finished(), plain.command(), environment,
                plain.settings(), plain.measurements(), plain.statics(), verification);
    }

    @BeforeAll
    static void write() throws IOException {
        Path page = ReportWriter.write(rich(), dir);
        html = Files.readString(page);
        // Kept under target/ to be looked at in a browser after the build.
        Path keep = Path.of(System.getProperty("basedir", "."), "target", "report-rich");
        Files.createDirectories(keep);
        Files.copy(page, keep.resolve("report.html"), StandardCopyOption.REPLACE_EXISTING);
    }

    @Test
    void theNoiseOfTheMachineHasItsOwnSectionAndTheRepeatIsNoVariant() throws IOException {
        assertThat(html).contains("Noise of this machine").contains("async (repeat)")
                .doesNotContain("<th>async (repeat)</th>").doesNotContain("async (repeat) / ")
                .doesNotContain(" / async (repeat)");
        List<String> comparisons = Files.readAllLines(dir.resolve("comparisons.csv"));
        assertThat(comparisons).filteredOn(l -> l.startsWith("noise,")).hasSize(3 * 6)
                .allSatisfy(l -> assertThat(l).contains(",async,async (repeat),"));
        assertThat(comparisons).filteredOn(l -> l.startsWith("pair,")).noneMatch(l -> l.contains("(repeat)"));
    }

    @Test
    void aSlowRepetitionDoesNotHideADifferenceThatHoldsInEachOne() {
        // virtual / async is 1.30 in every repetition, although each variant's own throughput varies by +-30 %.
        assertThat(html).contains("<b>virtual &gt; async</b> by 30 % [30 %, 30 %]");
        // reactive / async wobbles by 1 % around 1.00: no significant difference.
        assertThat(html).containsPattern("reactive ≈ async <span class=\"note\">\\(no significant difference");
    }

    @Test
    void anExternalTargetIsShownButNotSampled() {
        assertThat(html).contains("<th>mine</th>").contains("not sampled (external target)")
                .contains("External targets (not launched by the lab");
    }

    @Test
    void theVerificationListsEachRequestAndItsWork() {
        assertThat(html).contains("Verification passed").contains("POST /follows/{id}/{id}")
                .contains("INSERT INTO follows (id, follower_id) VALUES (?, ?)").contains("redis DEL</code> <b>×2</b>")
                .contains("mine is an external target");
    }

    @Test
    void aFailedLevelKeepsItsVerdictAndIsLeftOutOfThePairing() {
        assertThat(html).contains("FAILED</td><td>errors 20.0%, above 1.0%").contains("2/3 OK");
    }

    @Test
    void aGeometricLadderGetsALogAxis() {
        assertThat(Charts.logX(LEVELS)).isTrue();
        assertThat(html).contains("The level axis is logarithmic");
    }
}
