package io.paradigmlab.tweebyte.async.interaction;

import io.paradigmlab.tweebyte.async.common.Db;
import io.paradigmlab.tweebyte.domain.IdResponse;
import io.paradigmlab.tweebyte.domain.Ids;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.interaction.Created;
import io.paradigmlab.tweebyte.domain.interaction.Follow;
import io.paradigmlab.tweebyte.domain.interaction.FollowRow;
import io.paradigmlab.tweebyte.domain.interaction.FollowStatus;
import io.paradigmlab.tweebyte.domain.interaction.InteractionRules;
import io.paradigmlab.tweebyte.domain.interaction.Like;
import io.paradigmlab.tweebyte.domain.interaction.LikeableType;
import io.paradigmlab.tweebyte.domain.interaction.Reply;
import io.paradigmlab.tweebyte.domain.interaction.ReplyBody;
import io.paradigmlab.tweebyte.domain.interaction.Retweet;
import io.paradigmlab.tweebyte.domain.interaction.RetweetBody;
import io.paradigmlab.tweebyte.domain.interaction.RetweetCreated;
import io.paradigmlab.tweebyte.domain.interaction.TweetInteractionSummary;
import io.paradigmlab.tweebyte.domain.tweet.PopularHashtag;
import io.paradigmlab.tweebyte.domain.user.UserBatch;
import io.paradigmlab.tweebyte.domain.user.UserSummary;
import io.paradigmlab.tweebyte.jdbc.JdbcInteractionStore;
import io.paradigmlab.tweebyte.security.Caller;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.springframework.stereotype.Service;
import tools.jackson.databind.json.JsonMapper;

/**
 * Follows, likes, replies, retweets and recommendations, statement for statement and call for call what the other
 * variants do (docs/api/tweebyte.md), as futures: checks on the request thread, each database step (statements that
 * follow each other without a call in between, with the cache commands around them, or a transaction) as one task
 * on the db executor, other services through sendAsync.
 */
@Service
public class AsyncInteractionService {

    private final JdbcInteractionStore store;
    private final Db db;
    private final OtherServices services;
    private final FollowCache cache;
    private final JsonMapper json;

    public AsyncInteractionService(JdbcInteractionStore store, Db db, OtherServices services, FollowCache cache,
                                   JsonMapper json) {
        this.store = store;
        this.db = db;
        this.services = services;
        this.cache = cache;
        this.json = json;
    }

    // ---- follows

    /** Owner, not self; the followed user's summary (404); UPSERT_FOLLOW (409); DEL of the four keys. */
    public CompletableFuture<Void> follow(Caller caller, String auth, String rawUserId, String rawFollowedId) {
        UUID userId = Ids.parse("userId", rawUserId);
        UUID followedId = Ids.parse("followedId", rawFollowedId);
        InteractionRules.requireOwner(caller.userId(), userId);
        InteractionRules.requireNotSelf(userId, followedId);
        UUID id = UUID.randomUUID();
        return services.user(followedId, auth).thenCompose(followed -> db.run(() -> {
            store.upsertFollow(id, userId, followedId, FollowStatus.forNewFollow(followed.isPrivate()))
                    .orElseThrow(() -> new ApiException.Conflict(List.of(InteractionRules.FOLLOW_EXISTS)));
            cache.evict(userId, followedId);
            return null;
        }));
    }

    /** Owner (the followed user), status; ANSWER_FOLLOW, else FOLLOW_REQUEST_STATUS (404/409); DEL keys. */
    public CompletableFuture<Void> answer(Caller caller, String rawUserId, String rawRequestId, String rawStatus) {
        UUID userId = Ids.parse("userId", rawUserId);
        UUID requestId = Ids.parse("followRequestId", rawRequestId);
        InteractionRules.requireOwner(caller.userId(), userId);
        FollowStatus status = FollowStatus.parseAnswer(rawStatus);
        return db.run(() -> {
            UUID follower = store.answerFollow(requestId, userId, status).orElse(null);
            if (follower == null) {
                throw InteractionRules.requestNotAnswerable(store.followRequestStatus(requestId, userId).isPresent());
            }
            cache.evict(follower, userId);
            return null;
        });
    }

    /** Owner; DELETE_FOLLOW (404); DEL keys. */
    public CompletableFuture<Void> unfollow(Caller caller, String rawUserId, String rawFollowedId) {
        UUID userId = Ids.parse("userId", rawUserId);
        UUID followedId = Ids.parse("followedId", rawFollowedId);
        InteractionRules.requireOwner(caller.userId(), userId);
        return db.run(() -> {
            if (!store.deleteFollow(userId, followedId)) {
                throw InteractionRules.notFound(InteractionRules.FOLLOW_NOT_FOUND);
            }
            cache.evict(userId, followedId);
            return null;
        });
    }

    /** FOLLOWERS, then the followers' names in one by-id call unless there are none. */
    public CompletableFuture<List<Follow>> followers(String auth, String rawUserId) {
        UUID userId = Ids.parse("userId", rawUserId);
        return db.run(() -> store.followers(userId)).thenCompose(rows -> withNames(auth, rows, Follow.Side.FOLLOWER));
    }

    /** REQUESTS, then the requesters' names in one by-id call unless there are none. */
    public CompletableFuture<List<Follow>> requests(String auth, String rawUserId) {
        UUID userId = Ids.parse("userId", rawUserId);
        return db.run(() -> store.requests(userId)).thenCompose(rows -> withNames(auth, rows, Follow.Side.FOLLOWER));
    }

    /** Cache-aside: the JSON of the answer, from Redis or from FOLLOWING and the names' look-up. */
    public CompletableFuture<String> following(String auth, String rawUserId) {
        UUID userId = Ids.parse("userId", rawUserId);
        return cache.asideAsync(FollowCache.following(userId), () -> db.run(() -> store.following(userId))
                .thenCompose(rows -> withNames(auth, rows, Follow.Side.FOLLOWED))
                .thenApply(json::writeValueAsString));
    }

    /** Cache-aside: the JSON number. */
    public CompletableFuture<String> followersCount(String rawUserId) {
        UUID userId = Ids.parse("userId", rawUserId);
        return cache.aside(FollowCache.followersCount(userId),
                () -> json.writeValueAsString(store.followersCount(userId)));
    }

    /** Cache-aside: the JSON number. */
    public CompletableFuture<String> followingCount(String rawUserId) {
        UUID userId = Ids.parse("userId", rawUserId);
        return cache.aside(FollowCache.followingCount(userId),
                () -> json.writeValueAsString(store.followingCount(userId)));
    }

    /** Cache-aside: the JSON array of ids; the tweet service's feed falls back on the cached value. */
    public CompletableFuture<String> followingIds(String rawUserId) {
        UUID userId = Ids.parse("userId", rawUserId);
        return cache.aside(FollowCache.followingIds(userId), () -> json.writeValueAsString(store.followingIds(userId)));
    }

    /** The rows with the other users' names: one by-id call unless there are no rows. */
    private CompletableFuture<List<Follow>> withNames(String auth, List<FollowRow> rows, Follow.Side other) {
        if (rows.isEmpty()) {
            return CompletableFuture.completedFuture(List.of());
        }
        return services.users(other.ids(rows), auth).thenApply(users -> Follow.withNames(rows, other, users));
    }

    // ---- likes

    /** Owner; the tweet's summary (404); INSERT_LIKE (409). */
    public CompletableFuture<Created> likeTweet(Caller caller, String auth, String rawUserId, String rawTweetId) {
        UUID userId = Ids.parse("userId", rawUserId);
        UUID tweetId = Ids.parse("tweetId", rawTweetId);
        InteractionRules.requireOwner(caller.userId(), userId);
        UUID id = UUID.randomUUID();
        return services.tweet(tweetId, auth).thenCompose(tweet -> db.run(() -> like(id, userId, tweetId, LikeableType.TWEET)));
    }

    /** Owner; REPLY_OWNER (404); INSERT_LIKE (409). */
    public CompletableFuture<Created> likeReply(Caller caller, String rawUserId, String rawReplyId) {
        UUID userId = Ids.parse("userId", rawUserId);
        UUID replyId = Ids.parse("replyId", rawReplyId);
        InteractionRules.requireOwner(caller.userId(), userId);
        UUID id = UUID.randomUUID();
        return db.run(() -> {
            store.replyOwner(replyId).orElseThrow(() -> InteractionRules.notFound(InteractionRules.REPLY_NOT_FOUND));
            return like(id, userId, replyId, LikeableType.REPLY);
        });
    }

    private Created like(UUID id, UUID userId, UUID likeableId, LikeableType type) {
        return store.insertLike(id, userId, likeableId, type)
                .orElseThrow(() -> new ApiException.Conflict(List.of(InteractionRules.ALREADY_LIKED)));
    }

    /** Owner; DELETE_LIKE (404). */
    public CompletableFuture<Void> unlike(Caller caller, String rawUserId, String field, String rawId, LikeableType type) {
        UUID userId = Ids.parse("userId", rawUserId);
        UUID likeableId = Ids.parse(field, rawId);
        InteractionRules.requireOwner(caller.userId(), userId);
        return db.run(() -> {
            if (!store.deleteLike(userId, likeableId, type)) {
                throw InteractionRules.notFound(InteractionRules.LIKE_NOT_FOUND);
            }
            return null;
        });
    }

    public CompletableFuture<List<Like>> likesByUser(String rawUserId) {
        UUID userId = Ids.parse("userId", rawUserId);
        return db.run(() -> store.likesByUser(userId));
    }

    public CompletableFuture<List<Like>> likesOfTweet(String rawTweetId) {
        UUID tweetId = Ids.parse("tweetId", rawTweetId);
        return db.run(() -> store.likesOfTweet(tweetId));
    }

    public CompletableFuture<Long> likesCount(String rawTweetId) {
        UUID tweetId = Ids.parse("tweetId", rawTweetId);
        return db.run(() -> store.likesCountOfTweet(tweetId));
    }

    // ---- replies

    /** Owner, body; the tweet's summary (404); INSERT_REPLY. */
    public CompletableFuture<IdResponse> reply(Caller caller, String auth, String rawUserId, ReplyBody body) {
        UUID userId = Ids.parse("userId", rawUserId);
        InteractionRules.requireOwner(caller.userId(), userId);
        InteractionRules.ValidReply reply = InteractionRules.validNewReply(body);
        UUID id = UUID.randomUUID();
        return services.tweet(reply.tweetId(), auth).thenCompose(tweet -> db.run(() -> {
            store.insertReply(id, userId, reply.tweetId(), reply.content());
            return new IdResponse(id);
        }));
    }

    /** Owner, body; REPLY_OWNER (404, 403); UPDATE_REPLY. */
    public CompletableFuture<Reply> editReply(Caller caller, String rawUserId, String rawReplyId, ReplyBody body) {
        UUID userId = Ids.parse("userId", rawUserId);
        UUID replyId = Ids.parse("replyId", rawReplyId);
        InteractionRules.requireOwner(caller.userId(), userId);
        String content = InteractionRules.validReplyEdit(body);
        return db.run(() -> {
            replyAuthor(caller, replyId);
            return store.updateReply(replyId, content)
                    .orElseThrow(() -> InteractionRules.notFound(InteractionRules.REPLY_NOT_FOUND));
        });
    }

    /** Owner; REPLY_OWNER (404, 403); one transaction: DELETE_REPLY_LIKES, DELETE_REPLY. */
    public CompletableFuture<Void> deleteReply(Caller caller, String rawUserId, String rawReplyId) {
        UUID userId = Ids.parse("userId", rawUserId);
        UUID replyId = Ids.parse("replyId", rawReplyId);
        InteractionRules.requireOwner(caller.userId(), userId);
        return db.run(() -> replyAuthor(caller, replyId)).thenCompose(author -> db.inTransaction(() -> {
            store.deleteReplyLikes(replyId);
            store.deleteReply(replyId);
        }));
    }

    /** (On the db executor.) REPLY_OWNER: 404 without the row, 403 unless the caller wrote it. */
    private UUID replyAuthor(Caller caller, UUID replyId) {
        UUID author = store.replyOwner(replyId)
                .orElseThrow(() -> InteractionRules.notFound(InteractionRules.REPLY_NOT_FOUND));
        InteractionRules.requireAuthor(caller.userId(), author, InteractionRules.NOT_REPLY_AUTHOR);
        return author;
    }

    public CompletableFuture<List<Reply>> repliesOfTweet(String rawTweetId) {
        UUID tweetId = Ids.parse("tweetId", rawTweetId);
        return db.run(() -> store.repliesOfTweet(tweetId));
    }

    public CompletableFuture<Long> repliesCount(String rawTweetId) {
        UUID tweetId = Ids.parse("tweetId", rawTweetId);
        return db.run(() -> store.repliesCount(tweetId));
    }

    /** TOP_REPLY (404 when the tweet has none). */
    public CompletableFuture<Reply> topReply(String rawTweetId) {
        UUID tweetId = Ids.parse("tweetId", rawTweetId);
        return db.run(() -> store.topReply(tweetId)
                .orElseThrow(() -> InteractionRules.notFound(InteractionRules.REPLY_NOT_FOUND)));
    }

    // ---- retweets

    /** Owner, body; the tweet's summary (404); the user's summary; INSERT_RETWEET. */
    public CompletableFuture<RetweetCreated> retweet(Caller caller, String auth, String rawUserId, RetweetBody body) {
        UUID userId = Ids.parse("userId", rawUserId);
        InteractionRules.requireOwner(caller.userId(), userId);
        InteractionRules.ValidRetweet retweet = InteractionRules.validNewRetweet(body);
        UUID id = UUID.randomUUID();
        return services.tweet(retweet.originalTweetId(), auth)
                .thenCompose(tweet -> services.user(userId, auth).thenCompose(user -> db.run(() -> {
                    var createdAt = store.insertRetweet(id, userId, tweet.id(), retweet.content());
                    return new RetweetCreated(id, createdAt, retweet.content(), user, tweet);
                })));
    }

    /** Owner, body; RETWEET_OWNER (404, 403); UPDATE_RETWEET. */
    public CompletableFuture<Retweet> editRetweet(Caller caller, String rawUserId, String rawRetweetId, RetweetBody body) {
        UUID userId = Ids.parse("userId", rawUserId);
        UUID retweetId = Ids.parse("retweetId", rawRetweetId);
        InteractionRules.requireOwner(caller.userId(), userId);
        String content = InteractionRules.validRetweetEdit(body);
        return db.run(() -> {
            retweetAuthor(caller, retweetId);
            return store.updateRetweet(retweetId, content)
                    .orElseThrow(() -> InteractionRules.notFound(InteractionRules.RETWEET_NOT_FOUND));
        });
    }

    /** Owner; RETWEET_OWNER (404, 403); DELETE_RETWEET. */
    public CompletableFuture<Void> deleteRetweet(Caller caller, String rawUserId, String rawRetweetId) {
        UUID userId = Ids.parse("userId", rawUserId);
        UUID retweetId = Ids.parse("retweetId", rawRetweetId);
        InteractionRules.requireOwner(caller.userId(), userId);
        return db.run(() -> {
            retweetAuthor(caller, retweetId);
            store.deleteRetweet(retweetId);
            return null;
        });
    }

    /** (On the db executor.) RETWEET_OWNER: 404 without the row, 403 unless the caller wrote it. */
    private void retweetAuthor(Caller caller, UUID retweetId) {
        UUID author = store.retweetOwner(retweetId)
                .orElseThrow(() -> InteractionRules.notFound(InteractionRules.RETWEET_NOT_FOUND));
        InteractionRules.requireAuthor(caller.userId(), author, InteractionRules.NOT_RETWEET_AUTHOR);
    }

    public CompletableFuture<List<Retweet>> retweetsByUser(String rawUserId) {
        UUID userId = Ids.parse("userId", rawUserId);
        return db.run(() -> store.retweetsByUser(userId));
    }

    public CompletableFuture<List<Retweet>> retweetsOfTweet(String rawTweetId) {
        UUID tweetId = Ids.parse("tweetId", rawTweetId);
        return db.run(() -> store.retweetsOfTweet(tweetId));
    }

    public CompletableFuture<Long> retweetsCount(String rawTweetId) {
        UUID tweetId = Ids.parse("tweetId", rawTweetId);
        return db.run(() -> store.retweetsCount(tweetId));
    }

    // ---- recommendations

    /** RECOMMENDED_USERS (10); their summaries in one by-id call unless there are none, in rank order. */
    public CompletableFuture<List<UserSummary>> recommendedUsers(String auth, String rawUserId) {
        UUID userId = Ids.parse("userId", rawUserId);
        return db.run(() -> store.recommendedUsers(userId, InteractionRules.RECOMMENDATIONS))
                .thenCompose(ids -> ids.isEmpty() ? CompletableFuture.completedFuture(List.<UserSummary>of())
                        : services.users(ids, auth).thenApply(found -> UserBatch.inIdOrder(ids, found)));
    }

    /** The first 10 of the tweet service's popular hashtags. */
    public CompletableFuture<List<PopularHashtag>> popularHashtags(String auth) {
        return services.popularHashtags(auth)
                .thenApply(all -> all.subList(0, Math.min(all.size(), InteractionRules.POPULAR_HASHTAGS)));
    }

    /** The enrichment batch: TWEET_COUNTS and TOP_REPLIES unless no id is asked. */
    public CompletableFuture<List<TweetInteractionSummary>> tweetSummaries(List<String> raw) {
        List<UUID> ids = InteractionRules.tweetIds(raw);
        if (ids.isEmpty()) {
            return CompletableFuture.completedFuture(List.of());
        }
        UUID[] array = ids.toArray(UUID[]::new);
        return db.run(() -> {
            var counts = store.tweetCounts(array);
            var tops = store.topReplies(array);
            return InteractionRules.summaries(ids, counts, tops);
        });
    }
}
