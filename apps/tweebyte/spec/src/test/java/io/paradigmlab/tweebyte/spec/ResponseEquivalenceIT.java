package io.paradigmlab.tweebyte.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.tweebyte.lab.TweebyteService;
import io.paradigmlab.tweebyte.lab.TweebyteVariant;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hc.core5.http.ContentType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;

/**
 * The same scripted request sequence, sent to each variant's own databases, must produce the same responses:
 * status, content type and body, once ids, timestamps and tokens are replaced by placeholders (numbered in order
 * of first appearance, so "the same id again" is still checked). The script spans the user, tweet and interaction
 * services. Its names (eqv_*) are its own, so other suites sharing the deployment cannot change its answers; the
 * two answers that rank the whole database (popular hashtags) are recorded restricted to the script's hashtag.
 */
@ExtendWith(TweebyteFixture.Resolver.class)
class ResponseEquivalenceIT {

    private static final Pattern UUID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    private static final Pattern JWT = Pattern.compile("eyJ[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+");
    private static final Pattern TIMESTAMP = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z");

    @Test
    void everyVariantAnswersTheScriptIdentically(TweebyteFixture fixture) {
        // the script crosses all three services: a variant that lacks one (async, while issue 6 is open) cannot run
        // it; it is named here, and its user service is still held to the same answers by UserServiceSpec
        RepoLayout repo = RepoLayout.locate();
        Map<TweebyteVariant, List<String>> transcripts = new LinkedHashMap<>();
        for (TweebyteVariant variant : TweebyteVariant.values()) {
            if (Arrays.stream(TweebyteService.values()).allMatch(service -> repo.hasModule("tweebyte", variant.id(), service.id()))) {
                transcripts.put(variant, run(Services.of(fixture.deployment(variant))));
            } else {
                System.out.println("ResponseEquivalenceIT: " + variant.id() + " lacks a service module; not compared");
            }
        }
        assertThat(transcripts).as("variants with all three services").containsKey(TweebyteVariant.VIRTUAL).hasSizeGreaterThan(1);
        List<String> reference = transcripts.get(TweebyteVariant.VIRTUAL);
        assertThat(reference).hasSizeGreaterThan(150);
        for (var entry : transcripts.entrySet()) {
            List<String> actual = entry.getValue();
            for (int i = 0; i < reference.size(); i++) {
                assertThat(actual.get(i)).as("step %d on %s differs from virtual", i + 1, entry.getKey().id())
                        .isEqualTo(reference.get(i));
            }
            assertThat(actual).hasSameSizeAs(reference);
        }
    }

    /** The script: every endpoint, its successes and each error class, in one sequence. */
    private static List<String> run(Services services) {
        Http http = services.user();
        Transcript t = new Transcript();
        Map<String, String> alice = Users.form("eqv_alice");
        Map<String, String> bob = Users.with(Users.form("eqv_bob"), "isPrivate", "true");
        String aliceToken = token(t.record(http.postMultipart("/auth/register", alice, (String) null)));
        String bobToken = token(t.record(http.postMultipart("/auth/register", bob, (String) null)));
        String aliceId = Users.claims(aliceToken).get("user_id").asString();
        String bobId = Users.claims(bobToken).get("user_id").asString();

        t.record(http.postMultipart("/auth/register", alice, (String) null));
        t.record(http.postMultipart("/auth/register", Map.of("userName", "x", "email", "bad", "birthDate", "99/99/9999"),
                (String) null));
        t.record(http.postMultipart("/auth/register", Users.with(Users.form("eqv_long"), "biography", "b".repeat(501)),
                (String) null));
        t.record(http.postJson("/auth/register", "{}", null));
        t.record(http.postJson("/auth/login", "{\"email\":\"EQV_ALICE@example.com\",\"password\":\"correct-horse\"}", null));
        t.record(http.postJson("/auth/login", "{\"email\":\"eqv_alice@example.com\",\"password\":\"wrong-horse\"}", null));
        t.record(http.postJson("/auth/login", "{\"email\":", null));
        t.record(http.postJson("/auth/login", "{\"password\":\"\"}", null));
        t.record(http.get("/users/summary/" + aliceId, aliceToken));
        t.record(http.get("/users/summary/" + bobId, aliceToken));
        t.record(http.get("/users/summary/name/EQV_BOB", aliceToken));
        t.record(http.get("/users/summary/name/eqv_nobody", aliceToken));
        t.record(http.get("/users/summary/00000000-0000-4000-8000-000000000000", aliceToken));
        t.record(http.get("/users/summary/not-a-uuid", aliceToken));
        t.record(http.get("/users/summary/" + aliceId, null));
        t.record(http.get("/users/summary/" + aliceId, "not.a.token"));
        t.record(http.get("/users/search/eqv_", aliceToken));
        t.record(http.get("/users/search/" + "s".repeat(51), aliceToken));
        t.record(http.putMultipart("/users/" + aliceId, Map.of("biography", "Updated", "isPrivate", "true"), aliceToken));
        t.record(http.get("/users/summary/" + aliceId, aliceToken));
        t.record(http.putMultipart("/users/" + bobId, Map.of("biography", "Not mine"), aliceToken));
        t.record(http.putMultipart("/users/" + aliceId, Map.of("userName", "eqv_bob"), aliceToken));
        t.record(http.putMultipart("/users/" + aliceId, Map.of("password", "short"), aliceToken));
        t.record(http.putMultipart("/users/" + aliceId, Map.of("password", "a-new-password"), aliceToken));
        t.record(http.postJson("/auth/login", "{\"email\":\"eqv_alice@example.com\",\"password\":\"a-new-password\"}", null));
        t.record(http.get("/no/such/path", aliceToken));
        t.record(http.raw("DELETE", "/auth/login", null, null, null));
        t.record(http.raw("POST", "/auth/login", null, "email=a", ContentType.APPLICATION_FORM_URLENCODED));
        Map<String, String> carol = Users.form("eqv_carol");
        String carolToken = token(t.record(http.postMultipart("/auth/register", carol, (String) null)));
        String carolId = Users.claims(carolToken).get("user_id").asString();
        tweetScript(t, services, new Ids(aliceId, aliceToken, bobId, bobToken, carolId, carolToken));
        return t.lines;
    }

    /** The script's three accounts (alice and bob private by now, carol public) and, as it goes, its entities. */
    private record Ids(String alice, String aliceToken, String bob, String bobToken, String carol, String carolToken) {
    }

    private static final String UNKNOWN = "00000000-0000-4000-8000-000000000000";
    private static final String TAG = "eqvtag";

    /** The tweet and interaction services, and the profile that composes them. */
    private static void tweetScript(Transcript t, Services services, Ids u) {
        Http tweets = services.tweet();
        Http in = services.interaction();
        String tA = id(t.record(tweets.postJson("/tweets/" + u.alice(),
                Tweets.content("Hello @EQV_BOB and @eqv_nobody, see #EqvTag and #eqvtag #eqvOther"), u.aliceToken())));
        String tA2 = id(t.record(tweets.postJson("/tweets/" + u.alice(), Tweets.content("Second #eqvtag tweet from alice"),
                u.aliceToken())));
        String tC = id(t.record(tweets.postJson("/tweets/" + u.carol(), Tweets.content("Carol writes #EQVTAG too \uD83D\uDE00"),
                u.carolToken())));
        t.record(tweets.postJson("/tweets/" + u.bob(), Tweets.content("Bob says #eqvtag as well"), u.bobToken()));
        t.record(tweets.postJson("/tweets/" + u.alice(), Tweets.content("too short"), u.aliceToken()));
        t.record(tweets.postJson("/tweets/" + u.alice(), Tweets.content("x".repeat(281)), u.aliceToken()));
        t.record(tweets.postJson("/tweets/" + u.alice(), Tweets.content("0123456789\u0000"), u.aliceToken()));
        t.record(tweets.postJson("/tweets/" + u.alice(), "{\"content\":", u.aliceToken()));
        t.record(tweets.postJson("/tweets/" + u.alice(), "{}", u.aliceToken()));
        t.record(tweets.postJson("/tweets/" + u.bob(), Tweets.content("Posting as somebody else"), u.aliceToken()));
        t.record(tweets.postJson("/tweets/" + u.alice(), Tweets.content("Posting without a token"), null));
        t.record(tweets.postJson("/tweets/" + u.alice(), Tweets.content("Posting with a bad token"), "not.a.token"));
        t.record(tweets.postJson("/tweets/not-a-uuid", Tweets.content("Posting to a bad id"), u.aliceToken()));
        t.record(tweets.get("/tweets/" + tA, u.bobToken()));
        t.record(tweets.get("/tweets/" + tA + "/summary", u.bobToken()));
        t.record(tweets.get("/tweets/" + UNKNOWN, u.bobToken()));
        t.record(tweets.get("/tweets/" + u.bob(), u.bobToken()));
        t.record(tweets.get("/tweets/not-a-uuid", u.bobToken()));
        t.record(tweets.putJson("/tweets/" + tA2, Tweets.content("Edited: #eqvedit for @eqv_carol"), u.aliceToken()));
        t.record(tweets.putJson("/tweets/" + tA2, Tweets.content("Edited by a stranger"), u.bobToken()));
        t.record(tweets.putJson("/tweets/" + UNKNOWN, Tweets.content("Edited but unknown"), u.aliceToken()));
        t.record(tweets.putJson("/tweets/" + tA2, Tweets.content("short"), u.aliceToken()));
        t.record(tweets.get("/tweets/user/" + u.alice(), u.bobToken()));
        t.record(tweets.get("/tweets/user/" + u.alice() + "?page=0&size=1", u.bobToken()));
        t.record(tweets.get("/tweets/user/" + u.alice() + "?page=1&size=1", u.bobToken()));
        t.record(tweets.get("/tweets/user/" + u.alice() + "?page=-1&size=101", u.bobToken()));
        t.record(tweets.get("/tweets/user/" + u.alice() + "?size=abc", u.bobToken()));
        t.record(tweets.get("/tweets/user/" + u.alice() + "/summary", u.bobToken()));
        t.record(tweets.get("/tweets/search/EQV_BOB", u.bobToken()));
        t.record(tweets.get("/tweets/search/eqv%25", u.bobToken()));
        t.record(tweets.get("/tweets/search/eqv%00", u.bobToken()));
        t.record(tweets.get("/tweets/search/" + "s".repeat(51), u.bobToken()));
        t.record(tweets.get("/tweets/search/hashtag/%23EQVTAG", u.bobToken()));
        t.record(tweets.get("/tweets/search/hashtag/eqvedit", u.bobToken()));
        t.record(tweets.get("/tweets/search/hashtag/eqv%00", u.bobToken()));
        t.record(tweets.get("/tweets/hashtag/popular", u.bobToken()), Transcript::onlyScriptTag);
        t.record(tweets.get("/tweets/hashtag/popular", null));

        // follows: alice is private, carol public
        t.record(in.raw("POST", "/follows/" + u.carol() + "/" + u.alice(), u.carolToken(), null, null));
        String request = t.record(in.get("/follows/" + u.alice() + "/requests", u.aliceToken())).json().get(0).get("id")
                .asString();
        t.record(in.get("/follows/" + u.carol() + "/following", u.carolToken()));
        t.record(tweets.get("/tweets/" + u.carol() + "/feed", u.carolToken()));
        t.record(in.raw("PUT", "/follows/" + u.alice() + "/" + request + "/MAYBE", u.aliceToken(), null, null));
        t.record(in.raw("PUT", "/follows/" + u.alice() + "/" + UNKNOWN + "/ACCEPTED", u.aliceToken(), null, null));
        t.record(in.raw("PUT", "/follows/" + u.carol() + "/" + request + "/ACCEPTED", u.carolToken(), null, null));
        t.record(in.raw("PUT", "/follows/" + u.alice() + "/" + request + "/ACCEPTED", u.bobToken(), null, null));
        t.record(in.raw("PUT", "/follows/" + u.alice() + "/" + request + "/accepted", u.aliceToken(), null, null));
        t.record(in.raw("PUT", "/follows/" + u.alice() + "/" + request + "/REJECTED", u.aliceToken(), null, null));
        t.record(in.get("/follows/" + u.alice() + "/requests", u.aliceToken()));
        t.record(in.get("/follows/" + u.carol() + "/following", u.carolToken()));
        t.record(in.get("/follows/" + u.alice() + "/followers", u.carolToken()));
        t.record(in.get("/follows/" + u.carol() + "/following/count", u.carolToken()));
        t.record(in.get("/follows/" + u.alice() + "/followers/count", u.carolToken()));
        t.record(in.get("/follows/" + u.carol() + "/following/identifiers", u.carolToken()));
        t.record(tweets.get("/tweets/" + u.carol() + "/feed", u.carolToken()));
        t.record(tweets.get("/tweets/" + u.carol() + "/feed?size=1", u.carolToken()));
        t.record(tweets.get("/tweets/" + u.carol() + "/feed?page=1000001", u.carolToken()));
        t.record(in.raw("POST", "/follows/" + u.bob() + "/" + u.carol(), u.bobToken(), null, null));
        t.record(in.raw("POST", "/follows/" + u.bob() + "/" + u.carol(), u.bobToken(), null, null));
        t.record(in.raw("POST", "/follows/" + u.bob() + "/" + u.bob(), u.bobToken(), null, null));
        t.record(in.raw("POST", "/follows/" + u.bob() + "/" + UNKNOWN, u.bobToken(), null, null));
        t.record(in.raw("POST", "/follows/" + u.carol() + "/" + u.bob(), u.bobToken(), null, null));
        t.record(in.raw("POST", "/follows/" + u.bob() + "/not-a-uuid", u.bobToken(), null, null));
        t.record(in.raw("POST", "/follows/" + u.bob() + "/" + u.alice(), null, null, null));
        t.record(in.get("/recommendations/" + u.bob() + "/follow", u.bobToken()));
        t.record(in.get("/recommendations/" + u.carol() + "/follow", u.carolToken()));
        t.record(in.get("/recommendations/hashtags", u.bobToken()), Transcript::onlyScriptTag);

        // likes
        t.record(in.raw("POST", "/likes/" + u.carol() + "/tweets/" + tA, u.carolToken(), null, null));
        t.record(in.raw("POST", "/likes/" + u.carol() + "/tweets/" + tA, u.carolToken(), null, null));
        t.record(in.raw("POST", "/likes/" + u.carol() + "/tweets/" + UNKNOWN, u.carolToken(), null, null));
        t.record(in.raw("POST", "/likes/" + u.carol() + "/tweets/" + u.bob(), u.carolToken(), null, null));
        t.record(in.raw("POST", "/likes/" + u.carol() + "/tweets/" + tA2, u.bobToken(), null, null));
        t.record(in.raw("POST", "/likes/" + u.carol() + "/tweets/not-a-uuid", u.carolToken(), null, null));
        t.record(in.get("/likes/tweet/" + tA, u.carolToken()));
        t.record(in.get("/likes/user/" + u.carol(), u.carolToken()));
        t.record(in.get("/likes/" + tA + "/count", u.carolToken()));
        t.record(in.delete("/likes/" + u.carol() + "/tweets/" + tA, u.carolToken()));
        t.record(in.delete("/likes/" + u.carol() + "/tweets/" + tA, u.carolToken()));
        t.record(in.get("/likes/" + tA + "/count", u.carolToken()));
        t.record(in.raw("POST", "/likes/" + u.carol() + "/tweets/" + tA, u.carolToken(), null, null));

        // replies
        String carolReply = id(t.record(in.postJson("/replies/" + u.carol(),
                Tweets.json("tweet_id", tA, "content", "Nice tweet"), u.carolToken())));
        String bobReply = id(t.record(in.postJson("/replies/" + u.bob(), Tweets.json("tweet_id", tA, "content", "Me too"),
                u.bobToken())));
        t.record(in.postJson("/replies/" + u.bob(), Tweets.json("tweet_id", tA, "content", ""), u.bobToken()));
        t.record(in.postJson("/replies/" + u.bob(), Tweets.json("tweet_id", "bad", "content", "r".repeat(281)),
                u.bobToken()));
        t.record(in.postJson("/replies/" + u.bob(), Tweets.json("tweet_id", UNKNOWN, "content", "Hello?"), u.bobToken()));
        t.record(in.postJson("/replies/" + u.bob(), "{\"tweet_id\":", u.bobToken()));
        t.record(in.postJson("/replies/" + u.alice(), Tweets.json("tweet_id", tA, "content", "As alice"), u.bobToken()));
        t.record(in.raw("POST", "/likes/" + u.alice() + "/replies/" + carolReply, u.aliceToken(), null, null));
        t.record(in.raw("POST", "/likes/" + u.alice() + "/replies/" + carolReply, u.aliceToken(), null, null));
        t.record(in.raw("POST", "/likes/" + u.alice() + "/replies/" + tA, u.aliceToken(), null, null));
        t.record(in.get("/replies/tweet/" + tA, u.aliceToken()));
        t.record(in.get("/replies/tweet/" + tA + "/count", u.aliceToken()));
        t.record(in.get("/replies/tweet/" + tA + "/top", u.aliceToken()));
        t.record(in.get("/replies/tweet/" + tC + "/top", u.aliceToken()));
        t.record(in.putJson("/replies/" + u.carol() + "/" + carolReply, Tweets.content("Edited reply"), u.carolToken()));
        t.record(in.putJson("/replies/" + u.bob() + "/" + carolReply, Tweets.content("Not mine"), u.bobToken()));
        t.record(in.putJson("/replies/" + u.carol() + "/" + carolReply, Tweets.content("Not mine"), u.bobToken()));
        t.record(in.putJson("/replies/" + u.carol() + "/" + UNKNOWN, Tweets.content("Unknown"), u.carolToken()));
        t.record(in.delete("/replies/" + u.bob() + "/" + bobReply, u.bobToken()));
        t.record(in.delete("/replies/" + u.bob() + "/" + bobReply, u.bobToken()));

        // retweets
        String retweet = id(t.record(in.postJson("/retweets/" + u.bob(), Tweets.json("original_tweet_id", tA,
                "content", "Look at this"), u.bobToken())));
        t.record(in.postJson("/retweets/" + u.carol(), Tweets.json("original_tweet_id", tA), u.carolToken()));
        t.record(in.postJson("/retweets/" + u.bob(), Tweets.json("original_tweet_id", tA, "content", "c".repeat(281)),
                u.bobToken()));
        t.record(in.postJson("/retweets/" + u.bob(), Tweets.json("content", "no tweet"), u.bobToken()));
        t.record(in.postJson("/retweets/" + u.bob(), Tweets.json("original_tweet_id", UNKNOWN), u.bobToken()));
        t.record(in.putJson("/retweets/" + u.bob() + "/" + retweet, Tweets.content("Changed my comment"), u.bobToken()));
        t.record(in.putJson("/retweets/" + u.carol() + "/" + retweet, Tweets.content("Not mine"), u.carolToken()));
        t.record(in.putJson("/retweets/" + u.bob() + "/" + UNKNOWN, Tweets.content("Unknown"), u.bobToken()));
        t.record(in.get("/retweets/user/" + u.bob(), u.bobToken()));
        t.record(in.get("/retweets/tweet/" + tA, u.bobToken()));
        t.record(in.get("/retweets/tweet/" + tA + "/count", u.bobToken()));
        t.record(in.delete("/retweets/" + u.carol() + "/" + retweet, u.carolToken()));
        t.record(in.delete("/retweets/" + u.bob() + "/" + retweet, u.bobToken()));
        t.record(in.delete("/retweets/" + u.bob() + "/" + retweet, u.bobToken()));

        // enrichment, composed answers
        t.record(in.postJson("/recommendations/tweet/summary", "[\"" + tA + "\",\"" + tC + "\",\"" + tA + "\",\""
                + UNKNOWN + "\"]", u.bobToken()));
        t.record(in.postJson("/recommendations/tweet/summary", "[]", u.bobToken()));
        t.record(in.postJson("/recommendations/tweet/summary", "[\"1-2-3-4-5\"]", u.bobToken()));
        t.record(in.postJson("/recommendations/tweet/summary", "[" + ("\"" + UNKNOWN + "\",").repeat(100) + "\""
                + UNKNOWN + "\"]", u.bobToken()));
        t.record(in.postJson("/recommendations/tweet/summary", "[", u.bobToken()));
        t.record(tweets.get("/tweets/" + tA, u.bobToken()));
        t.record(tweets.get("/tweets/" + u.carol() + "/feed", u.carolToken()));
        t.record(tweets.get("/tweets/search/hashtag/eqvtag", u.carolToken()));
        t.record(services.user().get("/users/" + u.alice(), u.carolToken()));
        t.record(services.user().get("/users/" + u.carol(), u.aliceToken()));
        t.record(services.user().get("/users/" + UNKNOWN, u.aliceToken()));

        // deletion
        t.record(tweets.delete("/tweets/" + tC, u.aliceToken()));
        t.record(tweets.delete("/tweets/" + tC, u.carolToken()));
        t.record(tweets.get("/tweets/" + tC, u.carolToken()));
        t.record(tweets.delete("/tweets/" + tC, u.carolToken()));
        t.record(tweets.get("/tweets/user/" + u.carol(), u.carolToken()));

        // tokens and everything else, on both services
        t.record(in.get("/likes/user/" + u.carol(), null));
        t.record(in.get("/likes/user/" + u.carol(), "not.a.token"));
        t.record(tweets.get("/tweets/user/" + u.carol(), null));
        t.record(in.get("/no/such/path", u.carolToken()));
        t.record(tweets.get("/no/such/path", u.carolToken()));
        t.record(tweets.raw("PATCH", "/tweets/" + tA, u.aliceToken(), null, null));
        t.record(in.raw("PATCH", "/replies/" + u.carol(), u.carolToken(), null, null));
    }


    private static String id(Response created) {
        assertThat(created.status()).as("%s", created).isEqualTo(200);
        return created.json().get("id").asString();
    }

    private static String token(Response register) {
        assertThat(register.status()).as("%s", register).isEqualTo(200);
        return register.json().get("token").asString();
    }

    /** Normalized responses; placeholders are numbered per transcript so each variant's ids map alike. */
    private static final class Transcript {
        final List<String> lines = new ArrayList<>();
        final Map<String, String> ids = new LinkedHashMap<>();

        Response record(Response r) {
            return record(r, UnaryOperator.identity());
        }

        /** Records the JSON body as {@code view} shows it (a 2xx answer only; errors are recorded whole). */
        Response record(Response r, UnaryOperator<JsonNode> view) {
            String body = r.body();
            if (r.contentType() != null && r.contentType().startsWith("application/json") && !body.isEmpty()) {
                JsonNode tree = r.json();
                body = Response.JSON.writeValueAsString(r.status() < 300 ? view.apply(tree) : tree);
            }
            body = replace(body, JWT, m -> "<jwt>");
            body = replace(body, TIMESTAMP, m -> "<timestamp>");
            body = replace(body, UUID, m -> ids.computeIfAbsent(m, k -> "<id" + (ids.size() + 1) + ">"));
            String path = replace(r.uri(), UUID, m -> ids.computeIfAbsent(m, k -> "<id" + (ids.size() + 1) + ">"));
            lines.add(r.method() + " " + path + " -> " + r.status() + " [" + r.contentType() + "] " + body);
            return r;
        }

        /** A ranking of the whole database, restricted to the script's own hashtag (its rank among others varies). */
        static JsonNode onlyScriptTag(JsonNode ranking) {
            ArrayNode kept = Response.JSON.createArrayNode();
            ranking.forEach(h -> {
                if (TAG.equals(h.get("text").asString())) {
                    kept.add(h);
                }
            });
            return kept;
        }

        private static String replace(String text, Pattern pattern, Function<String, String> replacement) {
            Matcher m = pattern.matcher(text);
            StringBuilder out = new StringBuilder();
            while (m.find()) {
                m.appendReplacement(out, Matcher.quoteReplacement(replacement.apply(m.group())));
            }
            m.appendTail(out);
            return out.toString();
        }
    }
}
