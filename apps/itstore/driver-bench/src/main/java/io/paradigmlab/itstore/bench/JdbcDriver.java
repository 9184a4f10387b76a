package io.paradigmlab.itstore.bench;

import io.paradigmlab.lab.api.PostgresEndpoint;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * pgjdbc on one {@link Connection}, the driver's defaults otherwise (autocommit, extended protocol, server-side
 * prepare after 5 executions, whole result sets fetched at once). A statement with parameters is prepared once per
 * connection and kept (a loop of INSERTs binds and executes the same {@link PreparedStatement}, as JDBC code does);
 * DDL and maintenance go through a plain {@link Statement}.
 */
final class JdbcDriver implements Driver {

    private final Connection connection;
    private final Statement plain;
    private final Map<String, PreparedStatement> prepared = new HashMap<>();

    JdbcDriver(PostgresEndpoint server, String database) {
        try {
            connection = DriverManager.getConnection(server.jdbcUrl(database), server.user(), server.password());
            plain = connection.createStatement();
        } catch (SQLException e) {
            throw new DriverException("jdbc: cannot connect to " + server.jdbcUrl(database) + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String name() {
        return "jdbc";
    }

    @Override
    public long run(List<Step> steps, Sink sink) {
        long total = 0;
        Step current = null;
        try {
            for (Step step : steps) {
                current = step;
                total += run(step, sink);
            }
            return total;
        } catch (SQLException | RuntimeException e) {
            rollback();
            throw new DriverException("jdbc: " + current + ": " + e.getMessage(), e);
        }
    }

    private long run(Step step, Sink sink) throws SQLException {
        switch (step.kind()) {
            case BEGIN -> {
                connection.setAutoCommit(false);
                return 0;
            }
            case COMMIT -> {
                connection.commit();
                connection.setAutoCommit(true);
                return 0;
            }
            case EXECUTE -> {
                plain.execute(step.sql().jdbc());
                return 0;
            }
            case UPDATE -> {
                return bound(step).executeLargeUpdate();
            }
            case QUERY -> {
                long rows = 0;
                try (ResultSet rs = bound(step).executeQuery()) {
                    int columns = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        for (int i = 1; i <= columns; i++) {
                            sink.value(rs.getObject(i));
                        }
                        rows++;
                    }
                }
                return rows;
            }
            default -> throw new IllegalStateException("unknown step " + step.kind());
        }
    }

    private PreparedStatement bound(Step step) throws SQLException {
        Sql sql = step.sql();
        PreparedStatement ps = prepared.get(sql.jdbc());
        if (ps == null) {
            ps = connection.prepareStatement(sql.jdbc());
            prepared.put(sql.jdbc(), ps);
        }
        int[] args = sql.jdbcArgs();
        for (int i = 0; i < args.length; i++) {
            ps.setObject(i + 1, step.args()[args[i]]);
        }
        return ps;
    }

    private void rollback() {
        try {
            if (!connection.getAutoCommit()) {
                connection.rollback();
                connection.setAutoCommit(true);
            }
        } catch (SQLException ignored) {
            // the original failure is the one to report
        }
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException ignored) {
            // closing after the measurement: nothing to save
        }
    }
}
