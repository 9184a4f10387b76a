package io.paradigmlab.tweebyte.smoke;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.launch.ServiceLauncher;
import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.app.Applications;
import io.paradigmlab.lab.api.DatabaseInfo;
import io.paradigmlab.lab.api.Deployment;
import io.paradigmlab.lab.api.LaunchRequest;
import io.paradigmlab.lab.campaign.CampaignRunner;
import io.paradigmlab.lab.campaign.Profiling;
import io.paradigmlab.lab.data.TemplateDataSets;
import io.paradigmlab.lab.infra.Infrastructure;
import io.paradigmlab.lab.launch.ServiceProcess;
import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.tweebyte.lab.TweebyteVariant;
import io.paradigmlab.lab.load.LoadPlan;
import io.paradigmlab.lab.report.ReportWriter;
import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.CampaignSettings;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.results.Profiles;
import io.paradigmlab.lab.results.StaticMetrics;
import io.paradigmlab.lab.stats.AotEffect;
import io.paradigmlab.lab.stats.CampaignStatistics;
import io.paradigmlab.lab.stats.LevelSummary;
import io.paradigmlab.lab.stats.Metric;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Tiny campaigns through the whole pipeline (infrastructure, data set, verification, Hyperfoil scenario, sampling,
 * statistics, report), each covering several features so that a feature costs no campaign of its own: one that reads
 * ({@code user-summary} on all three variants, with the noise run, the start-up probe without the AOT cache and
 * {@code --profile}'s flame graphs, rendered in Chromium), one that writes ({@code follow}, with an external target: a
 * virtual deployment the campaign does not launch, on its own PostgreSQL with the same data set) and a soak through
 * the gateways. They check that the output is complete, never how fast anything was.
 */
class CampaignSmokeIT {

    private static final List<Integer> LEVELS = List.of(1, 2);
    private static final List<String> VARIANTS = Arrays.stream(TweebyteVariant.values()).map(TweebyteVariant::id).toList();
    private static final Application TWEEBYTE = Applications.find("tweebyte");

    @Test
    void aTinyReadingCampaignProducesACompleteReportWithProfilesAndStartUpsWithAndWithoutTheAotCache()
            throws Exception {
        Path dir = Path.of("target", "smoke-campaign").toAbsolutePath();
        CampaignSettings settings = settings("user-summary", VARIANTS, List.of(), "async", 2).withStartupProbe(CampaignSettings.PROBE_EVERY);
        Profiling profiling = Profiling.of(true, null, LEVELS, VARIANTS, false, dir);
        CampaignResult result = CampaignRunner.run(RepoLayout.locate(), CampaignRunner.Request.of(TWEEBYTE, settings,
                plan(), Map.of(), null, null, "smoke test", true).withRedisLatency(null).withProfiling(profiling),
                "smoke-read", System.out);

        assertThat(result.verification().passed()).isTrue();
        assertThat(result.verification().requests()).isNotEmpty().allSatisfy(r ->
                assertThat(r.work()).as("work of %s", r.request()).isNotEmpty());
        // three variants and the noise run of the first, each repetition, each level; the profiling runs are apart
        assertThat(result.measurements()).hasSize((VARIANTS.size() + 1) * 2 * LEVELS.size());
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
        // each measured run from the AOT cache, and the start-up probe of each variant (not of the noise run) without
        assertThat(result.statics()).filteredOn(StaticMetrics::withAot).hasSize((VARIANTS.size() + 1) * 2)
                .allSatisfy(s -> {
                    assertThat(s.startupSeconds()).isPositive();
                    assertThat(s.firstAnswer()).as("first answer of %s", s).isGreaterThan(s.startupSeconds());
                });
        assertThat(result.statics()).filteredOn(s -> !s.withAot()).hasSize(VARIANTS.size() * 2)
                .allSatisfy(s -> assertThat(s.firstAnswer()).as("first answer of %s", s).isPositive());
        assertThat(CampaignStatistics.aotEffects(result)).extracting(AotEffect::variant)
                .containsExactlyElementsOf(VARIANTS);
        assertThat(result.environment()).containsKeys("cpu", "cores", "jdk", "git commit", "scenario", "data",
                "AOT cache", "start-up probe");

        var summary = CampaignStatistics.summarize(result);
        for (String variant : VARIANTS) {
            for (int level : LEVELS) {
                LevelSummary s = summary.level(variant, level).orElseThrow();
                assertThat(s.repetitions()).isEqualTo(2);
                if (s.ok() == 2) {
                    var throughput = s.estimate(Metric.THROUGHPUT);
                    assertThat(throughput.ciLow()).isLessThanOrEqualTo(throughput.mean());
                    assertThat(throughput.ciHigh()).isGreaterThanOrEqualTo(throughput.mean());
                }
            }
        }

        // after the measured repetitions, one profiling run per variant at the highest level
        Profiles profiles = result.profiles();
        assertThat(profiles).isNotNull();
        assertThat(profiles.level()).isEqualTo(LEVELS.getLast());
        assertThat(profiles.profiler()).as("async-profiler runs here").startsWith("async-profiler ");
        assertThat(profiles.variants()).extracting(Profiles.VariantProfile::variant).containsExactlyElementsOf(VARIANTS);

        Path html = ReportWriter.write(result, dir);
        for (String file : List.of(ReportWriter.CAMPAIGN_JSON, ReportWriter.MEASUREMENTS_CSV, ReportWriter.SUMMARY_CSV,
                ReportWriter.COMPARISONS_CSV, ReportWriter.SUMMARY_JSON, ReportWriter.REPORT_HTML,
                ReportWriter.PROFILES_CSV)) {
            assertThat(dir.resolve(file)).isNotEmptyFile();
        }
        assertThat(Files.readAllLines(dir.resolve(ReportWriter.MEASUREMENTS_CSV))).hasSize(1 + result.measurements().size());
        String page = Files.readString(html);
        assertThat(page).contains("data:image/png;base64,", "async", "virtual", "reactive", "smoke test",
                "/users/summary/", "What the AOT cache changes", "<h2 id=\"profiles\">Profiles</h2>",
                "Not measurements.");
        looksAtThePageInABrowser(html);
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

    @Test
    void aTinyWritingCampaignMeasuresAnExternalTargetBesideTheLaunchedVariants() throws IOException {
        Path work = Path.of("target", "smoke-target").toAbsolutePath();
        var scale = TWEEBYTE.data().scale("quick");
        try (Infrastructure infra = Infrastructure.start(new Infrastructure.Options(null, null, work.resolve("infra")))) {
            var data = TemplateDataSets.prepare(infra.postgres(), TWEEBYTE.id(), TWEEBYTE.databases(), TWEEBYTE.data(),
                    scale, 7, work.resolve("data"), line -> { });
            Map<String, String> databases = new LinkedHashMap<>();
            for (DatabaseInfo db : TWEEBYTE.databases()) {
                TemplateDataSets.copy(infra.postgres(), data, db.service(), db.name());
                databases.put(db.service(), db.name());
            }
            try (Deployment external = TWEEBYTE.launch(LaunchRequest.of(infra, ServiceLauncher.standard(RepoLayout.locate()), "virtual",
                    Set.of("user", "tweet", "interaction"), work).withDatabases(databases).withSecurity(false))) {
                List<String> urls = TWEEBYTE.services().stream().map(s -> external.endpoints().get(s.id())).toList();
                // one repetition: the reading campaign covers repetitions and their statistics
                CampaignSettings settings = settings("follow", List.of("async", "reactive", "mine"), List.of("mine"),
                        null, 1);
                CampaignResult result = CampaignRunner.run(RepoLayout.locate(), CampaignRunner.Request.of(TWEEBYTE,
                        settings, plan(), Map.of("mine", urls), null, null, "smoke test", true), "smoke-write",
                        System.out);

                assertThat(result.verification().passed()).isTrue();
                assertThat(result.verification().notes()).anySatisfy(n -> assertThat(n).contains("mine"));
                assertThat(result.measurements()).hasSize(3 * LEVELS.size());
                assertThat(result.measurements()).filteredOn(m -> m.variant().equals("mine")).hasSize(LEVELS.size())
                        .allSatisfy(m -> {
                            assertThat(m.throughput()).isPositive();
                            assertThat(m.errors()).as("follows of new pairs succeed: %s", m).isZero();
                            assertThat(m.service().cpuPercent()).as("an external target is not sampled").isNaN();
                        });
                assertThat(result.measurements()).filteredOn(m -> !m.variant().equals("mine"))
                        .allSatisfy(m -> assertThat(m.errors()).as("%s", m).isZero());
                Path dir = Path.of("target", "smoke-campaign-target");
                String page = Files.readString(ReportWriter.write(result, dir));
                assertThat(page).contains("mine", "async", "reactive", "/follows/");
            }
        }
    }

    @Test
    void aSoakThroughTheGatewayMeasuresTheGatewayTooAndEverySlice() throws IOException {
        // the servlet gateway (async) and the reactive one; one repetition and no verification (the other two
        // campaigns verify; this one is about the measured path and the soak's slices), to keep the suite short: one
        // level held for 15 s in 5 slices of 3 s (the CLI's slices are at least 5 s; the plan itself allows these)
        List<String> variants = List.of("async", "reactive");
        int slices = 5;
        LoadPlan soak = new LoadPlan(LoadPlan.Model.CLOSED, List.of(2), 1, 15, 5000, slices);
        CampaignSettings settings = new CampaignSettings("tweebyte", "feed", variants, List.of(), "closed", List.of(2),
                1, 1, 15, "quick", TWEEBYTE.data().scale("quick").users(), 7, false, 0.05, null, true, Map.of(),
                slices, CampaignSettings.PROBE_OFF);
        CampaignResult result = CampaignRunner.run(RepoLayout.locate(), CampaignRunner.Request.of(TWEEBYTE, settings,
                soak, Map.of(), null, null, "smoke test", false), "smoke-gateway", System.out);

        assertThat(result.settings().viaGateway()).isTrue();
        assertThat(result.measurements()).as("the soak's window is its one level")
                .hasSize(variants.size()).allSatisfy(m -> {
                    assertThat(m.requests()).as("%s", m).isPositive();
                    assertThat(m.errors()).as("%s", m).isZero();
                    assertThat(m.service().openFiles()).as("%s", m).isPositive();
                });
        for (String variant : variants) {
            assertThat(result.statics()).as("the gateway is sampled and listed like a service")
                    .filteredOn(s -> s.variant().equals(variant) && s.service().equals(CampaignRunner.GATEWAY))
                    .hasSize(1).allSatisfy(s -> {
                        assertThat(s.startupSeconds()).isPositive();
                        assertThat(s.artifactMb()).isPositive();
                    });
            Path benchmark = RepoLayout.locate().workDir("campaign-smoke-gateway").resolve(variant)
                    .resolve("rep-1").resolve("data").resolve("feed.benchmark.hf.yaml");
            assertThat(Files.readString(benchmark)).as("the load went to the gateway's tweet route")
                    .contains("/tweet-service/");
            var own = result.soak().stream().filter(s -> s.variant().equals(variant)).toList();
            assertThat(own).extracting(s -> s.slice()).containsExactly(1, 2, 3, 4, 5);
            long sliced = own.stream().mapToLong(s -> s.measurement().requests()).sum();
            LevelMeasurement whole = result.measurements().stream().filter(m -> m.variant().equals(variant))
                    .findFirst().orElseThrow();
            assertThat(sliced).as("the slices add up to the window").isEqualTo(whole.requests());
            assertThat(own).allSatisfy(s -> {
                assertThat(s.measurement().requests()).as("%s", s).isPositive();
                assertThat(s.measurement().latency().p99()).as("%s", s).isPositive();
                // sampled every second: a 3-s slice has a sample or two of the services, the gateway's included
                assertThat(s.measurement().service().rssMb()).as("%s", s).isPositive();
                assertThat(s.measurement().service().openFiles()).as("%s", s).isPositive();
                assertThat(s.measurement().service().heapAfterGcMb()).as("Micrometer's after-GC gauge, %s", s)
                        .isNotNaN();
            });
        }
        Path dir = Path.of("target", "smoke-campaign-gateway");
        String page = Files.readString(ReportWriter.write(result, dir));
        assertThat(page).contains("Measured path: <b>through each variant's gateway</b>", "<h2 id=\"soak\">Soak</h2>");
        assertThat(Files.readAllLines(dir.resolve(ReportWriter.SOAK_CSV))).hasSize(1 + variants.size() * slices);
        assertThat(Files.readString(dir.resolve(ReportWriter.SOAK_MD))).contains("| async | RSS (MB) |",
                "| reactive | Open files (files) |");
    }

    private static CampaignSettings settings(String scenario, List<String> variants, List<String> targets,
                                             String noise, int repetitions) {
        return new CampaignSettings("tweebyte", scenario, variants, targets, "closed", LEVELS, repetitions, 1, 2,
                "quick",
                TWEEBYTE.data().scale("quick").users(), 7, false, 0.05, noise, false);
    }

    private static LoadPlan plan() {
        return new LoadPlan(LoadPlan.Model.CLOSED, LEVELS, 1, 2, 5000);
    }

    /**
     * The page, rendered by headless Chromium, shows its charts: each variant's series colour (from the report's
     * palette) covers a visible area. CI installs Chromium (.ci/run), so there this check always runs; on a
     * machine without it the check says so and is skipped.
     */
    private static void looksAtThePageInABrowser(Path html) throws IOException {
        var chromium = Browser.chromiumFor("the report");
        if (chromium.isEmpty()) {
            return;
        }
        try {
            var image = Browser.screenshot(chromium.get(), html, html.resolveSibling("report.png"), 10_000);
            for (int colour : new int[] {0x0072B2, 0xE69F00, 0x009E73}) {
                assertThat(Browser.pixelsOf(image, colour)).as("pixels of series colour %06X", colour)
                        .isGreaterThan(300);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while rendering", e);
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
