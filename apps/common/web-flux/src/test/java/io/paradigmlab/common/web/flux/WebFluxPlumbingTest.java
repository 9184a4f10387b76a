package io.paradigmlab.common.web.flux;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.common.contract.ErrorWords;
import io.paradigmlab.common.contract.WebPlumbing;
import io.r2dbc.spi.R2dbcTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.http.codec.ServerCodecConfigurer;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.http.server.reactive.ReactorHttpHandlerAdapter;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.MethodNotAllowedException;
import org.springframework.web.server.adapter.WebHttpHandlerBuilder;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/** The shared plumbing on a real Reactor Netty server, with an application's words of its own. */
class WebFluxPlumbingTest {

    private static final ErrorWords WORDS = new ErrorWords("Bad body", "Bad request", "Not found", "Not allowed",
            "Too large", null, "Internal", "Overloaded", "NUL");

    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private static DisposableServer withHeaders;
    private static DisposableServer overloadServer;

    @BeforeAll
    static void start() {
        WebPlumbing application = WebPlumbing.of("test", WORDS, 1)
                .withMalformedQuery(query -> query.startsWith("="));
        withHeaders = start(application);
        // a second server for the overload test, so its held permit never refuses another test's request
        overloadServer = start(application);
    }

    @AfterAll
    static void stop() {
        withHeaders.disposeNow();
        overloadServer.disposeNow();
    }

    private static DisposableServer start(WebPlumbing application) {
        RouterFunction<ServerResponse> routes = RouterFunctions.route()
                .GET("/ok", request -> ServerResponse.ok().bodyValue("ok"))
                .GET("/slow", request -> Mono.delay(Duration.ofSeconds(2)).then(ServerResponse.ok().bodyValue("ok")))
                .GET("/busy", request -> Mono.error(new ApiException.Unavailable("Busy", 3)))
                .GET("/db", request -> Mono.error(new R2dbcTimeoutException("no connection")))
                .GET("/boom", request -> Mono.error(new IllegalStateException("boom")))
                .GET("/mapped", request -> Mono.error(new UnsupportedOperationException("mine")))
                .GET("/method", request -> Mono.error(new MethodNotAllowedException(HttpMethod.POST,
                        List.of(HttpMethod.GET))))
                .build();
        ErrorMapping mine = error -> error instanceof UnsupportedOperationException
                ? new ApiException.Conflict("Mapped") : null;
        HttpHandler handler = WebHttpHandlerBuilder.webHandler(RouterFunctions.toWebHandler(routes))
                .filter(new InFlightLimitFilter(application.inFlightLimit(null), application.words()),
                        new EdgeRulesFilter(application.words(), application.malformedQuery()))
                .exceptionHandler(new WebFluxErrorHandler(ServerCodecConfigurer.create(), application.words(),
                        List.of(mine)))
                .build();
        return new KeepAliveReadRearm().apply(new MalformedRequestRefusal(application.prefix(), application.words(),
                null).apply(HttpServer.create().port(0))).handle(new ReactorHttpHandlerAdapter(handler)).bindNow();
    }

    private static HttpResponse<String> get(DisposableServer server, String pathAndQuery) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + pathAndQuery))
                .build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void apiExceptionsKeepTheirStatusMessagesAndRetryAfter() throws Exception {
        assertThat(get(withHeaders, "/ok").statusCode()).isEqualTo(200);
        HttpResponse<String> busy = get(withHeaders, "/busy");
        assertThat(busy.statusCode()).isEqualTo(503);
        assertThat(busy.headers().firstValue("Retry-After")).hasValue("3");
        assertThat(busy.body()).contains("\"status\":503", "\"path\":\"/busy\"", "\"errors\":[\"Busy\"]");
        HttpResponse<String> mapped = get(withHeaders, "/mapped");
        assertThat(mapped.statusCode()).isEqualTo(409);
        assertThat(mapped.body()).contains("\"errors\":[\"Mapped\"]");
    }

    @Test
    void aDatabaseOutOfReachIs503AndAnythingUnknown500() throws Exception {
        HttpResponse<String> db = get(withHeaders, "/db");
        assertThat(db.statusCode()).isEqualTo(503);
        assertThat(db.headers().firstValue("Retry-After")).hasValue("10");
        assertThat(db.body()).contains("\"errors\":[\"Database unavailable\"]");
        HttpResponse<String> boom = get(withHeaders, "/boom");
        assertThat(boom.statusCode()).isEqualTo(500);
        assertThat(boom.body()).contains("\"errors\":[\"Internal\"]").doesNotContain("IllegalStateException");
    }

    @Test
    void springsOwn4xxWithTheApplicationsWordsAndSpringsHeaders() throws Exception {
        HttpResponse<String> missing = get(withHeaders, "/missing");
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.body()).contains("\"errors\":[\"Not found\"]");
        HttpResponse<String> method = get(withHeaders, "/method");
        assertThat(method.statusCode()).isEqualTo(405);
        assertThat(method.body()).contains("\"errors\":[\"Not allowed\"]");
        assertThat(method.headers().firstValue("Allow")).hasValue("GET");
    }

    @Test
    void edgeRulesRefuseBeforeAnyHandler() throws Exception {
        HttpResponse<String> nul = get(withHeaders, "/ok%00");
        assertThat(nul.statusCode()).isEqualTo(400);
        assertThat(nul.body()).contains("\"errors\":[\"NUL\"]");
        for (String refused : List.of("/a%2Fb", "/ok?x=%ff", "/ok?=x")) {
            HttpResponse<String> response = get(withHeaders, refused);
            assertThat(response.statusCode()).as(refused).isEqualTo(400);
            assertThat(response.body()).as(refused).contains("\"errors\":[\"Bad request\"]");
        }
        assertThat(get(withHeaders, "/ok?x=%C3%A9").statusCode()).isEqualTo(200);
    }

    @Test
    void aRequestOverTheBoundIs503Overloaded() throws Exception {
        CompletableFuture<HttpResponse<String>> slow = CLIENT.sendAsync(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + overloadServer.port() + "/slow")).build(),
                HttpResponse.BodyHandlers.ofString());
        Thread.sleep(500);
        HttpResponse<String> refused = get(overloadServer, "/ok");
        assertThat(refused.statusCode()).isEqualTo(503);
        assertThat(refused.headers().firstValue("Retry-After")).hasValue("10");
        assertThat(refused.body()).contains("\"errors\":[\"Overloaded\"]");
        assertThat(slow.get().statusCode()).isEqualTo(200);
    }
}
