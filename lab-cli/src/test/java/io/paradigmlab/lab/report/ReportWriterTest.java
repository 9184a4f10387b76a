package io.paradigmlab.lab.report;

import static io.paradigmlab.lab.stats.TestCampaigns.campaign;
import static io.paradigmlab.lab.stats.TestCampaigns.measurement;
import static io.paradigmlab.lab.stats.TestCampaigns.ok;
import static io.paradigmlab.lab.stats.TestCampaigns.settings;
import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.stats.Metric;
import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.results.LevelMeasurement.Verdict;
import io.paradigmlab.lab.results.StaticMetrics;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

// Chart rendering must never hang a build: fail fast instead.
@Timeout(120)
class ReportWriterTest {

    private static final List<String> VARIANTS = List.of("async", "virtual", "reactive");
    private static final List<Integer> LEVELS = List.of(10, 100, 400);

    @TempDir
    static Path dir;

    static CampaignResult result;
    static String html;

    /** 3 variants x 2 repetitions x 3 levels; async saturates at 400 in repetition 2, reactive fails once. */
    static CampaignResult synthetic() {
        List<LevelMeasurement> ms = new ArrayList<>();
        double[][] throughput = {{1000, 5000, 6000}, {1100, 5500, 8000}, {1200, 6000, 9000}};
        double[][] p50 = {{2000, 8000, 30000}, {1800, 7000, 20000}, {1500, 6000, 15000}};
        for (int rep = 1; rep <= 2; rep++) {
            for (int v = 0; v < VARIANTS.size(); v++) {
                for (int l = 0; l < LEVELS.size(); l++) {
                    String variant = VARIANTS.get(v);
                    double tp = throughput[v][l] + (rep - 1) * 10 * (v + 1);
                    double lat = p50[v][l] * (1 + (rep - 1) * 0.05);
                    if (variant.equals("async") && rep == 2 && LEVELS.get(l) == 400) {
                        ms.add(measurement(variant, rep, 400, 4100, 900_000, Verdict.SATURATED,
                                "latency unbounded: p99 grew through the window"));
                    } else if (variant.equals("reactive") && rep == 1 && LEVELS.get(l) == 100) {
                        ms.add(measurement(variant, rep, 100, tp, lat, Verdict.FAILED, "errors 20.0%, above 1.0%"));
                    } else {
                        ms.add(ok(variant, rep, LEVELS.get(l), tp, lat));
                    }
                }
            }
        }
        List<StaticMetrics> statics = new ArrayList<>();
        for (int rep = 1; rep <= 2; rep++) {
            for (String variant : VARIANTS) {
                statics.add(new StaticMetrics(variant, "user-service", rep, 2.5 + rep * 0.1, 40 + rep, 180 + rep, 55,
                        true, 2.7 + rep * 0.1));
                // the start-up probe's run without the AOT cache
                statics.add(new StaticMetrics(variant, "user-service", rep, 5.0 + rep * 0.3, 45 + rep, 200 + rep, 55,
                        false, 5.4 + rep * 0.3));
            }
        }
        return campaign("20250102-100000-user-summary", settings(VARIANTS, LEVELS, 2), ms, statics);
    }

    @BeforeAll
    static void writeReport() throws IOException {
        result = synthetic();
        Path written = ReportWriter.write(result, dir);
        assertThat(written).isEqualTo(dir.resolve("report.html"));
        html = Files.readString(written);
        // Kept under target/ to be opened in a browser after the build.
        Path keep = Path.of(System.getProperty("basedir", "."), "target", "report-sample");
        Files.createDirectories(keep);
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.copy(f, keep.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    @Test
    void staticMetricsShowStartUpWithAndWithoutTheAotCache() {
        String statics = html.substring(html.indexOf("id=\"statics\""), html.indexOf("id=\"all\""));
        assertThat(statics).contains("<th>AOT cache</th>", "<th>First answer (s)</th>", "What the AOT cache changes");
        // every variant has a row with the cache and one without
        for (String variant : VARIANTS) {
            assertThat(statics).contains("<tr><td>" + variant + "</td><td>user-service</td><td>on</td>",
                    "<tr><td>" + variant + "</td><td>user-service</td><td>off</td>");
        }
        // start-up with / without: (2.6/5.3 * 2.7/5.6)^(1/2)
        assertThat(statics).contains(String.format(java.util.Locale.ROOT, "%.2f×",
                Math.sqrt(2.6 / 5.3 * 2.7 / 5.6)));
    }

    @Test
    void writesEveryFile() {
        for (String name : List.of("campaign.json", "measurements.csv", "summary.csv", "comparisons.csv",
                "summary.json", "report.html")) {
            assertThat(dir.resolve(name)).isNotEmptyFile();
        }
    }

    @Test
    void measurementsCsvHasAHeaderAndOneRowPerMeasurement() throws IOException {
        List<String> lines = Files.readAllLines(dir.resolve("measurements.csv"));

        assertThat(lines).hasSize(1 + 3 * 2 * 3);
        assertThat(lines.getFirst()).isEqualTo("variant,repetition,model,level,duration_seconds,requests,responses,"
                + "errors,timeouts,throughput,offered_rate,latency_mean_us,latency_p50_us,latency_p90_us,"
                + "latency_p95_us,latency_p99_us,latency_p999_us,latency_max_us,cpu_percent,rss_mb,heap_used_mb,"
                + "threads,virtual_threads,gc_pause_ms_per_s,heap_after_gc_mb,heap_floor_mb,open_files,"
                + "loader_cpu_percent,verdict,verdict_reason,jit_ms_per_s,jit_share,cpu_us_per_request,steady");
        assertThat(lines.get(1)).startsWith("async,1,closed,10,10.0,10000,10000,0,0,1000.0,,2200.0,2000.0,");
        // no JIT numbers in these campaigns (unknown: steady); CPU per request 51 % of a core / 1000 req/s = 510 us
        assertThat(lines.get(1)).endsWith(",OK,,,,510.0,true");
        assertThat(lines).anyMatch(l -> l.contains(",FAILED,\"errors 20.0%, above 1.0%\","));
    }

    @Test
    void summaryAndComparisonCsvHaveOneRowPerCell() throws IOException {
        List<String> summary = Files.readAllLines(dir.resolve("summary.csv"));
        List<String> comparisons = Files.readAllLines(dir.resolve("comparisons.csv"));

        // every metric (CPU per request the last), then the JIT share, per variant and level
        assertThat(summary).hasSize(1 + 3 * 3 * (Metric.values().length + 1));
        assertThat(summary.getFirst())
                .isEqualTo("variant,level,metric,unit,mean,ci_low,ci_high,std_dev,n,repetitions,ok,saturated,failed,missing");
        // async at 10 users: throughput 1000 and 1010 -> mean 1005, half = t(0.975, 1) * 5 = 63.53
        assertThat(summary).anySatisfy(l -> assertThat(l).startsWith("async,10,throughput,req/s,1005.0,941.4"));
        assertThat(summary).contains("async,400,throughput,req/s,6000.0,6000.0,6000.0,,1,2,1,1,0,0");
        // 3 levels x 6 compared metrics (CPU per request among them) x 3 pairs
        assertThat(comparisons).hasSize(1 + 3 * 6 * 3);
        assertThat(comparisons.getFirst()).isEqualTo("kind,level,metric,unit,variant_a,variant_b,mean_a,n_a,mean_b,"
                + "n_b,ratio_b_over_a,ratio_ci_low,ratio_ci_high,n_pairs,p_value,significant");
        // virtual / async at 10 users, paired: 1100 / 1000 and 1120 / 1010, geometric mean sqrt(1.1 * 1.108911)
        assertThat(Math.sqrt(1.1 * 1120.0 / 1010)).isCloseTo(1.10444646, org.assertj.core.api.Assertions.within(1e-8));
        assertThat(comparisons).anySatisfy(l -> assertThat(l).startsWith(
                "pair,10,throughput,req/s,async,virtual,1005.0,2,1110.0,2,1.10444645"));
    }

    @Test
    void campaignJsonIsPrettyWithIsoInstantsAndReadsBackEqual() throws IOException {
        String json = Files.readString(dir.resolve("campaign.json"));

        assertThat(json).contains("\"started\" : \"2025-01-02T10:00:00Z\"").contains("\n  ");
        assertThat(CampaignJson.read(dir.resolve("campaign.json"))).isEqualTo(result);
    }

    @Test
    void summaryJsonHoldsStatisticsComparisonsAndCrossovers() {
        JsonNode root = CampaignJson.MAPPER.readTree(dir.resolve("summary.json"));

        assertThat(root.get("statistics")).hasSize(9);
        assertThat(root.get("comparisons")).hasSize(3 * 6 * 3);
        assertThat(root.get("crossovers")).hasSize(3 * 2 * 3);
        // per variant: with the AOT cache and without it (the start-up probe)
        assertThat(root.get("statics")).hasSize(6);
        assertThat(root.get("aotEffects")).hasSize(3);
        assertThat(root.get("aotEffects").get(0).get("startupRatio").get("n").asInt()).isEqualTo(2);
        JsonNode async400 = root.get("statistics").get(2);
        assertThat(async400.get("level").asInt()).isEqualTo(400);
        assertThat(async400.get("saturated").asInt()).isEqualTo(1);
        assertThat(async400.get("metrics").get("throughput").get("interval").asBoolean()).isFalse();
        assertThat(async400.get("metrics").get("throughput").get("stdDev").isNull()).isTrue();
    }

    @Test
    void htmlEmbedsOneDecodablePngPerChart() throws IOException {
        Matcher m = Pattern.compile("src=\"data:image/png;base64,([A-Za-z0-9+/=]+)\"").matcher(html);
        int charts = 0;
        while (m.find()) {
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(m.group(1))));
            assertThat(image).isNotNull();
            assertThat(image.getWidth()).isEqualTo(Charts.WIDTH);
            charts++;
        }
        // the virtual thread chart only when a variant reports virtual threads; these test campaigns do not
        assertThat(charts).isEqualTo(Charts.CHARTED.size() - 1).isEqualTo(8);
    }

    @Test
    void htmlIsSelfContained() {
        assertThat(html).doesNotContain("http://").doesNotContain("https://").doesNotContain("<script")
                .doesNotContain("<link");
    }

    @Test
    void htmlShowsTheTablesValuesAndValidity() {
        assertThat(html)
                .contains("tweebyte · user-summary · closed model")
                .contains("./lab run tweebyte --reps 2")
                .contains("Test CPU @ 3.0GHz")
                .contains("1,005 ± 64")                       // async, 10 users, throughput
                .contains("6,000 <span class=\"note\">one repetition: no interval</span>")
                .contains("1/2 OK")
                .contains("SATURATED</td><td>latency unbounded: p99 grew through the window")
                .contains("FAILED</td><td>errors 20.0%, above 1.0%")
                .contains("virtual / async")
                .contains("mean of per-run p99")
                .contains("Crossover points")
                .contains("user-service");
    }

    @Test
    void aCampaignWithoutAnyValidLevelStillGetsAReport(@TempDir Path other) throws IOException {
        CampaignResult failed = campaign("all-failed", settings(List.of("async", "virtual"), List.of(50), 1), List.of(
                measurement("async", 1, 50, 10, 1000, Verdict.FAILED, "connection refused"),
                measurement("virtual", 1, 50, 10, 1000, Verdict.SATURATED, "achieved 10 of 50 req/s")), List.of());

        String page = Files.readString(ReportWriter.write(failed, other));

        assertThat(page).contains("no valid repetition (1 failed)").contains("no valid repetition (1 saturated)")
                .contains("none: no level where both have a valid repetition")
                .contains("No static metric was recorded.");
        assertThat(Files.readAllLines(other.resolve("summary.csv"))).hasSize(1 + 2 * (Metric.values().length + 1));
    }
}
