package io.paradigmlab.lab.report;

import static io.paradigmlab.lab.stats.TestCampaigns.ok;
import static io.paradigmlab.lab.stats.TestCampaigns.settings;
import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.results.Profiles;
import io.paradigmlab.lab.stats.TestCampaigns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The profiles of a campaign in its report: the HTML section, profiles.csv, and campaign.json read back. */
class ProfilesReportTest {

    private static final Instant FROM = Instant.parse("2025-01-02T11:20:00Z");
    private static final Instant TO = Instant.parse("2025-01-02T11:21:00Z");

    @TempDir
    Path dir;

    private static CampaignResult withProfiles() {
        var settings = settings(List.of("async", "virtual"), List.of(10, 50), 1);
        List<LevelMeasurement> measurements = List.of(ok("async", 1, 10, 100, 1000), ok("async", 1, 50, 400, 2000),
                ok("virtual", 1, 10, 110, 900), ok("virtual", 1, 50, 420, 1900));
        var plain = TestCampaigns.campaign("c1", settings, measurements, List.of());
        var asyncUser = new Profiles.ServiceProfile("user", "profiles/async/user-cpu.html",
                "profiles/async/user-cpu.jfr", "profiles/async/user.jfr", "cpu (perf_events)", 1234,
                List.of(new Profiles.Frame("org.postgresql.core.PGStream.receive", 200, 16.2),
                        new Profiles.Frame("java.util.HashMap.getNode", 100, 8.1)),
                List.of(new Profiles.Frame("sun.nio.ch.SocketDispatcher.read0", 300, 24.3)),
                new Profiles.Gc(12, 40.5, 9.25), 180.0,
                new Profiles.Locks(3, 12.0, List.of(new Profiles.Site("com.zaxxer.hikari.pool.HikariPool", 3, 12.0))),
                new Profiles.Pinning(0, 0, List.of()), 0, List.of());
        var virtualUser = new Profiles.ServiceProfile("user", null, null, "profiles/virtual/user.jfr",
                "jdk.ExecutionSample (JFR, Java frames only)", 50, List.of(), List.of(), new Profiles.Gc(3, 5, 2), 90.0,
                new Profiles.Locks(0, 0, List.of()),
                new Profiles.Pinning(2, 31.5, List.of(new Profiles.Site(
                        "VM call to Foo.<clinit> on stack · com.example.Foo.<clinit>", 2, 31.5))),
                0, List.of("async-profiler wrote no recording (user-cpu.jfr): see the service's log"));
        var profiles = new Profiles(50, "the highest level at which every variant was OK in every measured repetition",
                "async-profiler 4.3, event cpu", List.of(
                new Profiles.VariantProfile("async", null, 5000, 410.5, FROM, TO, List.of(asyncUser)),
                new Profiles.VariantProfile("virtual", null, 5100, 418.0, FROM, TO, List.of(virtualUser))));
        return new CampaignResult(plain.id(), plain.started(), plain.finished(), plain.command(), plain.environment(),
                plain.settings(), plain.measurements(), plain.statics(), null, null, profiles);
    }

    @Test
    void theReportLinksEachFlameGraphAndShowsTheTables() throws Exception {
        Path html = ReportWriter.write(withProfiles(), dir);
        String page = Files.readString(html);

        assertThat(page).contains("<h2 id=\"profiles\">Profiles</h2>", "Not measurements.",
                "<b>50 users</b>", "profiled level only, 11:20:00–11:21:00 UTC", "async-profiler 4.3, event cpu",
                "href=\"profiles/async/user-cpu.html\">CPU flame graph (interactive)",
                "href=\"profiles/async/user.jfr\"", "org.postgresql.core.PGStream.receive",
                "com.zaxxer.hikari.pool.HikariPool", "Top Java frames", "sun.nio.ch.SocketDispatcher.read0",
                "12 collections, pauses 40.5 ms in all, longest 9.3 ms",
                "no CPU flame graph", "async-profiler wrote no recording",
                "VM call to Foo.&lt;clinit&gt; on stack", "2 events, 31.5 ms pinned in all");
        // the async variant had no pinning: stated, not left blank
        String async = page.substring(page.indexOf("<h4>async · user</h4>"), page.indexOf("<h3>virtual</h3>"));
        assertThat(async).contains("<th>Pinned virtual threads</th><td>none</td>");
    }

    @Test
    void profilesCsvHasAServiceRowAndItsFramesMonitorsAndPinningSites() throws Exception {
        ReportWriter.write(withProfiles(), dir);
        List<String> lines = Files.readAllLines(dir.resolve(ReportWriter.PROFILES_CSV));

        assertThat(lines.getFirst()).startsWith("kind,variant,service,level,error,cpu_event,cpu_samples");
        assertThat(lines).filteredOn(l -> l.startsWith("service,")).hasSize(2);
        assertThat(lines).filteredOn(l -> l.startsWith("frame,async,user,50,")).hasSize(2)
                .first().asString().contains("org.postgresql.core.PGStream.receive,200,16.2");
        assertThat(lines).filteredOn(l -> l.startsWith("java-frame,async,user,50,")).hasSize(1);
        assertThat(lines).filteredOn(l -> l.startsWith("monitor,async,user,50,")).hasSize(1);
        assertThat(lines).filteredOn(l -> l.startsWith("pinned,virtual,user,50,")).hasSize(1);
    }

    @Test
    void campaignJsonKeepsTheProfilesApartFromTheMeasurements() throws Exception {
        CampaignResult result = withProfiles();
        ReportWriter.write(result, dir);
        CampaignResult read = CampaignJson.read(dir.resolve(ReportWriter.CAMPAIGN_JSON));

        assertThat(read.profiles()).isEqualTo(result.profiles());
        assertThat(read.measurements()).hasSize(4);
    }

    @Test
    void aCampaignWithoutProfilesHasNoSectionAndNoCsv() throws Exception {
        var plain = TestCampaigns.campaign("c2", settings(List.of("async"), List.of(10), 1),
                List.of(ok("async", 1, 10, 100, 1000)), List.of());
        String page = Files.readString(ReportWriter.write(plain, dir));
        assertThat(page).doesNotContain("id=\"profiles\"");
        assertThat(dir.resolve(ReportWriter.PROFILES_CSV)).doesNotExist();
    }
}
