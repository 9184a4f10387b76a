package io.paradigmlab.chatapp.threads;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.paradigmlab.chatapp.schema.ChatSql;
import io.paradigmlab.chatapp.server.ChatConfig;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The blocking store of the thread variants: one method per {@link ChatSql} statement, run as its
 * {@link ChatSql.Statement#jdbc()} text on a HikariCP pool of {@code chatapp.pool-size} connections (the same cap as
 * the reactive variant's pool, spec W2), in autocommit: every write is committed when its method returns, and the row
 * lock of an edit is held for that one statement only. A caller blocks while it waits for a connection and for the
 * answer (that is the paradigm). A failed call throws {@link StoreException}.
 */
public final class JdbcChatStore implements AutoCloseable {

    private final HikariDataSource pool;

    /** A pool of {@code config.poolSize()} connections to {@code config.dbUrl()}, all opened at once. */
    public JdbcChatStore(ChatConfig config) {
        HikariConfig hikari = new HikariConfig();
        hikari.setPoolName("chatapp-jdbc");
        hikari.setJdbcUrl(config.dbUrl());
        hikari.setUsername(config.dbUser());
        hikari.setPassword(config.dbPassword());
        hikari.setMaximumPoolSize(config.poolSize());
        hikari.setMinimumIdle(config.poolSize()); // full from the start: no growth during a run
        hikari.setAutoCommit(true);
        this.pool = new HikariDataSource(hikari);
    }

    /** The login row of a person: id and password hash (SHA-256 hex). */
    public record Credentials(long id, String passwordHash) {
    }

    /** A stored message: its id and creation time. */
    public record Inserted(long id, OffsetDateTime createdAt) {
    }

    /** An edited message, as the edit statements return it. */
    public record Edited(long id, String kind, List<String> targets, String content, int version,
            OffsetDateTime modifiedAt, String author) {
    }

    /** A row of {@code history}. */
    public record HistoryRow(long id, String from, String kind, String edit, String content, int version,
            OffsetDateTime createdAt) {
    }

    /** REGISTER: the new person's id, or empty when the nick is taken. */
    public OptionalLong register(String nick, String first, String last, String passwordHash) {
        try (Connection c = pool.getConnection();
                PreparedStatement ps = c.prepareStatement(ChatSql.REGISTER.jdbc())) {
            ps.setString(1, nick);
            ps.setString(2, first);
            ps.setString(3, last);
            ps.setString(4, passwordHash);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? OptionalLong.of(rs.getLong(1)) : OptionalLong.empty();
            }
        } catch (SQLException e) {
            throw new StoreException(ChatSql.REGISTER, e);
        }
    }

    /** LOGIN: id and password hash of {@code nick}, or empty when unknown. */
    public Optional<Credentials> login(String nick) {
        try (Connection c = pool.getConnection();
                PreparedStatement ps = c.prepareStatement(ChatSql.LOGIN.jdbc())) {
            ps.setString(1, nick);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(new Credentials(rs.getLong(1), rs.getString(2).trim())) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new StoreException(ChatSql.LOGIN, e);
        }
    }

    /** TOUCH_LOGIN: sets {@code last_login} of person {@code id}. */
    public void touchLogin(long id) {
        update(ChatSql.TOUCH_LOGIN, ps -> ps.setLong(1, id));
    }

    /** UPDATE_PERSON: each null argument leaves its column unchanged. */
    public void updatePerson(String first, String last, String passwordHash, long id) {
        update(ChatSql.UPDATE_PERSON, ps -> {
            ps.setString(1, first);
            ps.setString(2, last);
            ps.setString(3, passwordHash);
            ps.setLong(4, id);
        });
    }

    /** PERSON_EXISTS: whether {@code nick} is registered. */
    public boolean personExists(String nick) {
        try (Connection c = pool.getConnection();
                PreparedStatement ps = c.prepareStatement(ChatSql.PERSON_EXISTS.jdbc())) {
            ps.setString(1, nick);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        } catch (SQLException e) {
            throw new StoreException(ChatSql.PERSON_EXISTS, e);
        }
    }

    /** INSERT_MESSAGE: stores (and commits) a message. */
    public Inserted insertMessage(long authorId, String content, String kind, String edit, List<String> targets) {
        try (Connection c = pool.getConnection();
                PreparedStatement ps = c.prepareStatement(ChatSql.INSERT_MESSAGE.jdbc())) {
            ps.setLong(1, authorId);
            ps.setString(2, content);
            ps.setString(3, kind);
            ps.setString(4, edit);
            Array array = c.createArrayOf("text", targets.toArray());
            ps.setArray(5, array);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return new Inserted(rs.getLong(1), rs.getObject(2, OffsetDateTime.class));
            } finally {
                array.free();
            }
        } catch (SQLException e) {
            throw new StoreException(ChatSql.INSERT_MESSAGE, e);
        }
    }

    /** EDIT_REPLACE: the edited message, or empty when missing or not editable by {@code editorId}. */
    public Optional<Edited> editReplace(String content, long editorId, long messageId) {
        return edit(ChatSql.EDIT_REPLACE, content, editorId, messageId);
    }

    /** EDIT_APPEND: as {@link #editReplace}, appending {@code text}. */
    public Optional<Edited> editAppend(String text, long editorId, long messageId) {
        return edit(ChatSql.EDIT_APPEND, text, editorId, messageId);
    }

    private Optional<Edited> edit(ChatSql.Statement statement, String text, long editorId, long messageId) {
        try (Connection c = pool.getConnection(); PreparedStatement ps = c.prepareStatement(statement.jdbc())) {
            ps.setString(1, text);
            ps.setLong(2, editorId);
            ps.setLong(3, messageId);
            ps.setLong(4, editorId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                Array targets = rs.getArray(3);
                List<String> list = List.of((String[]) targets.getArray());
                targets.free();
                return Optional.of(new Edited(rs.getLong(1), rs.getString(2), list, rs.getString(4), rs.getInt(5),
                        rs.getObject(6, OffsetDateTime.class), rs.getString(7)));
            }
        } catch (SQLException e) {
            throw new StoreException(statement, e);
        }
    }

    /** EDIT_PROBE: the edit type of message {@code id}, or empty when it does not exist. */
    public Optional<String> editProbe(long id) {
        return oneString(ChatSql.EDIT_PROBE, id);
    }

    /** MESSAGE_CONTENT: the content of message {@code id}. */
    public Optional<String> messageContent(long id) {
        return oneString(ChatSql.MESSAGE_CONTENT, id);
    }

    /** CPU_LINE: the content of line {@code id}. */
    public Optional<String> cpuLine(int id) {
        try (Connection c = pool.getConnection();
                PreparedStatement ps = c.prepareStatement(ChatSql.CPU_LINE.jdbc())) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new StoreException(ChatSql.CPU_LINE, e);
        }
    }

    /** HISTORY: up to {@code limit} messages after {@code afterId} that the caller may see, by id. */
    public List<HistoryRow> history(long afterId, long callerId, String callerNick, int limit) {
        try (Connection c = pool.getConnection();
                PreparedStatement ps = c.prepareStatement(ChatSql.HISTORY.jdbc())) {
            ps.setLong(1, afterId);
            ps.setLong(2, callerId);
            ps.setString(3, callerNick);
            ps.setString(4, callerNick);
            ps.setInt(5, limit);
            List<HistoryRow> rows = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(new HistoryRow(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4),
                            rs.getString(5), rs.getInt(6), rs.getObject(7, OffsetDateTime.class)));
                }
            }
            return rows;
        } catch (SQLException e) {
            throw new StoreException(ChatSql.HISTORY, e);
        }
    }

    /** {@code SELECT 1} through the pool: the health probe. False when the database does not answer. */
    public boolean ping() {
        try (Connection c = pool.getConnection(); var s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
            return rs.next();
        } catch (SQLException e) {
            return false;
        }
    }

    private Optional<String> oneString(ChatSql.Statement statement, long id) {
        try (Connection c = pool.getConnection(); PreparedStatement ps = c.prepareStatement(statement.jdbc())) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw new StoreException(statement, e);
        }
    }

    private void update(ChatSql.Statement statement, Binder binder) {
        try (Connection c = pool.getConnection(); PreparedStatement ps = c.prepareStatement(statement.jdbc())) {
            binder.bind(ps);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new StoreException(statement, e);
        }
    }

    @FunctionalInterface
    private interface Binder {
        void bind(PreparedStatement ps) throws SQLException;
    }

    @Override
    public void close() {
        pool.close();
    }

    /** A statement failed (database down, connection timeout): the engine closes the session with 1011. */
    public static final class StoreException extends RuntimeException {

        StoreException(ChatSql.Statement statement, SQLException cause) {
            super(statement.name() + " failed: " + cause.getMessage(), cause);
        }
    }
}
