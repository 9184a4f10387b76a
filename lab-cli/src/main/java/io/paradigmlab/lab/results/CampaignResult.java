package io.paradigmlab.lab.results;

import io.paradigmlab.lab.api.Ceiling;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Everything one campaign measured, as written to {@code campaign.json}: the raw per-repetition numbers from which
 * every statistic of the report is computed again.
 *
 * @param id           the campaign's folder name under runs/
 * @param command      the exact command line that re-runs it
 * @param environment  CPU, cores, memory, OS, JDK, JVM flags, pool sizes, PostgreSQL, git commit...
 * @param measurements one per variant, repetition and level
 * @param statics      one per variant, service and repetition
 * @param verification the equivalence and equal-work check run before the load (null in results written before it)
 * @param ceiling      the scenario's CPU ceiling, measured once before the runs, or null when the application
 *                     declares none for the scenario ({@code Application.ceiling})
 * @param profiles     the profiling runs after the measured repetitions ({@code --profile}), never part of the
 *                     measurements, or null when the campaign profiled nothing
 * @param databaseCeiling the scenario's database ceiling (pgbench on a fresh copy of the data), measured once
 *                     before the runs, or null when the application declares none for the scenario
 *                     ({@code Application.databaseCeiling}), pgbench is missing or {@code --db-ceiling off}
 * @param soak         a soak's slices ({@code --soak}): per variant and repetition, the slices of the one level's
 *                     window in order (that window itself is among the measurements); empty for any other campaign
 */
public record CampaignResult(String id, Instant started, Instant finished, String command,
                             Map<String, String> environment, CampaignSettings settings,
                             List<LevelMeasurement> measurements, List<StaticMetrics> statics,
                             Verification verification, Ceiling ceiling, Profiles profiles, List<SoakSlice> soak,
                             List<WarmupRun> warmups, DatabaseCeilingResult databaseCeiling) {

    public CampaignResult {
        // a campaign.json written before soaks existed has none
        soak = soak == null ? List.of() : List.copyOf(soak);
        warmups = warmups == null ? List.of() : List.copyOf(warmups);
    }

    /** Without a database ceiling. */
    public CampaignResult(String id, Instant started, Instant finished, String command,
                          Map<String, String> environment, CampaignSettings settings,
                          List<LevelMeasurement> measurements, List<StaticMetrics> statics,
                          Verification verification, Ceiling ceiling, Profiles profiles, List<SoakSlice> soak,
                          List<WarmupRun> warmups) {
        this(id, started, finished, command, environment, settings, measurements, statics, verification, ceiling,
                profiles, soak, warmups, null);
    }

    /** Without a record of the warm-ups. */
    public CampaignResult(String id, Instant started, Instant finished, String command,
                          Map<String, String> environment, CampaignSettings settings,
                          List<LevelMeasurement> measurements, List<StaticMetrics> statics,
                          Verification verification, Ceiling ceiling, Profiles profiles, List<SoakSlice> soak) {
        this(id, started, finished, command, environment, settings, measurements, statics, verification, ceiling,
                profiles, soak, List.of());
    }

    /** Not a soak. */
    public CampaignResult(String id, Instant started, Instant finished, String command,
                          Map<String, String> environment, CampaignSettings settings,
                          List<LevelMeasurement> measurements, List<StaticMetrics> statics,
                          Verification verification, Ceiling ceiling, Profiles profiles) {
        this(id, started, finished, command, environment, settings, measurements, statics, verification, ceiling,
                profiles, List.of());
    }

    /** Without profiles. */
    public CampaignResult(String id, Instant started, Instant finished, String command,
                          Map<String, String> environment, CampaignSettings settings,
                          List<LevelMeasurement> measurements, List<StaticMetrics> statics,
                          Verification verification, Ceiling ceiling) {
        this(id, started, finished, command, environment, settings, measurements, statics, verification, ceiling,
                null);
    }

    /** Without a CPU ceiling. */
    public CampaignResult(String id, Instant started, Instant finished, String command,
                          Map<String, String> environment, CampaignSettings settings,
                          List<LevelMeasurement> measurements, List<StaticMetrics> statics,
                          Verification verification) {
        this(id, started, finished, command, environment, settings, measurements, statics, verification, null);
    }
}
