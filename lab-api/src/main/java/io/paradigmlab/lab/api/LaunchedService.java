package io.paradigmlab.lab.api;

import java.nio.file.Path;
import java.time.Duration;

/**
 * A service JVM the lab started for an application ({@link ProcessLauncher#start}): what a deployment and its tests
 * need of it. The engine's implementation also samples its resources and knows where it really runs; an application
 * does not see that, so it cannot come to depend on how the lab measures.
 */
public interface LaunchedService extends AutoCloseable {

    /** The JVM's name, e.g. {@code user} or {@code inventory-2}. */
    String name();

    /** Where clients reach it, e.g. {@code http://127.0.0.1:9091}. */
    String baseUrl();

    /** The pid of the process the lab started (on another host: the local client's that runs it there). */
    long pid();

    /** The JVM's log file. */
    Path log();

    /** From process start to the first healthy answer (of the first start, not of a {@link #restart}). */
    Duration startupTime();

    /** Whether the JVM still runs. */
    boolean isAlive();

    /**
     * Stops the JVM if it still runs, starts it again with the same command (same port, same settings) and waits
     * until it is healthy: for fault tests, a service that went away comes back where its clients expect it.
     *
     * @throws LabException when the new JVM dies or is not healthy within {@code timeout}
     */
    void restart(Duration timeout);

    /** Stops the JVM: gracefully first, forcibly after a grace period. */
    @Override
    void close();
}
