package io.paradigmlab.lab.report;

import static io.paradigmlab.lab.stats.TestCampaigns.campaign;
import static io.paradigmlab.lab.stats.TestCampaigns.ok;
import static io.paradigmlab.lab.stats.TestCampaigns.settings;
import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.launch.CpuPinning;
import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.stats.CampaignStatistics;
import java.util.HashMap;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The report flags a campaign whose load generator shared CPUs with the services, and only such a campaign. */
class CpuSharingReportTest {

    private static String html(String sharing) {
        CampaignResult plain = campaign("c", settings(List.of("async"), List.of(10), 1),
                List.of(ok("async", 1, 10, 100, 1000)), List.of());
        var env = new HashMap<>(plain.environment());
        env.put(CpuPinning.SHARING, sharing);
        CampaignResult result = new CampaignResult(plain.id(), plain.started(), plain.finished(), plain.command(), env,
                plain.settings(), plain.measurements(), plain.statics(), null);
        return HtmlReport.render(result, CampaignStatistics.summarize(result), List.of());
    }

    @Test
    void sharedCpusAreFlaggedAtTheTopSeparateOnesAreNot() {
        String shared = html("shared CPUs 0-1 (loader 0-1; services 0-1)");
        assertThat(shared).contains("<p class=\"warn\">The load generator shared CPUs with the services (shared CPUs"
                + " 0-1 (loader 0-1; services 0-1))");
        assertThat(shared.indexOf("shared CPUs with the services")).isLessThan(shared.indexOf("id=\"rerun\""));
        String separate = html("separate (loader 0; services 1)");
        assertThat(separate).doesNotContain("shared CPUs with the services").contains("separate (loader 0; services 1)");
    }
}
