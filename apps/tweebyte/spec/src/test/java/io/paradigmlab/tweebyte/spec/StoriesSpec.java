package io.paradigmlab.tweebyte.spec;

import static io.paradigmlab.tweebyte.spec.Interactions.answer;
import static io.paradigmlab.tweebyte.spec.Interactions.follow;
import static io.paradigmlab.tweebyte.spec.Interactions.likeReply;
import static io.paradigmlab.tweebyte.spec.Interactions.likes;
import static io.paradigmlab.tweebyte.spec.Interactions.reply;
import static io.paradigmlab.tweebyte.spec.Interactions.requestId;
import static io.paradigmlab.tweebyte.spec.Tweets.content;
import static io.paradigmlab.tweebyte.spec.Tweets.post;
import static io.paradigmlab.tweebyte.spec.UserServiceSpec.assertError;
import static io.paradigmlab.tweebyte.spec.UserServiceSpec.assertSummary;
import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.tweebyte.spec.Users.Account;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Stories across the three services, as a user lives them: each step asserts what the user sees next. A
 * subclass names the variant; every story runs unchanged against async, virtual and reactive.
 */
public abstract class StoriesSpec extends TweebyteSpec {

    /** The deployment runs the cleanup job every second or two; a deleted tweet's traces go within this. */
    static final Duration CLEANUP_WAIT = Duration.ofSeconds(30);

    JsonNode feed(Account reader) {
        return ok(tweets.get("/tweets/" + reader.id() + "/feed", reader.token()));
    }

    JsonNode profile(Account who, Account reader) {
        JsonNode p = ok(users.get("/users/" + who.id(), reader.token()));
        assertFields(p, List.of("id", "user_name", "email", "biography", "is_private", "birth_date", "created_at",
                "following", "followers", "tweets"));
        assertThat(p.get("id").asString()).isEqualTo(s(who.id()));
        assertThat(p.get("user_name").asString()).isEqualTo(who.userName());
        assertThat(p.get("email").asString()).isEqualTo(who.email());
        assertThat(p.get("biography").asString()).isEqualTo("Writes about concurrency.");
        assertThat(p.get("birth_date").asString()).isEqualTo("1990-12-24");
        assertRecent(p.get("created_at"));
        return p;
    }

    /** Polls {@code path} until it answers an empty list, for at most {@link #CLEANUP_WAIT}. */
    void awaitEmpty(String path, Account reader) {
        long deadline = System.nanoTime() + CLEANUP_WAIT.toNanos();
        JsonNode last;
        do {
            last = ok(interactions.get(path, reader.token()));
            if (last.isEmpty()) {
                return;
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        } while (System.nanoTime() < deadline);
        throw new AssertionError(path + " still lists " + last + " after " + CLEANUP_WAIT.toSeconds() + " s");
    }

    @Test
    void aPublicConversationFromFirstTweetToCleanup() {
        Account alice = register("Alice");
        Account bob = register("Bob");
        Account carol = register("Carol");
        String tag = Tweets.uniqueTag("story");
        String word = Users.uniqueName("Word");

        // alice follows bob, who is public: accepted at once
        Interactions.follows(interactions, alice, bob);
        assertThat(values(ok(interactions.get("/follows/" + alice.id() + "/following", alice.token())), "user_name"))
                .containsExactly(bob.userName());

        // bob tweets, mentioning carol in another case and tagging
        String firstText = "Hey @" + carol.userName().toLowerCase(Locale.ROOT) + " look at #" + tag.toUpperCase(Locale.ROOT)
                + " " + word;
        UUID first = post(tweets, bob, firstText);
        UUID second = post(tweets, bob, "Still on #" + tag + " today");
        post(tweets, carol, "Carol's own #" + tag + " is not in alice's feed");

        // alice's feed: bob's tweets, newest first, enriched
        JsonNode feed = feed(alice);
        assertThat(ids(feed)).containsExactly(s(second), s(first));
        JsonNode one = feed.get(1);
        assertFields(one, ENRICHED_FIELDS);
        assertThat(one.get("content").asString()).isEqualTo(firstText);
        assertThat(values(one.get("mentions"), "text")).containsExactly(carol.userName());
        assertThat(values(one.get("mentions"), "user_id")).containsExactly(s(carol.id()));
        assertThat(values(one.get("hashtags"), "text")).containsExactly(tag);
        assertThat(one.get("likes_count").asLong()).isZero();
        assertThat(one.get("top_reply").isNull()).isTrue();

        // like, unlike, like again
        likes(interactions, alice, first);
        assertThat(feed(alice).get(1).get("likes_count").asLong()).isEqualTo(1);
        noContent(interactions.delete("/likes/" + alice.id() + "/tweets/" + first, alice.token()));
        assertThat(feed(alice).get(1).get("likes_count").asLong()).isZero();
        likes(interactions, alice, first);

        // replies; the liked one is on top
        UUID carolsReply = reply(interactions, carol, first, "Thanks for the mention");
        reply(interactions, alice, first, "Agreed");
        ok(likeReply(interactions, bob, carolsReply));
        JsonNode withReplies = ok(tweets.get("/tweets/" + first, alice.token()));
        assertThat(withReplies.get("replies_count").asLong()).isEqualTo(2);
        assertThat(withReplies.get("replies")).hasSize(2);
        assertThat(withReplies.get("top_reply").get("id").asString()).isEqualTo(s(carolsReply));
        assertThat(feed(alice).get(1).get("top_reply").get("id").asString()).isEqualTo(s(carolsReply));

        // a retweet
        JsonNode retweet = ok(Interactions.createRetweet(interactions, alice, first, "Read this"));
        assertSummary(retweet.get("user"), alice, false);
        assertThat(retweet.get("tweet").get("id").asString()).isEqualTo(s(first));
        JsonNode enriched = feed(alice).get(1);
        assertThat(enriched.get("likes_count").asLong()).isEqualTo(1);
        assertThat(enriched.get("replies_count").asLong()).isEqualTo(2);
        assertThat(enriched.get("retweets_count").asLong()).isEqualTo(1);

        // bob edits his second tweet: the feed shows the new text and tags
        String newTag = Tweets.uniqueTag("edited");
        ok(tweets.putJson("/tweets/" + second, content("Changed my mind: #" + newTag + " with @" + alice.userName()),
                bob.token()));
        JsonNode changed = feed(alice).get(0);
        assertThat(changed.get("content").asString()).isEqualTo("Changed my mind: #" + newTag + " with @" + alice.userName());
        assertThat(values(changed.get("hashtags"), "text")).containsExactly(newTag);
        assertThat(values(changed.get("mentions"), "user_id")).containsExactly(s(alice.id()));

        // search and hashtags
        JsonNode hits = ok(tweets.get("/tweets/search/" + word.toUpperCase(Locale.ROOT), alice.token()));
        assertThat(ids(hits)).containsExactly(s(first));
        assertSummary(hits.get(0).get("user"), bob, false);
        assertThat(ok(tweets.get("/tweets/search/hashtag/" + tag, alice.token())).size()).isEqualTo(2);
        JsonNode popular = null;
        for (JsonNode h : ok(tweets.get("/tweets/hashtag/popular", alice.token()))) {
            if (h.get("text").asString().equals(tag)) {
                popular = h;
            }
        }
        assertThat(popular).as("#%s among the popular hashtags", tag).isNotNull();
        assertThat(popular.get("count").asLong()).isEqualTo(2);

        // profiles compose the counts and the tweets
        JsonNode bobs = profile(bob, alice);
        assertThat(bobs.get("is_private").asBoolean()).isFalse();
        assertThat(bobs.get("following").asLong()).isZero();
        assertThat(bobs.get("followers").asLong()).isEqualTo(1);
        assertThat(ids(bobs.get("tweets"))).containsExactly(s(second), s(first));
        assertFields(bobs.get("tweets").get(0), SUMMARY_FIELDS);
        JsonNode alices = profile(alice, bob);
        assertThat(alices.get("following").asLong()).isEqualTo(1);
        assertThat(alices.get("followers").asLong()).isZero();
        assertThat(alices.get("tweets")).isEmpty();

        // bob deletes the first tweet: gone at once, its interactions cleaned up soon after
        noContent(tweets.delete("/tweets/" + first, bob.token()));
        assertError(tweets.get("/tweets/" + first, alice.token()), 404, "/tweets/" + first, "Tweet not found");
        assertThat(ids(feed(alice))).containsExactly(s(second));
        assertThat(ok(tweets.get("/tweets/search/" + word, alice.token()))).isEmpty();
        assertThat(ids(profile(bob, alice).get("tweets"))).containsExactly(s(second));
        awaitEmpty("/likes/tweet/" + first, alice);
        awaitEmpty("/replies/tweet/" + first, alice);
        awaitEmpty("/retweets/tweet/" + first, alice);
        awaitEmpty("/likes/user/" + bob.id(), bob);
        assertThat(number(interactions.get("/likes/" + first + "/count", alice.token()))).isZero();
        assertThat(number(interactions.get("/replies/tweet/" + first + "/count", alice.token()))).isZero();
        assertThat(number(interactions.get("/retweets/tweet/" + first + "/count", alice.token()))).isZero();
        assertThat(ok(interactions.get("/retweets/user/" + alice.id(), alice.token()))).isEmpty();
    }

    @Test
    void aPrivateUserDecidesWhoSeesTheirTweets() {
        Account shy = registerPrivate("Shy");
        Account friend = register("Friend");
        Account stranger = register("Stranger");
        UUID secret = post(tweets, shy, "For my followers only");

        // a follow request waits
        noContent(follow(interactions, friend, shy));
        noContent(follow(interactions, stranger, shy));
        JsonNode requests = ok(interactions.get("/follows/" + shy.id() + "/requests", shy.token()));
        assertThat(values(requests, "user_name")).containsExactly(stranger.userName(), friend.userName());
        assertThat(values(requests, "status")).containsOnly("PENDING");
        assertThat(feed(friend)).isEmpty();
        assertThat(ok(interactions.get("/follows/" + friend.id() + "/following", friend.token()))).isEmpty();

        // accepted: the friend sees the tweets
        noContent(answer(interactions, shy, requestId(interactions, shy, friend), "ACCEPTED"));
        assertThat(ids(feed(friend))).containsExactly(s(secret));
        JsonNode following = ok(interactions.get("/follows/" + friend.id() + "/following", friend.token()));
        assertThat(values(following, "user_name")).containsExactly(shy.userName());
        assertThat(values(following, "status")).containsExactly("ACCEPTED");
        UUID later = post(tweets, shy, "Another one for friends");
        assertThat(ids(feed(friend))).containsExactly(s(later), s(secret));

        // rejected: the stranger does not
        noContent(answer(interactions, shy, requestId(interactions, shy, stranger), "REJECTED"));
        assertThat(ok(interactions.get("/follows/" + shy.id() + "/requests", shy.token()))).isEmpty();
        assertThat(ok(interactions.get("/follows/" + stranger.id() + "/following", stranger.token()))).isEmpty();
        assertThat(number(interactions.get("/follows/" + stranger.id() + "/following/count", stranger.token()))).isZero();
        assertThat(feed(stranger)).isEmpty();
        assertThat(values(ok(interactions.get("/follows/" + shy.id() + "/followers", shy.token())), "user_name"))
                .containsExactly(friend.userName());

        JsonNode profile = profile(shy, friend);
        assertThat(profile.get("is_private").asBoolean()).isTrue();
        assertThat(profile.get("followers").asLong()).isEqualTo(1);
        assertThat(ids(profile.get("tweets"))).containsExactly(s(later), s(secret));

        // the friend unfollows: the feed empties
        noContent(interactions.delete("/follows/" + friend.id() + "/" + shy.id(), friend.token()));
        assertThat(feed(friend)).isEmpty();
        assertThat(profile(shy, friend).get("followers").asLong()).isZero();
    }

    @Test
    void friendsOfFriendsAreRecommended() {
        Account me = register("Rec");
        Account friend = register("RecFriend");
        Account theirs = register("RecTheirs");
        Interactions.follows(interactions, me, friend);
        Interactions.follows(interactions, friend, theirs);
        JsonNode recommended = ok(interactions.get("/recommendations/" + me.id() + "/follow", me.token()));
        assertThat(ids(recommended)).containsExactly(s(theirs.id()));
        assertSummary(recommended.get(0), theirs, false);
        Interactions.follows(interactions, me, theirs);
        assertThat(ok(interactions.get("/recommendations/" + me.id() + "/follow", me.token()))).isEmpty();
        UUID tweet = post(tweets, theirs, "Now in my feed too");
        assertThat(ids(feed(me))).containsExactly(s(tweet));
    }

    @Test
    void everyServiceRefusesAnExpiredToken() {
        Account a = register("Expired");
        String expired = expiredToken(a);
        assertError(users.get("/users/" + a.id(), expired), 401, "/users/" + a.id(), "Token expired");
        assertError(tweets.get("/tweets/user/" + a.id(), expired), 401, "/tweets/user/" + a.id(), "Token expired");
        assertError(interactions.get("/follows/" + a.id() + "/followers", expired), 401,
                "/follows/" + a.id() + "/followers", "Token expired");
    }

    @Test
    void theProfileOfAnUnknownUserIs404() {
        Account a = register("Prof");
        UUID nobody = UUID.randomUUID();
        assertError(users.get("/users/" + nobody, a.token()), 404, "/users/" + nobody, "User not found");
        assertError(users.get("/users/not-a-uuid", a.token()), 400, "/users/not-a-uuid", "id must be a valid UUID");
        assertTokenRequired(a, token -> users.get("/users/" + a.id(), token), "/users/" + a.id());
    }
}
