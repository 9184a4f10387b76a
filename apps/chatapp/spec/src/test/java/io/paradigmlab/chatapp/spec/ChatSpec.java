package io.paradigmlab.chatapp.spec;

import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.lab.launch.ServiceLauncher;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.paradigmlab.chatapp.domain.ErrorCode;
import io.paradigmlab.chatapp.domain.Limits;
import io.paradigmlab.chatapp.domain.Palindromes;
import io.paradigmlab.chatapp.domain.Passwords;
import io.paradigmlab.chatapp.lab.ChatAppApplication;
import io.paradigmlab.chatapp.lab.ChatAppDeployment;
import io.paradigmlab.chatapp.lab.ChatDataGenerator;
import io.paradigmlab.chatapp.lab.ChatSettings;
import io.paradigmlab.chatapp.lab.ChatVariant;
import io.paradigmlab.chatapp.schema.ChatSchema;
import io.paradigmlab.chatapp.spec.ChatClient.Closed;
import io.paradigmlab.chatapp.spec.ChatClient.Frame;
import io.paradigmlab.lab.api.LaunchRequest;
import io.paradigmlab.lab.infra.Infrastructure;
import io.paradigmlab.lab.launch.ServiceProcess;
import io.paradigmlab.lab.verify.StatementStatistics;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * ChatApp's behaviour suite (spec section 5.2, S1-S16), black-box over WebSocket with the JDK's client, written once
 * and run unchanged against each variant (one subclass per variant). Each class starts its own embedded PostgreSQL,
 * a fresh migrated database filled with the {@code standard} data set (the seeded CPU lines of S14), and the variant
 * through {@link ChatAppApplication#launch} exactly as the lab does (BlockHound on in rxjava), once; tests register
 * users of their own with unique nicks, since they share the database. Beyond S1-S16: U+0000, unpaired surrogates and
 * oversized values (s11b), a consumer that stops reading (s17, closed with 1008 on a server of its own with a small
 * outbound bound), the subprotocol (s18) and a stateless server's write-free login (s19, what experiment A.1 needs).
 *
 * <p>Non-delivery is never proven by waiting: the sender then unicasts a sentinel to the observer, whose next frame
 * must be it ({@link ChatClient#expectNoFrameBefore}). Between tests every connection is closed and the server is
 * asked ({@code stats}) until only the suite's probe connection is left, so the online set is exactly what a test
 * builds and each {@code n} is exact.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.MethodName.class)
abstract class ChatSpec {

    static final long SEED = 42;
    static final String PASSWORD = "Spec#pass1";
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(20);

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private final ChatAppApplication app = new ChatAppApplication();
    private final AtomicInteger nicks = new AtomicInteger();
    private final AtomicInteger sentinels = new AtomicInteger();
    private final List<ChatClient> clients = new CopyOnWriteArrayList<>();
    private Path workDir;
    private Path dataDir;
    private Infrastructure infra;
    private String database;
    private ChatAppDeployment server;
    private StatementStatistics statements;
    /** A connection that never logs in: it asks for {@code stats} between tests. */
    private ChatClient probe;
    private long testStartMicros;

    abstract ChatVariant variant();

    @BeforeAll
    void startServer() {
        workDir = Path.of(System.getProperty("chatapp.spec.work-dir", "target/spec-run")).toAbsolutePath()
                .resolve(variant().id());
        infra = Infrastructure.start(new Infrastructure.Options(null, null, workDir.resolve("infra")));
        database = ChatSchema.DATABASE + "_spec";
        infra.recreateDatabase(database, ChatSchema.LOCATION);
        dataDir = workDir.resolve("data");
        app.data().generate(infra.postgres(), Map.of(ChatAppApplication.SERVICE, database),
                app.data().scale("standard"), SEED, dataDir, line -> System.out.println("  " + line));
        statements = new StatementStatistics(infra.postgres());
        server = launch("server", Map.of());
    }

    /** The variant on the suite's database, as the lab launches it, with launch settings over the defaults. */
    ChatAppDeployment launch(String name, Map<String, String> settings) {
        return (ChatAppDeployment) app.launch(LaunchRequest.of(infra, ServiceLauncher.standard(RepoLayout.locate()), variant().id(),
                Set.of(ChatAppApplication.SERVICE), workDir.resolve(name))
                .withDatabases(Map.of(ChatAppApplication.SERVICE, database)).withSecurity(false)
                .withJvmArgs(ServiceProcess.SUITE_JVM_ARGS).withChecks(false, true).withSettings(settings));
    }

    @AfterAll
    void stopServer() {
        closeClients();
        if (probe != null) {
            probe.close();
        }
        if (server != null) {
            server.close();
        }
        if (statements != null) {
            statements.close();
        }
        if (infra != null) {
            infra.close();
        }
    }

    @BeforeEach
    void quiet() {
        awaitOnlyProbe();
        testStartMicros = System.currentTimeMillis() * 1_000 - 5_000_000;
    }

    @AfterEach
    void closeClients() {
        for (ChatClient c : clients) {
            c.close();
        }
        clients.clear();
    }

    // ---- S1 register

    @Test
    void s01_registerValidThenDuplicateNickAndWeakPasswords() throws SQLException {
        ChatClient c = connect("s1");
        String nick = nick("s1");

        ok(c, register(nick, "Ada", "Lovelace", PASSWORD));
        assertThat(row("SELECT firstname, lastname, password, last_login IS NULL, modified_at IS NULL FROM person"
                + " WHERE nickname = ?", nick)).containsExactly("Ada", "Lovelace", Passwords.sha256Hex(PASSWORD), "t",
                "t");

        err(c, register(nick, "Other", "Person", PASSWORD), ErrorCode.NICK_TAKEN);
        for (String weak : List.of("abc12", "abcdef1", "abc!def")) {
            String other = nick("s1w");
            err(c, register(other, "W", "P", weak), ErrorCode.WEAK_PASSWORD);
            assertThat(rows("SELECT 1 FROM person WHERE nickname = ?", other)).as(weak).isEmpty();
        }
        err(c, register("bad nick", "B", "N", PASSWORD), ErrorCode.BAD_NICK);
        err(c, register("n".repeat(33), "B", "N", PASSWORD), ErrorCode.BAD_NICK);
        err(c, register("", "B", "N", PASSWORD), ErrorCode.BAD_NICK);
        err(c, ChatClient.op("register").put("nick", nick("s1m")).put("first", "F").put("last", "L"),
                ErrorCode.BAD_REQUEST);
        assertThat(row("SELECT count(*) FROM person WHERE nickname = ?", nick)).containsExactly("1");
    }

    // ---- S2 login

    @Test
    void s02_loginGoodAndBadOpsBeforeLoginAndASecondLogin() throws SQLException {
        ChatClient a = connect("s2a");
        String nick = nick("s2");
        ok(a, register(nick, "Alan", "Turing", PASSWORD));

        err(a, ChatClient.op("send").put("line", "hello"), ErrorCode.NOT_AUTHENTICATED);
        err(a, ChatClient.op("update").put("first", "X"), ErrorCode.NOT_AUTHENTICATED);
        err(a, ChatClient.op("edit").put("id", 1).put("content", "x"), ErrorCode.NOT_AUTHENTICATED);
        err(a, ChatClient.op("pal").put("text", "abba"), ErrorCode.NOT_AUTHENTICATED);
        err(a, ChatClient.op("history"), ErrorCode.NOT_AUTHENTICATED);
        assertThat(a.call(ChatClient.op("stats")).type()).isEqualTo("stats");

        err(a, login(nick, "Wrong#pass1"), ErrorCode.BAD_CREDENTIALS);
        err(a, login(nick("s2nobody"), PASSWORD), ErrorCode.BAD_CREDENTIALS);
        assertThat(row("SELECT last_login IS NULL FROM person WHERE nickname = ?", nick)).containsExactly("t");

        ObjectNode request = login(nick, PASSWORD);
        Frame reply = a.call(request);
        assertThat(reply.json()).isEqualTo(obj("type", "ok", "ref", ref(request), "you",
                obj("id", personId(nick), "nick", nick)));
        // the server is not stateless: login wrote last_login (TOUCH_LOGIN), just now
        assertThat(row("SELECT last_login IS NOT NULL AND last_login > now() - interval '1 minute' FROM person"
                + " WHERE nickname = ?", nick)).containsExactly("t");

        err(a, login(nick, PASSWORD), ErrorCode.ALREADY_AUTHENTICATED);
        ChatClient b = connect("s2b");
        err(b, login(nick, PASSWORD), ErrorCode.ALREADY_ONLINE);
        // b is still not logged in, and may log in as someone else
        err(b, ChatClient.op("send").put("line", "x"), ErrorCode.NOT_AUTHENTICATED);
        String other = nick("s2o");
        ok(b, register(other, "O", "P", PASSWORD));
        ok(b, login(other, PASSWORD));
        // register is allowed after login too
        ok(a, register(nick("s2r"), "R", "S", PASSWORD));
    }

    // ---- S3 update

    @Test
    void s03_updateChangesTheRowAndANickIsImmutable() throws SQLException {
        ChatClient a = user("s3");

        ok(a, ChatClient.op("update").put("first", "Grace").put("last", "Hopper"));
        assertThat(row("SELECT firstname, lastname, modified_at IS NOT NULL FROM person WHERE nickname = ?",
                a.nick())).containsExactly("Grace", "Hopper", "t");
        ok(a, ChatClient.op("update").put("last", "Murray"));
        assertThat(row("SELECT firstname, lastname FROM person WHERE nickname = ?", a.nick()))
                .containsExactly("Grace", "Murray");

        err(a, ChatClient.op("update").put("nick", "someone_else"), ErrorCode.NICK_IMMUTABLE);
        err(a, ChatClient.op("update").put("nick", a.nick()).put("first", "X"), ErrorCode.NICK_IMMUTABLE);
        err(a, ChatClient.op("update").put("password", "abc12"), ErrorCode.WEAK_PASSWORD);
        err(a, ChatClient.op("update").put("first", "x".repeat(Limits.MAX_NAME + 1)), ErrorCode.BAD_REQUEST);
        assertThat(row("SELECT firstname, password FROM person WHERE nickname = ?", a.nick()))
                .containsExactly("Grace", Passwords.sha256Hex(PASSWORD));

        ok(a, ChatClient.op("update").put("password", "Changed#pw2"));
        assertThat(row("SELECT password FROM person WHERE nickname = ?", a.nick()))
                .containsExactly(Passwords.sha256Hex("Changed#pw2"));
        quit(a);
        awaitOnlyProbe();
        ChatClient again = connect("s3again");
        err(again, login(a.nick(), PASSWORD), ErrorCode.BAD_CREDENTIALS);
        ok(again, login(a.nick(), "Changed#pw2"));
    }

    // ---- S4 broadcast

    @Test
    void s04_aBroadcastReachesEveryoneElseOnceAndTheSenderOnlyGetsTheAck() throws SQLException {
        ChatClient a = user("s4a");
        ChatClient b = user("s4b");
        ChatClient c = user("s4c");

        JsonNode ack = send(a, "Hello");

        assertThat(ack.get("n").asInt()).isEqualTo(2);
        long id = ack.get("id").asLong();
        expectMsg(b, id, a, "broadcast", "final", "Hello", 0);
        expectMsg(c, id, a, "broadcast", "final", "Hello", 0);
        noFrameFor(b, a);
        noFrameFor(a, b, c);
        assertThat(row("SELECT created_by, modified_by IS NULL, content, kind, edit_type, targets::text, version,"
                + " modified_at IS NULL FROM message WHERE id = ?", id))
                .containsExactly(Long.toString(personId(a.nick())), "t", "Hello", "broadcast", "final", "{}", "0", "t");

        // the structured form is the same message
        JsonNode structured = sendJson(a, ChatClient.op("send").put("kind", "broadcast")
                .put("edit", "final").put("content", "Hello again").set("to", ChatClient.JSON.createArrayNode()));
        assertThat(structured.get("n").asInt()).isEqualTo(2);
        expectMsg(b, structured.get("id").asLong(), a, "broadcast", "final", "Hello again", 0);
        expectMsg(c, structured.get("id").asLong(), a, "broadcast", "final", "Hello again", 0);
        assertThat(structured.get("id").asLong()).isGreaterThan(id);
    }

    // ---- S5 unicast

    @Test
    void s05_aUnicastReachesOnlyItsTarget() throws SQLException {
        ChatClient a = user("s5a");
        ChatClient b = user("s5b");
        ChatClient c = user("s5c");

        JsonNode ack = send(a, "@" + b.nick() + "/public:x");

        assertThat(ack.get("n").asInt()).isEqualTo(1);
        expectMsg(b, ack.get("id").asLong(), a, "unicast", "public", "x", 0);
        noFrameFor(a, c);
        noFrameFor(b, a);
        assertThat(row("SELECT kind, edit_type, targets::text, content FROM message WHERE id = ?",
                ack.get("id").asLong())).containsExactly("unicast", "public", "{" + b.nick() + "}", "x");

        ArrayNode to = ChatClient.JSON.createArrayNode().add(c.nick());
        JsonNode structured = sendJson(a, ChatClient.op("send").put("kind", "unicast").put("edit", "private")
                .put("content", "y").set("to", to));
        assertThat(structured.get("n").asInt()).isEqualTo(1);
        expectMsg(c, structured.get("id").asLong(), a, "unicast", "private", "y", 0);
        noFrameFor(a, b);
    }

    // ---- S6 blockcast

    @Test
    void s06_aBlockcastReachesEveryoneButTheBlockedAndTheSender() throws SQLException {
        ChatClient a = user("s6a");
        ChatClient b = user("s6b");
        ChatClient c = user("s6c");
        ChatClient d = user("s6d");

        JsonNode ack = send(a, "!" + b.nick() + "," + c.nick() + ":x");

        assertThat(ack.get("n").asInt()).isEqualTo(1);
        expectMsg(d, ack.get("id").asLong(), a, "blockcast", "final", "x", 0);
        noFrameFor(a, b, c);
        noFrameFor(b, a);
        assertThat(row("SELECT kind, edit_type, targets::text FROM message WHERE id = ?", ack.get("id").asLong()))
                .containsExactly("blockcast", "final", "{" + b.nick() + "," + c.nick() + "}");
    }

    // ---- S7 unicast to nobody

    @Test
    void s07_aUnicastToAnUnknownOrOfflineUserIsRefusedAndWritesNothing() throws SQLException {
        ChatClient a = user("s7a");
        ChatClient b = user("s7b");
        String registeredOnly = nick("s7r");
        ok(a, register(registeredOnly, "R", "O", PASSWORD));
        long before = count("message");

        err(a, ChatClient.op("send").put("line", "@" + nick("s7nobody") + ":hi"), ErrorCode.UNKNOWN_RECIPIENT);
        err(a, ChatClient.op("send").put("line", "@" + registeredOnly + ":hi"), ErrorCode.RECIPIENT_OFFLINE);
        err(a, ChatClient.op("send").put("kind", "unicast").put("edit", "final").put("content", "hi")
                .set("to", ChatClient.JSON.createArrayNode().add(nick("s7nobody"))), ErrorCode.UNKNOWN_RECIPIENT);
        err(a, ChatClient.op("send").put("line", "@" + a.nick() + ":me"), ErrorCode.BAD_REQUEST);
        quit(b);
        awaitOnlyProbe();
        err(a, ChatClient.op("send").put("line", "@" + b.nick() + ":hi"), ErrorCode.RECIPIENT_OFFLINE);

        assertThat(count("message")).isEqualTo(before);
    }

    // ---- S8 edit rules

    @Test
    void s08_editRulesFinalPrivatePublicAndMissing() throws SQLException {
        ChatClient a = user("s8a");
        ChatClient b = user("s8b");
        ChatClient c = user("s8c");

        long fin = send(a, "a final one").get("id").asLong();
        expectMsg(b, fin, a, "broadcast", "final", "a final one", 0);
        expectMsg(c, fin, a, "broadcast", "final", "a final one", 0);
        err(a, edit(fin, "content", "changed"), ErrorCode.EDIT_FORBIDDEN);
        err(b, edit(fin, "append", "!"), ErrorCode.EDIT_FORBIDDEN);

        // private: the author may edit; the edited frame goes to the original recipients only (the author edits)
        long priv = send(a, "@" + b.nick() + "/private:secret v1").get("id").asLong();
        expectMsg(b, priv, a, "unicast", "private", "secret v1", 0);
        JsonNode ack = sendJson(a, edit(priv, "content", "secret v2"));
        assertThat(ack).isEqualTo(obj("type", "ack", "ref", ack.get("ref").asString(), "id", priv, "version", 1,
                "n", 1));
        expectEdited(b, priv, a, "secret v2", 1);
        noFrameFor(a, c);
        noFrameFor(c, a);
        err(b, edit(priv, "append", " by b"), ErrorCode.EDIT_FORBIDDEN);
        err(c, edit(priv, "content", "by c"), ErrorCode.EDIT_FORBIDDEN);

        // public: anyone may edit; the edited frame goes to the recipients plus the author, minus the editor
        long pub = send(a, "@" + b.nick() + "/public:pub").get("id").asLong();
        expectMsg(b, pub, a, "unicast", "public", "pub", 0);
        JsonNode byC = sendJson(c, edit(pub, "append", " +c"));
        assertThat(byC.get("version").asInt()).isEqualTo(1);
        assertThat(byC.get("n").asInt()).isEqualTo(2);
        expectEdited(a, pub, c, "pub +c", 1);
        expectEdited(b, pub, c, "pub +c", 1);
        noFrameFor(a, c);
        JsonNode byA = sendJson(a, edit(pub, "content", "pub v2"));
        assertThat(byA.get("version").asInt()).isEqualTo(2);
        assertThat(byA.get("n").asInt()).isEqualTo(1);
        expectEdited(b, pub, a, "pub v2", 2);
        noFrameFor(a, c);
        assertThat(row("SELECT content, version, modified_by, modified_at IS NOT NULL FROM message WHERE id = ?", pub))
                .containsExactly("pub v2", "2", Long.toString(personId(a.nick())), "t");
        assertThat(row("SELECT content, version, modified_by IS NULL FROM message WHERE id = ?", fin))
                .containsExactly("a final one", "0", "t");

        err(a, edit(Long.MAX_VALUE / 2, "content", "x"), ErrorCode.NOT_FOUND);
        err(a, ChatClient.op("edit").put("id", pub).put("content", "a").put("append", "b"), ErrorCode.BAD_REQUEST);
        err(a, ChatClient.op("edit").put("id", pub), ErrorCode.BAD_REQUEST);
        err(a, ChatClient.op("edit").put("id", "one").put("content", "x"), ErrorCode.BAD_REQUEST);
    }

    // ---- S9 concurrent edits

    @Test
    void s09_twentyConcurrentAppendsLoseNoUpdate() throws Exception {
        int editors = 20;
        ChatClient a = user("s9a");
        List<ChatClient> e = new ArrayList<>();
        for (int i = 0; i < editors; i++) {
            e.add(user("s9e"));
        }
        JsonNode base = send(a, "/public:base");
        assertThat(base.get("n").asInt()).isEqualTo(editors);
        long id = base.get("id").asLong();
        for (ChatClient editor : e) {
            expectMsg(editor, id, a, "broadcast", "public", "base", 0);
        }

        List<ObjectNode> requests = new ArrayList<>();
        for (int i = 0; i < editors; i++) {
            requests.add(edit(id, "append", "|" + e.get(i).nick()));
        }
        CountDownLatch go = new CountDownLatch(1);
        List<JsonNode> acks = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(editors)) {
            List<Future<JsonNode>> futures = new ArrayList<>();
            for (int i = 0; i < editors; i++) {
                ChatClient editor = e.get(i);
                ObjectNode request = requests.get(i);
                futures.add(pool.submit(() -> {
                    go.await();
                    return editor.call(request).json();
                }));
            }
            go.countDown();
            for (Future<JsonNode> f : futures) {
                acks.add(f.get());
            }
        }
        Set<Integer> versions = new TreeSet<>();
        for (int i = 0; i < editors; i++) {
            JsonNode ack = acks.get(i);
            assertThat(ack.get("type").asString()).as(ack.toString()).isEqualTo("ack");
            assertThat(ack.get("id").asLong()).isEqualTo(id);
            // every other editor and the author
            assertThat(ack.get("n").asInt()).as(ack.toString()).isEqualTo(editors);
            versions.add(ack.get("version").asInt());
        }
        assertThat(versions).hasSize(editors).first().isEqualTo(1);
        assertThat(versions).last().isEqualTo(editors);

        // every editor sees the 19 others' edits, the author all 20, then nothing more
        for (ChatClient editor : e) {
            Set<String> by = new HashSet<>();
            for (int i = 0; i < editors - 1; i++) {
                Frame f = editor.next();
                assertThat(f.type()).as(editor + ": " + f).isEqualTo("edited");
                assertThat(f.json().get("id").asLong()).isEqualTo(id);
                by.add(f.json().get("by").asString());
            }
            assertThat(by).hasSize(editors - 1).doesNotContain(editor.nick());
        }
        Set<String> byAll = new HashSet<>();
        String last = null;
        for (int i = 0; i < editors; i++) {
            Frame f = a.next();
            assertThat(f.type()).as(f.toString()).isEqualTo("edited");
            byAll.add(f.json().get("by").asString());
            if (f.json().get("ver").asInt() == editors) {
                last = f.json().get("content").asString();
            }
        }
        assertThat(byAll).containsExactlyInAnyOrderElementsOf(e.stream().map(ChatClient::nick).toList());
        noFrameFor(a, e.toArray(ChatClient[]::new));
        noFrameFor(e.getFirst(), a);

        List<String> row = row("SELECT version, content FROM message WHERE id = ?", id);
        assertThat(row.getFirst()).isEqualTo(Integer.toString(editors));
        String content = row.get(1);
        assertThat(last).isEqualTo(content);
        assertThat(content).startsWith("base|");
        List<String> segments = List.of(content.substring("base|".length()).split("\\|"));
        assertThat(segments).containsExactlyInAnyOrderElementsOf(e.stream().map(ChatClient::nick).toList());
    }

    // ---- S10 order

    @Test
    void s10_aHundredMessagesArriveInOrder() {
        ChatClient a = user("s10a");
        ChatClient b = user("s10b");
        ChatClient c = user("s10c");

        // all sent before any ack is read: the server processes a connection's frames one after the other
        List<ObjectNode> requests = new ArrayList<>();
        for (int i = 1; i <= 100; i++) {
            ObjectNode request = ChatClient.op("send").put("line", "m" + i);
            requests.add(request);
            a.sendJson(request);
        }
        long previous = 0;
        for (ObjectNode request : requests) {
            Frame ack = a.reply(ref(request));
            assertThat(ack.type()).as(ack.toString()).isEqualTo("ack");
            assertThat(ack.json().get("id").asLong()).isGreaterThan(previous);
            previous = ack.json().get("id").asLong();
        }
        for (ChatClient r : List.of(b, c)) {
            long last = 0;
            for (int i = 1; i <= 100; i++) {
                Frame f = r.next();
                assertThat(f.type()).as(f.toString()).isEqualTo("msg");
                assertThat(f.json().get("content").asString()).isEqualTo("m" + i);
                assertThat(f.json().get("id").asLong()).isGreaterThan(last);
                last = f.json().get("id").asLong();
            }
        }
        noFrameFor(a, b, c);
    }

    // ---- S11 malformed requests

    @Test
    void s11_malformedFramesAndBadPrefixesAreErrorsAndTheConnectionStaysOpen() {
        ChatClient a = user("s11a");
        ChatClient b = user("s11b");

        for (String text : List.of("{\"op\":", "not json", "[1,2]", "\"send\"", "42")) {
            a.sendText(text);
            Frame f = a.next();
            assertThat(f.json()).as(text).isNotNull();
            assertThat(f.type()).as(text).isEqualTo("err");
            assertThat(f.json().get("code").asString()).as(text).isEqualTo("BAD_JSON");
            assertThat(f.json().has("ref")).as(text).isFalse();
        }
        err(a, ChatClient.op("dance"), ErrorCode.UNKNOWN_OP);
        err(a, ChatClient.object().put("ref", "noop"), ErrorCode.BAD_REQUEST);
        err(a, ChatClient.op("send"), ErrorCode.BAD_REQUEST);
        err(a, ChatClient.op("send").put("line", 5), ErrorCode.BAD_REQUEST);
        err(a, ChatClient.op("login").put("nick", a.nick()), ErrorCode.BAD_REQUEST);
        for (String line : List.of("@:x", "/secret:x", "!:x")) {
            err(a, ChatClient.op("send").put("line", line), ErrorCode.BAD_PREFIX);
        }
        err(a, ChatClient.op("send").put("line", "@" + b.nick() + ":"), ErrorCode.EMPTY_CONTENT);

        // the connection is still open and works
        JsonNode ack = send(a, "still here");
        expectMsg(b, ack.get("id").asLong(), a, "broadcast", "final", "still here", 0);
        assertThat(a.isClosed()).isFalse();
    }

    @Test
    void s11b_nulSurrogatesAndHugeValuesAreBadRequestsAndTheConnectionStaysOpen() throws SQLException {
        ChatClient a = user("s11n");
        ChatClient b = user("s11m");
        long before = count("message");

        err(a, ChatClient.op("send").put("line", "a\u0000b"), ErrorCode.BAD_REQUEST);
        err(a, ChatClient.op("pal").put("text", "abba\u0000"), ErrorCode.BAD_REQUEST);
        err(a, register(nick("s11z"), "nul\u0000", "L", PASSWORD), ErrorCode.BAD_REQUEST);
        err(a, ChatClient.op("update").put("last", "x\u0000"), ErrorCode.BAD_REQUEST);
        // an unpaired surrogate can only be written as a JSON escape
        ObjectNode lone = ChatClient.op("send");
        a.sendText("{\"op\":\"send\",\"ref\":\"" + ref(lone) + "\",\"line\":\"bad \\ud800 half\"}");
        expectErr(a.reply(ref(lone)), ref(lone), ErrorCode.BAD_REQUEST);

        // huge values inside a frame that is small enough
        err(a, ChatClient.op("send").put("line", "x".repeat(Limits.MAX_CONTENT + 1)), ErrorCode.BAD_REQUEST);
        err(a, ChatClient.op("update").put("first", "f".repeat(Limits.MAX_NAME + 1)), ErrorCode.BAD_REQUEST);
        err(a, ChatClient.op("pal").put("text", "a".repeat(Limits.MAX_CONTENT + 1)), ErrorCode.BAD_REQUEST);
        err(a, ChatClient.op("pal").put("text", "abba").put("k", 0), ErrorCode.BAD_REQUEST);
        err(a, ChatClient.op("pal").put("text", "abba").put("k", Limits.MAX_PAL_K + 1), ErrorCode.BAD_REQUEST);
        err(a, ChatClient.op("history").put("limit", Limits.MAX_HISTORY + 1), ErrorCode.BAD_REQUEST);
        err(a, ChatClient.op("edit").put("id", 1).put("content", "y".repeat(Limits.MAX_CONTENT + 1)),
                ErrorCode.BAD_REQUEST);
        assertThat(count("message")).isEqualTo(before);

        // the largest content is accepted, and the connection still works
        String largest = "z".repeat(Limits.MAX_CONTENT);
        JsonNode ack = send(a, largest);
        expectMsg(b, ack.get("id").asLong(), a, "broadcast", "final", largest, 0);
        assertThat(a.isClosed()).isFalse();
    }

    // ---- S12 frame limits

    @Test
    void s12_anOversizedFrameClosesWith1009AndABinaryFrameWith1003() {
        ChatClient big = user("s12a");
        ChatClient binary = user("s12b");
        ChatClient limit = user("s12c");

        // exactly the limit is still a frame the server reads (its content is too long: BAD_REQUEST)
        ObjectNode atLimit = ChatClient.op("send");
        String prefix = "{\"op\":\"send\",\"ref\":\"" + ref(atLimit) + "\",\"line\":\"";
        String exact = prefix + "x".repeat(Limits.MAX_FRAME_BYTES - prefix.length() - 2) + "\"}";
        assertThat(exact.getBytes(StandardCharsets.UTF_8)).hasSize(Limits.MAX_FRAME_BYTES);
        limit.sendText(exact);
        expectErr(limit.reply(ref(atLimit)), ref(atLimit), ErrorCode.BAD_REQUEST);

        String oversized = "{\"op\":\"send\",\"line\":\"" + "x".repeat(200 * 1024) + "\"}";
        sendIgnoringReset(big, oversized);
        assertThat(big.awaitClose(CLOSE_TIMEOUT)).isEqualTo(closed(1009, big));

        binary.sendBinary(new byte[] {1, 2, 3});
        assertThat(binary.awaitClose(CLOSE_TIMEOUT)).isEqualTo(closed(1003, binary));

        assertThat(limit.isClosed()).isFalse();
    }

    // ---- S13 quit

    @Test
    void s13_quitClosesWith1000AndTheUserIsNoLongerARecipient() {
        ChatClient a = user("s13a");
        ChatClient b = user("s13b");
        ChatClient c = user("s13c");

        quit(b);
        awaitOnlyProbe();
        JsonNode ack = send(a, "after the quit");

        assertThat(ack.get("n").asInt()).isEqualTo(1);
        expectMsg(c, ack.get("id").asLong(), a, "broadcast", "final", "after the quit", 0);
        // quit needs no login
        ChatClient anonymous = connect("s13anon");
        anonymous.sendJson(ChatClient.op("quit"));
        assertThat(anonymous.awaitClose(CLOSE_TIMEOUT)).isEqualTo(closed(1000, anonymous));
    }

    // ---- S14 palindromes

    @Test
    void s14_palindromeCountsMatchTheReferenceAndWriteNothing() throws SQLException, IOException {
        ChatClient a = user("s14a");
        long msg = send(a, "level up civic duty noon").get("id").asLong();
        Map<String, Long> lines = new HashMap<>();
        for (String line : Files.readAllLines(dataDir.resolve(ChatDataGenerator.LINES_CSV)).subList(1, 1_001)) {
            String[] cells = line.split(",");
            lines.put(cells[0], Long.parseLong(cells[1]));
        }
        Map<Integer, Integer> reference = new HashMap<>();
        for (int lineId : List.of(1, 500, 1_000)) {
            String content = row("SELECT content FROM cpu_line WHERE id = ?", lineId).getFirst();
            reference.put(lineId, Palindromes.count(content));
            assertThat(reference.get(lineId)).isEqualTo(lines.get(Integer.toString(lineId)).intValue()).isPositive();
        }
        // from here on, only the server touches the database
        JsonNode stats0 = stats();
        Map<String, Long> sql0 = statements.read(Map.of(database, "chat"));

        List<Integer> counts = new ArrayList<>();
        int results = 0;
        for (int lineId : List.of(1, 500, 1_000)) {
            int expected = reference.get(lineId);
            for (int k : List.of(1, 10)) {
                ObjectNode request = ChatClient.op("pal").put("lineId", lineId).put("k", k);
                expectResult(a, request, expected);
                counts.add(expected);
                results++;
            }
        }
        expectResult(a, ChatClient.op("pal").put("msgId", msg), 3);
        expectResult(a, ChatClient.op("pal").put("text", "abba xyz a racecar noon ab").put("store", false), 4);
        expectResult(a, ChatClient.op("pal").put("text", "ab cd ef"), 0);
        expectResult(a, ChatClient.op("pal").put("text", "  aa   b  "), 2);
        counts.addAll(List.of(3, 4, 0, 2));
        results += 4;
        err(a, ChatClient.op("pal").put("lineId", 1_001), ErrorCode.NOT_FOUND);
        err(a, ChatClient.op("pal").put("msgId", Long.MAX_VALUE / 2), ErrorCode.NOT_FOUND);
        err(a, ChatClient.op("pal").put("lineId", 1).put("text", "x"), ErrorCode.BAD_REQUEST);
        err(a, ChatClient.op("pal"), ErrorCode.BAD_REQUEST);

        // pg_stat_statements counts synchronously, at the end of each statement: no INSERT, UPDATE or DELETE ran
        Map<String, Long> sql = delta(sql0, statements.read(Map.of(database, "chat")));
        assertThat(sql.keySet()).as(sql.toString())
                .noneMatch(q -> q.matches("(?is)chat: (INSERT|UPDATE|DELETE|MERGE|COPY).*"));
        assertThat(sum(sql, "FROM cpu_line")).as(sql.toString()).isEqualTo(7);
        assertThat(sum(sql, "FROM message")).as(sql.toString()).isEqualTo(2);
        JsonNode stats = stats();
        assertThat(stats.get("pal").asLong() - stats0.get("pal").asLong()).isEqualTo(results);
        assertThat(stats.get("palCount").asLong() - stats0.get("palCount").asLong())
                .isEqualTo(counts.stream().mapToLong(Integer::longValue).sum());
        assertThat(stats.get("sends").asLong()).isEqualTo(stats0.get("sends").asLong());
        assertThat(stats.get("edits").asLong()).isEqualTo(stats0.get("edits").asLong());
    }

    // ---- S15 restart, then history

    @Test
    void s15_afterARestartHistoryHasEveryMessageWithItsLatestContent() {
        ChatClient a = user("s15a");
        ChatClient b = user("s15b");
        ChatClient c = user("s15c");
        long m1 = send(a, "first broadcast").get("id").asLong();
        long m2 = send(a, "@" + b.nick() + "/public:to b").get("id").asLong();
        long m3 = send(a, "!" + c.nick() + "/private:not for c").get("id").asLong();
        long m4 = send(b, "/public:from b").get("id").asLong();
        JsonNode edit = sendJson(b, edit(m2, "content", "to b, edited by b"));
        assertThat(edit.get("version").asInt()).isEqualTo(1);
        String an = a.nick();
        String bn = b.nick();
        String cn = c.nick();
        closeClients();

        probe.close();
        server.process().restart(ChatAppDeployment.STARTUP_TIMEOUT);
        probe = null;

        ChatClient a2 = loggedIn("s15a2", an);
        List<JsonNode> all = history(a2, m1 - 1, 100);
        assertThat(all).hasSize(4);
        expectHistory(all.get(0), m1, an, "broadcast", "final", "first broadcast", 0);
        expectHistory(all.get(1), m2, an, "unicast", "public", "to b, edited by b", 1);
        expectHistory(all.get(2), m3, an, "blockcast", "private", "not for c", 0);
        expectHistory(all.get(3), m4, bn, "broadcast", "public", "from b", 0);
        assertThat(history(a2, m1 - 1, 2)).extracting(j -> j.get("id").asLong()).containsExactly(m1, m2);
        assertThat(history(a2, m2, 100)).extracting(j -> j.get("id").asLong()).containsExactly(m3, m4);

        ChatClient b2 = loggedIn("s15b2", bn);
        assertThat(history(b2, m1 - 1, 100)).extracting(j -> j.get("id").asLong()).containsExactly(m1, m2, m3, m4);
        ChatClient c2 = loggedIn("s15c2", cn);
        // c sees neither the unicast to b nor the blockcast that blocks c
        assertThat(history(c2, m1 - 1, 100)).extracting(j -> j.get("id").asLong()).containsExactly(m1, m4);
    }

    // ---- S16 the server's counters equal the clients' counts

    @Test
    void s16_statsEqualClientSideCounts() throws IOException, InterruptedException {
        ChatClient p = probe();
        Frame first = statsFrame();
        JsonNode s0 = first.json();
        List<ChatClient> work = new ArrayList<>();
        ChatClient a = user("s16a");
        ChatClient b = user("s16b");
        ChatClient c = user("s16c");
        ChatClient d = connect("s16d");
        work.addAll(List.of(a, b, c, d));
        err(d, login(nick("s16nobody"), PASSWORD), ErrorCode.BAD_CREDENTIALS);
        JsonNode broadcast = send(a, "/public:one for all");
        for (ChatClient r : List.of(b, c)) {
            r.next();
        }
        JsonNode unicast = send(b, "@" + c.nick() + "/public:just c");
        c.next();
        send(c, "!" + a.nick() + ":not a");
        b.next();
        sendJson(b, edit(broadcast.get("id").asLong(), "append", " and more"));
        a.next();
        c.next();
        sendJson(c, edit(unicast.get("id").asLong(), "content", "x"));
        b.next();
        expectResult(a, ChatClient.op("pal").put("text", "abba abc a"), 2);
        expectResult(b, ChatClient.op("pal").put("msgId", broadcast.get("id").asLong()).put("k", 3), 0);
        err(c, ChatClient.op("pal").put("lineId", 5_000), ErrorCode.NOT_FOUND);
        err(a, ChatClient.op("nope"), ErrorCode.UNKNOWN_OP);
        a.sendText("garbage");
        a.next();
        err(d, ChatClient.op("send").put("line", "x"), ErrorCode.NOT_AUTHENTICATED);
        Frame second = statsFrame();
        JsonNode s1 = second.json();
        Map<String, Long> metrics = prometheus(server);

        long sent = work.stream().mapToLong(ChatClient::framesSent).sum();
        long received = work.stream().mapToLong(ChatClient::framesReceived).sum();
        long bytes = work.stream().mapToLong(ChatClient::bytesReceived).sum();
        // the probe's first stats request was counted before s0 was taken and its second before s1; its first reply
        // was counted after s0 was taken, its second after s1
        long firstReplyBytes = first.text().getBytes(StandardCharsets.UTF_8).length;
        Map<String, Long> expected = new HashMap<>();
        expected.put("in", sent + 1);
        expected.put("out", received + 1);
        expected.put("bytesOut", bytes + firstReplyBytes);
        expected.put("delivered", sum(work, "msg") - sum(work, "msg.history") + sum(work, "edited"));
        expected.put("pal", sum(work, "result"));
        expected.put("palCount", work.stream().mapToLong(ChatClient::palCounts).sum());
        expected.put("sends", sum(work, "ack") - sum(work, "ack.edit"));
        expected.put("edits", sum(work, "ack.edit"));
        expected.put("logins", sum(work, "ok.login"));
        expected.put("errors", sum(work, "err"));
        expected.put("sessions", (long) work.size());
        Map<String, Long> actual = new HashMap<>();
        for (String key : expected.keySet()) {
            actual.put(key, s1.get(key).asLong() - s0.get(key).asLong());
        }
        assertThat(actual).as("stats before %s, after %s", s0, s1).isEqualTo(expected);
        assertThat(expected.get("delivered")).isEqualTo(7);
        assertThat(expected.get("errors")).isEqualTo(5);
        assertThat(p.isClosed()).isFalse();

        // the Prometheus counters the lab's equal-work check reads are the same numbers; since s1 was taken only its
        // reply went out
        Map<String, Long> fromStats = new HashMap<>();
        fromStats.put("chatapp_frames_in_total", s1.get("in").asLong());
        fromStats.put("chatapp_frames_out_total", s1.get("out").asLong() + 1);
        fromStats.put("chatapp_bytes_out_total",
                s1.get("bytesOut").asLong() + second.text().getBytes(StandardCharsets.UTF_8).length);
        fromStats.put("chatapp_deliveries_total", s1.get("delivered").asLong());
        fromStats.put("chatapp_pal_tasks_total", s1.get("pal").asLong());
        fromStats.put("chatapp_pal_count_total", s1.get("palCount").asLong());
        fromStats.put("chatapp_sends_total", s1.get("sends").asLong());
        fromStats.put("chatapp_edits_total", s1.get("edits").asLong());
        fromStats.put("chatapp_logins_total", s1.get("logins").asLong());
        fromStats.put("chatapp_errors_total", s1.get("errors").asLong());
        fromStats.put("chatapp_sessions_open", s1.get("sessions").asLong());
        assertThat(metrics).containsAllEntriesOf(fromStats);
    }

    // ---- a slow consumer

    @Test
    void s17_aConsumerThatStopsReadingIsClosedWith1008() throws IOException, InterruptedException {
        // a server of its own with a small outbound bound, so that a few hundred frames exceed it
        try (ChatAppDeployment small = launch("slow-consumer", Map.of(ChatSettings.OUTBOUND_QUEUE, "16"))) {
            ChatClient slow = user("s17s", small);
            ChatClient flooder = user("s17f", small);
            slow.pause();
            String content = "s".repeat(32 * 1024);
            int sent = 0;
            int maxSends = 1_500;
            while (slowConsumerCloses(small) == 0) {
                if (sent == maxSends) {
                    fail("%d frames of 32 KiB to a client that reads nothing did not close it as a slow consumer",
                            maxSends);
                }
                for (int i = 0; i < 10; i++) {
                    send(flooder, content);
                    sent++;
                }
            }
            slow.resume();
            // the frames written before the close are read first; the close comes after the last of them
            assertThat(slow.awaitClose(CLOSE_TIMEOUT)).isEqualTo(closed(1008, slow));
            int got = 0;
            while (slow.hasFrame()) {
                Frame f = slow.next();
                assertThat(f.type()).as(f.toString()).isEqualTo("msg");
                got++;
            }
            assertThat(got).isLessThan(sent);
            // the flooder is not affected, and its broadcasts now reach nobody
            assertThat(send(flooder, "anyone?").get("n").asInt()).isZero();
        }
    }

    // ---- stateless

    @Test
    void s19_aStatelessServerLogsInWithoutWriting() throws SQLException {
        String nick = nick("s19");
        ok(connect("s19reg"), register(nick, "S", "L", PASSWORD));
        try (ChatAppDeployment stateless = launch("stateless", Map.of(ChatSettings.STATELESS, "true"))) {
            Map<String, Long> sql0 = statements.read(Map.of(database, "chat"));
            ChatClient c = connect("s19", stateless);
            ok(c, login(nick, PASSWORD));
            expectResult(c, ChatClient.op("pal").put("lineId", 7), Palindromes.count(
                    row("SELECT content FROM cpu_line WHERE id = 7").getFirst()));
            quit(c);
            Map<String, Long> sql = delta(sql0, statements.read(Map.of(database, "chat")));
            // experiment A.1 counts on it: login reads only (no TOUCH_LOGIN), and so does pal
            assertThat(sql.keySet()).as(sql.toString())
                    .noneMatch(q -> q.matches("(?is)chat: (INSERT|UPDATE|DELETE|MERGE|COPY).*"));
            assertThat(row("SELECT last_login IS NULL FROM person WHERE nickname = ?", nick)).containsExactly("t");
        }
    }

    // ---- the subprotocol

    @Test
    void s18_theSubprotocolIsAcceptedWhenOfferedAndNotNeeded() {
        ChatClient with = connect("s18with");
        assertThat(with.subprotocol()).isEqualTo(ChatClient.SUBPROTOCOL);
        ChatClient without = track(ChatClient.connect(server.webSocketUrl(), "s18without", false));
        assertThat(without.subprotocol()).isEmpty();
        assertThat(without.call(ChatClient.op("stats")).type()).isEqualTo("stats");
    }

    // ---- requests

    static ObjectNode register(String nick, String first, String last, String password) {
        return ChatClient.op("register").put("nick", nick).put("first", first).put("last", last)
                .put("password", password);
    }

    static ObjectNode login(String nick, String password) {
        return ChatClient.op("login").put("nick", nick).put("password", password);
    }

    static ObjectNode edit(long id, String field, String value) {
        return ChatClient.op("edit").put("id", id).put(field, value);
    }

    /**
     * A JSON object from name-value pairs, numbers as the parser reads them (an int when it fits), so that it equals
     * a parsed frame ({@code IntNode} and {@code LongNode} are never equal).
     */
    static ObjectNode obj(Object... pairs) {
        ObjectNode o = ChatClient.object();
        for (int i = 0; i < pairs.length; i += 2) {
            String name = (String) pairs[i];
            switch (pairs[i + 1]) {
                case String v -> o.put(name, v);
                case Boolean v -> o.put(name, v);
                case Number v when v.longValue() == v.intValue() -> o.put(name, v.intValue());
                case Number v -> o.put(name, v.longValue());
                case JsonNode v -> o.set(name, v);
                default -> throw new IllegalArgumentException(String.valueOf(pairs[i + 1]));
            }
        }
        return o;
    }

    static String ref(ObjectNode request) {
        return request.get("ref").asString();
    }

    // ---- connections and users

    /** A connection to the suite's server (closed after the test). */
    ChatClient connect(String label) {
        return connect(label, server);
    }

    ChatClient connect(String label, ChatAppDeployment to) {
        return track(ChatClient.connect(to.webSocketUrl(), label, true));
    }

    private ChatClient track(ChatClient c) {
        clients.add(c);
        return c;
    }

    /** A fresh nick, unique in the class's database. */
    String nick(String role) {
        return role + "_" + nicks.incrementAndGet();
    }

    /** A new user, registered and logged in on a connection of its own. */
    ChatClient user(String role) {
        return user(role, server);
    }

    ChatClient user(String role, ChatAppDeployment to) {
        ChatClient c = connect(role, to);
        String nick = nick(role);
        ok(c, register(nick, "First " + role, "Last " + role, PASSWORD));
        Frame reply = c.call(login(nick, PASSWORD));
        assertThat(reply.type()).as(reply.toString()).isEqualTo("ok");
        c.nick(nick);
        return c;
    }

    /** An existing user logged in on a new connection. */
    ChatClient loggedIn(String label, String nick) {
        ChatClient c = connect(label);
        Frame reply = c.call(login(nick, PASSWORD));
        assertThat(reply.type()).as(reply.toString()).isEqualTo("ok");
        c.nick(nick);
        return c;
    }

    /** Sends quit and waits for the server's close 1000. */
    void quit(ChatClient c) {
        c.sendJson(ChatClient.op("quit"));
        assertThat(c.awaitClose(CLOSE_TIMEOUT)).isEqualTo(closed(1000, c));
    }

    private ChatClient probe() {
        if (probe == null || probe.isClosed()) {
            probe = ChatClient.connect(server.webSocketUrl(), "probe", true);
        }
        return probe;
    }

    /** The server's counters, asked by the probe. */
    JsonNode stats() {
        return statsFrame().json();
    }

    Frame statsFrame() {
        Frame f = probe().call(ChatClient.op("stats"));
        assertThat(f.type()).as(f.toString()).isEqualTo("stats");
        return f;
    }

    /**
     * Waits until the server's sessions are the probe's and the test's connections still open: every connection
     * closed so far has been closed on the server's side too, so its user is offline. A leaked session fails the test.
     */
    void awaitOnlyProbe() {
        long open = 1 + clients.stream().filter(c -> !c.isClosed()).count();
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        JsonNode stats = stats();
        while (stats.get("sessions").asLong() != open) {
            if (System.nanoTime() > deadline) {
                fail("the server still counts %d sessions, expected %d (the probe and the test's open connections): %s",
                        stats.get("sessions").asLong(), open, stats);
            }
            try {
                Thread.sleep(10); // waiting for the server to finish closing, not proving an absence
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
            stats = stats();
        }
    }

    // ---- replies

    /** Sends {@code request} and expects {@code {"type":"ok","ref":R}}. */
    static JsonNode ok(ChatClient c, ObjectNode request) {
        Frame f = c.call(request);
        if ("login".equals(request.get("op").asString())) {
            assertThat(f.type()).as(f.toString()).isEqualTo("ok");
            assertThat(f.json().get("ref").asString()).isEqualTo(ref(request));
            assertThat(f.json().get("you").get("nick").asString()).isEqualTo(request.get("nick").asString());
        } else {
            assertThat(f.json()).as(c + " " + request.get("op")).isEqualTo(obj("type", "ok", "ref", ref(request)));
        }
        return f.json();
    }

    /** Sends {@code request} and expects an {@code err} with {@code code}, its ref and a detail. */
    static JsonNode err(ChatClient c, ObjectNode request, ErrorCode code) {
        Frame f = c.call(request);
        expectErr(f, ref(request), code);
        return f.json();
    }

    static void expectErr(Frame f, String ref, ErrorCode code) {
        assertThat(f.type()).as(f.toString()).isEqualTo("err");
        assertThat(f.json().get("code").asString()).as(f.toString()).isEqualTo(code.wire());
        assertThat(f.json().get("ref").asString()).isEqualTo(ref);
        assertThat(f.json().get("detail").isString()).as(f.toString()).isTrue();
        assertThat(f.json().propertyNames()).containsExactly("type", "ref", "code", "detail");
    }

    /** Sends a line and expects its ack {@code {"type":"ack","ref","id","n"}}. */
    static JsonNode send(ChatClient c, String line) {
        return sendJson(c, ChatClient.op("send").put("line", line));
    }

    /** Sends a request and expects an ack. */
    static JsonNode sendJson(ChatClient c, ObjectNode request) {
        Frame f = c.call(request);
        assertThat(f.type()).as(c + ": " + f).isEqualTo("ack");
        assertThat(f.json().get("id").asLong()).isPositive();
        assertThat(f.json().get("n").asInt()).isNotNegative();
        if ("send".equals(request.get("op").asString())) {
            assertThat(f.json().propertyNames()).containsExactly("type", "ref", "id", "n");
        } else {
            assertThat(f.json().propertyNames()).containsExactly("type", "ref", "id", "version", "n");
        }
        return f.json();
    }

    static void expectResult(ChatClient c, ObjectNode request, int count) {
        Frame f = c.call(request);
        assertThat(f.json()).as(request.toString()).isEqualTo(obj("type", "result", "ref", ref(request), "count",
                count, "any", count > 0));
    }

    /** The next frame of {@code c} is this delivery. */
    void expectMsg(ChatClient c, long id, ChatClient from, String kind, String edit, String content, int ver) {
        Frame f = c.next();
        assertThat(f.type()).as(c + ": " + f).isEqualTo("msg");
        JsonNode j = f.json();
        assertThat(j.propertyNames()).as(f.toString())
                .containsExactly("type", "id", "from", "kind", "edit", "content", "ver", "ts");
        assertThat(List.of(j.get("id").asLong(), j.get("from").asString(), j.get("kind").asString(),
                j.get("edit").asString(), j.get("content").asString(), j.get("ver").asInt()))
                .as(c.toString()).containsExactly(id, from.nick(), kind, edit, content, ver);
        assertTimestamp(j.get("ts").asLong());
    }

    void expectEdited(ChatClient c, long id, ChatClient by, String content, int ver) {
        Frame f = c.next();
        assertThat(f.type()).as(c + ": " + f).isEqualTo("edited");
        JsonNode j = f.json();
        assertThat(j.propertyNames()).as(f.toString()).containsExactly("type", "id", "by", "content", "ver", "ts");
        assertThat(List.of(j.get("id").asLong(), j.get("by").asString(), j.get("content").asString(),
                j.get("ver").asInt())).as(c.toString()).containsExactly(id, by.nick(), content, ver);
        assertTimestamp(j.get("ts").asLong());
    }

    void expectHistory(JsonNode j, long id, String from, String kind, String edit, String content, int ver) {
        assertThat(j.propertyNames()).as(j.toString())
                .containsExactly("type", "ref", "id", "from", "kind", "edit", "content", "ver", "ts");
        assertThat(List.of(j.get("id").asLong(), j.get("from").asString(), j.get("kind").asString(),
                j.get("edit").asString(), j.get("content").asString(), j.get("ver").asInt()))
                .containsExactly(id, from, kind, edit, content, ver);
        assertTimestamp(j.get("ts").asLong());
    }

    private void assertTimestamp(long micros) {
        assertThat(micros).isBetween(testStartMicros, System.currentTimeMillis() * 1_000 + 5_000_000);
    }

    /** The {@code msg} rows of a history request, checked to end with {@code end} carrying their count. */
    static List<JsonNode> history(ChatClient c, long afterId, int limit) {
        ObjectNode request = ChatClient.op("history").put("afterId", afterId).put("limit", limit);
        c.sendJson(request);
        List<JsonNode> rows = new ArrayList<>();
        while (true) {
            Frame f = c.next();
            assertThat(f.json().path("ref").asString("")).as(f.toString()).isEqualTo(ref(request));
            if ("end".equals(f.type())) {
                assertThat(f.json()).isEqualTo(obj("type", "end", "ref", ref(request), "count", rows.size()));
                return rows;
            }
            assertThat(f.type()).as(f.toString()).isEqualTo("msg");
            rows.add(f.json());
        }
    }

    /**
     * Proves that none of {@code observers} has a frame waiting: {@code sender} unicasts a sentinel to each, and
     * each one's next frame must be it.
     */
    void noFrameFor(ChatClient sender, ChatClient... observers) {
        for (ChatClient observer : observers) {
            String sentinel = "sentinel-" + sentinels.incrementAndGet();
            JsonNode ack = send(sender, "@" + observer.nick() + ":" + sentinel);
            assertThat(ack.get("n").asInt()).isEqualTo(1);
            observer.expectNoFrameBefore(sentinel);
        }
    }

    /** Sends a frame the server may refuse by closing the connection while it is still being written. */
    private static void sendIgnoringReset(ChatClient c, String text) {
        try {
            c.sendText(text);
        } catch (AssertionError e) {
            // the close code is what the test checks
        }
    }

    private static Closed closed(int code, ChatClient c) {
        Closed actual = c.awaitClose(CLOSE_TIMEOUT);
        return new Closed(code, actual.reason());
    }

    private static long sum(List<ChatClient> clients, String type) {
        return clients.stream().mapToLong(c -> c.received(type)).sum();
    }

    private static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> out = new HashMap<>();
        after.forEach((k, v) -> {
            long d = v - before.getOrDefault(k, 0L);
            if (d != 0) {
                out.put(k, d);
            }
        });
        return out;
    }

    private static long sum(Map<String, Long> statements, String containing) {
        return statements.entrySet().stream().filter(e -> e.getKey().contains(containing))
                .mapToLong(Map.Entry::getValue).sum();
    }

    /** {@code chatapp_slow_consumer_closes_total} of the server's Prometheus endpoint. */
    private static long slowConsumerCloses(ChatAppDeployment d) throws IOException, InterruptedException {
        return prometheus(d).get("chatapp_slow_consumer_closes_total");
    }

    /** The {@code chatapp_*} samples of the server's Prometheus endpoint (the lab's work counters), by name. */
    static Map<String, Long> prometheus(ChatAppDeployment d) throws IOException, InterruptedException {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(d.url() + "/actuator/prometheus"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(200);
        Map<String, Long> out = new HashMap<>();
        for (String line : r.body().split("\n")) {
            if (line.startsWith("chatapp_") && !line.contains("{")) {
                String value = line.substring(line.lastIndexOf(' ') + 1);
                if (!value.equals("NaN")) {
                    out.put(line.substring(0, line.indexOf(' ')), (long) Double.parseDouble(value));
                }
            }
        }
        return out;
    }

    // ---- the database

    long personId(String nick) throws SQLException {
        return Long.parseLong(row("SELECT id FROM person WHERE nickname = ?", nick).getFirst());
    }

    long count(String table) throws SQLException {
        return Long.parseLong(row("SELECT count(*) FROM " + table).getFirst());
    }

    List<String> row(String sql, Object... params) throws SQLException {
        List<List<String>> rows = rows(sql, params);
        assertThat(rows).as(sql).hasSize(1);
        return rows.getFirst();
    }

    List<List<String>> rows(String sql, Object... params) throws SQLException {
        var pg = infra.postgres();
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl(database), pg.user(), pg.password());
             PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            List<List<String>> out = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                int columns = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    List<String> row = new ArrayList<>();
                    for (int i = 1; i <= columns; i++) {
                        row.add(rs.getString(i));
                    }
                    out.add(row);
                }
            }
            return out;
        }
    }
}
