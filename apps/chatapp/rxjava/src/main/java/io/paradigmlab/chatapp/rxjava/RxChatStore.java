package io.paradigmlab.chatapp.rxjava;

import io.paradigmlab.chatapp.schema.ChatSql;
import io.paradigmlab.chatapp.server.ChatConfig;
import io.reactivex.rxjava3.core.Completable;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.Single;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.rxjava3.core.Vertx;
import io.vertx.rxjava3.pgclient.PgBuilder;
import io.vertx.rxjava3.sqlclient.Pool;
import io.vertx.rxjava3.sqlclient.Row;
import io.vertx.rxjava3.sqlclient.RowSet;
import io.vertx.rxjava3.sqlclient.SqlConnection;
import io.vertx.rxjava3.sqlclient.Tuple;
import io.vertx.sqlclient.PoolOptions;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * The database side of the rxjava variant: every {@link ChatSql} statement, as its {@code pg()} text (the same string
 * the threads variant runs through pgjdbc), over the Vert.x reactive PostgreSQL client. One method per statement, one
 * statement per call, autocommit (no explicit transaction: the threads variant has none either).
 *
 * <p>The pool holds at most {@link ChatConfig#poolSize()} connections (W2: the same cap as HikariCP in the threads
 * variant); further queries wait in the pool's queue. Prepared statements are cached per connection, as pgjdbc ends
 * up doing with its server-side prepared statements.
 *
 * <p>A result is delivered on the Vert.x context of the caller (the session's event loop when called from there).
 * No method blocks.
 */
public final class RxChatStore implements AutoCloseable {

    /** The credentials row of {@link ChatSql#LOGIN}. */
    public record Credentials(long id, String passwordHash) {
    }

    /** The row {@link ChatSql#INSERT_MESSAGE} returns. */
    public record Inserted(long id, OffsetDateTime createdAt) {
    }

    /** The row {@link ChatSql#EDIT_REPLACE} / {@link ChatSql#EDIT_APPEND} return for an edit that was allowed. */
    public record Edited(long id, String kind, List<String> targets, String content, int version,
            OffsetDateTime modifiedAt, String author) {
    }

    /** A row of {@link ChatSql#HISTORY}. */
    public record HistoryRow(long id, String from, String kind, String edit, String content, int version,
            OffsetDateTime createdAt) {
    }

    private final Pool pool;

    RxChatStore(Pool pool) {
        this.pool = pool;
    }

    /**
     * A store on a pool of at most {@code config.poolSize()} connections to the database of {@code config.dbUrl()}
     * (host, port and database taken from the JDBC URL; its query parameters are ignored) as
     * {@code config.dbUser()}. Connections are opened on demand ({@link #warmUp}); no I/O happens here.
     */
    public static RxChatStore create(Vertx vertx, ChatConfig config) {
        Pool pool = PgBuilder.pool()
                .with(poolOptions(config))
                .connectingTo(connectOptions(config))
                .using(vertx)
                .build();
        return new RxChatStore(pool);
    }

    /** The connection settings: host, port and database of the JDBC URL, plus user and password. */
    static PgConnectOptions connectOptions(ChatConfig config) {
        ChatConfig.DbAddress db = config.db();
        return new PgConnectOptions()
                .setHost(db.host())
                .setPort(db.port())
                .setDatabase(db.database())
                .setUser(config.dbUser())
                .setPassword(config.dbPassword())
                // parse once per connection and statement, then bind/execute only (pgjdbc's prepareThreshold does
                // the same after a few executions); pg_stat_statements counts the executions either way
                .setCachePreparedStatements(true);
    }

    /** At most {@code chatapp.pool-size} connections, the cap every variant has (spec 4.2, W2). */
    static PoolOptions poolOptions(ChatConfig config) {
        return new PoolOptions().setMaxSize(config.poolSize()).setName("chatapp-rxjava");
    }

    /**
     * Opens {@code connections} connections at once and returns them to the pool, so the first requests do not pay
     * for connecting (HikariCP fills its pool at start in the threads variant; this is the same head start).
     */
    public Completable warmUp(int connections) {
        List<Single<SqlConnection>> opened = new ArrayList<>(connections);
        for (int i = 0; i < connections; i++) {
            opened.add(pool.rxGetConnection());
        }
        return Single.merge(opened).concatMapCompletable(SqlConnection::rxClose);
    }

    /** {@code SELECT 1} through the pool: the health probe. */
    public Single<Boolean> ping() {
        return pool.query("SELECT 1").rxExecute().map(rows -> rows.size() == 1);
    }

    /** REGISTER: the new person's id, or empty when the nick is taken. */
    public Maybe<Long> register(String nick, String first, String last, String passwordHash) {
        return execute(ChatSql.REGISTER, Tuple.of(nick, first, last, passwordHash))
                .flatMapMaybe(rows -> first(rows).map(row -> row.getLong(0)));
    }

    /** LOGIN: the id and stored hash of {@code nick}, or empty when there is no such person. */
    public Maybe<Credentials> login(String nick) {
        return execute(ChatSql.LOGIN, Tuple.of(nick))
                .flatMapMaybe(rows -> first(rows).map(row -> new Credentials(row.getLong(0), row.getString(1))));
    }

    /** TOUCH_LOGIN: {@code last_login = now()}. */
    public Completable touchLogin(long personId) {
        return execute(ChatSql.TOUCH_LOGIN, Tuple.of(personId)).ignoreElement();
    }

    /** UPDATE_PERSON: each of {@code first}, {@code last}, {@code passwordHash} may be null (unchanged). */
    public Completable updatePerson(String first, String last, String passwordHash, long personId) {
        return execute(ChatSql.UPDATE_PERSON, Tuple.of(first, last, passwordHash, personId)).ignoreElement();
    }

    /** PERSON_EXISTS: whether {@code nick} is registered. */
    public Single<Boolean> personExists(String nick) {
        return execute(ChatSql.PERSON_EXISTS, Tuple.of(nick)).map(rows -> rows.size() > 0);
    }

    /** INSERT_MESSAGE: kind and edit in their wire forms, targets as a {@code text[]}. */
    public Single<Inserted> insertMessage(long authorId, String content, String kind, String edit,
            List<String> targets) {
        Tuple params = Tuple.of(authorId, content, kind, edit).addArrayOfString(targets.toArray(String[]::new));
        return execute(ChatSql.INSERT_MESSAGE, params)
                .map(rows -> {
                    Row row = rows.iterator().next();
                    return new Inserted(row.getLong(0), row.getOffsetDateTime(1));
                });
    }

    /**
     * EDIT_APPEND when {@code append}, else EDIT_REPLACE: the edited row, or empty when the message is missing or
     * the editor may not edit it (then {@link #editProbe} tells which).
     */
    public Maybe<Edited> edit(boolean append, String text, long editorId, long messageId) {
        ChatSql.Statement statement = append ? ChatSql.EDIT_APPEND : ChatSql.EDIT_REPLACE;
        return execute(statement, Tuple.of(text, editorId, messageId, editorId))
                .flatMapMaybe(rows -> first(rows).map(row -> new Edited(
                        row.getLong("id"), row.getString("kind"), List.of(row.getArrayOfStrings("targets")),
                        row.getString("content"), row.getInteger("version"), row.getOffsetDateTime("modified_at"),
                        row.getString("author"))));
    }

    /** EDIT_PROBE: the message's edit type, or empty when there is no such message. */
    public Maybe<String> editProbe(long messageId) {
        return execute(ChatSql.EDIT_PROBE, Tuple.of(messageId))
                .flatMapMaybe(rows -> first(rows).map(row -> row.getString(0)));
    }

    /** MESSAGE_CONTENT: the content of a message, or empty. */
    public Maybe<String> messageContent(long messageId) {
        return execute(ChatSql.MESSAGE_CONTENT, Tuple.of(messageId))
                .flatMapMaybe(rows -> first(rows).map(row -> row.getString(0)));
    }

    /** CPU_LINE: a seeded line, or empty. */
    public Maybe<String> cpuLine(int lineId) {
        return execute(ChatSql.CPU_LINE, Tuple.of(lineId))
                .flatMapMaybe(rows -> first(rows).map(row -> row.getString(0)));
    }

    /**
     * HISTORY: the messages {@code nick} (id {@code personId}) may see after {@code afterId}, by id, at most
     * {@code limit}. One query (the rows are read whole, at most 1,000, as pgjdbc reads them), then a stream.
     */
    public Flowable<HistoryRow> history(long afterId, long personId, String nick, int limit) {
        return execute(ChatSql.HISTORY, Tuple.of(afterId, personId, nick, nick, limit))
                .flattenAsFlowable(rows -> {
                    List<HistoryRow> out = new ArrayList<>(rows.size());
                    for (Row row : rows) {
                        out.add(new HistoryRow(row.getLong(0), row.getString(1), row.getString(2),
                                row.getString(3), row.getString(4), row.getInteger(5), row.getOffsetDateTime(6)));
                    }
                    return out;
                });
    }

    private Single<RowSet<Row>> execute(ChatSql.Statement statement, Tuple params) {
        return pool.preparedQuery(statement.pg()).rxExecute(params);
    }

    private static Maybe<Row> first(RowSet<Row> rows) {
        return rows.size() == 0 ? Maybe.empty() : Maybe.just(rows.iterator().next());
    }

    /** Closes the pool's connections (asynchronously). */
    public Completable closePool() {
        return pool.rxClose();
    }

    @Override
    public void close() {
        pool.close().subscribe(() -> { }, e -> { });
    }
}
