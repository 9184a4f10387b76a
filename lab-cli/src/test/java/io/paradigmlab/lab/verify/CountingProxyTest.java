package io.paradigmlab.lab.verify;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CountingProxyTest {

    @Test
    void idsInPathsAndQueriesBecomePlaceholders() {
        assertThat(CountingProxy.template("/tweets/0f8fad5b-d9cb-469f-a165-70867728950e/summary", null))
                .isEqualTo("/tweets/{id}/summary");
        assertThat(CountingProxy.template("/internal/tweets/deletions", "after=12&limit=500"))
                .isEqualTo("/internal/tweets/deletions?after={n}&limit={n}");
        assertThat(CountingProxy.template("/users/summary/name/ada", "q=x")).isEqualTo("/users/summary/name/ada?q={value}");
        assertThat(CountingProxy.template("/", null)).isEqualTo("/");
    }

    @Test
    void forwardsUnchangedAndCounts() throws Exception {
        HttpServer target = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 10);
        target.createContext("/", exchange -> {
            byte[] body = (exchange.getRequestMethod() + " " + exchange.getRequestURI() + " "
                    + exchange.getRequestHeaders().getFirst("Authorization") + " "
                    + new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8))
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/plain");
            exchange.sendResponseHeaders(201, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        target.start();
        try (CountingProxy proxy = CountingProxy.start("tweet", "http://127.0.0.1:" + target.getAddress().getPort());
             HttpClient client = HttpClient.newHttpClient()) {
            String id = "0f8fad5b-d9cb-469f-a165-70867728950e";
            HttpResponse<String> answer = client.send(HttpRequest.newBuilder(URI.create(proxy.url() + "/tweets/" + id + "?x=1"))
                    .header("Authorization", "Bearer t").POST(HttpRequest.BodyPublishers.ofString("[1]")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(answer.statusCode()).isEqualTo(201);
            assertThat(answer.headers().firstValue("content-type")).contains("text/plain");
            assertThat(answer.body()).isEqualTo("POST /tweets/" + id + "?x=1 Bearer t [1]");
            assertThat(proxy.counts()).isEqualTo(Map.of("tweet POST /tweets/{id}?x={n}", 1L));
            proxy.reset();
            assertThat(proxy.counts()).isEmpty();
        } finally {
            target.stop(0);
        }
    }
}
