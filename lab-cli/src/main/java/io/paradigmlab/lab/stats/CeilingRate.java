package io.paradigmlab.lab.stats;

/**
 * A rate that a variant's throughput is shown as a fraction of: the scenario's CPU ceiling or its database ceiling
 * ({@link CampaignSummary#ceilings()}, {@link CampaignSummary#fraction}).
 *
 * @param metric       the fraction's metric id in summary.csv and summary.json, e.g. {@code ceiling_fraction}
 * @param name         its name in the report, e.g. {@code CPU ceiling}
 * @param opsPerSecond the ceiling's rate, in requests per second
 * @param describe     how it was measured, one line
 */
public record CeilingRate(String metric, String name, double opsPerSecond, String describe) {

    /** The metric id of the throughput over the CPU ceiling. */
    public static final String CPU = "ceiling_fraction";
    /** The metric id of the throughput over the database ceiling. */
    public static final String DATABASE = "database_ceiling_fraction";
}
