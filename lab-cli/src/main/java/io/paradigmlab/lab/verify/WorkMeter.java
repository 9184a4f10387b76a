package io.paradigmlab.lab.verify;

import io.paradigmlab.lab.api.CallCounter;
import io.paradigmlab.lab.api.Deployment;

import io.paradigmlab.lab.infra.Infrastructure;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * Measures the work of a deployment's requests: SQL statements on its databases (pg_stat_statements), calls
 * between its services (the deployment's counting proxies), Redis commands ({@code INFO commandstats}).
 * {@link #reset()} before a request, {@link #settle()} after its answer. Redis and the PostgreSQL statistics are
 * server-wide: measure one request at a time, with nothing else using the same Redis meanwhile.
 */
public final class WorkMeter implements AutoCloseable {

    /** Counts must stay unchanged this long before they are taken as final. */
    private static final Duration QUIET = Duration.ofMillis(200);
    private static final Duration LIMIT = Duration.ofSeconds(10);

    private java.util.List<String> background = java.util.List.of();
    private final CountedServices deployment;
    private final StatementStatistics statements;
    private final MariaDbStatementStatistics mariadbStatements;
    private final RedisCommandStats redis;
    private final Map<String, String> databases;

    /**
     * @param deployment started with {@code LaunchRequest.callCounting} when its services call each other; one whose
     *                   services call no other (the IT store's single service) has no proxies and no calls to count
     */
    public WorkMeter(Infrastructure infra, CountedServices deployment) {
        this.deployment = deployment;
        this.statements = new StatementStatistics(infra.postgres());
        // only an application with a MariaDB database has started one by now (its launch did)
        this.mariadbStatements = infra.hasMariadb()
                ? new MariaDbStatementStatistics(infra.mariadb().endpoint()) : null;
        this.redis = new RedisCommandStats(infra.redis());
        this.databases = deployment.databases();
    }

    /** {@link #WorkMeter(Infrastructure, CountedServices)} of an application's deployment. */
    public WorkMeter(Infrastructure infra, Deployment deployment) {
        this(infra, CountedServices.of(deployment));
    }

    /**
     * Leaves the items that start with one of {@code background} ({@code Application.backgroundWork}: a job worker
     * polling its queue, say) out of what {@link #settle()} reads and waits for.
     */
    public WorkMeter ignoring(java.util.List<String> background) {
        this.background = java.util.List.copyOf(background);
        return this;
    }

    public void reset() {
        deployment.proxies().forEach(CallCounter::reset);
        statements.reset();
        if (mariadbStatements != null) {
            mariadbStatements.reset();
        }
        redis.reset();
    }

    /** The counts since {@link #reset()}, once no call is in flight and they stopped changing. */
    public Work settle() {
        long deadline = System.nanoTime() + LIMIT.toNanos();
        Work last = read();
        long stableSince = System.nanoTime();
        while (System.nanoTime() < deadline) {
            sleep(50);
            Work now = read();
            boolean idle = deployment.proxies().stream().allMatch(p -> p.inFlight() == 0);
            if (!now.equals(last) || !idle) {
                last = now;
                stableSince = System.nanoTime();
            } else if (System.nanoTime() - stableSince >= QUIET.toNanos()) {
                return now;
            }
        }
        return last;
    }

    private Work read() {
        Map<String, Long> calls = new TreeMap<>();
        for (CallCounter proxy : deployment.proxies()) {
            // several instances of a service have a proxy each under the service's one label: their counts add up
            proxy.counts().forEach((call, n) -> calls.merge(call, n, Long::sum));
        }
        Map<String, Long> sql = statements.read(databases);
        if (mariadbStatements != null) {
            mariadbStatements.read(databases).forEach((statement, n) -> sql.merge(statement, n, Long::sum));
        }
        return new Work(sql, calls, redis.read()).without(background);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    @Override
    public void close() {
        statements.close();
        if (mariadbStatements != null) {
            mariadbStatements.close();
        }
        redis.close();
    }

}
