package io.paradigmlab.chatapp.threads;

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
 * The tests' database: an embedded PostgreSQL, the real migration ({@link ChatSchema#migrate}) and {@value #LINES}
 * cpu lines of {@value #WORDS} words from {@link WordLines} with seed {@value #SEED}.
 */
public final class ChatTestDatabase implements AutoCloseable {

    public static final long SEED = 42;
    public static final int LINES = 5;
    public static final int WORDS = 1_000;

    private final EmbeddedPostgres postgres;

    private ChatTestDatabase(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    public static ChatTestDatabase start() throws IOException, SQLException {
        EmbeddedPostgres pg = EmbeddedPostgres.builder().start();
        try (Connection c = pg.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + ChatSchema.DATABASE);
        }
        ChatTestDatabase db = new ChatTestDatabase(pg);
        ChatSchema.migrate(db.jdbcUrl(), user(), password());
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
        return db;
    }

    public String jdbcUrl() {
        return postgres.getJdbcUrl(user(), ChatSchema.DATABASE);
    }

    public static String user() {
        return "postgres";
    }

    public static String password() {
        return "postgres";
    }

    public Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl(), user(), password());
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
