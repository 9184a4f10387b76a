package io.paradigmlab.lab.report;

import static io.paradigmlab.lab.stats.TestCampaigns.campaign;
import static io.paradigmlab.lab.stats.TestCampaigns.ok;
import static io.paradigmlab.lab.stats.TestCampaigns.settings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.DatabaseCeilingResult;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.stats.CampaignStatistics;
import io.paradigmlab.lab.stats.CampaignSummary;
import io.paradigmlab.lab.stats.CeilingRate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The database ceiling (pgbench's rate of one request's database work) from campaign.json to statistics, page, CSV
 * and JSON, beside the CPU ceiling and without it.
 */
@Timeout(120)
class DatabaseCeilingReportTest {

    static final List<Integer> LEVELS = List.of(1, 4);
    static final DatabaseCeilingResult DB_CEILING = new DatabaseCeilingResult("a user summary", "user", 200, 1000, 0,
            1.2, 20, 2, 5, "\\set n random(1, :users)\nSELECT 1;\n", "", "pgbench -n -M prepared -c 20 -j 2 -T 5",
            "pgbench (PostgreSQL) 15.18");

    @TempDir
    Path dir;

    /** async 22 and 24 req/s at level 1 (mean 23), virtual 25 and 25; at level 4 four times that. */
    static CampaignResult withDatabaseCeiling(boolean cpuCeiling) {
        List<LevelMeasurement> ms = new ArrayList<>();
        for (int rep = 1; rep <= 2; rep++) {
            for (int level : LEVELS) {
                ms.add(ok("async", rep, level, 20 * level + rep * 2, 1000));
                ms.add(ok("virtual", rep, level, 25 * level, 1000));
            }
        }
        CampaignResult plain = campaign("db", settings(List.of("async", "virtual"), LEVELS, 2), ms, List.of());
        return new CampaignResult(plain.id(), plain.started(), plain.finished(), plain.command(), plain.environment(),
                plain.settings(), plain.measurements(), plain.statics(), null,
                cpuCeiling ? PoolsAndCeilingReportTest.CEILING : null, null, List.of(), List.of(), DB_CEILING);
    }

    @Test
    void eachVariantIsAFractionOfPgbenchsRateTheSameWayAsOfTheCpuCeiling() {
        CampaignSummary summary = CampaignStatistics.summarize(withDatabaseCeiling(true));
        assertThat(summary.ceilings()).extracting(CeilingRate::metric)
                .containsExactly(CeilingRate.CPU, CeilingRate.DATABASE);
        var async1 = summary.level("async", 1).orElseThrow();
        // 23 req/s over 200 tps; over the CPU ceiling's 100 ops/s, 0.23, as before
        assertThat(summary.databaseCeilingFraction(async1).mean()).isCloseTo(0.115, within(1e-12));
        assertThat(summary.ceilingFraction(async1).mean()).isCloseTo(0.23, within(1e-12));
        assertThat(summary.databaseCeilingFraction(async1).ciHigh())
                .isCloseTo(summary.ceilingFraction(async1).ciHigh() / 2, within(1e-12));

        CampaignSummary dbOnly = CampaignStatistics.summarize(withDatabaseCeiling(false));
        assertThat(dbOnly.ceilings()).extracting(CeilingRate::name).containsExactly("database ceiling");
        assertThat(dbOnly.ceilingFraction(async1).isEmpty()).isTrue();
        assertThat(dbOnly.databaseCeilingFraction(dbOnly.level("virtual", 4).orElseThrow()).mean())
                .isCloseTo(0.5, within(1e-12));
    }

    @Test
    void thePageCsvAndJsonShowTheDatabaseCeiling() throws IOException {
        ReportWriter.write(withDatabaseCeiling(true), dir);
        String html = Files.readString(dir.resolve("report.html"));
        assertThat(html).contains("Throughput / database ceiling (%)", "async / database ceiling",
                "virtual / database ceiling", "11.5 ± 6.4 %", "Database ceiling: 200 transactions/s with 20 clients",
                "Throughput / CPU ceiling (%)");
        assertThat(html.indexOf("Throughput / database ceiling")).as("under the CPU ceiling's table")
                .isGreaterThan(html.indexOf("Throughput / CPU ceiling"));

        assertThat(Files.readAllLines(dir.resolve(ReportWriter.SUMMARY_CSV)))
                .anyMatch(l -> l.startsWith("virtual,1,database_ceiling_fraction,fraction,0.125,"))
                .anyMatch(l -> l.startsWith("virtual,1,ceiling_fraction,fraction,0.25,"));

        JsonNode json = CampaignJson.MAPPER.readTree(dir.resolve(ReportWriter.SUMMARY_JSON).toFile());
        assertThat(json.get("databaseCeiling").get("tps").asDouble()).isEqualTo(200);
        assertThat(json.get("databaseCeiling").get("clients").asInt()).isEqualTo(20);
        assertThat(json.get("databaseCeiling").get("pgbenchVersion").asString()).startsWith("pgbench");
        assertThat(json.get("statistics").get(0).get("metrics").get("database_ceiling_fraction").get("mean")
                .asDouble()).isCloseTo(0.115, within(1e-12));

        JsonNode campaign = CampaignJson.MAPPER.readTree(dir.resolve(ReportWriter.CAMPAIGN_JSON).toFile());
        assertThat(campaign.get("databaseCeiling").get("script").asString()).startsWith("\\set n random(1, :users)");
        assertThat(CampaignJson.read(dir.resolve(ReportWriter.CAMPAIGN_JSON)).databaseCeiling())
                .isEqualTo(DB_CEILING);
    }

    @Test
    void withoutItNothingOfItIsShownAndAnOlderCampaignJsonReadsAsNone() throws IOException {
        ReportWriter.write(PoolsAndCeilingReportTest.withPools(), dir);
        assertThat(Files.readString(dir.resolve("report.html"))).doesNotContain("database ceiling")
                .contains("Throughput / CPU ceiling (%)");
        assertThat(Files.readString(dir.resolve(ReportWriter.SUMMARY_CSV))).doesNotContain("database_ceiling");
        JsonNode json = CampaignJson.MAPPER.readTree(dir.resolve(ReportWriter.SUMMARY_JSON).toFile());
        assertThat(json.get("databaseCeiling").isNull()).isTrue();

        Path json2 = dir.resolve(ReportWriter.CAMPAIGN_JSON);
        String text = Files.readString(json2).replaceAll(",\\s*\"databaseCeiling\"\\s*:\\s*null", "");
        assertThat(text).doesNotContain("databaseCeiling");
        Files.writeString(json2, text);
        assertThat(CampaignJson.read(json2).databaseCeiling()).isNull();
    }
}
