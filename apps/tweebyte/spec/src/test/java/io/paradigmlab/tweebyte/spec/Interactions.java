package io.paradigmlab.tweebyte.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.tweebyte.spec.Users.Account;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/** Steps about follows, likes, replies and retweets, in the contract's words; each asserts its success. */
final class Interactions {

    private Interactions() {
    }

    static Response follow(Http interactions, Account follower, Account followed) {
        return interactions.raw("POST", "/follows/" + follower.id() + "/" + followed.id(), follower.token(), null, null);
    }

    static void follows(Http interactions, Account follower, Account followed) {
        Response r = follow(interactions, follower, followed);
        assertThat(r.status()).as("%s", r).isEqualTo(204);
    }

    /** The id of the PENDING request from {@code follower} in {@code followed}'s requests. */
    static String requestId(Http interactions, Account followed, Account follower) {
        Response r = interactions.get("/follows/" + followed.id() + "/requests", followed.token());
        assertThat(r.status()).as("%s", r).isEqualTo(200);
        for (JsonNode request : r.json()) {
            if (request.get("follower_id").asString().equals(follower.id().toString())) {
                return request.get("id").asString();
            }
        }
        throw new AssertionError("no request from " + follower.userName() + " in " + r);
    }

    static Response answer(Http interactions, Account followed, String requestId, String status) {
        return interactions.raw("PUT", "/follows/" + followed.id() + "/" + requestId + "/" + status, followed.token(), null,
                null);
    }

    static Response like(Http interactions, Account user, UUID tweetId) {
        return interactions.raw("POST", "/likes/" + user.id() + "/tweets/" + tweetId, user.token(), null, null);
    }

    static void likes(Http interactions, Account user, UUID tweetId) {
        Response r = like(interactions, user, tweetId);
        assertThat(r.status()).as("%s", r).isEqualTo(200);
    }

    static Response likeReply(Http interactions, Account user, UUID replyId) {
        return interactions.raw("POST", "/likes/" + user.id() + "/replies/" + replyId, user.token(), null, null);
    }

    static Response createReply(Http interactions, Account user, Object tweetId, String content) {
        return interactions.postJson("/replies/" + user.id(),
                Tweets.json("tweet_id", tweetId == null ? null : tweetId.toString(), "content", content), user.token());
    }

    static UUID reply(Http interactions, Account user, UUID tweetId, String content) {
        Response r = createReply(interactions, user, tweetId, content);
        assertThat(r.status()).as("%s", r).isEqualTo(200);
        assertThat(r.json().propertyNames()).containsExactly("id");
        return UUID.fromString(r.json().get("id").asString());
    }

    static Response createRetweet(Http interactions, Account user, Object tweetId, String content) {
        return interactions.postJson("/retweets/" + user.id(),
                Tweets.json("original_tweet_id", tweetId == null ? null : tweetId.toString(), "content", content),
                user.token());
    }

    static UUID retweet(Http interactions, Account user, UUID tweetId, String content) {
        Response r = createRetweet(interactions, user, tweetId, content);
        assertThat(r.status()).as("%s", r).isEqualTo(200);
        return UUID.fromString(r.json().get("id").asString());
    }
}
