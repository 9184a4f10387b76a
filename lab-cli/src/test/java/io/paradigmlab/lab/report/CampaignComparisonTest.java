package io.paradigmlab.lab.report;

import static io.paradigmlab.lab.stats.TestCampaigns.campaign;
import static io.paradigmlab.lab.stats.TestCampaigns.ok;
import static io.paradigmlab.lab.stats.TestCampaigns.settings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.stats.Metric;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CampaignComparisonTest {

    /** A: async at 10 users [10, 12, 14] req/s over 3 reps; B: [15, 17, 19, 21] over 4 reps, newer JDK. */
    private static CampaignComparison comparison() {
        List<LevelMeasurement> a = new ArrayList<>();
        double[] ta = {10, 12, 14};
        for (int rep = 1; rep <= ta.length; rep++) {
            a.add(ok("async", rep, 10, ta[rep - 1], 1000 * rep));
            a.add(ok("async", rep, 20, 30, 1000));   // level absent from B: not compared
        }
        List<LevelMeasurement> b = new ArrayList<>();
        double[] tb = {15, 17, 19, 21};
        for (int rep = 1; rep <= tb.length; rep++) {
            b.add(ok("async", rep, 10, tb[rep - 1], 1000));
            b.add(ok("virtual", rep, 10, 50, 1000)); // variant absent from A: not compared
        }
        CampaignResult ra = campaign("run-a", settings(List.of("async"), List.of(10, 20), 3), a, List.of());
        CampaignResult rb0 = campaign("run-b", settings(List.of("async", "virtual"), List.of(10), 4), b, List.of());
        var env = new HashMap<>(rb0.environment());
        env.put("jdk", "26");
        CampaignResult rb = new CampaignResult(rb0.id(), rb0.started(), rb0.finished(), rb0.command(), env,
                rb0.settings(), rb0.measurements(), rb0.statics(), null);
        return CampaignComparison.compare(ra, rb);
    }

    @Test
    void differenceOfMeansHasAWelchIntervalAndRelativeChange() {
        CampaignComparison c = comparison();

        assertThat(c.rows()).hasSize(CampaignComparison.METRICS.size());
        CampaignComparison.Row tp = c.rows().getFirst();
        assertThat(tp.variant()).isEqualTo("async");
        assertThat(tp.level()).isEqualTo(10);
        assertThat(tp.metric()).isEqualTo(Metric.THROUGHPUT);
        // 18 - 12 = 6 ± t(0.975, 4.9592) * sqrt(4/3 + (20/3)/4), by hand: [1.5366, 10.4634], p = 0.018202
        assertThat(tp.difference()).isEqualTo(6.0);
        assertThat(tp.ciLow()).isCloseTo(1.536577, within(1e-4));
        assertThat(tp.ciHigh()).isCloseTo(10.463423, within(1e-4));
        assertThat(tp.relativeChange()).isEqualTo(0.5);
        assertThat(tp.pValue()).isCloseTo(0.018202, within(1e-5));
        assertThat(tp.significant()).isTrue();
        assertThat(tp.a().n()).isEqualTo(3);
        assertThat(tp.b().n()).isEqualTo(4);
        // A's p95 = 2000, 4000, 6000 us; B's = 2000 each: -2000 us
        assertThat(c.rows().get(1).difference()).isCloseTo(-2000.0, within(1e-9));
    }

    @Test
    void settingsAndEnvironmentDifferencesAreListed() {
        CampaignComparison c = comparison();

        assertThat(c.settingsDifferences()).contains("variants: [async] → [async, virtual]",
                "levels: [10, 20] → [10]", "repetitions: 3 → 4");
        assertThat(c.environmentDifferences()).containsExactly("jdk: 25 → 26");
    }

    @Test
    void printsAPlainTextTable() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        CompareReport.print(comparison(), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String text = bytes.toString(StandardCharsets.UTF_8);

        assertThat(text).contains("Campaign B run-b against campaign A run-a")
                .contains("repetitions: 3 → 4")
                .contains("variant  level     metric")
                .containsPattern("async\\s+10 users\\s+Throughput \\(req/s\\)\\s+12.0 ± 5.0\\s+3/3\\s+18.0 ± 4.1\\s+4/4"
                        + "\\s+\\+6.0\\s+\\[\\+1.5, \\+10.5\\]\\s+\\+50.0%\\s+p=0.018 \\*");
    }

    @Test
    void writesTextAndCsv(@TempDir Path dir) throws IOException {
        CompareReport.write(comparison(), dir);

        assertThat(Files.readString(dir.resolve("comparison.txt"))).contains("Throughput (req/s)");
        List<String> csv = Files.readAllLines(dir.resolve("comparison.csv"));
        assertThat(csv).hasSize(1 + 3);
        assertThat(csv.get(1)).startsWith("run-a,run-b,async,10,throughput,req/s,12.0,");
    }
}
