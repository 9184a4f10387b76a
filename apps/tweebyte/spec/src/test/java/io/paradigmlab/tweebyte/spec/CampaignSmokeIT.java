package io.paradigmlab.tweebyte.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.campaign.CampaignRunner;
import io.paradigmlab.lab.launch.RepoLayout;
import io.paradigmlab.lab.launch.Variant;
import io.paradigmlab.lab.load.LoadPlan;
import io.paradigmlab.lab.report.ReportWriter;
import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.CampaignSettings;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.stats.CampaignStatistics;
import io.paradigmlab.lab.stats.LevelSummary;
import io.paradigmlab.lab.stats.Metric;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A campaign of seconds through the whole pipeline (infrastructure, seeding, Hyperfoil, sampling, statistics,
 * report) on all three variants. It checks that the output is complete, never how fast anything was.
 */
class CampaignSmokeIT {

    @Test
    void aTinyCampaignProducesACompleteReport() throws IOException {
        List<Integer> levels = List.of(1, 2);
        List<String> variants = Arrays.stream(Variant.values()).map(Variant::id).toList();
        CampaignSettings settings = new CampaignSettings("tweebyte", "user-summary", variants, "closed", levels, 2, 1, 2,
                300, 7, false, 0.05);
        LoadPlan plan = new LoadPlan(LoadPlan.Model.CLOSED, levels, 1, 2, 5000);
        CampaignResult result = CampaignRunner.run(RepoLayout.locate(),
                new CampaignRunner.Request(settings, plan, null, null, "smoke test"), "smoke", System.out);

        assertThat(result.measurements()).hasSize(variants.size() * 2 * levels.size());
        for (LevelMeasurement m : result.measurements()) {
            assertThat(m.requests()).as("%s", m).isPositive();
            assertThat(m.throughput()).as("%s", m).isPositive();
            assertThat(m.latency().p99()).as("%s", m).isPositive().isGreaterThanOrEqualTo(m.latency().p50());
            assertThat(m.service().cpuPercent()).as("%s", m).isNotNaN();
            assertThat(m.service().rssMb()).as("%s", m).isPositive();
            assertThat(m.service().heapUsedMb()).as("%s", m).isPositive();
            assertThat(m.service().threads()).as("%s", m).isPositive();
            assertThat(m.verdict()).as("%s", m).isNotNull();
        }
        assertThat(result.statics()).hasSize(variants.size() * 2)
                .allSatisfy(s -> assertThat(s.startupSeconds()).isPositive());
        assertThat(result.environment()).containsKeys("cpu", "cores", "jdk", "git commit");

        var summary = CampaignStatistics.summarize(result);
        for (String variant : variants) {
            for (int level : levels) {
                LevelSummary s = summary.level(variant, level).orElseThrow();
                assertThat(s.repetitions()).isEqualTo(2);
                if (s.ok() == 2) {
                    var throughput = s.estimate(Metric.THROUGHPUT);
                    assertThat(throughput.ciLow()).isLessThanOrEqualTo(throughput.mean());
                    assertThat(throughput.ciHigh()).isGreaterThanOrEqualTo(throughput.mean());
                }
            }
        }

        Path dir = Path.of("target", "smoke-campaign");
        Path html = ReportWriter.write(result, dir);
        for (String file : List.of(ReportWriter.CAMPAIGN_JSON, ReportWriter.MEASUREMENTS_CSV, ReportWriter.SUMMARY_CSV,
                ReportWriter.COMPARISONS_CSV, ReportWriter.SUMMARY_JSON, ReportWriter.REPORT_HTML)) {
            assertThat(dir.resolve(file)).isNotEmptyFile();
        }
        assertThat(Files.readAllLines(dir.resolve(ReportWriter.MEASUREMENTS_CSV))).hasSize(1 + result.measurements().size());
        String page = Files.readString(html);
        assertThat(page).contains("data:image/png;base64,", "async", "virtual", "reactive", "smoke test");
        looksAtThePageInABrowser(html);
    }

    /**
     * The page, rendered by headless Chromium, shows its charts: each variant's series colour (from the report's
     * palette) covers a visible area. CI installs Chromium (.ci/run), so there this check always runs; on a
     * machine without it the check says so and is skipped.
     */
    private static void looksAtThePageInABrowser(Path html) throws IOException {
        var chromium = Browser.chromium();
        if (chromium.isEmpty()) {
            if (System.getenv("CI") != null) {
                throw new AssertionError("CI must render the report in Chromium, but none is installed");
            }
            System.out.println("No Chromium on this machine: the report was not looked at in a browser");
            return;
        }
        try {
            var image = Browser.screenshot(chromium.get(), html, html.resolveSibling("report.png"), 4000);
            for (int colour : new int[] {0x0072B2, 0xE69F00, 0x009E73}) {
                assertThat(Browser.pixelsOf(image, colour)).as("pixels of series colour %06X", colour)
                        .isGreaterThan(300);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while rendering", e);
        }
    }
}
