package io.paradigmlab.tweebyte.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.api.LaunchedService;
import io.paradigmlab.tweebyte.lab.TweebyteDeployment;
import io.paradigmlab.tweebyte.lab.TweebyteVariant;
import io.paradigmlab.tweebyte.security.KeyMaterial;
import io.paradigmlab.tweebyte.security.TokenIssuer;
import io.paradigmlab.tweebyte.spec.Users.Account;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.security.interfaces.RSAPrivateKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/**
 * What the tweet, interaction and story specs share: the variant's three services, accounts, tokens a client
 * could not make, and the assertions on JSON shapes of docs/api/tweebyte.md. Nothing here knows how a variant
 * is built.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(TweebyteFixture.Resolver.class)
abstract class TweebyteSpec {

    static final List<String> SUMMARY_FIELDS = List.of("id", "user_id", "content", "created_at");
    static final List<String> TWEET_FIELDS = List.of("id", "user_id", "content", "created_at", "mentions", "hashtags");
    static final List<String> ENRICHED_FIELDS = List.of("id", "user_id", "content", "created_at", "mentions", "hashtags",
            "likes_count", "replies_count", "retweets_count", "top_reply");
    static final List<String> WITH_REPLIES_FIELDS = List.of("id", "user_id", "content", "created_at", "mentions",
            "hashtags", "likes_count", "replies_count", "retweets_count", "top_reply", "replies");
    static final List<String> WITH_USER_FIELDS = List.of("id", "user_id", "content", "created_at", "mentions",
            "hashtags", "user");
    static final List<String> REPLY_FIELDS = List.of("id", "user_id", "tweet_id", "content", "created_at", "likes_count");
    static final List<String> FOLLOW_FIELDS = List.of("id", "user_name", "follower_id", "followed_id", "created_at",
            "status");
    static final List<String> LIKE_FIELDS = List.of("id", "user_id", "likeable_id", "likeable_type", "created_at");
    static final List<String> RETWEET_FIELDS = List.of("id", "user_id", "original_tweet_id", "content", "created_at");
    static final List<String> ENRICHMENT_FIELDS = List.of("tweet_id", "likes_count", "replies_count", "retweets_count",
            "top_reply");

    protected TweebyteFixture fixture;
    protected Services services;
    protected Http users;
    protected Http tweets;
    protected Http interactions;

    protected abstract TweebyteVariant variant();

    @BeforeAll
    void startServices(TweebyteFixture fixture) {
        this.fixture = fixture;
        this.services = services(fixture.deployment(variant()));
        this.users = services.user();
        this.tweets = services.tweet();
        this.interactions = services.interaction();
    }

    /** How the suite reaches the services: directly; a suite run through the gateway overrides it. */
    protected Services services(TweebyteDeployment deployment) {
        return Services.of(deployment);
    }

    Account register(String prefix) {
        return Users.register(users, prefix);
    }

    Account registerPrivate(String prefix) {
        return Users.register(users, Users.with(Users.form(Users.uniqueName(prefix)), "isPrivate", "true"));
    }

    // ---- tokens

    /** A token signed with the service's own key: what only the issuer could make (expired ones, ghosts). */
    String tokenSignedByService(UUID userId, Clock clock, Duration lifetime) {
        RSAPrivateKey key = KeyMaterial.readPrivate(fixture.privateKey(variant()));
        return new TokenIssuer(key, clock, lifetime).issue(userId, "someone@example.com");
    }

    String expiredToken(Account account) {
        Clock yesterday = Clock.fixed(Instant.now().minus(Duration.ofHours(25)), ZoneOffset.UTC);
        return tokenSignedByService(account.id(), yesterday, Duration.ofHours(24));
    }

    static String forgedToken(Account account) {
        var otherKey = (RSAPrivateKey) KeyMaterial.generate().getPrivate();
        return new TokenIssuer(otherKey, Clock.systemUTC(), Duration.ofHours(1)).issue(account.id(), account.email());
    }

    /** The three 401s: no token, a token signed by someone else, an expired token. */
    void assertTokenRequired(Account account, java.util.function.Function<String, Response> call, String path) {
        UserServiceSpec.assertError(call.apply(null), 401, path, "Missing bearer token");
        UserServiceSpec.assertError(call.apply(forgedToken(account)), 401, path, "Invalid token");
        UserServiceSpec.assertError(call.apply("garbage"), 401, path, "Invalid token");
        UserServiceSpec.assertError(call.apply(expiredToken(account)), 401, path, "Token expired");
    }

    // ---- answers

    /** The status is as expected and the body is JSON; answers the body. */
    static JsonNode json(Response r, int status) {
        assertThat(r.status()).as("%s", r).isEqualTo(status);
        assertThat(r.contentType()).as("%s", r).startsWith("application/json");
        return r.json();
    }

    static JsonNode ok(Response r) {
        return json(r, 200);
    }

    static void noContent(Response r) {
        assertThat(r.status()).as("%s", r).isEqualTo(204);
        assertThat(r.body()).as("%s", r).isEmpty();
    }

    static long number(Response r) {
        JsonNode n = ok(r);
        assertThat(n.isNumber()).as("a bare JSON number: %s", r).isTrue();
        return n.asLong();
    }

    static void assertFields(JsonNode node, List<String> fields) {
        assertThat(node.propertyNames()).as("%s", node).containsExactlyElementsOf(fields);
    }

    static void assertRecent(JsonNode timestamp) {
        String text = timestamp.asString();
        assertThat(text).endsWith("Z");
        assertThat(Instant.parse(text)).isBetween(Instant.now().minus(Duration.ofHours(1)), Instant.now().plusSeconds(5));
    }

    static List<String> ids(JsonNode array) {
        return values(array, "id");
    }

    static List<String> values(JsonNode array, String field) {
        assertThat(array.isArray()).as("%s", array).isTrue();
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.get(field).isNull() ? null : n.get(field).asString()));
        return out;
    }

    static List<String> strings(JsonNode array) {
        assertThat(array.isArray()).as("%s", array).isTrue();
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asString()));
        return out;
    }

    static String s(Object id) {
        return id.toString();
    }

    /** Sends {@code n} requests at once (as far as a client can) and answers their responses in index order. */
    static List<Response> atOnce(int n, IntFunction<Response> request) {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            CountDownLatch ready = new CountDownLatch(n);
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Response>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int index = i;
                Callable<Response> task = () -> {
                    ready.countDown();
                    go.await();
                    return request.apply(index);
                };
                futures.add(pool.submit(task));
            }
            ready.await();
            go.countDown();
            List<Response> responses = new ArrayList<>();
            for (Future<Response> f : futures) {
                responses.add(f.get());
            }
            return responses;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        } finally {
            pool.shutdownNow();
        }
    }

    /** Fails when any of the deployment's service logs shows BlockHound catching a blocking call. */
    void assertNoBlockingCall() {
        for (LaunchedService service : fixture.deployment(variant()).services()) {
            try {
                assertThat(Files.readString(service.log())).as(service.name()).doesNotContain("BlockingOperationError");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
