package io.paradigmlab.tweebyte.spec;

import static io.paradigmlab.tweebyte.spec.UserServiceSpec.assertError;
import static io.paradigmlab.tweebyte.spec.UserServiceSpec.assertSummary;
import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.gateway.GatewayRoutes;
import io.paradigmlab.tweebyte.lab.TweebyteDeployment;
import io.paradigmlab.tweebyte.lab.TweebyteService;
import io.paradigmlab.tweebyte.spec.Users.Account;
import java.net.URI;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hc.core5.http.ContentType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The API gateway of a variant, black-box: its routes and their prefixes, the token check at the door, the contract's
 * error bodies for what it refuses itself (401, 404, 413, 503 with {@code Retry-After}), the API docs page and the
 * services' OpenAPI documents through it. The variant's shared deployment runs its gateway; the 503 cases use a
 * deployment of their own that has the user service alone (the tweet and interaction services' URLs point at ports
 * nobody listens on) and security off. A subclass names the variant.
 */
public abstract class GatewaySpec extends TweebyteSpec {

    /** Requests through the gateway with the gateway's own paths (prefix included): the unknown ones, the health. */
    private Http gateway;
    /** The gateway itself, e.g. {@code http://127.0.0.1:8080}. */
    private String gatewayUrl;
    /** The services through the gateway: each client's base URL ends in the service's prefix. */
    private Services routed;
    /** A deployment with the user service alone behind its gateway, security off. */
    private TweebyteDeployment userOnly;

    /** Where the user-only deployment's interaction service "is": a server that accepts and never answers. */
    private java.net.ServerSocket silent;
    private final List<java.net.Socket> held = new java.util.concurrent.CopyOnWriteArrayList<>();

    @BeforeAll
    void startGateway() throws java.io.IOException {
        silent = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(() -> {
            while (!silent.isClosed()) {
                try {
                    held.add(silent.accept());
                } catch (java.io.IOException closed) {
                    return;
                }
            }
        });
        TweebyteDeployment deployment = fixture.deployment(variant());
        gatewayUrl = deployment.gatewayUrl();
        gateway = new Http(gatewayUrl);
        routed = Services.viaGateway(deployment);
        userOnly = fixture.startDeployment(variant(), "_gateway", options ->
                new TweebyteDeployment.Options(options.variant(), options.databaseSuffix(), 0, false,
                        options.blockHound(), options.jvmArgs(), options.workDir())
                        .withServices(EnumSet.of(TweebyteService.USER))
                        .withPorts(0, 0, silent.getLocalPort())
                        .withGateway(true, 0).withLauncher(options.launcher()));
    }

    @AfterAll
    void stopUserOnly() throws java.io.IOException {
        if (userOnly != null) {
            userOnly.close();
        }
        silent.close();
        for (java.net.Socket socket : held) {
            socket.close();
        }
    }

    @Test
    void eachPrefixReachesItsServiceWithThePrefixStripped() {
        // register and log in without a token, through the gateway
        Account alice = Users.register(routed.user(), "GwAlice");
        Account bob = register("GwBob");
        JsonNode login = ok(routed.user().postJson("/auth/login",
                Tweets.json("email", alice.email(), "password", alice.password()), null));
        assertThat(Users.claims(login.get("token").asString()).get("user_id").asString()).isEqualTo(s(alice.id()));

        // user service: the same answer as when asked directly; the Authorization header reaches the service as sent
        JsonNode summary = ok(routed.user().get("/users/summary/" + bob.id(), alice.token()));
        assertSummary(summary, bob, false);
        assertThat(summary).isEqualTo(ok(users.get("/users/summary/" + bob.id(), alice.token())));

        // tweet service: a write that needs the caller's identity, then a read
        UUID tweet = Tweets.post(routed.tweet(), alice, "Sent through the gateway #gw");
        assertThat(ok(routed.tweet().get("/tweets/" + tweet, bob.token())).get("user_id").asString())
                .isEqualTo(s(alice.id()));

        // interaction service
        noContent(Interactions.follow(routed.interaction(), bob, alice));
        assertThat(number(routed.interaction().get("/follows/" + alice.id() + "/followers/count", bob.token())))
                .isEqualTo(1);

        // a service's own error names the path the client sent, prefix included (X-Forwarded-Prefix)
        UUID nobody = UUID.randomUUID();
        Response missing = routed.tweet().get("/tweets/" + nobody, alice.token());
        assertError(missing, 404, "/tweets/" + nobody, "Tweet not found");
        assertThat(missing.json().get("path").asString()).isEqualTo("/tweet-service/tweets/" + nobody);
        // asked directly, the same service names its own path
        assertThat(tweets.get("/tweets/" + nobody, alice.token()).json().get("path").asString())
                .isEqualTo("/tweets/" + nobody);
    }

    @Test
    void theGatewayRefusesABadTokenOnEveryRoute() {
        Account a = register("GwToken");
        assertTokenRequired(a, token -> routed.user().get("/users/" + a.id(), token), "/users/" + a.id());
        assertTokenRequired(a, token -> routed.tweet().get("/tweets/user/" + a.id(), token), "/tweets/user/" + a.id());
        assertTokenRequired(a, token -> routed.interaction().get("/follows/" + a.id() + "/followers", token),
                "/follows/" + a.id() + "/followers");
        assertTokenRequired(a, token -> routed.tweet().postJson("/tweets/" + a.id(),
                Tweets.content("Needs a token to get through"), token), "/tweets/" + a.id());
        // a path no service knows: the service alone would answer 404; the gateway asks for a token first
        assertError(routed.user().get("/no/such/endpoint", null), 401, "/no/such/endpoint", "Missing bearer token");
        // only these exact requests pass without a token: another method or spelling of them does not
        assertError(routed.user().get("/auth/login", null), 401, "/auth/login", "Missing bearer token");
        assertError(routed.user().postJson("/auth/login/", "{}", null), 401, "/auth/login/", "Missing bearer token");
    }

    @Test
    void loginAndRegisterNeedNoToken() {
        Account a = Users.register(routed.user(), "GwOpen");
        assertThat(a.token()).isNotBlank();
        ok(routed.user().postJson("/auth/login", Tweets.json("email", a.email(), "password", a.password()), null));
        // the service's own answers come through unchanged: wrong credentials are the service's 401
        assertError(routed.user().postJson("/auth/login", Tweets.json("email", a.email(), "password", "wrong-horse"),
                null), 401, "/auth/login", "Invalid email or password");
    }

    @Test
    void theGatewaysOwnHealthNeedsNoToken() {
        Response health = gateway.get("/actuator/health", null);
        assertThat(health.status()).as("%s", health).isEqualTo(200);
        assertThat(health.json().get("status").asString()).isEqualTo("UP");
    }

    @Test
    void theDocsPageNeedsNoTokenAndShowsEveryServicesDocumentWithSwaggerUi() {
        Response page = gateway.get(GatewayRoutes.DOCS_PATH, null);
        assertThat(page.status()).as("%s", page).isEqualTo(200);
        assertThat(page.contentType()).as("%s", page).startsWith("text/html");
        for (GatewayRoutes.Route route : GatewayRoutes.ROUTES) {
            assertThat(page.body()).contains("\"" + route.prefix() + "/v3/api-docs\"");
        }
        // Swagger UI's own scripts and style sheets, from the webjar, without a token
        List<String> assets = new ArrayList<>();
        Matcher asset = Pattern.compile("(?:src|href)=\"(/[^\"]+)\"").matcher(page.body());
        while (asset.find()) {
            assets.add(asset.group(1));
        }
        assertThat(assets).as(page.body()).anyMatch(a -> a.contains("swagger-ui") && a.endsWith(".js"))
                .anyMatch(a -> a.contains("swagger-ui") && a.endsWith(".css"));
        for (String path : assets) {
            Response served = gateway.get(path, null);
            assertThat(served.status()).as("%s", served.uri()).isEqualTo(200);
            assertThat(served.body()).as(path).isNotEmpty();
            if (path.endsWith(".js")) {
                assertThat(served.contentType()).as(path).contains("javascript");
            } else if (path.endsWith(".css")) {
                assertThat(served.contentType()).as(path).startsWith("text/css");
            }
        }
        // a browser pointed at the gateway itself lands on the page
        Response root = gateway.get("/", null);
        assertThat(root.status()).as("%s", root).isEqualTo(302);
        assertThat(URI.create(gatewayUrl + "/").resolve(root.headers().get("location")).getPath())
                .isEqualTo(GatewayRoutes.DOCS_PATH);
    }

    /**
     * Through the gateway a document names the gateway's prefix as its server, so that Swagger UI's "Try it out" goes
     * through the gateway too; asked directly it names the service itself. Public either way.
     */
    @Test
    void eachServicesDocumentNeedsNoTokenAndNamesThePrefixAsItsServer() {
        Map<GatewayRoutes.Route, List<Http>> viaAndDirect = Map.of(GatewayRoutes.USER, List.of(routed.user(), users),
                GatewayRoutes.TWEET, List.of(routed.tweet(), tweets),
                GatewayRoutes.INTERACTION, List.of(routed.interaction(), interactions));
        viaAndDirect.forEach((route, clients) -> {
            JsonNode via = ok(clients.get(0).get("/v3/api-docs", null));
            JsonNode direct = ok(clients.get(1).get("/v3/api-docs", null));
            assertThat(via.get("servers").toString()).as(route.service())
                    .isEqualTo("[{\"url\":\"" + route.prefix() + "\"}]");
            assertThat(direct.get("servers").toString()).as(route.service()).isEqualTo("[{\"url\":\"/\"}]");
            // nothing else differs
            assertThat(((ObjectNode) via.deepCopy()).set("servers", direct.get("servers"))).as(route.service())
                    .isEqualTo(direct);

            Response viaYaml = clients.get(0).get("/v3/api-docs.yaml", null);
            Response directYaml = clients.get(1).get("/v3/api-docs.yaml", null);
            for (Response yaml : List.of(viaYaml, directYaml)) {
                assertThat(yaml.status()).as("%s", yaml).isEqualTo(200);
                assertThat(yaml.contentType()).as("%s", yaml).startsWith("application/yaml");
            }
            Map<String, Object> viaTree = yaml(viaYaml.body());
            assertThat(viaTree.get("servers")).as(route.service()).isEqualTo(List.of(Map.of("url", route.prefix())));
            Map<String, Object> directTree = yaml(directYaml.body());
            assertThat(directTree.get("servers")).as(route.service()).isEqualTo(List.of(Map.of("url", "/")));
            viaTree.put("servers", directTree.get("servers"));
            assertThat(viaTree).as(route.service()).isEqualTo(directTree);
        });
        // only the exact paths pass without a token
        assertError(routed.user().get("/v3/api-docs/", null), 401, "/v3/api-docs/", "Missing bearer token");
    }

    private static Map<String, Object> yaml(String text) {
        return new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
    }

    @Test
    void aPathUnderNoPrefixIs404() {
        Account a = register("Gw404");
        assertError(gateway.get("/nothing/here", a.token()), 404, "/nothing/here", "Resource not found");
        assertError(gateway.get("/users/" + a.id(), a.token()), 404, "/users/" + a.id(), "Resource not found");
        // the prefix is a whole path segment
        assertError(gateway.get("/user-servicex/users/" + a.id(), null), 404, "/user-servicex/users/" + a.id(),
                "Resource not found");
        assertError(gateway.raw("DELETE", "/", null, null, null), 404, "/", "Resource not found");
    }

    @Test
    void aBodyOverTwoMegabytesIsRefusedAsTooLarge() {
        Account a = register("GwBig");
        Response picture = routed.user().postMultipart("/auth/register", Users.form(Users.uniqueName("GwBig")),
                new byte[2 * 1024 * 1024 + 512 * 1024]);
        assertError(picture, 413, "/auth/register", "Request too large");
        String big = Tweets.json("content", "x".repeat(2 * 1024 * 1024 + 1));
        Response json = routed.tweet().raw("POST", "/tweets/" + a.id(), a.token(), big, ContentType.APPLICATION_JSON);
        assertThat(json.status()).as("%s", json).isBetween(400, 499);
        assertError(json, 413, "/tweets/" + a.id(), "Request too large");
        // the gateway still serves the next request
        ok(routed.user().get("/users/summary/" + a.id(), a.token()));
    }

    @Test
    void theCallsBetweenServicesAreNotRouted() {
        Account a = register("GwInternal");
        String ids = "[\"" + a.id() + "\"]";
        // the service answers it directly, without a token
        ok(new Http(fixture.deployment(variant()).url(TweebyteService.USER))
                .postJson("/internal/users/summaries/by-id", ids, null));
        for (String path : List.of("/user-service/internal/users/summaries/by-id",
                "/user-service/%69nternal/users/summaries/by-id", "/user-service/internal;x=1/users/summaries/by-id",
                "/user-service/users/../internal/users/summaries/by-id")) {
            Response r = gateway.raw("POST", path, a.token(), ids, ContentType.APPLICATION_JSON);
            assertThat(r.status()).as("%s", r).isIn(400, 404);
            assertThat(r.status()).as("%s", r).isNotEqualTo(200);
            assertThat(r.json().get("errors").get(0).asString()).as("%s", r)
                    .isIn("Resource not found", "Malformed request");
        }
        // the suite names paths without the prefix; assertError adds the one the request went through
        assertError(gateway.raw("POST", "/user-service/internal/users/summaries/by-id", a.token(), ids,
                ContentType.APPLICATION_JSON), 404, "/internal/users/summaries/by-id", "Resource not found");
        assertError(gateway.get("/tweet-service/internal/tweets/deletions?after=0&limit=10", null), 404,
                "/internal/tweets/deletions", "Resource not found");
    }

    @Test
    void aRequestHeadOverEightKilobytesIsRefusedAsTheServicesRefuseIt() {
        Account a = register("GwLong");
        String path = "/tweets/user/" + a.id();
        ok(routed.tweet().get(path + "?q=" + "x".repeat(7_000), a.token()));
        Response tooLongLine = routed.tweet().get(path + "?q=" + "x".repeat(9_000), a.token());
        assertThat(tooLongLine.status()).as("%s", tooLongLine).isEqualTo(400);
        assertThat(tooLongLine.json().get("path").asString()).isEmpty();
        assertThat(tooLongLine.json().get("errors").get(0).asString()).isEqualTo("Malformed request");
        assertError(routed.tweet().getWithHeader(path, a.token(), "X-Large", "y".repeat(9_000)), 400, path,
                "Malformed request");
        ok(routed.tweet().get(path, a.token()));
    }

    @Test
    void aServiceThatIsDownOrSilentIs503WithRetryAfter() {
        Services partial = Services.viaGateway(userOnly);
        UUID someone = UUID.randomUUID();
        // security is off in this deployment: the gateway lets a request without a token through
        Response tweetsDown = partial.tweet().get("/tweets/user/" + someone, null);
        assertError(tweetsDown, 503, "/tweets/user/" + someone, "Service unavailable: tweet");
        assertThat(tweetsDown.headers().get("retry-after"))
                .isEqualTo(Integer.toString(ApiException.Unavailable.RETRY_AFTER_SECONDS));
        // the interaction service "accepts and never answers": the gateway's response timeout (3 s) ends the wait
        long began = System.nanoTime();
        Response interactionsDown = partial.interaction().postJson("/recommendations/tweet/summary",
                "[\"" + someone + "\"]", null);
        double seconds = (System.nanoTime() - began) / 1e9;
        assertError(interactionsDown, 503, "/recommendations/tweet/summary", "Service unavailable: interaction");
        assertThat(seconds).as("answered after the 3 s response timeout, not before and not much later")
                .isBetween(2.5, 15.0);
        assertThat(interactionsDown.headers().get("retry-after"))
                .isEqualTo(Integer.toString(ApiException.Unavailable.RETRY_AFTER_SECONDS));
        // the service that is up answers as usual through the same gateway
        assertError(partial.user().get("/users/summary/" + someone, null), 404, "/users/summary/" + someone,
                "User not found");
    }
}
