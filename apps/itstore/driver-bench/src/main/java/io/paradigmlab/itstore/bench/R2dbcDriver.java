package io.paradigmlab.itstore.bench;

import io.paradigmlab.lab.api.PostgresEndpoint;
import io.r2dbc.postgresql.PostgresqlConnectionConfiguration;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import io.r2dbc.postgresql.api.PostgresqlConnection;
import io.r2dbc.postgresql.api.PostgresqlStatement;
import java.time.Duration;
import java.util.List;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.resources.LoopResources;

/**
 * r2dbc-postgresql on one {@link PostgresqlConnection}, the driver's defaults otherwise (autocommit; a statement without
 * parameters goes over the simple-query protocol, one with parameters over the extended one with the driver's cache of
 * prepared statements; whole results at once).
 *
 * <p>A list of steps is one reactive pipeline: each step's statement is issued when the previous one completed
 * ({@code concatMap}, on the driver's event loop), and the benchmark thread blocks once, on the whole operation, as a
 * reactive caller chains statements. So the per-statement cost is the driver's, not that of waking the benchmark
 * thread for every statement (which a blocking caller, {@code block()} after each statement, would add).
 */
final class R2dbcDriver implements Driver {

    /** Connecting, at trial set-up only; a slow first connect (class loading, a busy machine) must not fail. */
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(60);

    private final LoopResources loops;
    private final PostgresqlConnection connection;

    R2dbcDriver(PostgresEndpoint server, String database) {
        // one connection uses one event loop: a loop group of its own, so nothing else shares its thread
        loops = LoopResources.create("driver-bench-r2dbc", 1, true);
        try {
            PostgresqlConnectionFactory factory = new PostgresqlConnectionFactory(PostgresqlConnectionConfiguration
                    .builder()
                    .host(server.host())
                    .port(server.port())
                    .database(database)
                    .username(server.user())
                    .password(server.password())
                    .loopResources(loops)
                    .build());
            connection = factory.create().block(CONNECT_TIMEOUT);
        } catch (RuntimeException e) {
            loops.dispose();
            throw new DriverException("r2dbc: cannot connect to " + server.host() + ":" + server.port() + "/" + database
                    + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String name() {
        return "r2dbc";
    }

    @Override
    public long run(List<Step> steps, Sink sink) {
        Long total = Flux.fromIterable(steps)
                .concatMap(step -> run(step, sink)
                        .onErrorMap(e -> !(e instanceof DriverException),
                                e -> new DriverException("r2dbc: " + step + ": " + e.getMessage(), e)))
                .reduce(0L, Long::sum)
                .onErrorResume(e -> rollback().then(Mono.error(e)))
                .block();
        return total == null ? 0 : total;
    }

    private Mono<Long> run(Step step, Sink sink) {
        return switch (step.kind()) {
            case BEGIN -> connection.beginTransaction().thenReturn(0L);
            case COMMIT -> connection.commitTransaction().thenReturn(0L);
            case EXECUTE -> bound(step).execute().concatMap(result -> result.getRowsUpdated()).then(Mono.just(0L));
            case UPDATE -> bound(step).execute().concatMap(result -> result.getRowsUpdated()).reduce(0L, Long::sum);
            case QUERY -> bound(step).execute()
                    .concatMap(result -> result.map((row, meta) -> {
                        int columns = meta.getColumnMetadatas().size();
                        for (int i = 0; i < columns; i++) {
                            sink.value(row.get(i));
                        }
                        return 1L;
                    }))
                    .count();
        };
    }

    private PostgresqlStatement bound(Step step) {
        PostgresqlStatement statement = connection.createStatement(step.sql().r2dbc());
        Object[] args = step.args();
        for (int i = 0; i < args.length; i++) {
            statement.bind(i, args[i]);
        }
        return statement;
    }

    private Mono<Void> rollback() {
        return Mono.defer(() -> connection.isAutoCommit() ? Mono.empty() : connection.rollbackTransaction())
                .onErrorResume(e -> Mono.empty());
    }

    @Override
    public void close() {
        try {
            connection.close().block(CONNECT_TIMEOUT);
        } catch (RuntimeException ignored) {
            // closing after the measurement: nothing to save
        } finally {
            // no quiet period: the connection is closed, nothing more can arrive (Netty's default waits 2 s)
            loops.disposeLater(Duration.ZERO, Duration.ofSeconds(5)).block(CONNECT_TIMEOUT);
        }
    }
}
