package io.paradigmlab.tweebyte.spec;

import static io.paradigmlab.tweebyte.lab.TweebyteService.INTERACTION;
import static io.paradigmlab.tweebyte.lab.TweebyteService.TWEET;
import static io.paradigmlab.tweebyte.lab.TweebyteService.USER;
import static io.paradigmlab.tweebyte.spec.EqualWorkStep.measure;
import static io.paradigmlab.tweebyte.spec.EqualWorkStep.setup;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The requests whose work {@link EqualWorkIT} measures: every endpoint of the contract (user, tweet, interaction
 * service, and the internal endpoints the services call each other on), with the set-up each needs, in one
 * sequence. Endpoints whose work depends on state (a cache hit or miss, a private or public account, an empty
 * page) appear once per case. Every variant replays the same sequence on its own fresh databases.
 */
final class EqualWorkScript {

    private static final String UNKNOWN = "00000000-0000-4000-8000-000000000000";

    private EqualWorkScript() {
    }

    static List<EqualWorkStep> steps() {
        return List.of(
                // accounts
                measure("POST /auth/register", USER, "POST", "/auth/register").form(account("eqw_alice", false))
                        .capture("alice.token", "/token"),
                setup(USER, "POST", "/auth/register").form(account("eqw_bob", false)).capture("bob.token", "/token"),
                setup(USER, "POST", "/auth/register").form(account("eqw_carol", true)).capture("carol.token", "/token"),
                setup(USER, "POST", "/auth/register").form(account("eqw_dave", false)).capture("dave.token", "/token"),
                setup(USER, "POST", "/auth/register").form(account("eqw_erin", false)).capture("erin.token", "/token"),
                measure("POST /auth/register", USER, "POST", "/auth/register").note("name taken")
                        .form(account("eqw_alice", false)).expect(409),
                measure("POST /auth/login", USER, "POST", "/auth/login")
                        .json("{\"email\":\"eqw_alice@example.com\",\"password\":\"correct-horse\"}"),
                measure("POST /auth/login", USER, "POST", "/auth/login").note("wrong password")
                        .json("{\"email\":\"eqw_alice@example.com\",\"password\":\"wrong-horse\"}").expect(401),
                measure("GET /users/summary/{id}", USER, "GET", "/users/summary/${bob.id}").as("alice"),
                measure("GET /users/summary/{id}", USER, "GET", "/users/summary/${bob.id}").note("no token").expect(401),
                measure("GET /users/summary/name/{name}", USER, "GET", "/users/summary/name/EQW_BOB").as("alice"),
                measure("GET /users/search/{term}", USER, "GET", "/users/search/eqw_").as("alice"),
                measure("PUT /users/{id}", USER, "PUT", "/users/${alice.id}").as("alice")
                        .form(Map.of("biography", "Now writes about virtual threads.")).expect(204),
                measure("PUT /users/{id}", USER, "PUT", "/users/${alice.id}").note("name taken").as("alice")
                        .form(Map.of("userName", "eqw_bob")).expect(409),
                measure("POST /internal/users/summaries/by-name", USER, "POST", "/internal/users/summaries/by-name")
                        .json("[\"eqw_bob\",\"eqw_nobody\",\"EQW_CAROL\"]"),
                measure("POST /internal/users/summaries/by-id", USER, "POST", "/internal/users/summaries/by-id")
                        .json("[\"${bob.id}\",\"" + UNKNOWN + "\",\"${carol.id}\"]"),

                // follows
                measure("POST /follows/{userId}/{followedId}", INTERACTION, "POST", "/follows/${alice.id}/${bob.id}")
                        .note("public").as("alice").expect(204),
                setup(INTERACTION, "POST", "/follows/${bob.id}/${dave.id}").as("bob").expect(204),
                measure("POST /follows/{userId}/{followedId}", INTERACTION, "POST", "/follows/${dave.id}/${carol.id}")
                        .note("private: pending").as("dave").expect(204),
                measure("POST /follows/{userId}/{followedId}", INTERACTION, "POST", "/follows/${alice.id}/${bob.id}")
                        .note("exists").as("alice").expect(409),
                measure("POST /follows/{userId}/{followedId}", INTERACTION, "POST", "/follows/${alice.id}/" + UNKNOWN)
                        .note("unknown user").as("alice").expect(404),
                measure("GET /follows/{userId}/requests", INTERACTION, "GET", "/follows/${carol.id}/requests").as("carol")
                        .capture("request1", "/0/id"),
                measure("PUT /follows/{userId}/{followRequestId}/{status}", INTERACTION, "PUT",
                        "/follows/${carol.id}/${request1}/ACCEPTED").note("accept").as("carol").expect(204),
                setup(INTERACTION, "POST", "/follows/${erin.id}/${carol.id}").as("erin").expect(204),
                setup(INTERACTION, "GET", "/follows/${carol.id}/requests").as("carol").capture("request2", "/0/id"),
                measure("PUT /follows/{userId}/{followRequestId}/{status}", INTERACTION, "PUT",
                        "/follows/${carol.id}/${request2}/rejected").note("reject").as("carol").expect(204),
                measure("GET /follows/{userId}/following", INTERACTION, "GET", "/follows/${alice.id}/following")
                        .note("cache miss").as("alice"),
                measure("GET /follows/{userId}/following", INTERACTION, "GET", "/follows/${alice.id}/following")
                        .note("cache hit").as("alice"),
                measure("GET /follows/{userId}/followers", INTERACTION, "GET", "/follows/${bob.id}/followers").as("alice"),
                measure("GET /follows/{userId}/followers/count", INTERACTION, "GET", "/follows/${bob.id}/followers/count")
                        .note("cache miss").as("alice"),
                measure("GET /follows/{userId}/followers/count", INTERACTION, "GET", "/follows/${bob.id}/followers/count")
                        .note("cache hit").as("alice"),
                measure("GET /follows/{userId}/following/count", INTERACTION, "GET", "/follows/${alice.id}/following/count")
                        .as("alice"),
                measure("GET /follows/{userId}/following/identifiers", INTERACTION, "GET",
                        "/follows/${alice.id}/following/identifiers").note("cache miss").as("alice"),
                measure("GET /follows/{userId}/following/identifiers", INTERACTION, "GET",
                        "/follows/${alice.id}/following/identifiers").note("cache hit").as("alice"),
                measure("GET /recommendations/{userId}/follow", INTERACTION, "GET", "/recommendations/${alice.id}/follow")
                        .as("alice"),
                measure("GET /recommendations/{userId}/follow", INTERACTION, "GET", "/recommendations/${erin.id}/follow")
                        .note("no candidates").as("erin"),
                setup(INTERACTION, "POST", "/follows/${carol.id}/${alice.id}").as("carol").expect(204),
                measure("DELETE /follows/{userId}/{followedId}", INTERACTION, "DELETE", "/follows/${carol.id}/${alice.id}")
                        .as("carol").expect(204),

                // tweets
                measure("POST /tweets/{userId}", TWEET, "POST", "/tweets/${alice.id}").note("mentions and hashtags")
                        .as("alice").json("{\"content\":\"Hello @eqw_bob and @eqw_nobody, #Java #loom #java\"}")
                        .capture("tweetA", "/id"),
                measure("POST /tweets/{userId}", TWEET, "POST", "/tweets/${bob.id}").note("no mention").as("bob")
                        .json("{\"content\":\"Plain words about #java and more\"}").capture("tweetB", "/id"),
                measure("POST /tweets/{userId}", TWEET, "POST", "/tweets/${bob.id}").note("too short").as("bob")
                        .json("{\"content\":\"short\"}").expect(400),
                setup(TWEET, "POST", "/tweets/${alice.id}").as("alice")
                        .json("{\"content\":\"This one will be deleted #gone\"}").capture("tweetGone", "/id"),
                measure("PUT /tweets/{tweetId}", TWEET, "PUT", "/tweets/${tweetA}").as("alice")
                        .json("{\"content\":\"Edited: hi @eqw_dave #Java #virtual\"}"),
                measure("PUT /tweets/{tweetId}", TWEET, "PUT", "/tweets/${tweetA}").note("not the author").as("bob")
                        .json("{\"content\":\"Not my tweet to edit\"}").expect(403),
                measure("GET /tweets/{tweetId}/summary", TWEET, "GET", "/tweets/${tweetA}/summary").as("alice"),
                measure("GET /tweets/user/{userId}/summary", TWEET, "GET", "/tweets/user/${alice.id}/summary").as("alice"),

                // replies, likes, retweets
                measure("POST /replies/{userId}", INTERACTION, "POST", "/replies/${bob.id}").as("bob")
                        .json("{\"tweet_id\":\"${tweetA}\",\"content\":\"Nice one\"}").capture("replyB", "/id"),
                setup(INTERACTION, "POST", "/replies/${dave.id}").as("dave")
                        .json("{\"tweet_id\":\"${tweetA}\",\"content\":\"Agreed\"}").capture("replyD", "/id"),
                measure("PUT /replies/{userId}/{replyId}", INTERACTION, "PUT", "/replies/${bob.id}/${replyB}").as("bob")
                        .json("{\"content\":\"Nice one, edited\"}"),
                measure("POST /likes/{userId}/tweets/{tweetId}", INTERACTION, "POST", "/likes/${alice.id}/tweets/${tweetA}")
                        .as("alice"),
                measure("POST /likes/{userId}/tweets/{tweetId}", INTERACTION, "POST", "/likes/${alice.id}/tweets/${tweetA}")
                        .note("already liked").as("alice").expect(409),
                measure("POST /likes/{userId}/tweets/{tweetId}", INTERACTION, "POST", "/likes/${alice.id}/tweets/" + UNKNOWN)
                        .note("unknown tweet").as("alice").expect(404),
                measure("POST /likes/{userId}/replies/{replyId}", INTERACTION, "POST", "/likes/${alice.id}/replies/${replyB}")
                        .as("alice"),
                setup(INTERACTION, "POST", "/likes/${dave.id}/tweets/${tweetB}").as("dave"),
                measure("GET /likes/user/{userId}", INTERACTION, "GET", "/likes/user/${alice.id}").as("alice"),
                measure("GET /likes/tweet/{tweetId}", INTERACTION, "GET", "/likes/tweet/${tweetA}").as("alice"),
                measure("GET /likes/{tweetId}/count", INTERACTION, "GET", "/likes/${tweetA}/count").as("alice"),
                measure("GET /replies/tweet/{tweetId}", INTERACTION, "GET", "/replies/tweet/${tweetA}").as("alice"),
                measure("GET /replies/tweet/{tweetId}/count", INTERACTION, "GET", "/replies/tweet/${tweetA}/count").as("alice"),
                measure("GET /replies/tweet/{tweetId}/top", INTERACTION, "GET", "/replies/tweet/${tweetA}/top").as("alice"),
                measure("POST /retweets/{userId}", INTERACTION, "POST", "/retweets/${dave.id}").as("dave")
                        .json("{\"original_tweet_id\":\"${tweetA}\",\"content\":\"Look at this\"}").capture("retweet", "/id"),
                measure("PUT /retweets/{userId}/{retweetId}", INTERACTION, "PUT", "/retweets/${dave.id}/${retweet}").as("dave")
                        .json("{\"content\":\"Look again\"}"),
                measure("GET /retweets/user/{userId}", INTERACTION, "GET", "/retweets/user/${dave.id}").as("alice"),
                measure("GET /retweets/tweet/{tweetId}", INTERACTION, "GET", "/retweets/tweet/${tweetA}").as("alice"),
                measure("GET /retweets/tweet/{tweetId}/count", INTERACTION, "GET", "/retweets/tweet/${tweetA}/count")
                        .as("alice"),
                measure("POST /recommendations/tweet/summary", INTERACTION, "POST", "/recommendations/tweet/summary")
                        .as("alice").json("[\"${tweetA}\",\"${tweetB}\",\"${tweetA}\",\"" + UNKNOWN + "\"]"),
                measure("GET /recommendations/hashtags", INTERACTION, "GET", "/recommendations/hashtags").as("alice"),

                // tweet reads (enriched through the interaction service)
                measure("GET /tweets/{tweetId}", TWEET, "GET", "/tweets/${tweetA}").as("bob"),
                measure("GET /tweets/{tweetId}", TWEET, "GET", "/tweets/" + UNKNOWN).note("unknown").as("bob").expect(404),
                measure("GET /tweets/user/{userId}", TWEET, "GET", "/tweets/user/${alice.id}").note("all").as("bob"),
                measure("GET /tweets/user/{userId}", TWEET, "GET", "/tweets/user/${alice.id}?page=0&size=1").note("a page")
                        .as("bob"),
                measure("GET /tweets/user/{userId}", TWEET, "GET", "/tweets/user/${erin.id}").note("none").as("bob"),
                measure("GET /tweets/{userId}/feed", TWEET, "GET", "/tweets/${alice.id}/feed").as("alice"),
                measure("GET /tweets/{userId}/feed", TWEET, "GET", "/tweets/${erin.id}/feed?page=0&size=10")
                        .note("follows nobody").as("erin"),
                measure("GET /tweets/search/{term}", TWEET, "GET", "/tweets/search/WORDS").as("alice"),
                measure("GET /tweets/search/{term}", TWEET, "GET", "/tweets/search/nothing%20like%20it").note("no hit")
                        .as("alice"),
                measure("GET /tweets/search/hashtag/{term}", TWEET, "GET", "/tweets/search/hashtag/java").as("alice"),
                measure("GET /tweets/hashtag/popular", TWEET, "GET", "/tweets/hashtag/popular").as("alice"),
                measure("GET /users/{id}", USER, "GET", "/users/${alice.id}").as("bob").requires(TWEET, INTERACTION),

                // removals
                measure("DELETE /likes/{userId}/replies/{replyId}", INTERACTION, "DELETE",
                        "/likes/${alice.id}/replies/${replyB}").as("alice").expect(204),
                measure("DELETE /likes/{userId}/tweets/{tweetId}", INTERACTION, "DELETE",
                        "/likes/${alice.id}/tweets/${tweetA}").as("alice").expect(204),
                measure("DELETE /likes/{userId}/tweets/{tweetId}", INTERACTION, "DELETE",
                        "/likes/${alice.id}/tweets/${tweetA}").note("not liked").as("alice").expect(404),
                measure("DELETE /replies/{userId}/{replyId}", INTERACTION, "DELETE", "/replies/${dave.id}/${replyD}")
                        .as("dave").expect(204),
                measure("DELETE /retweets/{userId}/{retweetId}", INTERACTION, "DELETE", "/retweets/${dave.id}/${retweet}")
                        .as("dave").expect(204),
                measure("DELETE /tweets/{tweetId}", TWEET, "DELETE", "/tweets/${tweetGone}").as("alice").expect(204),
                measure("GET /internal/tweets/deletions", TWEET, "GET", "/internal/tweets/deletions?after=0&limit=500"),

                // media jobs (seed 001): a job long enough to be QUEUED or RUNNING, never finished, when cancelled; the
                // workers' own statements are background work (TweebyteApplication.backgroundWork), not counted here
                measure("POST /media/jobs", TWEET, "POST", "/media/jobs").as("alice")
                        .json("{\"duration_ms\":600000,\"steps\":1}").expect(202).capture("job", "/id"),
                measure("POST /media/jobs", TWEET, "POST", "/media/jobs").note("invalid").as("alice")
                        .json("{\"duration_ms\":0,\"steps\":101}").expect(400),
                measure("GET /media/jobs/{id}", TWEET, "GET", "/media/jobs/${job}").as("alice"),
                measure("GET /media/jobs/{id}", TWEET, "GET", "/media/jobs/${job}").note("someone else's").as("bob")
                        .expect(403),
                measure("GET /media/jobs/{id}", TWEET, "GET", "/media/jobs/" + UNKNOWN).note("unknown").as("alice")
                        .expect(404),
                measure("DELETE /media/jobs/{id}", TWEET, "DELETE", "/media/jobs/${job}").as("alice"),
                measure("DELETE /media/jobs/{id}", TWEET, "DELETE", "/media/jobs/${job}").note("already cancelled")
                        .as("alice"),
                measure("GET /media/", USER, "GET", "/media/").as("alice"));
    }

    private static Map<String, String> account(String name, boolean isPrivate) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("userName", name);
        form.put("email", name + "@example.com");
        form.put("biography", "Writes about concurrency.");
        form.put("isPrivate", Boolean.toString(isPrivate));
        form.put("password", "correct-horse");
        form.put("birthDate", "24/12/1990");
        return form;
    }
}
