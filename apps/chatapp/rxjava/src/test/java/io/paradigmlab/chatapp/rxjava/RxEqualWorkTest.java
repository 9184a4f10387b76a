package io.paradigmlab.chatapp.rxjava;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.chatapp.schema.ChatSql;
import io.paradigmlab.chatapp.server.ChatConfig;
import io.paradigmlab.chatapp.server.ChatCounters;
import io.paradigmlab.chatapp.server.WsClient;
import io.paradigmlab.chatapp.tck.ChatTestDatabase;
import io.paradigmlab.common.blockhound.BlockHoundInstaller;
import io.vertx.core.json.JsonObject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Equal work (spec 4.2): a scripted session against a fresh database, then {@code pg_stat_statements} calls per
 * {@link ChatSql} statement and the server counters must be exactly what the protocol prescribes (and what the
 * threads engine runs): the same statements, in the same number, per request and outcome.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RxEqualWorkTest {

    private static final String PASSWORD = "Secret#1";
    private ChatTestDatabase db;
    private RxChatApp app;

    @BeforeAll
    void start() throws Exception {
        BlockHoundInstaller.install();
        db = ChatTestDatabase.start(true);
        app = RxChatApp.start(ChatConfig.of(0, db.jdbcUrl(), ChatTestDatabase.USER, ChatTestDatabase.PASSWORD));
    }

    @AfterAll
    void stop() throws Exception {
        if (app != null) {
            app.close();
        }
        if (db != null) {
            db.close();
        }
    }

    private static JsonObject op(String op, String ref) {
        return new JsonObject().put("op", op).put("ref", ref);
    }

    private static JsonObject register(String nick, String password) {
        return op("register", nick).put("nick", nick).put("first", "F").put("last", "L").put("password", password);
    }

    private static JsonObject login(String nick, String password) {
        return op("login", "l").put("nick", nick).put("password", password);
    }

    private static String type(JsonObject frame) {
        return frame.getString("type");
    }

    private static String code(JsonObject frame) {
        assertThat(type(frame)).as(frame.encode()).isEqualTo("err");
        return frame.getString("code");
    }

    @Test
    void everyRequestRunsExactlyTheStatementsOfTheProtocol() throws Exception {
        db.queryString("SELECT pg_stat_statements_reset()::text");
        ChatCounters.Stats before = app.counters().stats();
        try (WsClient a = WsClient.connect(app.port()); WsClient b = WsClient.connect(app.port());
                WsClient anon = WsClient.connect(app.port())) {
            assertThat(type(a.call(register("ann", PASSWORD)))).isEqualTo("ok");             // REGISTER
            assertThat(type(a.call(register("bob", PASSWORD)))).isEqualTo("ok");             // REGISTER
            assertThat(type(a.call(register("cid", PASSWORD)))).isEqualTo("ok");             // REGISTER
            assertThat(code(a.call(register("ann", PASSWORD)))).isEqualTo("NICK_TAKEN");     // REGISTER
            assertThat(code(a.call(register("dan", "weak")))).isEqualTo("WEAK_PASSWORD");    // -
            assertThat(code(a.call(login("ann", "Wrong#1")))).isEqualTo("BAD_CREDENTIALS");  // LOGIN
            assertThat(code(a.call(login("no such!", PASSWORD)))).isEqualTo("BAD_CREDENTIALS"); // -
            assertThat(type(a.call(login("ann", PASSWORD)))).isEqualTo("ok");                // LOGIN, TOUCH_LOGIN
            assertThat(type(b.call(login("bob", PASSWORD)))).isEqualTo("ok");                // LOGIN, TOUCH_LOGIN
            assertThat(code(anon.call(login("bob", PASSWORD)))).isEqualTo("ALREADY_ONLINE"); // LOGIN

            long hello = a.call(op("send", "s1").put("line", "hello")).getLong("id");        // INSERT_MESSAGE
            assertThat(b.next().getLong("id")).isEqualTo(hello);
            assertThat(code(a.call(op("send", "s2").put("line", "@cid:hi")))).isEqualTo("RECIPIENT_OFFLINE"); // PERSON_EXISTS
            assertThat(code(a.call(op("send", "s3").put("line", "@zed:hi")))).isEqualTo("UNKNOWN_RECIPIENT"); // PERSON_EXISTS
            long pub = a.call(op("send", "s4").put("line", "@bob/public:x")).getLong("id");  // INSERT_MESSAGE
            assertThat(b.next().getLong("id")).isEqualTo(pub);
            assertThat(code(a.call(op("send", "s5").put("line", "@ann:me")))).isEqualTo("BAD_REQUEST"); // -

            assertThat(type(a.call(op("update", "u").put("first", "Anna")))).isEqualTo("ok"); // UPDATE_PERSON
            assertThat(type(a.call(op("edit", "e1").put("id", pub).put("content", "y")))).isEqualTo("ack"); // EDIT_REPLACE
            assertThat(type(b.next())).isEqualTo("edited");
            assertThat(type(b.call(op("edit", "e2").put("id", pub).put("append", "z")))).isEqualTo("ack"); // EDIT_APPEND
            assertThat(type(a.next())).isEqualTo("edited");
            assertThat(code(b.call(op("edit", "e3").put("id", hello).put("content", "no"))))
                    .isEqualTo("EDIT_FORBIDDEN");                                              // EDIT_REPLACE, EDIT_PROBE
            assertThat(code(a.call(op("edit", "e4").put("id", 999_999).put("content", "no"))))
                    .isEqualTo("NOT_FOUND");                                                   // EDIT_REPLACE, EDIT_PROBE

            assertThat(a.call(op("pal", "p1").put("text", "abba x")).getInteger("count")).isEqualTo(2); // -
            assertThat(type(a.call(op("pal", "p2").put("lineId", 1)))).isEqualTo("result");  // CPU_LINE
            assertThat(type(a.call(op("pal", "p3").put("msgId", hello)))).isEqualTo("result"); // MESSAGE_CONTENT
            assertThat(code(a.call(op("pal", "p4").put("lineId", 9_999)))).isEqualTo("NOT_FOUND"); // CPU_LINE

            a.send(op("history", "h").put("afterId", 0));                                    // HISTORY
            assertThat(a.next().getLong("id")).isEqualTo(hello);
            assertThat(a.next().getLong("id")).isEqualTo(pub);
            assertThat(a.next().encode()).isEqualTo("{\"type\":\"end\",\"ref\":\"h\",\"count\":2}");
            assertThat(type(a.call(op("stats", "st")))).isEqualTo("stats");                  // -
            assertThat(code(anon.call(op("edit", "e5").put("id", pub).put("content", "q"))))
                    .isEqualTo("NOT_AUTHENTICATED");                                           // -
        }

        Map<String, Long> expected = new LinkedHashMap<>();
        expected.put("REGISTER", 4L);
        expected.put("LOGIN", 4L);
        expected.put("TOUCH_LOGIN", 2L);
        expected.put("UPDATE_PERSON", 1L);
        expected.put("PERSON_EXISTS", 2L);
        expected.put("INSERT_MESSAGE", 2L);
        expected.put("EDIT_REPLACE", 3L);
        expected.put("EDIT_APPEND", 1L);
        expected.put("EDIT_PROBE", 2L);
        expected.put("MESSAGE_CONTENT", 1L);
        expected.put("CPU_LINE", 2L);
        expected.put("HISTORY", 1L);
        assertThat(calls()).isEqualTo(expected);
        assertThat(db.queryLong("SELECT count(*) FROM message")).isEqualTo(2);

        ChatCounters.Stats after = app.counters().stats();
        assertThat(after.sends() - before.sends()).isEqualTo(2);
        assertThat(after.edits() - before.edits()).isEqualTo(2);
        assertThat(after.logins() - before.logins()).isEqualTo(2);
        assertThat(after.pal() - before.pal()).isEqualTo(3);
        assertThat(after.delivered() - before.delivered()).isEqualTo(4); // 2 msg to bob, 1 edited each way
        assertThat(after.errors() - before.errors()).isEqualTo(12);

        // stateless (A.1, B.1): a login only reads
        try (RxChatApp stateless = RxChatApp.start(ChatConfig.of(0, db.jdbcUrl(), ChatTestDatabase.USER,
                ChatTestDatabase.PASSWORD).withStateless(true)); WsClient c = WsClient.connect(stateless.port())) {
            assertThat(type(c.call(login("cid", PASSWORD)))).isEqualTo("ok");
        }
        assertThat(calls()).containsEntry("LOGIN", 5L).containsEntry("TOUCH_LOGIN", 2L);
        assertThat(db.queryLong("SELECT count(*) FROM person WHERE last_login IS NOT NULL")).isEqualTo(2);
    }

    /** Calls per ChatSql statement name since the reset, statements never run left out. */
    private Map<String, Long> calls() throws SQLException {
        Map<String, String> byShape = new HashMap<>();
        for (ChatSql.Statement s : ChatSql.ALL) {
            byShape.put(shape(s.pg()), s.name());
        }
        Map<String, Long> calls = new LinkedHashMap<>();
        for (ChatSql.Statement s : ChatSql.ALL) {
            calls.put(s.name(), 0L);
        }
        try (Connection c = db.connect(); Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT query, calls FROM pg_stat_statements"
                        + " WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())")) {
            while (rs.next()) {
                String name = byShape.get(shape(rs.getString(1)));
                if (name != null) {
                    calls.merge(name, rs.getLong(2), Long::sum);
                }
            }
        }
        calls.values().removeIf(n -> n == 0);
        return calls;
    }

    /**
     * A statement's text with every parameter and constant as {@code ?}: pg_stat_statements shows the constants of
     * a statement ('public', the 1 of version + 1) as further {@code $n}.
     */
    static String shape(String sql) {
        return sql.replaceAll("'[^']*'", "?")
                .replaceAll("\\$\\d+", "?")
                .replaceAll("(?<![\\w?.])\\d+(?![\\w])", "?")
                .replaceAll("\\s+", " ")
                .trim();
    }
}
