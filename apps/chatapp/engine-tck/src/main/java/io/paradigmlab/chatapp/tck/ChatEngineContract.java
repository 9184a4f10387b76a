package io.paradigmlab.chatapp.tck;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.chatapp.domain.Palindromes;
import io.paradigmlab.chatapp.domain.Passwords;
import io.paradigmlab.chatapp.domain.WordLines;
import io.paradigmlab.chatapp.server.ChatConfig;
import io.paradigmlab.chatapp.server.ChatCounters;
import io.paradigmlab.chatapp.server.WsClient;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The ChatApp engine contract (the test kit's TCK): what every engine, whatever its paradigm, must do behind the
 * real server, driven by the JDK WebSocket client ({@link WsClient}) against an embedded PostgreSQL
 * ({@link ChatTestDatabase}). An engine's test extends it and supplies the engine through {@link #start}; its own
 * paradigm's checks (BlockHound, thread names, gauges) stay in that subclass.
 *
 * <p>The contract blocks only in the test thread (the client waits for frames); an engine is never called directly,
 * so a blocking, a reactive or any other engine runs it unchanged. One engine and one database serve all the tests of
 * a class ({@code PER_CLASS}); each test registers fresh users, so the tests do not depend on one another's order.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class ChatEngineContract {

    private static final String PASSWORD = "Secret#1";
    private final AtomicInteger nicks = new AtomicInteger();
    private ChatTestDatabase db;
    private RunningChat chat;

    /**
     * Starts the engine under test behind the server on {@code config}'s port (0: an ephemeral one) over
     * {@code config}'s database, already migrated and seeded. Called once per class, after {@link #startDatabase}.
     */
    protected abstract RunningChat start(ChatConfig config) throws Exception;

    /** The database the engine runs over; by default a fresh {@link ChatTestDatabase}. */
    protected ChatTestDatabase startDatabase() throws Exception {
        return ChatTestDatabase.start();
    }

    /**
     * Whether {@code quit} logs the user out before its close completes (a recipient sees them offline as soon as the
     * quitter sees close 1000); otherwise the logout may follow the close a little later.
     */
    protected boolean quitLogsOutAtOnce() {
        return false;
    }

    /** The database of this class's tests. */
    protected final ChatTestDatabase database() {
        return db;
    }

    /** The engine of this class's tests. */
    protected final RunningChat chat() {
        return chat;
    }

    @BeforeAll
    void startEngine() throws Exception {
        db = startDatabase();
        chat = start(ChatConfig.of(0, db.jdbcUrl(), ChatTestDatabase.USER, ChatTestDatabase.PASSWORD));
    }

    @AfterAll
    void stopEngine() throws Exception {
        if (chat != null) {
            chat.close();
        }
        if (db != null) {
            db.close();
        }
    }

    private String newNick() {
        return "u" + nicks.incrementAndGet();
    }

    private static JsonObject op(String op, String ref) {
        return new JsonObject().put("op", op).put("ref", ref);
    }

    private WsClient connect() {
        return WsClient.connect(chat.port());
    }

    private String register() {
        String nick = newNick();
        try (WsClient c = connect()) {
            JsonObject ok = c.call(op("register", "r").put("nick", nick).put("first", "F").put("last", "L")
                    .put("password", PASSWORD));
            assertThat(ok.encode()).isEqualTo("{\"type\":\"ok\",\"ref\":\"r\"}");
        }
        return nick;
    }

    private WsClient online(String nick) {
        WsClient c = connect();
        JsonObject ok = c.call(op("login", "l").put("nick", nick).put("password", PASSWORD));
        assertThat(ok.getString("type")).as(ok.encode()).isEqualTo("ok");
        assertThat(ok.getJsonObject("you").getString("nick")).isEqualTo(nick);
        return c;
    }

    private static void assertErr(JsonObject frame, String code) {
        assertThat(frame.getString("type")).as(frame.encode()).isEqualTo("err");
        assertThat(frame.getString("code")).as(frame.encode()).isEqualTo(code);
    }

    /** The sentinel of spec 5.2: {@code from} unicasts a marker; {@code to}'s next frame must be it. */
    private static void assertNextIsMarker(WsClient from, String toNick, WsClient to) {
        String marker = "marker-" + System.nanoTime();
        JsonObject ack = from.call(op("send", "m").put("line", "@" + toNick + ":" + marker));
        assertThat(ack.getString("type")).as(ack.encode()).isEqualTo("ack");
        JsonObject next = to.next();
        assertThat(next.getString("content")).as(next.encode()).isEqualTo(marker);
    }

    @Test
    void healthIsUpThroughThePool() throws Exception {
        HttpResponse<String> health = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + chat.port() + "/actuator/health")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(health.statusCode()).isEqualTo(200);
        assertThat(health.body()).isEqualTo("{\"status\":\"UP\"}");
    }

    @Test
    void registerValidatesAndRefusesDuplicates() {
        String nick = register();
        try (WsClient c = connect()) {
            assertErr(c.call(op("register", "d").put("nick", nick).put("first", "F").put("last", "L")
                    .put("password", PASSWORD)), "NICK_TAKEN");
            for (String weak : List.of("abc12", "abcdef1", "abc!def")) {
                assertErr(c.call(op("register", "w").put("nick", newNick()).put("first", "F").put("last", "L")
                        .put("password", weak)), "WEAK_PASSWORD");
            }
            assertErr(c.call(op("register", "b").put("nick", "bad nick").put("first", "F").put("last", "L")
                    .put("password", PASSWORD)), "BAD_NICK");
        }
        assertThat(db.queryString("SELECT password FROM person WHERE nickname = '" + nick + "'"))
                .isEqualTo(Passwords.sha256Hex(PASSWORD));
    }

    @Test
    void loginRules() {
        String nick = register();
        try (WsClient c = connect()) {
            assertErr(c.call(op("send", "s").put("line", "hi")), "NOT_AUTHENTICATED");
            assertErr(c.call(op("login", "x").put("nick", nick).put("password", "Wrong#1")), "BAD_CREDENTIALS");
            assertErr(c.call(op("login", "x").put("nick", "nobody_here").put("password", PASSWORD)),
                    "BAD_CREDENTIALS");
            JsonObject ok = c.call(op("login", "l").put("nick", nick).put("password", PASSWORD));
            assertThat(ok.getJsonObject("you").getLong("id"))
                    .isEqualTo(db.queryLong("SELECT id FROM person WHERE nickname = '" + nick + "'"));
            assertErr(c.call(op("login", "again").put("nick", nick).put("password", PASSWORD)),
                    "ALREADY_AUTHENTICATED");
            try (WsClient other = connect()) {
                JsonObject dup = other.call(op("login", "dup").put("nick", nick).put("password", PASSWORD));
                assertErr(dup, "ALREADY_ONLINE");
                assertThat(dup.getString("ref")).isEqualTo("dup");
            }
        }
        assertThat(db.queryLong("SELECT count(*) FROM person WHERE last_login IS NOT NULL AND nickname = '"
                + nick + "'")).isEqualTo(1);
    }

    @Test
    void aClosedSessionIsLoggedOut() throws Exception {
        String nick = register();
        online(nick).close();
        for (int i = 0; i < 100; i++) {
            try (WsClient again = connect()) {
                JsonObject r = again.call(op("login", "l").put("nick", nick).put("password", PASSWORD));
                if (r.getString("type").equals("ok")) {
                    return;
                }
                assertErr(r, "ALREADY_ONLINE");
            }
            Thread.sleep(20);
        }
        throw new AssertionError("still online");
    }

    @Test
    void updateChangesNamesButNeverTheNick() {
        String nick = register();
        try (WsClient c = online(nick)) {
            assertThat(c.call(op("update", "u").put("first", "Ann").put("last", "Lee")).getString("type"))
                    .isEqualTo("ok");
            assertErr(c.call(op("update", "n").put("nick", "other")), "NICK_IMMUTABLE");
            assertThat(c.call(op("update", "p").put("password", "Other#22")).getString("type")).isEqualTo("ok");
        }
        assertThat(db.queryString("SELECT firstname || ' ' || lastname FROM person WHERE nickname = '" + nick + "'"))
                .isEqualTo("Ann Lee");
        assertThat(db.queryString("SELECT password FROM person WHERE nickname = '" + nick + "'"))
                .isEqualTo(Passwords.sha256Hex("Other#22"));
    }

    @Test
    void broadcastReachesEveryoneElseAndAcksTheSender() {
        String a = register();
        String b = register();
        String c = register();
        try (WsClient ca = online(a); WsClient cb = online(b); WsClient cc = online(c)) {
            JsonObject ack = ca.call(op("send", "s1").put("line", "Hello"));
            assertThat(ack.getString("type")).as(ack.encode()).isEqualTo("ack");
            assertThat(ack.getString("ref")).isEqualTo("s1");
            assertThat(ack.getInteger("n")).isGreaterThanOrEqualTo(2); // other tests' users may be online
            for (WsClient r : List.of(cb, cc)) {
                JsonObject msg = r.next();
                assertThat(msg.getString("type")).isEqualTo("msg");
                assertThat(msg.getLong("id")).isEqualTo(ack.getLong("id"));
                assertThat(msg.getString("from")).isEqualTo(a);
                assertThat(msg.getString("kind")).isEqualTo("broadcast");
                assertThat(msg.getString("edit")).isEqualTo("final");
                assertThat(msg.getString("content")).isEqualTo("Hello");
                assertThat(msg.getInteger("ver")).isZero();
                assertThat(msg.getLong("ts")).isPositive();
                assertThat(msg.containsKey("ref")).isFalse();
            }
            assertNextIsMarker(cb, a, ca); // the sender got no echo
            assertThat(db.queryLong("SELECT count(*) FROM message WHERE id = " + ack.getLong("id")
                    + " AND modified_by IS NULL")).isEqualTo(1);
        }
    }

    @Test
    void unicastAndBlockcastPickTheirRecipients() {
        String a = register();
        String b = register();
        String c = register();
        String d = register();
        try (WsClient ca = online(a); WsClient cb = online(b); WsClient cc = online(c); WsClient cd = online(d)) {
            JsonObject ack = ca.call(op("send", "u").put("line", "@" + b + "/public:x"));
            assertThat(ack.getInteger("n")).isEqualTo(1);
            assertThat(cb.next().getString("content")).isEqualTo("x");
            assertNextIsMarker(ca, c, cc);

            JsonObject block = ca.call(op("send", "bc").put("kind", "blockcast")
                    .put("to", new JsonArray().add(b).add(c)).put("content", "y"));
            assertThat(block.getString("type")).as(block.encode()).isEqualTo("ack");
            JsonObject toD = cd.next();
            assertThat(toD.getString("content")).isEqualTo("y");
            assertThat(toD.getString("kind")).isEqualTo("blockcast");
            assertNextIsMarker(ca, b, cb);
            assertNextIsMarker(ca, c, cc);
            assertThat(db.queryString("SELECT array_to_string(targets, ',') FROM message WHERE id = "
                    + block.getLong("id"))).isEqualTo(b + "," + c);
        }
    }

    @Test
    void unicastToUnknownOrOfflineWritesNothing() {
        String a = register();
        String gone = register();
        try (WsClient ca = online(a)) {
            long before = db.queryLong("SELECT count(*) FROM message");
            assertErr(ca.call(op("send", "1").put("line", "@nobody_at_all:hi")), "UNKNOWN_RECIPIENT");
            assertErr(ca.call(op("send", "2").put("line", "@" + gone + ":hi")), "RECIPIENT_OFFLINE");
            assertErr(ca.call(op("send", "3").put("line", "@" + a + ":me")), "BAD_REQUEST");
            assertThat(db.queryLong("SELECT count(*) FROM message")).isEqualTo(before);
        }
    }

    @Test
    void errorsKeepTheConnectionOpen() {
        String a = register();
        try (WsClient ca = online(a)) {
            ca.send("{nope");
            assertErr(ca.next(), "BAD_JSON");
            ca.send("[1,2]");
            assertErr(ca.next(), "BAD_JSON");
            assertErr(ca.call(op("dance", "d")), "UNKNOWN_OP");
            for (String bad : List.of("@:x", "/secret:x", "!:x")) {
                assertErr(ca.call(op("send", "p").put("line", bad)), "BAD_PREFIX");
            }
            assertErr(ca.call(op("send", "e").put("line", "@B:")), "EMPTY_CONTENT");
            JsonObject missing = ca.call(op("edit", "m").put("content", "x"));
            assertErr(missing, "BAD_REQUEST");
            assertThat(missing.getString("ref")).isEqualTo("m");
            JsonObject noRef = ca.call(new JsonObject().put("op", "dance"));
            assertErr(noRef, "UNKNOWN_OP");
            assertThat(noRef.containsKey("ref")).isFalse();
            assertThat(ca.call(op("stats", "s")).getString("type")).isEqualTo("stats");
            assertThat(ca.isClosed()).isFalse();
        }
    }

    @Test
    void editRules() {
        String a = register();
        String b = register();
        String c = register();
        try (WsClient ca = online(a); WsClient cb = online(b); WsClient cc = online(c)) {
            long fin = ca.call(op("send", "f").put("line", "@" + b + ":final one")).getLong("id");
            cb.next();
            assertErr(cb.call(op("edit", "e1").put("id", fin).put("content", "z")), "EDIT_FORBIDDEN");
            assertErr(ca.call(op("edit", "e1").put("id", fin).put("content", "z")), "EDIT_FORBIDDEN");

            long priv = ca.call(op("send", "p").put("line", "@" + b + "/private:draft")).getLong("id");
            cb.next();
            JsonObject ack = ca.call(op("edit", "e2").put("id", priv).put("content", "better"));
            assertThat(ack.getString("type")).as(ack.encode()).isEqualTo("ack");
            assertThat(ack.getString("ref")).isEqualTo("e2");
            assertThat(ack.getLong("id")).isEqualTo(priv);
            assertThat(ack.getInteger("version")).isEqualTo(1);
            assertThat(ack.getInteger("n")).isEqualTo(1);
            JsonObject edited = cb.next();
            assertThat(edited.getString("type")).isEqualTo("edited");
            assertThat(edited.getLong("id")).isEqualTo(priv);
            assertThat(edited.getString("by")).isEqualTo(a);
            assertThat(edited.getString("content")).isEqualTo("better");
            assertThat(edited.getInteger("ver")).isEqualTo(1);
            assertNextIsMarker(ca, c, cc); // c was never a recipient
            assertErr(cb.call(op("edit", "e3").put("id", priv).put("content", "mine")), "EDIT_FORBIDDEN");

            long pub = ca.call(op("send", "q").put("line", "@" + b + "/public:open")).getLong("id");
            cb.next();
            JsonObject byB = cb.call(op("edit", "e4").put("id", pub).put("append", "+b"));
            assertThat(byB.getInteger("version")).isEqualTo(1);
            JsonObject toAuthor = ca.next();
            assertThat(toAuthor.getString("content")).isEqualTo("open+b");
            assertThat(toAuthor.getString("by")).isEqualTo(b);
            assertErr(ca.call(op("edit", "e5").put("id", 987_654_321L).put("content", "x")), "NOT_FOUND");
            assertThat(db.queryString("SELECT content FROM message WHERE id = " + pub)).isEqualTo("open+b");
            assertThat(db.queryLong("SELECT modified_by FROM message WHERE id = " + pub))
                    .isEqualTo(db.queryLong("SELECT id FROM person WHERE nickname = '" + b + "'"));
        }
    }

    @Test
    void twentyConcurrentEditsOfOnePublicMessageGiveVersionTwenty() throws Exception {
        concurrentEdits(false);
    }

    @Test
    void twentyConcurrentAppendsLoseNothing() throws Exception {
        concurrentEdits(true);
    }

    private void concurrentEdits(boolean append) throws Exception {
        String author = register();
        List<String> editors = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            editors.add(register());
        }
        List<WsClient> clients = new ArrayList<>();
        try (WsClient ca = online(author)) {
            for (String e : editors) {
                clients.add(online(e));
            }
            // a unicast-free broadcast: users of other tests may get it too; the counts are taken on this group
            long id = ca.call(op("send", "s").put("line", "/public:base")).getLong("id");
            for (WsClient c : clients) {
                assertThat(c.next().getLong("id")).isEqualTo(id);
            }
            CountDownLatch go = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(20);
            List<Future<?>> sent = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                WsClient c = clients.get(i);
                JsonObject edit = op("edit", "e").put("id", id).put(append ? "append" : "content", "|" + i);
                sent.add(pool.submit(() -> {
                    go.await();
                    c.send(edit);
                    return null;
                }));
            }
            go.countDown();
            for (Future<?> f : sent) {
                f.get();
            }
            pool.shutdown();
            Set<Integer> versions = new HashSet<>();
            for (WsClient c : clients) {
                int edited = 0;
                JsonObject ack = null;
                for (int k = 0; k < 20; k++) { // 19 edited frames from the others and one ack, in any order
                    JsonObject f = c.next();
                    if (f.getString("type").equals("ack")) {
                        ack = f;
                    } else {
                        assertThat(f.getString("type")).as(f.encode()).isEqualTo("edited");
                        edited++;
                    }
                }
                assertThat(ack).isNotNull();
                assertThat(edited).isEqualTo(19);
                versions.add(ack.getInteger("version"));
            }
            assertThat(versions).hasSize(20).allMatch(v -> v >= 1 && v <= 20);
            Set<Integer> seenByAuthor = new HashSet<>();
            for (int k = 0; k < 20; k++) {
                JsonObject f = ca.next();
                assertThat(f.getString("type")).isEqualTo("edited");
                seenByAuthor.add(f.getInteger("ver"));
            }
            assertThat(seenByAuthor).hasSize(20);
            assertThat(db.queryLong("SELECT version FROM message WHERE id = " + id)).isEqualTo(20);
            String content = db.queryString("SELECT content FROM message WHERE id = " + id);
            if (append) {
                assertThat(content).startsWith("base").hasSize("base".length() + 10 * 2 + 10 * 3);
                Set<String> segments = new HashSet<>(List.of(content.substring("base|".length()).split("\\|")));
                Set<String> expected = new HashSet<>();
                for (int i = 0; i < 20; i++) {
                    expected.add(String.valueOf(i));
                }
                assertThat(segments).isEqualTo(expected);
            } else {
                assertThat(content).matches("\\|\\d{1,2}");
            }
        } finally {
            for (WsClient c : clients) {
                c.close();
            }
        }
    }

    @Test
    void palCountsOnTextLinesAndMessagesWithoutWriting() {
        String a = register();
        try (WsClient ca = online(a)) {
            String line = WordLines.line(ChatTestDatabase.SEED, 2, ChatTestDatabase.WORDS);
            int expected = Palindromes.count(line);
            long id = ca.call(op("send", "s").put("line", "/public:noon at noon")).getLong("id");
            ChatCounters.Stats before = chat.counters().stats();
            JsonObject r1 = ca.call(op("pal", "p1").put("lineId", 2));
            assertThat(r1.encode()).isEqualTo("{\"type\":\"result\",\"ref\":\"p1\",\"count\":" + expected
                    + ",\"any\":" + (expected > 0) + "}");
            JsonObject r10 = ca.call(op("pal", "p10").put("lineId", 2).put("k", 10).put("store", false));
            assertThat(r10.getInteger("count")).isEqualTo(expected);
            assertThat(ca.call(op("pal", "t").put("text", "abba  x yz level")).getInteger("count")).isEqualTo(3);
            assertThat(ca.call(op("pal", "m").put("msgId", id)).getInteger("count")).isEqualTo(2);
            JsonObject none = ca.call(op("pal", "n").put("text", "ab cd"));
            assertThat(none.getInteger("count")).isZero();
            assertThat(none.getBoolean("any")).isFalse();
            assertErr(ca.call(op("pal", "nf").put("lineId", 99_999)), "NOT_FOUND");
            assertErr(ca.call(op("pal", "nm").put("msgId", 99_999_999L)), "NOT_FOUND");
            assertErr(ca.call(op("pal", "k").put("text", "a").put("k", 1001)), "BAD_REQUEST");
            ChatCounters.Stats after = chat.counters().stats();
            assertThat(after.pal() - before.pal()).isEqualTo(5);
            assertThat(after.palCount() - before.palCount()).isEqualTo(2L * expected + 3 + 2);
        }
    }

    @Test
    void historyListsVisibleMessagesThenEnd() {
        String a = register();
        String b = register();
        String c = register();
        try (WsClient ca = online(a); WsClient cb = online(b); WsClient cc = online(c)) {
            long first = ca.call(op("send", "1").put("line", "@" + b + ":for b")).getLong("id");
            cb.next();
            long second = ca.call(op("send", "2").put("line", "!" + c + ":not for c")).getLong("id");
            cb.next();
            cb.send(op("history", "h").put("afterId", first - 1).put("limit", 1000));
            JsonObject m1 = cb.next();
            assertThat(m1.getString("type")).isEqualTo("msg");
            assertThat(m1.getString("ref")).isEqualTo("h");
            assertThat(m1.getLong("id")).isEqualTo(first);
            assertThat(m1.getString("from")).isEqualTo(a);
            assertThat(m1.getString("kind")).isEqualTo("unicast");
            assertThat(m1.getString("content")).isEqualTo("for b");
            assertThat(m1.getLong("ts")).isPositive();
            JsonObject m2 = cb.next();
            assertThat(m2.getLong("id")).isEqualTo(second);
            JsonObject end;
            int count = 2;
            while (!(end = cb.next()).getString("type").equals("end")) {
                count++; // broadcasts of tests running alongside
            }
            assertThat(end.getString("ref")).isEqualTo("h");
            assertThat(end.getInteger("count")).isEqualTo(count);
            cc.send(op("history", "hc").put("afterId", first - 1).put("limit", 1000));
            JsonObject f;
            while (!(f = cc.next()).getString("type").equals("end")) {
                assertThat(f.getLong("id")).isNotIn(first, second);
            }
            JsonObject limited = ca.call(op("history", "one").put("afterId", first - 1).put("limit", 1));
            assertThat(limited.getLong("id")).isEqualTo(first);
            assertThat(ca.next().encode()).isEqualTo("{\"type\":\"end\",\"ref\":\"one\",\"count\":1}");
        }
    }

    @Test
    void ordersAreKeptAcrossManyFramesWithBackpressure() {
        String a = register();
        String b = register();
        try (WsClient ca = online(a); WsClient cb = online(b)) {
            int n = 300; // well above an engine's high-water mark (backlog, mailbox): the socket is paused and resumed
            for (int i = 1; i <= n; i++) {
                ca.send(op("send", "s" + i).put("line", "@" + b + ":" + i));
            }
            for (int i = 1; i <= n; i++) {
                JsonObject ack = ca.next();
                assertThat(ack.getString("ref")).isEqualTo("s" + i);
                assertThat(cb.next().getString("content")).isEqualTo(String.valueOf(i));
            }
        }
    }

    @Test
    void quitClosesWith1000AndLogsOut() throws Exception {
        String a = register();
        String b = register();
        WsClient ca = online(a);
        try (WsClient cb = online(b)) {
            ca.send(op("quit", "q"));
            assertThat(ca.closeCode()).isEqualTo(1000);
            // at once when the engine logs out by quit itself, before the close completes; else soon after
            int attempts = quitLogsOutAtOnce() ? 1 : 100;
            for (int i = 0; i < attempts; i++) {
                JsonObject r = cb.call(op("send", "x").put("line", "@" + a + ":still there?"));
                if (r.getString("type").equals("err")) {
                    assertErr(r, "RECIPIENT_OFFLINE");
                    return;
                }
                Thread.sleep(20);
            }
            throw new AssertionError("never logged out");
        } finally {
            ca.close();
        }
    }

    @Test
    void repliesPipelinedBeforeAQuitAreDeliveredBeforeTheClose() {
        String a = register();
        WsClient ca = online(a);
        try {
            ca.send(op("send", "s").put("line", "/public:last words"));
            ca.send(op("history", "h").put("afterId", 0).put("limit", 1));
            ca.send(op("stats", "st"));
            ca.send(op("quit", "q"));
            ca.send(op("stats", "after")); // read after the quit: never answered
            assertThat(ca.next().getString("ref")).isEqualTo("s");
            assertThat(ca.next().getString("ref")).isEqualTo("h");
            assertThat(ca.next().getString("type")).isEqualTo("end");
            assertThat(ca.next().getString("ref")).isEqualTo("st");
            assertThat(ca.closeCode()).isEqualTo(1000);
            assertThat(ca.poll(Duration.ofMillis(200))).isNull();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        } finally {
            ca.close();
        }
    }

    @Test
    void statsCountsWithoutLogin() {
        try (WsClient c = connect()) {
            ChatCounters.Stats before = chat.counters().stats();
            JsonObject s = c.call(op("stats", "st"));
            assertThat(s.getString("ref")).isEqualTo("st");
            assertThat(s.getLong("in")).isGreaterThanOrEqualTo(before.in() + 1);
            assertThat(s.getLong("sessions")).isGreaterThanOrEqualTo(1);
            assertThat(s.fieldNames()).contains("out", "delivered", "bytesOut", "pal", "palCount", "edits", "sends",
                    "logins", "errors");
        }
    }

    @Test
    void aFrameTooBigClosesWith1009() {
        try (WsClient c = connect()) {
            c.socket().sendText("{\"op\":\"send\",\"line\":\"" + "a".repeat(200 * 1024) + "\"}", true);
            assertThat(c.closeCode()).isEqualTo(1009);
        }
    }

    @Test
    void sessionsEndWithTheirConnection() throws Exception {
        ChatCounters.Stats before = chat.counters().stats();
        try (WsClient c = connect()) {
            c.call(op("stats", "s"));
        }
        for (int i = 0; i < 100 && chat.counters().stats().sessions() >= before.sessions() + 1; i++) {
            Thread.sleep(20);
        }
        assertThat(chat.counters().stats().sessions()).isLessThanOrEqualTo(before.sessions());
    }
}
