package io.paradigmlab.chatapp.platform;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.chatapp.server.ChatConfig;
import io.paradigmlab.chatapp.server.WsClient;
import io.paradigmlab.chatapp.tck.ChatTestDatabase;
import io.paradigmlab.chatapp.threads.ThreadChatApp;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class PlatformChatAppTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static ChatTestDatabase db;
    private static ThreadChatApp app;

    @BeforeAll
    static void start() throws Exception {
        db = ChatTestDatabase.start();
        app = PlatformChatApp.start(ChatConfig.of(0, db.jdbcUrl(), ChatTestDatabase.USER, ChatTestDatabase.PASSWORD));
    }

    @AfterAll
    static void stop() throws Exception {
        app.close();
        db.close();
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + app.port() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static double metric(String name) throws Exception {
        Matcher m = Pattern.compile("(?m)^" + name + "(\\{[^}]*\\})? (\\S+)$").matcher(get("/actuator/prometheus").body());
        assertThat(m.find()).as(name).isTrue();
        return Double.parseDouble(m.group(2));
    }

    @Test
    void healthIsUpOnceThePoolWorks() throws Exception {
        HttpResponse<String> r = get("/actuator/health");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("{\"status\":\"UP\"}");
    }

    @Test
    void eachSessionRunsOnAPlatformThreadNamedConn() throws Exception {
        try (WsClient c = WsClient.connect(app.port())) {
            JsonObject ok = c.call(new JsonObject().put("op", "register").put("nick", "paula").put("first", "P")
                    .put("last", "T").put("password", "Secret#1"));
            assertThat(ok.getString("type")).isEqualTo("ok");
            assertThat(metric("chatapp_connection_threads_live")).isEqualTo(1);
            boolean named = Thread.getAllStackTraces().keySet().stream()
                    .anyMatch(t -> !t.isVirtual() && t.getName().startsWith("conn-"));
            assertThat(named).isTrue();
        }
        for (int i = 0; i < 100 && metric("chatapp_connection_threads_live") > 0; i++) {
            Thread.sleep(20);
        }
        assertThat(metric("chatapp_connection_threads_live")).isZero();
        assertThat(metric("chatapp_connection_threads_started_total")).isGreaterThanOrEqualTo(1);
        assertThat(CompletableFuture.completedFuture(metric("chatapp_sessions_open")).join()).isZero();
    }
}
