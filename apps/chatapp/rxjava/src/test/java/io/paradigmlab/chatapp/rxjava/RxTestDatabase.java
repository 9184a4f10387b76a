package io.paradigmlab.chatapp.rxjava;

import io.paradigmlab.chatapp.domain.Palindromes;
import io.paradigmlab.chatapp.domain.WordLines;
import io.paradigmlab.chatapp.schema.ChatSchema;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The tests' database: an embedded PostgreSQL migrated by {@link ChatSchema#migrate} (the real migration), with
 * {@value #LINES} cpu lines of {@value #WORDS} words ({@link WordLines}, seed {@value #SEED}). JDBC is only the tests'
 * view of the rows; the variant itself talks to it through the reactive client.
 */
final class RxTestDatabase implements AutoCloseable {

    static final long SEED = 42;
    static final int LINES = 5;
    static final int WORDS = 1_000;
    static final String USER = "postgres";
    static final String PASSWORD = "postgres";

    private final EmbeddedPostgres postgres;

    private RxTestDatabase(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    static RxTestDatabase start() throws IOException, SQLException {
        return start(false);
    }

    /** With {@code statStatements}, pg_stat_statements is loaded and created in the chat database. */
    static RxTestDatabase start(boolean statStatements) throws IOException, SQLException {
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder();
        if (statStatements) {
            builder.setServerConfig("shared_preload_libraries", "pg_stat_statements");
        }
        EmbeddedPostgres pg = builder.start();
        try (Connection c = pg.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + ChatSchema.DATABASE);
        }
        RxTestDatabase db = new RxTestDatabase(pg);
        ChatSchema.migrate(pg.getDatabase(USER, ChatSchema.DATABASE));
        try (Connection c = db.connect();
                PreparedStatement ps = c.prepareStatement("INSERT INTO cpu_line VALUES (?, ?, ?)")) {
            for (int id = 1; id <= LINES; id++) {
                String line = WordLines.line(SEED, id, WORDS);
                ps.setInt(1, id);
                ps.setString(2, line);
                ps.setInt(3, Palindromes.count(line));
                ps.addBatch();
            }
            ps.executeBatch();
        }
        if (statStatements) {
            try (Connection c = db.connect(); Statement s = c.createStatement()) {
                s.execute("CREATE EXTENSION pg_stat_statements");
            }
        }
        return db;
    }

    /** {@code jdbc:postgresql://localhost:PORT/chatapp?user=postgres}: the form the lab passes as chatapp.db.url. */
    String jdbcUrl() {
        return postgres.getJdbcUrl(USER, ChatSchema.DATABASE);
    }

    Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl(), USER, PASSWORD);
    }

    long queryLong(String sql) {
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    String queryString(String sql) {
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() throws IOException {
        postgres.close();
    }
}
