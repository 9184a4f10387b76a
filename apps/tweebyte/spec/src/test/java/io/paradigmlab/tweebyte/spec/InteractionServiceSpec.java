package io.paradigmlab.tweebyte.spec;

import static io.paradigmlab.tweebyte.spec.Interactions.answer;
import static io.paradigmlab.tweebyte.spec.Interactions.follow;
import static io.paradigmlab.tweebyte.spec.Interactions.follows;
import static io.paradigmlab.tweebyte.spec.Interactions.like;
import static io.paradigmlab.tweebyte.spec.Interactions.likeReply;
import static io.paradigmlab.tweebyte.spec.Interactions.likes;
import static io.paradigmlab.tweebyte.spec.Interactions.reply;
import static io.paradigmlab.tweebyte.spec.Interactions.requestId;
import static io.paradigmlab.tweebyte.spec.Interactions.retweet;
import static io.paradigmlab.tweebyte.spec.Tweets.content;
import static io.paradigmlab.tweebyte.spec.Tweets.post;
import static io.paradigmlab.tweebyte.spec.UserServiceSpec.assertError;
import static io.paradigmlab.tweebyte.spec.UserServiceSpec.assertSummary;
import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.tweebyte.spec.Users.Account;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/**
 * The interaction service's behaviour, black-box over HTTP (with the user and tweet services it calls). A
 * subclass names the variant; every scenario runs unchanged against async, virtual and reactive.
 */
public abstract class InteractionServiceSpec extends TweebyteSpec {

    static final String NOT_OWNER = "You can only act for your own account";
    static final String REPLY_CONTENT = "Content must be between 1 and 280 characters";
    static final String TWEET_IDS = "Body must be a JSON array of at most 100 tweet ids";

    JsonNode list(String path, Account reader) {
        JsonNode list = ok(interactions.get(path, reader.token()));
        assertThat(list.isArray()).as("%s", list).isTrue();
        return list;
    }

    long count(String path, Account reader) {
        return number(interactions.get(path, reader.token()));
    }

    static void assertFollow(JsonNode f, String userName, Account follower, Account followed, String status) {
        assertFields(f, FOLLOW_FIELDS);
        UUID.fromString(f.get("id").asString());
        assertThat(f.get("user_name").asString()).isEqualTo(userName);
        assertThat(f.get("follower_id").asString()).isEqualTo(s(follower.id()));
        assertThat(f.get("followed_id").asString()).isEqualTo(s(followed.id()));
        assertRecent(f.get("created_at"));
        assertThat(f.get("status").asString()).isEqualTo(status);
    }

    @Nested
    @DisplayName("POST /follows/{userId}/{followedId} and the follow lists")
    class Follows {

        @Test
        void followingAPublicUserIsAcceptedAtOnce() {
            Account fan = register("Fan");
            Account star = register("Star");
            Response r = follow(interactions, fan, star);
            noContent(r);
            JsonNode following = list("/follows/" + fan.id() + "/following", fan);
            assertThat(following).hasSize(1);
            assertFollow(following.get(0), star.userName(), fan, star, "ACCEPTED");
            JsonNode followers = list("/follows/" + star.id() + "/followers", fan);
            assertThat(followers).hasSize(1);
            assertFollow(followers.get(0), fan.userName(), fan, star, "ACCEPTED");
            assertThat(followers.get(0).get("id").asString()).isEqualTo(following.get(0).get("id").asString());
            assertThat(count("/follows/" + fan.id() + "/following/count", fan)).isEqualTo(1);
            assertThat(count("/follows/" + fan.id() + "/followers/count", fan)).isZero();
            assertThat(count("/follows/" + star.id() + "/followers/count", fan)).isEqualTo(1);
            assertThat(strings(list("/follows/" + fan.id() + "/following/identifiers", fan))).containsExactly(s(star.id()));
            assertThat(list("/follows/" + star.id() + "/requests", star)).isEmpty();
        }

        @Test
        void followingAPrivateUserIsAPendingRequest() {
            Account fan = register("Asker");
            Account shy = registerPrivate("Shy");
            noContent(follow(interactions, fan, shy));
            JsonNode requests = list("/follows/" + shy.id() + "/requests", shy);
            assertThat(requests).hasSize(1);
            assertFollow(requests.get(0), fan.userName(), fan, shy, "PENDING");
            assertThat(list("/follows/" + fan.id() + "/following", fan)).isEmpty();
            assertThat(list("/follows/" + shy.id() + "/followers", shy)).isEmpty();
            assertThat(count("/follows/" + fan.id() + "/following/count", fan)).isZero();
            assertThat(count("/follows/" + shy.id() + "/followers/count", fan)).isZero();
            assertThat(list("/follows/" + fan.id() + "/following/identifiers", fan)).isEmpty();
        }

        @Test
        void listsAreNewestFirstAndIdentifiersOrderedById() {
            Account fan = register("Many");
            Account first = register("First");
            Account second = register("Second");
            Account third = registerPrivate("Third");
            follows(interactions, fan, first);
            follows(interactions, fan, second);
            follows(interactions, fan, third);
            assertThat(values(list("/follows/" + fan.id() + "/following", fan), "followed_id"))
                    .containsExactly(s(second.id()), s(first.id()));
            assertThat(values(list("/follows/" + fan.id() + "/following", fan), "user_name"))
                    .containsExactly(second.userName(), first.userName());
            assertThat(strings(list("/follows/" + fan.id() + "/following/identifiers", fan)))
                    .isEqualTo(java.util.stream.Stream.of(s(first.id()), s(second.id())).sorted().toList());
        }

        @Test
        void aSecondFollowIsAConflict() {
            Account fan = register("Twice");
            Account star = register("Twice");
            Account shy = registerPrivate("Twice");
            follows(interactions, fan, star);
            follows(interactions, fan, shy);
            assertError(follow(interactions, fan, star), 409, "/follows/" + fan.id() + "/" + star.id(),
                    "Follow already exists");
            assertError(follow(interactions, fan, shy), 409, "/follows/" + fan.id() + "/" + shy.id(),
                    "Follow already exists");
            assertThat(count("/follows/" + star.id() + "/followers/count", fan)).isEqualTo(1);
        }

        @Test
        void nobodyFollowsThemselves() {
            Account me = register("Self");
            assertError(follow(interactions, me, me), 400, "/follows/" + me.id() + "/" + me.id(),
                    "You cannot follow yourself");
        }

        @Test
        void anUnknownUserCannotBeFollowed() {
            Account fan = register("Ghost");
            UUID nobody = UUID.randomUUID();
            String path = "/follows/" + fan.id() + "/" + nobody;
            assertError(interactions.raw("POST", path, fan.token(), null, null), 404, path, "User not found");
            assertThat(count("/follows/" + fan.id() + "/following/count", fan)).isZero();
        }

        @Test
        void oneFollowsOnlyAsOneself() {
            Account me = register("Puppet");
            Account other = register("Puppet");
            Account star = register("Puppet");
            String path = "/follows/" + other.id() + "/" + star.id();
            assertError(interactions.raw("POST", path, me.token(), null, null), 403, path, NOT_OWNER);
            assertThat(count("/follows/" + star.id() + "/followers/count", me)).isZero();
        }

        @Test
        void rejectsBadIdsAndTokens() {
            Account fan = register("BadFollow");
            Account star = register("BadFollow");
            String bad = "/follows/" + fan.id() + "/not-a-uuid";
            assertError(interactions.raw("POST", bad, fan.token(), null, null), 400, bad, "followedId must be a valid UUID");
            assertError(interactions.get("/follows/1-2-3-4-5/followers", fan.token()), 400, "/follows/1-2-3-4-5/followers",
                    "userId must be a valid UUID");
            String path = "/follows/" + fan.id() + "/" + star.id();
            assertTokenRequired(fan, token -> interactions.raw("POST", path, token, null, null), path);
            assertTokenRequired(fan, token -> interactions.get("/follows/" + fan.id() + "/following", token),
                    "/follows/" + fan.id() + "/following");
        }

        @Test
        void concurrentIdenticalFollowsMakeOneFollow() {
            Account fan = register("RaceFan");
            Account star = register("RaceStar");
            List<Response> responses = atOnce(8, i -> follow(interactions, fan, star));
            assertThat(responses.stream().filter(r -> r.status() == 204)).as("%s", responses).hasSize(1);
            responses.stream().filter(r -> r.status() != 204).forEach(r -> assertError(r, 409,
                    "/follows/" + fan.id() + "/" + star.id(), "Follow already exists"));
            assertThat(count("/follows/" + star.id() + "/followers/count", fan)).isEqualTo(1);
            assertThat(list("/follows/" + fan.id() + "/following", fan)).hasSize(1);
        }
    }

    @Nested
    @DisplayName("PUT /follows/{userId}/{followRequestId}/{status}")
    class Answers {

        @Test
        void acceptingMakesTheRequestAFollow() {
            Account fan = register("Accepted");
            Account shy = registerPrivate("Accepter");
            follows(interactions, fan, shy);
            String request = requestId(interactions, shy, fan);
            noContent(answer(interactions, shy, request, "ACCEPTED"));
            assertThat(list("/follows/" + shy.id() + "/requests", shy)).isEmpty();
            JsonNode following = list("/follows/" + fan.id() + "/following", fan);
            assertThat(following).hasSize(1);
            assertFollow(following.get(0), shy.userName(), fan, shy, "ACCEPTED");
            assertThat(following.get(0).get("id").asString()).isEqualTo(request);
            assertThat(count("/follows/" + shy.id() + "/followers/count", shy)).isEqualTo(1);
            assertThat(count("/follows/" + fan.id() + "/following/count", fan)).isEqualTo(1);
            assertThat(strings(list("/follows/" + fan.id() + "/following/identifiers", fan))).containsExactly(s(shy.id()));
        }

        @Test
        void rejectingRefusesTheRequestAndOneMayAskAgain() {
            Account fan = register("Refused");
            Account shy = registerPrivate("Refuser");
            follows(interactions, fan, shy);
            noContent(answer(interactions, shy, requestId(interactions, shy, fan), "rejected"));
            assertThat(list("/follows/" + shy.id() + "/requests", shy)).isEmpty();
            assertThat(list("/follows/" + fan.id() + "/following", fan)).isEmpty();
            assertThat(list("/follows/" + shy.id() + "/followers", shy)).isEmpty();
            assertThat(count("/follows/" + shy.id() + "/followers/count", shy)).isZero();
            noContent(follow(interactions, fan, shy));
            assertFollow(list("/follows/" + shy.id() + "/requests", shy).get(0), fan.userName(), fan, shy, "PENDING");
        }

        @Test
        void aRequestIsAnsweredOnce() {
            Account fan = register("Once");
            Account shy = registerPrivate("Once");
            follows(interactions, fan, shy);
            String request = requestId(interactions, shy, fan);
            noContent(answer(interactions, shy, request, "accepted"));
            String path = "/follows/" + shy.id() + "/" + request + "/REJECTED";
            assertError(answer(interactions, shy, request, "REJECTED"), 409, path, "Follow request was already answered");
            assertThat(count("/follows/" + shy.id() + "/followers/count", shy)).isEqualTo(1);
        }

        @Test
        void anAcceptedFollowOfAPublicUserIsNotAnOpenRequest() {
            Account fan = register("Open");
            Account star = register("Open");
            follows(interactions, fan, star);
            String id = list("/follows/" + star.id() + "/followers", star).get(0).get("id").asString();
            assertError(answer(interactions, star, id, "REJECTED"), 409, "/follows/" + star.id() + "/" + id + "/REJECTED",
                    "Follow request was already answered");
        }

        @Test
        void onlyTheFollowedUserAnswers() {
            Account fan = register("Sneaky");
            Account shy = registerPrivate("Sneaky");
            Account other = register("Sneaky");
            follows(interactions, fan, shy);
            String request = requestId(interactions, shy, fan);
            assertError(answer(interactions, fan, request, "ACCEPTED"), 404,
                    "/follows/" + fan.id() + "/" + request + "/ACCEPTED", "Follow request not found");
            String path = "/follows/" + shy.id() + "/" + request + "/ACCEPTED";
            assertError(interactions.raw("PUT", path, other.token(), null, null), 403, path, NOT_OWNER);
            assertThat(list("/follows/" + shy.id() + "/requests", shy)).hasSize(1);
        }

        @Test
        void rejectsAnUnknownRequestOrStatus() {
            Account fan = register("Status");
            Account shy = registerPrivate("Status");
            follows(interactions, fan, shy);
            String request = requestId(interactions, shy, fan);
            assertError(answer(interactions, shy, request, "MAYBE"), 400, "/follows/" + shy.id() + "/" + request + "/MAYBE",
                    "status must be ACCEPTED or REJECTED");
            assertError(answer(interactions, shy, request, "PENDING"), 400,
                    "/follows/" + shy.id() + "/" + request + "/PENDING", "status must be ACCEPTED or REJECTED");
            UUID unknown = UUID.randomUUID();
            assertError(answer(interactions, shy, unknown.toString(), "ACCEPTED"), 404,
                    "/follows/" + shy.id() + "/" + unknown + "/ACCEPTED", "Follow request not found");
            assertError(answer(interactions, shy, "not-a-uuid", "ACCEPTED"), 400,
                    "/follows/" + shy.id() + "/not-a-uuid/ACCEPTED", "followRequestId must be a valid UUID");
            String path = "/follows/" + shy.id() + "/" + request + "/ACCEPTED";
            assertTokenRequired(shy, token -> interactions.raw("PUT", path, token, null, null), path);
            assertThat(list("/follows/" + shy.id() + "/requests", shy)).hasSize(1);
        }
    }

    @Nested
    @DisplayName("DELETE /follows/{userId}/{followedId}")
    class Unfollow {

        @Test
        void removesTheFollowOnce() {
            Account fan = register("Leaver");
            Account star = register("Left");
            follows(interactions, fan, star);
            assertThat(count("/follows/" + fan.id() + "/following/count", fan)).isEqualTo(1);
            String path = "/follows/" + fan.id() + "/" + star.id();
            noContent(interactions.delete(path, fan.token()));
            assertThat(list("/follows/" + fan.id() + "/following", fan)).isEmpty();
            assertThat(list("/follows/" + fan.id() + "/following/identifiers", fan)).isEmpty();
            assertThat(count("/follows/" + fan.id() + "/following/count", fan)).isZero();
            assertThat(count("/follows/" + star.id() + "/followers/count", fan)).isZero();
            assertError(interactions.delete(path, fan.token()), 404, path, "Follow not found");
            noContent(follow(interactions, fan, star));
        }

        @Test
        void aPendingRequestCanBeWithdrawn() {
            Account fan = register("Withdraw");
            Account shy = registerPrivate("Withdraw");
            follows(interactions, fan, shy);
            noContent(interactions.delete("/follows/" + fan.id() + "/" + shy.id(), fan.token()));
            assertThat(list("/follows/" + shy.id() + "/requests", shy)).isEmpty();
        }

        @Test
        void isForTheFollowerOnly() {
            Account fan = register("Keep");
            Account star = register("Keep");
            follows(interactions, fan, star);
            String path = "/follows/" + fan.id() + "/" + star.id();
            assertError(interactions.delete(path, star.token()), 403, path, NOT_OWNER);
            assertTokenRequired(fan, token -> interactions.delete(path, token), path);
            assertThat(count("/follows/" + star.id() + "/followers/count", star)).isEqualTo(1);
        }
    }

    @Nested
    @DisplayName("likes")
    class Likes {

        @Test
        void likesATweetOnce() {
            Account author = register("Liked");
            Account fan = register("Liker");
            UUID tweet = post(tweets, author, "Please like this");
            JsonNode created = ok(like(interactions, fan, tweet));
            assertFields(created, List.of("id", "created_at"));
            assertRecent(created.get("created_at"));
            String path = "/likes/" + fan.id() + "/tweets/" + tweet;
            assertError(like(interactions, fan, tweet), 409, path, "Already liked");

            JsonNode ofTweet = list("/likes/tweet/" + tweet, author);
            assertThat(ofTweet).hasSize(1);
            JsonNode l = ofTweet.get(0);
            assertFields(l, LIKE_FIELDS);
            assertThat(l.get("id").asString()).isEqualTo(created.get("id").asString());
            assertThat(l.get("user_id").asString()).isEqualTo(s(fan.id()));
            assertThat(l.get("likeable_id").asString()).isEqualTo(s(tweet));
            assertThat(l.get("likeable_type").asString()).isEqualTo("TWEET");
            assertThat(l.get("created_at").asString()).isEqualTo(created.get("created_at").asString());
            assertThat(list("/likes/user/" + fan.id(), fan)).isEqualTo(ofTweet);
            assertThat(count("/likes/" + tweet + "/count", fan)).isEqualTo(1);
        }

        @Test
        void likesOfAUserAreNewestFirst() {
            Account author = register("Liked");
            Account fan = register("Liker");
            UUID first = post(tweets, author, "The first tweet");
            UUID second = post(tweets, author, "The second tweet");
            UUID reply = reply(interactions, author, first, "a reply");
            likes(interactions, fan, first);
            ok(likeReply(interactions, fan, reply));
            likes(interactions, fan, second);
            JsonNode mine = list("/likes/user/" + fan.id(), fan);
            assertThat(values(mine, "likeable_id")).containsExactly(s(second), s(reply), s(first));
            assertThat(values(mine, "likeable_type")).containsExactly("TWEET", "REPLY", "TWEET");
            assertThat(count("/likes/" + first + "/count", fan)).isEqualTo(1);
        }

        @Test
        void anUnknownTweetOrReplyCannotBeLiked() {
            Account fan = register("NoTarget");
            Account author = register("NoTarget");
            UUID tweet = post(tweets, author, "A real tweet here");
            UUID unknown = UUID.randomUUID();
            assertError(like(interactions, fan, unknown), 404, "/likes/" + fan.id() + "/tweets/" + unknown,
                    "Tweet not found");
            assertError(like(interactions, fan, author.id()), 404, "/likes/" + fan.id() + "/tweets/" + author.id(),
                    "Tweet not found");
            assertError(likeReply(interactions, fan, unknown), 404, "/likes/" + fan.id() + "/replies/" + unknown,
                    "Reply not found");
            assertError(likeReply(interactions, fan, tweet), 404, "/likes/" + fan.id() + "/replies/" + tweet,
                    "Reply not found");
            assertThat(list("/likes/user/" + fan.id(), fan)).isEmpty();
            assertThat(count("/likes/" + unknown + "/count", fan)).isZero();
        }

        @Test
        void likesAReplyOnce() {
            Account author = register("ReplyLiked");
            Account fan = register("ReplyLiker");
            UUID tweet = post(tweets, author, "Tweet with a reply");
            UUID reply = reply(interactions, author, tweet, "the reply");
            JsonNode created = ok(likeReply(interactions, fan, reply));
            assertFields(created, List.of("id", "created_at"));
            assertError(likeReply(interactions, fan, reply), 409, "/likes/" + fan.id() + "/replies/" + reply,
                    "Already liked");
            JsonNode mine = list("/likes/user/" + fan.id(), fan);
            assertThat(values(mine, "likeable_type")).containsExactly("REPLY");
            assertThat(list("/replies/tweet/" + tweet, fan).get(0).get("likes_count").asLong()).isEqualTo(1);
            assertThat(count("/likes/" + tweet + "/count", fan)).as("a reply's like is not the tweet's").isZero();
            assertThat(list("/likes/tweet/" + tweet, fan)).isEmpty();
        }

        @Test
        void unlikeRemovesTheLikeOnce() {
            Account author = register("Unliked");
            Account fan = register("Unliker");
            UUID tweet = post(tweets, author, "Like then unlike");
            UUID reply = reply(interactions, author, tweet, "reply to unlike");
            likes(interactions, fan, tweet);
            ok(likeReply(interactions, fan, reply));
            String tweetPath = "/likes/" + fan.id() + "/tweets/" + tweet;
            String replyPath = "/likes/" + fan.id() + "/replies/" + reply;
            noContent(interactions.delete(tweetPath, fan.token()));
            noContent(interactions.delete(replyPath, fan.token()));
            assertThat(count("/likes/" + tweet + "/count", fan)).isZero();
            assertThat(list("/likes/user/" + fan.id(), fan)).isEmpty();
            assertError(interactions.delete(tweetPath, fan.token()), 404, tweetPath, "Like not found");
            assertError(interactions.delete(replyPath, fan.token()), 404, replyPath, "Like not found");
            likes(interactions, fan, tweet);
        }

        @Test
        void oneLikesOnlyAsOneself() {
            Account author = register("Owned");
            Account fan = register("Owned");
            Account other = register("Owned");
            UUID tweet = post(tweets, author, "Only likes of my own");
            UUID second = post(tweets, author, "Another tweet here");
            likes(interactions, fan, tweet);
            String path = "/likes/" + fan.id() + "/tweets/" + tweet;
            String secondPath = "/likes/" + fan.id() + "/tweets/" + second;
            assertError(interactions.raw("POST", secondPath, other.token(), null, null), 403, secondPath, NOT_OWNER);
            assertError(interactions.delete(path, other.token()), 403, path, NOT_OWNER);
            assertThat(count("/likes/" + tweet + "/count", author)).isEqualTo(1);
            assertThat(count("/likes/" + second + "/count", author)).isZero();
        }

        @Test
        void rejectsBadIdsAndTokens() {
            Account fan = register("LikeBad");
            Account author = register("LikeBad");
            UUID tweet = post(tweets, author, "Token checks here");
            String bad = "/likes/" + fan.id() + "/tweets/not-a-uuid";
            assertError(interactions.raw("POST", bad, fan.token(), null, null), 400, bad, "tweetId must be a valid UUID");
            assertError(interactions.get("/likes/not-a-uuid/count", fan.token()), 400, "/likes/not-a-uuid/count",
                    "tweetId must be a valid UUID");
            String path = "/likes/" + fan.id() + "/tweets/" + tweet;
            assertTokenRequired(fan, token -> interactions.raw("POST", path, token, null, null), path);
            assertTokenRequired(fan, token -> interactions.get("/likes/tweet/" + tweet, token), "/likes/tweet/" + tweet);
            assertThat(count("/likes/" + tweet + "/count", fan)).isZero();
        }

        @Test
        void concurrentIdenticalLikesMakeOneLike() {
            Account author = register("RaceLiked");
            Account fan = register("RaceLiker");
            UUID tweet = post(tweets, author, "Like me all at once");
            List<Response> responses = atOnce(8, i -> like(interactions, fan, tweet));
            assertThat(responses.stream().filter(r -> r.status() == 200)).as("%s", responses).hasSize(1);
            responses.stream().filter(r -> r.status() != 200).forEach(r -> assertError(r, 409,
                    "/likes/" + fan.id() + "/tweets/" + tweet, "Already liked"));
            assertThat(count("/likes/" + tweet + "/count", fan)).isEqualTo(1);
            assertThat(list("/likes/tweet/" + tweet, fan)).hasSize(1);
        }
    }

    @Nested
    @DisplayName("replies")
    class Replies {

        @Test
        void repliesAreListedNewestFirstAndCounted() {
            Account author = register("Replied");
            Account fan = register("Replier");
            UUID tweet = post(tweets, author, "Reply to me please");
            UUID first = reply(interactions, fan, tweet, "first!");
            UUID second = reply(interactions, author, tweet, "second");
            JsonNode replies = list("/replies/tweet/" + tweet, fan);
            assertThat(ids(replies)).containsExactly(s(second), s(first));
            JsonNode r = replies.get(1);
            assertFields(r, REPLY_FIELDS);
            assertThat(r.get("user_id").asString()).isEqualTo(s(fan.id()));
            assertThat(r.get("tweet_id").asString()).isEqualTo(s(tweet));
            assertThat(r.get("content").asString()).isEqualTo("first!");
            assertRecent(r.get("created_at"));
            assertThat(r.get("likes_count").asLong()).isZero();
            assertThat(count("/replies/tweet/" + tweet + "/count", fan)).isEqualTo(2);
            assertThat(list("/replies/tweet/" + UUID.randomUUID(), fan)).isEmpty();
        }

        @ParameterizedTest(name = "{0} characters -> {1}")
        @CsvSource({"0,400", "1,200", "280,200", "281,400"})
        void acceptsOneTo280Characters(int length, int status) {
            Account author = register("ReplyLen");
            UUID tweet = post(tweets, author, "Replies of every length");
            Response r = Interactions.createReply(interactions, author, tweet, "r".repeat(length));
            if (status == 200) {
                assertThat(ok(r).propertyNames()).containsExactly("id");
            } else {
                assertError(r, 400, "/replies/" + author.id(), REPLY_CONTENT);
            }
        }

        @Test
        void validatesTheBody() {
            Account author = register("ReplyBad");
            UUID tweet = post(tweets, author, "Replies with bad bodies");
            String path = "/replies/" + author.id();
            assertError(Interactions.createReply(interactions, author, tweet, "   "), 400, path, REPLY_CONTENT);
            assertError(Interactions.createReply(interactions, author, tweet, null), 400, path, REPLY_CONTENT);
            assertError(Interactions.createReply(interactions, author, tweet, "a\u0000b"), 400, path,
                    "content must not contain the NUL character");
            assertError(Interactions.createReply(interactions, author, null, "fine"), 400, path,
                    "tweet_id must be a valid UUID");
            assertError(Interactions.createReply(interactions, author, "1-2-3-4-5", ""), 400, path,
                    "tweet_id must be a valid UUID", REPLY_CONTENT);
            assertError(interactions.postJson(path, "{\"tweet_id\":", author.token()), 400, path,
                    "Malformed JSON request");
            assertError(interactions.postJson(path, "", author.token()), 400, path, "Malformed JSON request");
            // a number or a boolean where the contract wants a string is not read as its text (Schemathesis)
            assertError(interactions.postJson(path, "{\"tweet_id\":\"" + tweet + "\",\"content\":42}",
                    author.token()), 400, path, "Malformed JSON request");
            assertError(interactions.postJson(path, "{\"tweet_id\":\"" + tweet + "\",\"content\":true}",
                    author.token()), 400, path, "Malformed JSON request");
            assertThat(count("/replies/tweet/" + tweet + "/count", author)).isZero();
        }

        @Test
        void anUnknownTweetCannotBeRepliedTo() {
            Account author = register("ReplyNone");
            UUID unknown = UUID.randomUUID();
            assertError(Interactions.createReply(interactions, author, unknown, "hello?"), 404, "/replies/" + author.id(),
                    "Tweet not found");
            assertError(Interactions.createReply(interactions, author, author.id(), "hello?"), 404,
                    "/replies/" + author.id(), "Tweet not found");
        }

        @Test
        void oneRepliesOnlyAsOneself() {
            Account author = register("ReplyAs");
            Account other = register("ReplyAs");
            UUID tweet = post(tweets, author, "Whose reply is it");
            String path = "/replies/" + author.id();
            assertError(interactions.postJson(path, Tweets.json("tweet_id", s(tweet), "content", "fake"), other.token()),
                    403, path, NOT_OWNER);
            assertTokenRequired(author, token -> interactions.postJson(path,
                    Tweets.json("tweet_id", s(tweet), "content", "fine"), token), path);
            assertThat(count("/replies/tweet/" + tweet + "/count", author)).isZero();
        }

        @Test
        void theAuthorEditsAReply() {
            Account author = register("ReplyEdit");
            Account other = register("ReplyEdit");
            UUID tweet = post(tweets, author, "Edit the reply");
            UUID reply = reply(interactions, author, tweet, "before");
            ok(likeReply(interactions, other, reply));
            String path = "/replies/" + author.id() + "/" + reply;
            JsonNode edited = ok(interactions.putJson(path, content("after"), author.token()));
            assertFields(edited, REPLY_FIELDS);
            assertThat(edited.get("id").asString()).isEqualTo(s(reply));
            assertThat(edited.get("tweet_id").asString()).isEqualTo(s(tweet));
            assertThat(edited.get("content").asString()).isEqualTo("after");
            assertThat(edited.get("likes_count").asLong()).isEqualTo(1);
            assertThat(list("/replies/tweet/" + tweet, author).get(0)).isEqualTo(edited);

            assertError(interactions.putJson(path, content(""), author.token()), 400, path, REPLY_CONTENT);
            assertError(interactions.putJson(path, content("r".repeat(281)), author.token()), 400, path, REPLY_CONTENT);
            String foreign = "/replies/" + other.id() + "/" + reply;
            assertError(interactions.putJson(foreign, content("hijack"), other.token()), 403, foreign,
                    "You can only change your own replies");
            assertError(interactions.putJson(path, content("hijack"), other.token()), 403, path, NOT_OWNER);
            UUID unknown = UUID.randomUUID();
            assertError(interactions.putJson("/replies/" + author.id() + "/" + unknown, content("x"), author.token()), 404,
                    "/replies/" + author.id() + "/" + unknown, "Reply not found");
            assertTokenRequired(author, token -> interactions.putJson(path, content("x"), token), path);
            assertThat(list("/replies/tweet/" + tweet, author).get(0).get("content").asString()).isEqualTo("after");
        }

        @Test
        void theAuthorDeletesAReplyAndItsLikes() {
            Account author = register("ReplyDel");
            Account fan = register("ReplyDel");
            UUID tweet = post(tweets, author, "Delete the reply");
            UUID reply = reply(interactions, author, tweet, "doomed");
            ok(likeReply(interactions, fan, reply));
            String path = "/replies/" + author.id() + "/" + reply;
            String foreign = "/replies/" + fan.id() + "/" + reply;
            assertError(interactions.delete(foreign, fan.token()), 403, foreign, "You can only change your own replies");
            assertError(interactions.delete(path, fan.token()), 403, path, NOT_OWNER);
            noContent(interactions.delete(path, author.token()));
            assertThat(list("/replies/tweet/" + tweet, author)).isEmpty();
            assertThat(count("/replies/tweet/" + tweet + "/count", author)).isZero();
            assertThat(list("/likes/user/" + fan.id(), fan)).as("the reply's likes go with it").isEmpty();
            assertError(interactions.delete(path, author.token()), 404, path, "Reply not found");
            assertError(likeReply(interactions, fan, reply), 404, "/likes/" + fan.id() + "/replies/" + reply,
                    "Reply not found");
        }

        @Test
        void theTopReplyIsTheMostLikedThenTheNewest() {
            Account author = register("Top");
            Account a = register("TopA");
            Account b = register("TopB");
            UUID tweet = post(tweets, author, "Which reply wins");
            String top = "/replies/tweet/" + tweet + "/top";
            assertError(interactions.get(top, author.token()), 404, top, "Reply not found");
            UUID first = reply(interactions, a, tweet, "one");
            UUID second = reply(interactions, b, tweet, "two");
            UUID third = reply(interactions, a, tweet, "three");
            JsonNode newest = ok(interactions.get(top, author.token()));
            assertFields(newest, REPLY_FIELDS);
            assertThat(newest.get("id").asString()).as("no likes: the newest").isEqualTo(s(third));
            ok(likeReply(interactions, a, second));
            ok(likeReply(interactions, b, second));
            ok(likeReply(interactions, b, first));
            JsonNode liked = ok(interactions.get(top, author.token()));
            assertThat(liked.get("id").asString()).isEqualTo(s(second));
            assertThat(liked.get("likes_count").asLong()).isEqualTo(2);
        }
    }

    @Nested
    @DisplayName("retweets")
    class Retweets {

        static void assertCreated(JsonNode created, String content, Account retweeter, UUID tweet, Account author,
                                  String tweetContent) {
            assertFields(created, List.of("id", "created_at", "content", "user", "tweet"));
            UUID.fromString(created.get("id").asString());
            assertRecent(created.get("created_at"));
            if (content == null) {
                assertThat(created.get("content").isNull()).as("%s", created).isTrue();
            } else {
                assertThat(created.get("content").asString()).isEqualTo(content);
            }
            assertSummary(created.get("user"), retweeter, false);
            JsonNode t = created.get("tweet");
            assertFields(t, SUMMARY_FIELDS);
            assertThat(t.get("id").asString()).isEqualTo(s(tweet));
            assertThat(t.get("user_id").asString()).isEqualTo(s(author.id()));
            assertThat(t.get("content").asString()).isEqualTo(tweetContent);
        }

        @Test
        void retweetsWithAndWithoutComment() {
            Account author = register("Retweeted");
            Account fan = register("Retweeter");
            UUID tweet = post(tweets, author, "Worth sharing");
            JsonNode withComment = ok(Interactions.createRetweet(interactions, fan, tweet, "So true"));
            assertCreated(withComment, "So true", fan, tweet, author, "Worth sharing");
            JsonNode plain = ok(Interactions.createRetweet(interactions, fan, tweet, null));
            assertCreated(plain, null, fan, tweet, author, "Worth sharing");
            JsonNode empty = ok(interactions.postJson("/retweets/" + fan.id(),
                    Tweets.json("original_tweet_id", s(tweet)), fan.token()));
            assertCreated(empty, null, fan, tweet, author, "Worth sharing");

            JsonNode ofTweet = list("/retweets/tweet/" + tweet, author);
            assertThat(ids(ofTweet)).containsExactly(empty.get("id").asString(), plain.get("id").asString(),
                    withComment.get("id").asString());
            JsonNode oldest = ofTweet.get(2);
            assertFields(oldest, RETWEET_FIELDS);
            assertThat(oldest.get("user_id").asString()).isEqualTo(s(fan.id()));
            assertThat(oldest.get("original_tweet_id").asString()).isEqualTo(s(tweet));
            assertThat(oldest.get("content").asString()).isEqualTo("So true");
            assertThat(oldest.get("created_at").asString()).isEqualTo(withComment.get("created_at").asString());
            assertThat(ofTweet.get(0).get("content").isNull()).isTrue();
            assertThat(list("/retweets/user/" + fan.id(), fan)).isEqualTo(ofTweet);
            assertThat(count("/retweets/tweet/" + tweet + "/count", fan)).isEqualTo(3);
        }

        @Test
        void validatesTheBody() {
            Account fan = register("RtBad");
            Account author = register("RtBad");
            UUID tweet = post(tweets, author, "Retweet me badly");
            String path = "/retweets/" + fan.id();
            assertError(Interactions.createRetweet(interactions, fan, tweet, "c".repeat(281)), 400, path,
                    "Content must be at most 280 characters");
            ok(Interactions.createRetweet(interactions, fan, tweet, "c".repeat(280)));
            assertError(Interactions.createRetweet(interactions, fan, null, "hi"), 400, path,
                    "original_tweet_id must be a valid UUID");
            assertError(Interactions.createRetweet(interactions, fan, "nope", "c".repeat(281)), 400, path,
                    "original_tweet_id must be a valid UUID", "Content must be at most 280 characters");
            assertError(Interactions.createRetweet(interactions, fan, tweet, "\u0000"), 400, path,
                    "content must not contain the NUL character");
            assertError(interactions.postJson(path, "[", fan.token()), 400, path, "Malformed JSON request");
            UUID unknown = UUID.randomUUID();
            assertError(Interactions.createRetweet(interactions, fan, unknown, "hi"), 404, path, "Tweet not found");
            assertError(Interactions.createRetweet(interactions, fan, fan.id(), "hi"), 404, path, "Tweet not found");
            String other = "/retweets/" + author.id();
            assertError(interactions.postJson(other, Tweets.json("original_tweet_id", s(tweet)), fan.token()), 403, other,
                    NOT_OWNER);
            assertTokenRequired(fan, token -> interactions.postJson(path, Tweets.json("original_tweet_id", s(tweet)),
                    token), path);
            assertThat(count("/retweets/tweet/" + tweet + "/count", fan)).isEqualTo(1);
        }

        @Test
        void theAuthorEditsAndDeletesARetweet() {
            Account author = register("RtEdit");
            Account fan = register("RtEdit");
            UUID tweet = post(tweets, author, "Retweet then edit");
            UUID retweet = retweet(interactions, fan, tweet, "first take");
            String path = "/retweets/" + fan.id() + "/" + retweet;
            JsonNode edited = ok(interactions.putJson(path, content("second take"), fan.token()));
            assertFields(edited, RETWEET_FIELDS);
            assertThat(edited.get("id").asString()).isEqualTo(s(retweet));
            assertThat(edited.get("original_tweet_id").asString()).isEqualTo(s(tweet));
            assertThat(edited.get("content").asString()).isEqualTo("second take");
            JsonNode cleared = ok(interactions.putJson(path, "{\"content\":null}", fan.token()));
            assertThat(cleared.get("content").isNull()).isTrue();
            assertError(interactions.putJson(path, content("c".repeat(281)), fan.token()), 400, path,
                    "Content must be at most 280 characters");

            String foreign = "/retweets/" + author.id() + "/" + retweet;
            assertError(interactions.putJson(foreign, content("mine now"), author.token()), 403, foreign,
                    "You can only change your own retweets");
            assertError(interactions.delete(foreign, author.token()), 403, foreign, "You can only change your own retweets");
            assertError(interactions.putJson(path, content("mine now"), author.token()), 403, path, NOT_OWNER);
            UUID unknown = UUID.randomUUID();
            String missing = "/retweets/" + fan.id() + "/" + unknown;
            assertError(interactions.putJson(missing, content("x"), fan.token()), 404, missing, "Retweet not found");
            assertTokenRequired(fan, token -> interactions.delete(path, token), path);

            noContent(interactions.delete(path, fan.token()));
            assertThat(list("/retweets/user/" + fan.id(), fan)).isEmpty();
            assertThat(count("/retweets/tweet/" + tweet + "/count", fan)).isZero();
            assertError(interactions.delete(path, fan.token()), 404, path, "Retweet not found");
        }
    }

    @Nested
    @DisplayName("recommendations")
    class Recommendations {

        @Test
        void recommendsFriendsOfFriendsNotYetFollowed() {
            Account me = register("Me");
            Account b = register("RecB");
            Account c = register("RecC");
            Account d = register("RecD");
            Account e = register("RecE");
            Account f = registerPrivate("RecF");
            Account g = registerPrivate("RecG");
            follows(interactions, me, b);
            follows(interactions, me, c);
            follows(interactions, me, f);
            for (Account followed : List.of(d, e, me, c)) {
                follows(interactions, b, followed);
            }
            follows(interactions, c, d);
            follows(interactions, b, f);
            follows(interactions, c, g);
            noContent(answer(interactions, f, requestId(interactions, f, b), "ACCEPTED"));
            JsonNode recommended = list("/recommendations/" + me.id() + "/follow", me);
            assertThat(ids(recommended)).as("d twice, e once; not me, c, f (pending), g (pending for c)")
                    .containsExactly(s(d.id()), s(e.id()));
            assertSummary(recommended.get(0), d, false);
            assertThat(list("/recommendations/" + d.id() + "/follow", d)).isEmpty();
        }

        @Test
        void atMostTen() {
            Account me = register("Ten");
            Account friend = register("Ten");
            follows(interactions, me, friend);
            for (int i = 0; i < 11; i++) {
                follows(interactions, friend, register("TenX"));
            }
            assertThat(list("/recommendations/" + me.id() + "/follow", me)).hasSize(10);
        }

        @Test
        void hashtagsAreTheFirstTenPopularOnes() {
            Account a = register("RecTag");
            post(tweets, a, "Something #" + Tweets.uniqueTag("rec"));
            JsonNode popular = ok(tweets.get("/tweets/hashtag/popular", a.token()));
            JsonNode recommended = list("/recommendations/hashtags", a);
            List<JsonNode> expected = new ArrayList<>();
            popular.forEach(expected::add);
            List<JsonNode> actual = new ArrayList<>();
            recommended.forEach(actual::add);
            assertThat(actual).isEqualTo(expected.subList(0, Math.min(10, expected.size())));
            assertTokenRequired(a, token -> interactions.get("/recommendations/hashtags", token),
                    "/recommendations/hashtags");
        }

        @Test
        void summarizesTweetsInRequestOrderWithoutDuplicates() {
            Account author = register("Batch");
            Account fan = register("Batch");
            UUID quiet = post(tweets, author, "Nobody cares here");
            UUID busy = post(tweets, author, "Everybody cares here");
            likes(interactions, fan, busy);
            UUID top = reply(interactions, fan, busy, "top reply");
            reply(interactions, author, busy, "other reply");
            ok(likeReply(interactions, author, top));
            retweet(interactions, fan, busy, null);
            UUID unknown = UUID.randomUUID();
            String body = Response.JSON.writeValueAsString(List.of(s(busy), s(quiet), s(busy), s(unknown)));
            JsonNode summaries = ok(interactions.postJson("/recommendations/tweet/summary", body, fan.token()));
            assertThat(values(summaries, "tweet_id")).containsExactly(s(busy), s(quiet), s(unknown));
            JsonNode b = summaries.get(0);
            assertFields(b, ENRICHMENT_FIELDS);
            assertThat(b.get("likes_count").asLong()).isEqualTo(1);
            assertThat(b.get("replies_count").asLong()).isEqualTo(2);
            assertThat(b.get("retweets_count").asLong()).isEqualTo(1);
            assertFields(b.get("top_reply"), REPLY_FIELDS);
            assertThat(b.get("top_reply").get("id").asString()).isEqualTo(s(top));
            for (JsonNode zero : List.of(summaries.get(1), summaries.get(2))) {
                assertFields(zero, ENRICHMENT_FIELDS);
                assertThat(zero.get("likes_count").asLong()).isZero();
                assertThat(zero.get("replies_count").asLong()).isZero();
                assertThat(zero.get("retweets_count").asLong()).isZero();
                assertThat(zero.get("top_reply").isNull()).isTrue();
            }
            assertThat(ok(interactions.postJson("/recommendations/tweet/summary", "[]", fan.token()))).isEmpty();
        }

        @Test
        void acceptsAtMostAHundredCanonicalIds() {
            Account a = register("BatchBad");
            String path = "/recommendations/tweet/summary";
            List<String> hundred = IntStream.range(0, 100).mapToObj(i -> UUID.randomUUID().toString()).toList();
            assertThat(ok(interactions.postJson(path, Response.JSON.writeValueAsString(hundred), a.token()))).hasSize(100);
            List<String> tooMany = new ArrayList<>(hundred);
            tooMany.add(UUID.randomUUID().toString());
            assertError(interactions.postJson(path, Response.JSON.writeValueAsString(tooMany), a.token()), 400, path,
                    TWEET_IDS);
            assertError(interactions.postJson(path, "[\"" + UUID.randomUUID() + "\",\"1-2-3-4-5\"]", a.token()), 400,
                    path, TWEET_IDS);
            assertError(interactions.postJson(path, "[\"not-a-uuid\"]", a.token()), 400, path, TWEET_IDS);
            assertError(interactions.postJson(path, "[\"" + UUID.randomUUID() + "\",", a.token()), 400, path,
                    "Malformed JSON request");
            assertTokenRequired(a, token -> interactions.postJson(path, "[]", token), path);
        }
    }

    @Nested
    @DisplayName("Everything else")
    class Other {

        @Test
        void unknownPathsAndMethodsUseTheErrorBody() {
            Account a = register("InMisc");
            assertError(interactions.get("/no/such/path", a.token()), 404, "/no/such/path", "Resource not found");
            assertError(interactions.raw("PATCH", "/replies/" + a.id(), a.token(), null, null), 405,
                    "/replies/" + a.id(), "Method not allowed");
        }

        @Test
        void exposesHealthAndPrometheusMetrics() {
            Response health = interactions.get("/actuator/health", null);
            assertThat(health.status()).isEqualTo(200);
            assertThat(health.json().get("status").asString()).isEqualTo("UP");
            Response metrics = interactions.get("/actuator/prometheus", null);
            assertThat(metrics.status()).isEqualTo(200);
            assertThat(metrics.body()).contains("jvm_memory_used_bytes");
        }
    }
}
