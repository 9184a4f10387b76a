package io.paradigmlab.lab.report;

import static io.paradigmlab.lab.stats.TestCampaigns.ok;
import static io.paradigmlab.lab.stats.TestCampaigns.soakSettings;
import static io.paradigmlab.lab.stats.TestCampaigns.soakSlice;
import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.results.SoakSlice;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

@Timeout(120)
class SoakReportTest {

    private static final int SLICES = 20;

    @TempDir
    Path dir;

    /**
     * async's RSS grows 10 MB (repetition 1) and 12 MB (repetition 2) per 90-s slice: 400 and 480 MB/h; virtual's p99
     * goes from 20 to 30 ms half way; the noise check's repeat of async is flat.
     */
    static CampaignResult soakCampaign(int repetitions) {
        List<SoakSlice> slices = new ArrayList<>();
        List<LevelMeasurement> levels = new ArrayList<>();
        for (int rep = 1; rep <= repetitions; rep++) {
            int growth = 10 + 2 * (rep - 1);
            slices.addAll(slices("async", rep, i -> 1000 + growth * i, i -> 20, 250));
            slices.addAll(slices("virtual", rep, i -> 900, i -> i < SLICES / 2 ? 20 : 30, Double.NaN));
            slices.addAll(slices("async (repeat)", rep, i -> 1000, i -> 20, 250));
            for (String v : List.of("async", "virtual", "async (repeat)")) {
                levels.add(ok(v, rep, 200, 199.5, 7000));
            }
        }
        return new CampaignResult("20250102-100000-tweebyte-feed", Instant.parse("2025-01-02T10:00:00Z"),
                Instant.parse("2025-01-02T11:30:15Z"), "./lab run tweebyte --soak 1800s", Map.of("cpu", "Test CPU"),
                soakSettings(List.of("async", "virtual"), repetitions, SLICES, 90, "async"), levels, List.of(), null,
                null, null, slices);
    }

    private static List<SoakSlice> slices(String variant, int rep, IntToDoubleFunction rss, IntToDoubleFunction p99,
                                          double heapAfterGc) {
        List<SoakSlice> out = new ArrayList<>();
        for (int i = 0; i < SLICES; i++) {
            out.add(soakSlice(variant, rep, i + 1, 90, rss.applyAsDouble(i), p99.applyAsDouble(i), heapAfterGc));
        }
        return out;
    }

    @Test
    void oneRepetitionGivesTheValuesOfItsRunAndFlagsWhatDrifted() throws IOException {
        ReportWriter.write(soakCampaign(1), dir);

        String md = Files.readString(dir.resolve(ReportWriter.SOAK_MD));
        assertThat(md).startsWith("Soak of tweebyte feed: open model at 200 req/s for 1,800 s after a 60 s warm-up"
                + " (excluded), in 20 slices of 90 s, each with its own throughput, latency histogram and resource"
                + " means; 1 repetition.");
        assertThat(md).contains("Flags: RSS growth above 5 % and p99 drift above 20 % either way");
        assertThat(md).contains("| Variant | Quantity | Slope per hour | First fifth | Last fifth | Change | Flag |\n"
                + "| --- | --- | ---: | ---: | ---: | ---: | --- |\n");
        // slices 1-4: 1000..1030 (mean 1015); 17-20: 1160..1190 (1175)
        assertThat(md).contains("| async | RSS (MB) | +400.0 MB/h | 1,015 | 1,175 | +15.8% | **RSS growth** |\n");
        assertThat(md).contains("| async | p99 latency (ms) | 0 ms/h | 20.00 | 20.00 | +0.0% |  |\n");
        assertThat(md).contains("| async | Heap after GC (MB) | 0 MB/h | 250.0 | 250.0 | +0.0% |  |\n");
        assertThat(md).contains("| virtual | p99 latency (ms) |").contains("| 20.00 | 30.00 | +50.0% | **p99 drift** |");
        assertThat(md).contains("| virtual | RSS (MB) | 0 MB/h | 900.0 | 900.0 | +0.0% |  |");
        // virtual reports no heap after GC: its heap floor stands in, and the table says so
        assertThat(md).contains("| virtual | Heap floor (MB) |").contains("Heap after GC: virtual reported none");
        assertThat(md).contains("| async (repeat) | RSS (MB) |");
        // one row per variant (the repeat included) and quantity
        assertThat(md.lines().filter(l -> l.startsWith("| async |") || l.startsWith("| virtual |")
                || l.startsWith("| async (repeat) |"))).hasSize(3 * 7);

        String html = Files.readString(dir.resolve(ReportWriter.REPORT_HTML));
        assertThat(html).contains("<h2 id=\"soak\">Soak</h2>", "async: <span class=\"bad\">RSS grows +15.8%</span>",
                "virtual: <span class=\"bad\">p99 rises +50.0%</span>", "async (repeat): <span class=\"better\">no flag",
                "<th>Soak window</th><td>1800 s in 20 slices of 90 s</td>", "Open files (files)");
        assertThat(html.indexOf("id=\"soak\"")).isBetween(html.indexOf("id=\"method\""), html.indexOf("id=\"ranking\""));
        assertThat(html).contains("alt=\"RSS over the soak (MB)\"", "alt=\"p99 latency over the soak (ms)\"",
                "alt=\"Heap after GC over the soak (MB; heap floor where no heap after GC is reported)\"");
        assertThat(html).doesNotContain("<summary>Per repetition</summary>");
    }

    @Test
    void theCsvHasOneRowPerVariantRepetitionAndSlice() throws IOException {
        ReportWriter.write(soakCampaign(2), dir);

        List<String> csv = Files.readAllLines(dir.resolve(ReportWriter.SOAK_CSV));
        assertThat(csv).hasSize(1 + 3 * 2 * SLICES);
        assertThat(csv.getFirst()).isEqualTo("variant,repetition,level,slice,start_s,duration_s,requests,errors,"
                + "throughput,latency_p50_us,latency_p99_us,cpu_percent,rss_mb,heap_used_mb,heap_after_gc_mb,"
                + "heap_floor_mb,threads,open_files,gc_pause_ms_per_s,loader_cpu_percent,verdict,verdict_reason");
        assertThat(csv.get(1)).isEqualTo("async,1,200,1,0.0,90.0,18000,0,199.5,6666.666666666667,20000.0,80.0,"
                + "1000.0,250.0,250.0,150.0,300.0,120.0,1.5,25.0,OK,");
        assertThat(csv.get(20)).startsWith("async,1,200,20,1710.0,");
        assertThat(csv.get(21)).startsWith("async,2,200,1,");
        assertThat(csv.get(41)).startsWith("virtual,1,200,1,");
        // the noise check's repeat last, as in the analysis
        assertThat(csv.getLast()).startsWith("async (repeat),2,200,20,");
    }

    @Test
    void withRepetitionsValuesAreMeansWithIntervalsAndFlagsSayHowOften() throws IOException {
        CampaignResult result = soakCampaign(2);
        ReportWriter.write(result, dir);

        String md = Files.readString(dir.resolve(ReportWriter.SOAK_MD));
        // slopes 400 and 480 MB/h: 440 +/- t(0.975, 1) * 40 = 508
        assertThat(md).contains("| async | RSS (MB) | +440 ± 508 MB/h |");
        assertThat(md).contains("**RSS growth (2/2 repetitions)**");
        assertThat(md).contains("**p99 drift (2/2 repetitions)**");
        assertThat(md).contains("2 repetitions.").contains("a variant is flagged on the mean change");

        JsonNode json = CampaignJson.MAPPER.readTree(dir.resolve(ReportWriter.SOAK_JSON).toFile());
        assertThat(json.get("slices").asInt()).isEqualTo(20);
        assertThat(json.get("sliceSeconds").asDouble()).isEqualTo(90);
        assertThat(json.get("fifthSlices").asInt()).isEqualTo(4);
        assertThat(json.get("limits").get("rssGrowth").asDouble()).isEqualTo(0.05);
        assertThat(json.get("limits").get("p99Drift").asDouble()).isEqualTo(0.2);
        JsonNode async = json.get("variants").get(0);
        assertThat(async.get("variant").asString()).isEqualTo("async");
        assertThat(async.get("flags").get("rssGrowth").asBoolean()).isTrue();
        assertThat(async.get("flags").get("runsWithRssGrowth").asInt()).isEqualTo(2);
        assertThat(async.get("quantities").get("rss_mb").get("slopePerHour").get("mean").asDouble())
                .isCloseTo(440, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(async.get("repetitions").get(1).get("quantities").get("rss_mb").get("slopePerHour").asDouble())
                .isCloseTo(480, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(json.get("variants").get(1).get("heapAfterGc").asString()).startsWith("heap floor");
        assertThat(json.get("variants").get(2).get("noiseRepeat").asBoolean()).isTrue();

        assertThat(Files.readString(dir.resolve(ReportWriter.REPORT_HTML)))
                .contains("<summary>Per repetition</summary>");
        // the slices are raw results: campaign.json keeps them and reads back equal
        assertThat(CampaignJson.read(dir.resolve(ReportWriter.CAMPAIGN_JSON))).isEqualTo(result);
    }

    @Test
    void aCampaignThatIsNoSoakWritesNoSoakFiles() throws IOException {
        ReportWriter.write(ReportWriterTest.synthetic(), dir);

        assertThat(dir.resolve(ReportWriter.SOAK_CSV)).doesNotExist();
        assertThat(dir.resolve(ReportWriter.SOAK_MD)).doesNotExist();
        assertThat(dir.resolve(ReportWriter.SOAK_JSON)).doesNotExist();
        assertThat(Files.readString(dir.resolve(ReportWriter.REPORT_HTML))).doesNotContain("id=\"soak\"");
    }
}
