package io.paradigmlab.tweebyte.spec;

import static io.paradigmlab.tweebyte.spec.UserServiceSpec.assertError;
import static io.paradigmlab.tweebyte.spec.UserServiceSpec.assertSummary;
import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.tweebyte.domain.error.ApiException;
import io.paradigmlab.tweebyte.lab.TweebyteDeployment;
import io.paradigmlab.tweebyte.lab.TweebyteService;
import io.paradigmlab.tweebyte.spec.Users.Account;
import java.util.EnumSet;
import java.util.UUID;
import org.apache.hc.core5.http.ContentType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The API gateway of a variant, black-box: its routes and their prefixes, the token check at the door, the contract's
 * error bodies for what it refuses itself (401, 404, 413, 503 with {@code Retry-After}). The variant's shared
 * deployment runs its gateway; the 503 cases use a deployment of their own that has the user service alone (the
 * tweet and interaction services' URLs point at ports nobody listens on) and security off. A subclass names the
 * variant.
 */
public abstract class GatewaySpec extends TweebyteSpec {

    /** Requests through the gateway with the gateway's own paths (prefix included): the unknown ones, the health. */
    private Http gateway;
    /** The services through the gateway: each client's base URL ends in the service's prefix. */
    private Services routed;
    /** A deployment with the user service alone behind its gateway, security off. */
    private TweebyteDeployment userOnly;

    @BeforeAll
    void startGateway() {
        TweebyteDeployment deployment = fixture.deployment(variant());
        gateway = new Http(deployment.gatewayUrl());
        routed = Services.viaGateway(deployment);
        userOnly = fixture.startDeployment(variant(), "_gateway", options ->
                new TweebyteDeployment.Options(options.variant(), options.databaseSuffix(), 0, false,
                        options.blockHound(), options.jvmArgs(), options.workDir())
                        .withServices(EnumSet.of(TweebyteService.USER))
                        .withGateway(true, 0));
    }

    @AfterAll
    void stopUserOnly() {
        if (userOnly != null) {
            userOnly.close();
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
    void aServiceThatIsDownIs503WithRetryAfter() {
        Services partial = Services.viaGateway(userOnly);
        UUID someone = UUID.randomUUID();
        // security is off in this deployment: the gateway lets a request without a token through
        Response tweetsDown = partial.tweet().get("/tweets/user/" + someone, null);
        assertError(tweetsDown, 503, "/tweets/user/" + someone, "Service unavailable: tweet");
        assertThat(tweetsDown.headers().get("retry-after"))
                .isEqualTo(Integer.toString(ApiException.Unavailable.RETRY_AFTER_SECONDS));
        Response interactionsDown = partial.interaction().postJson("/recommendations/tweet/summary",
                "[\"" + someone + "\"]", null);
        assertError(interactionsDown, 503, "/recommendations/tweet/summary", "Service unavailable: interaction");
        assertThat(interactionsDown.headers().get("retry-after"))
                .isEqualTo(Integer.toString(ApiException.Unavailable.RETRY_AFTER_SECONDS));
        // the service that is up answers as usual through the same gateway
        assertError(partial.user().get("/users/summary/" + someone, null), 404, "/users/summary/" + someone,
                "User not found");
    }
}
