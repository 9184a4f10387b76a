package io.paradigmlab.lab.results;

import java.util.Locale;

/**
 * The scenario's database ceiling as measured ({@code campaign.json}: {@code databaseCeiling}): the application's
 * {@link io.paradigmlab.lab.api.DatabaseCeiling} run by pgbench once before the runs, on a fresh copy of the data, on
 * the campaign's PostgreSQL server, with no service running (docs/methodology.md, "The database ceiling").
 *
 * @param description    what was measured, one line (the application's)
 * @param service        the service whose database's copy it ran in
 * @param tps            pgbench's transactions per second without the initial connection time: one transaction is
 *                       one request's database work
 * @param transactions   transactions pgbench completed in the measured seconds
 * @param failed         transactions that failed (pgbench 15 and later report them; 0 otherwise)
 * @param latencyMs      pgbench's average latency of a transaction, in milliseconds (NaN when not reported)
 * @param clients        concurrent sessions ({@code -c}): the variants' pool size
 * @param threads        pgbench's threads ({@code -j}): min(clients, cores)
 * @param seconds        how long it ran ({@code -T})
 * @param script         the pgbench script it ran
 * @param setup          the SQL run on the copy before it (not timed), or empty
 * @param command        the pgbench command line (variables included, no password)
 * @param pgbenchVersion {@code pgbench --version}
 */
public record DatabaseCeilingResult(String description, String service, double tps, long transactions, long failed,
                                    double latencyMs, int clients, int threads, int seconds, String script,
                                    String setup, String command, String pgbenchVersion) {

    /** One line for the environment table and the console. */
    public String describe() {
        return String.format(Locale.ROOT, "%,.0f transactions/s with %d clients on %d threads for %d s (%s;"
                        + " pgbench -M prepared, %s%s)", tps, clients, threads, seconds, description,
                pgbenchVersion, failed > 0 ? "; " + failed + " transactions failed" : "");
    }
}
