package io.paradigmlab.itstore.bench;

import io.paradigmlab.lab.api.PostgresEndpoint;
import java.util.List;

/**
 * One connection of one driver, no pool, and the one way the benchmark uses it: {@link #run} a list of steps in order.
 * The same list goes to either driver, so both send the server the same statements in the same order.
 */
public interface Driver extends AutoCloseable {

    /** The drivers, by the names of the benchmark's {@code driver} parameter. */
    List<String> NAMES = List.of("jdbc", "r2dbc");

    /**
     * Runs the steps one after another and returns the rows read plus the rows affected. On a failure the open
     * transaction, if any, is rolled back and a {@link DriverException} thrown.
     */
    long run(List<Step> steps, Sink sink);

    /** {@code jdbc} or {@code r2dbc}. */
    String name();

    @Override
    void close();

    /** Opens a connection of driver {@code name} to {@code database}. */
    static Driver open(String name, PostgresEndpoint server, String database) {
        return switch (name) {
            case "jdbc" -> new JdbcDriver(server, database);
            case "r2dbc" -> new R2dbcDriver(server, database);
            default -> throw new IllegalArgumentException("unknown driver '" + name + "': " + NAMES);
        };
    }

    /** A step failed. */
    final class DriverException extends RuntimeException {
        public DriverException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
