package io.paradigmlab.lab.api;

import java.util.Map;
import java.util.TreeMap;

/**
 * The database ceiling of a scenario, declared by its application ({@link Application#databaseCeiling}): the
 * database work of one request as a pgbench custom script, which the lab runs once per campaign with pgbench against
 * the campaign's PostgreSQL server, on a fresh copy of the same data, with no service running, and with as many
 * clients as the variants' connection pool has connections. Its rate (transactions per second) is the most a variant
 * could answer if the database were the only limit; each variant's throughput is reported as a fraction of it
 * (docs/methodology.md, "The database ceiling"). Every field changes what is measured.
 *
 * @param service     the {@link ServiceInfo#id()} whose database ({@link DatabaseInfo#service()}) the script runs
 *                    in; the lab gives pgbench a fresh copy of that database's data
 * @param description one line for the report: which statement and how its values are drawn
 * @param setup       SQL run once on the fresh copy before pgbench starts, not timed (e.g. a table numbering the
 *                    ids that the script draws from when the ids are UUIDs), or an empty string for none; it may
 *                    only add to the copy, never change the data the script reads
 * @param script      the pgbench custom script of one request's database work: one transaction of pgbench is one
 *                    request, e.g. {@code \set n random(1, :users)} then the request's statement, each statement
 *                    on one line; {@code :name} refers to a pgbench variable ({@link #variables()}, or one the
 *                    script sets); pgbench runs it with {@code -M prepared}, as the variants' drivers do
 * @param variables   pgbench variables from the data set ({@code -D name=value}), e.g. {@code users} = the number
 *                    of users of the scale; sorted by name
 * @param clients     the concurrent database sessions: the variants' connection pool size (equal in every variant,
 *                    docs/adr/0004-equal-settings.md); pgbench runs {@code -c clients} and
 *                    {@code -j min(clients, cores)}
 */
public record DatabaseCeiling(String service, String description, String setup, String script,
                              Map<String, Long> variables, int clients) {

    public DatabaseCeiling {
        if (service == null || service.isBlank()) {
            throw new IllegalArgumentException("a database ceiling names the service whose database it runs in");
        }
        if (script == null || script.isBlank()) {
            throw new IllegalArgumentException("a database ceiling needs a pgbench script");
        }
        if (clients < 1) {
            throw new IllegalArgumentException("a database ceiling needs at least one client, got " + clients);
        }
        setup = setup == null ? "" : setup;
        variables = java.util.Collections.unmodifiableMap(new TreeMap<>(variables == null ? Map.of() : variables));
        for (String name : variables.keySet()) {
            if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                throw new IllegalArgumentException("not a pgbench variable name: '" + name + "'");
            }
        }
    }
}
