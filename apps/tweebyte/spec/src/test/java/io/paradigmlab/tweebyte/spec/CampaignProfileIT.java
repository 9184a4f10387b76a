package io.paradigmlab.tweebyte.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.app.Application;
import io.paradigmlab.lab.app.Applications;
import io.paradigmlab.lab.campaign.CampaignRunner;
import io.paradigmlab.lab.campaign.Profiling;
import io.paradigmlab.lab.launch.RepoLayout;
import io.paradigmlab.lab.load.LoadPlan;
import io.paradigmlab.lab.report.ReportWriter;
import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.CampaignSettings;
import io.paradigmlab.lab.results.Profiles;
import io.paradigmlab.tweebyte.lab.Variant;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code ./lab run ... --profile} through the whole pipeline: a tiny campaign of the three variants, then one profiling
 * run each, and a report whose every variant has a CPU flame graph that headless Chromium draws. It checks that the
 * profiles exist, are linked and render, and that they stay out of the measurements; never what they show.
 */
class CampaignProfileIT {

    private static final Application TWEEBYTE = Applications.find("tweebyte");
    private static final List<String> VARIANTS = Arrays.stream(Variant.values()).map(Variant::id).toList();
    private static final List<Integer> LEVELS = List.of(2);

    @Test
    void aProfiledCampaignLinksAFlameGraphPerVariantThatRendersInABrowser() throws Exception {
        Path dir = Path.of("target", "profile-campaign").toAbsolutePath();
        CampaignSettings settings = new CampaignSettings("tweebyte", "user-summary", VARIANTS, List.of(), "closed",
                LEVELS, 1, 1, 2, "quick", TWEEBYTE.data().scale("quick").users(), 7, false, 0.05, null, false);
        Profiling profiling = Profiling.of(true, null, LEVELS, VARIANTS, false, dir);
        CampaignResult result = CampaignRunner.run(RepoLayout.locate(), new CampaignRunner.Request(TWEEBYTE, settings,
                new LoadPlan(LoadPlan.Model.CLOSED, LEVELS, 1, 2, 5000), Map.of(), null, null, "profile test", false,
                null, null, profiling), "smoke-profile", System.out);

        // the profiling runs are not measurements: one measured run per variant and level, as without --profile
        assertThat(result.measurements()).hasSize(VARIANTS.size() * LEVELS.size());
        Profiles profiles = result.profiles();
        assertThat(profiles).isNotNull();
        assertThat(profiles.level()).isEqualTo(2);
        assertThat(profiles.profiler()).as("async-profiler runs here").startsWith("async-profiler ");
        assertThat(profiles.variants()).extracting(Profiles.VariantProfile::variant).containsExactlyElementsOf(VARIANTS);

        Path html = ReportWriter.write(result, dir);
        String page = Files.readString(html);
        assertThat(page).contains("<h2 id=\"profiles\">Profiles</h2>", "Not measurements.");
        assertThat(dir.resolve(ReportWriter.PROFILES_CSV)).isNotEmptyFile();
        for (Profiles.VariantProfile variant : profiles.variants()) {
            assertThat(variant.error()).as("%s's profiling run", variant.variant()).isNull();
            assertThat(variant.requests()).isPositive();
            assertThat(variant.from()).isBefore(variant.to());
            Profiles.ServiceProfile user = variant.services().stream().filter(s -> s.service().equals("user"))
                    .findFirst().orElseThrow(() -> new AssertionError(variant.variant() + " profiled no user service: "
                            + variant.services()));
            assertThat(user.problems()).as("%s user", variant.variant()).isEmpty();
            assertThat(user.flameGraph()).isEqualTo("profiles/" + variant.variant() + "/user-cpu.html");
            assertThat(page).contains("href=\"" + user.flameGraph() + "\"", "href=\"" + user.jfr() + "\"");
            assertThat(dir.resolve(user.flameGraph())).isNotEmptyFile();
            assertThat(dir.resolve(user.jfr())).isNotEmptyFile();
            assertThat(user.cpuSamples()).as("CPU samples of %s user at the level", variant.variant()).isPositive();
            assertThat(user.topFrames()).isNotEmpty();
            assertThat(user.gc()).isNotNull();
            assertThat(user.pinning()).isNotNull();
            looksAtTheFlameGraph(dir.resolve(user.flameGraph()));
        }
    }

    /**
     * The flame graph is a canvas its script draws: rendered by Chromium, its frames cover a large area in the
     * profiler's saturated colours (green Java frames, yellow C++, orange kernel, red native); an empty canvas
     * leaves the page white. CI installs Chromium (.ci/run); on a machine without it the check says so.
     */
    private static void looksAtTheFlameGraph(Path flameGraph) throws IOException, InterruptedException {
        var chromium = Browser.chromiumFor("the flame graphs");
        if (chromium.isEmpty()) {
            return;
        }
        Path png = flameGraph.resolveSibling(flameGraph.getFileName().toString().replace(".html", ".png"));
        BufferedImage image = Browser.screenshot(chromium.get(), flameGraph, png, 900);
        assertThat(saturatedPixels(image)).as("coloured frames drawn in %s (see %s)", flameGraph, png)
                .isGreaterThan(20_000);
    }

    private static long saturatedPixels(BufferedImage image) {
        long count = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int p = image.getRGB(x, y);
                int r = (p >> 16) & 0xFF;
                int g = (p >> 8) & 0xFF;
                int b = p & 0xFF;
                if (Math.max(r, Math.max(g, b)) - Math.min(r, Math.min(g, b)) > 60) {
                    count++;
                }
            }
        }
        return count;
    }
}
