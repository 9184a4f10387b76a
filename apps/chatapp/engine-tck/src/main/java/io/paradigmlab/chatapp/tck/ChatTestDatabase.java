package io.paradigmlab.chatapp.tck;

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
 * The engines' test database: an embedded PostgreSQL migrated by {@link ChatSchema#migrate} (the real migration),
 * with {@value #LINES} cpu lines of {@value #WORDS} words ({@link WordLines}, seed {@value #SEED}). JDBC is only the
 * tests' view of the rows; an engine talks to it through its own client.
 */
public final class ChatTestDatabase implements AutoCloseable {

    public static final long SEED = 42;
    public static final int LINES = 5;
    public static final int WORDS = 1_000;
    public static final String USER = "postgres";
    public static final String PASSWORD = "postgres";

    private final EmbeddedPostgres postgres;

    private ChatTestDatabase(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    public static ChatTestDatabase start() throws IOException, SQLException {
        return start(false);
    }

    /** With {@code statStatements}, pg_stat_statements is loaded and created in the chat database. */
    public static ChatTestDatabase start(boolean statStatements) throws IOException, SQLException {
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder();
        if (statStatements) {
            builder.setServerConfig("shared_preload_libraries", "pg_stat_statements");
        }
        EmbeddedPostgres pg = builder.start();
        try (Connection c = pg.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + ChatSchema.DATABASE);
        }
        ChatTestDatabase db = new ChatTestDatabase(pg);
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
    public String jdbcUrl() {
        return postgres.getJdbcUrl(USER, ChatSchema.DATABASE);
    }

    public Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl(), USER, PASSWORD);
    }

    /** The single long value of {@code sql}. */
    public long queryLong(String sql) {
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The single string value of {@code sql} (null for SQL NULL). */
    public String queryString(String sql) {
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
