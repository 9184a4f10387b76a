package io.paradigmlab.tweebyte.reactive.interaction;

import io.paradigmlab.tweebyte.domain.error.StandardErrors;
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
import io.paradigmlab.tweebyte.domain.tweet.TweetSummary;
import io.paradigmlab.tweebyte.domain.user.UserBatch;
import io.paradigmlab.tweebyte.domain.user.UserSummary;
import io.paradigmlab.tweebyte.reactive.common.Downstream;
import io.paradigmlab.tweebyte.reactive.common.ServiceUrls;
import io.paradigmlab.tweebyte.security.Caller;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.transaction.ReactiveTransactionManager;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import tools.jackson.databind.json.JsonMapper;

/**
 * Follows, likes, replies, retweets and recommendations, statement for statement and call for call what the
 * servlet variants do (docs/api/tweebyte.md), without blocking: checks on the event loop, the database through
 * R2DBC, other services through {@link Downstream}, the cache through {@link FollowCache}, ids on the {@code cpu}
 * scheduler.
 */
public class InteractionService {

    static final ParameterizedTypeReference<List<UserSummary>> USERS = new ParameterizedTypeReference<>() {
    };
    static final ParameterizedTypeReference<UserSummary> USER = new ParameterizedTypeReference<>() {
    };
    static final ParameterizedTypeReference<TweetSummary> TWEET = new ParameterizedTypeReference<>() {
    };
    static final ParameterizedTypeReference<List<PopularHashtag>> HASHTAGS = new ParameterizedTypeReference<>() {
    };

    private final R2dbcInteractionStore store;
    private final TransactionalOperator tx;
    private final Downstream downstream;
    private final ServiceUrls urls;
    private final FollowCache cache;
    private final JsonMapper json;
    private final Scheduler cpu;

    public InteractionService(R2dbcInteractionStore store, ReactiveTransactionManager transactions,
                              Downstream downstream, ServiceUrls urls, FollowCache cache, JsonMapper json,
                              Scheduler cpu) {
        this.store = store;
        this.tx = TransactionalOperator.create(transactions);
        this.downstream = downstream;
        this.urls = urls;
        this.cache = cache;
        this.json = json;
        this.cpu = cpu;
    }

    // ---- follows

    /** Owner, not self; the followed user's summary (404); UPSERT_FOLLOW (409); DEL of the four keys. */
    public Mono<Void> follow(Caller caller, @Nullable String auth, String rawUserId, String rawFollowedId) {
        return Mono.fromCallable(() -> {
            UUID userId = Ids.parse("userId", rawUserId);
            UUID followedId = Ids.parse("followedId", rawFollowedId);
            InteractionRules.requireOwner(caller.userId(), userId);
            InteractionRules.requireNotSelf(userId, followedId);
            return new UUID[] {userId, followedId};
        }).flatMap(p -> user(auth, p[1])
                .flatMap(followed -> freshId().flatMap(id -> store.upsertFollow(id, p[0], p[1],
                        FollowStatus.forNewFollow(followed.isPrivate()))))
                .switchIfEmpty(Mono.error(() -> new ApiException.Conflict(List.of(InteractionRules.FOLLOW_EXISTS))))
                .then(cache.evict(p[0], p[1])));
    }

    /** Owner (the followed user), status; ANSWER_FOLLOW, else FOLLOW_REQUEST_STATUS (404/409); DEL keys. */
    public Mono<Void> answer(Caller caller, String rawUserId, String rawRequestId, String rawStatus) {
        return Mono.fromCallable(() -> {
            UUID userId = Ids.parse("userId", rawUserId);
            UUID requestId = Ids.parse("followRequestId", rawRequestId);
            InteractionRules.requireOwner(caller.userId(), userId);
            FollowStatus status = FollowStatus.parseAnswer(rawStatus);
            return new Object[] {userId, requestId, status};
        }).flatMap(p -> {
            UUID userId = (UUID) p[0];
            UUID requestId = (UUID) p[1];
            return store.answerFollow(requestId, userId, (FollowStatus) p[2])
                    .switchIfEmpty(Mono.defer(() -> store.followRequestStatus(requestId, userId)
                            .map(status -> true).defaultIfEmpty(false)
                            .flatMap(exists -> Mono.error(InteractionRules.requestNotAnswerable(exists)))))
                    .flatMap(follower -> cache.evict(follower, userId));
        });
    }

    /** Owner; DELETE_FOLLOW (404); DEL keys. */
    public Mono<Void> unfollow(Caller caller, String rawUserId, String rawFollowedId) {
        return Mono.fromCallable(() -> {
            UUID userId = Ids.parse("userId", rawUserId);
            UUID followedId = Ids.parse("followedId", rawFollowedId);
            InteractionRules.requireOwner(caller.userId(), userId);
            return new UUID[] {userId, followedId};
        }).flatMap(p -> store.deleteFollow(p[0], p[1])
                .switchIfEmpty(Mono.error(() -> InteractionRules.notFound(InteractionRules.FOLLOW_NOT_FOUND)))
                .then(cache.evict(p[0], p[1])));
    }

    public Mono<List<Follow>> followers(@Nullable String auth, String rawUserId) {
        return id("userId", rawUserId).flatMap(userId -> store.followers(userId))
                .flatMap(rows -> withNames(auth, rows, Follow.Side.FOLLOWER));
    }

    public Mono<List<Follow>> requests(@Nullable String auth, String rawUserId) {
        return id("userId", rawUserId).flatMap(userId -> store.requests(userId))
                .flatMap(rows -> withNames(auth, rows, Follow.Side.FOLLOWER));
    }

    /** Cache-aside: the JSON of the answer, from Redis or from FOLLOWING and the names' look-up. */
    public Mono<String> following(@Nullable String auth, String rawUserId) {
        return id("userId", rawUserId).flatMap(userId -> cache.aside(FollowCache.following(userId),
                store.following(userId).flatMap(rows -> withNames(auth, rows, Follow.Side.FOLLOWED)).map(this::toJson)));
    }

    /** Cache-aside: the JSON number. */
    public Mono<String> followersCount(String rawUserId) {
        return id("userId", rawUserId).flatMap(userId -> cache.aside(FollowCache.followersCount(userId),
                store.followersCount(userId).map(this::toJson)));
    }

    /** Cache-aside: the JSON number. */
    public Mono<String> followingCount(String rawUserId) {
        return id("userId", rawUserId).flatMap(userId -> cache.aside(FollowCache.followingCount(userId),
                store.followingCount(userId).map(this::toJson)));
    }

    /** Cache-aside: the JSON array of ids; the tweet service's feed falls back on the cached value. */
    public Mono<String> followingIds(String rawUserId) {
        return id("userId", rawUserId).flatMap(userId -> cache.aside(FollowCache.followingIds(userId),
                store.followingIds(userId).map(this::toJson)));
    }

    /** The rows with the other users' names: one by-id call unless there are no rows. */
    private Mono<List<Follow>> withNames(@Nullable String auth, List<FollowRow> rows, Follow.Side other) {
        if (rows.isEmpty()) {
            return Mono.just(List.of());
        }
        return users(auth, other.ids(rows)).map(users -> Follow.withNames(rows, other, users));
    }

    // ---- likes

    /** Owner; the tweet's summary (404); INSERT_LIKE (409). */
    public Mono<Created> likeTweet(Caller caller, @Nullable String auth, String rawUserId, String rawTweetId) {
        return owned(caller, rawUserId, "tweetId", rawTweetId)
                .flatMap(p -> tweet(auth, p[1]).then(like(p[0], p[1], LikeableType.TWEET)));
    }

    /** Owner; REPLY_OWNER (404); INSERT_LIKE (409). */
    public Mono<Created> likeReply(Caller caller, String rawUserId, String rawReplyId) {
        return owned(caller, rawUserId, "replyId", rawReplyId)
                .flatMap(p -> store.replyOwner(p[1])
                        .switchIfEmpty(Mono.error(() -> InteractionRules.notFound(InteractionRules.REPLY_NOT_FOUND)))
                        .then(like(p[0], p[1], LikeableType.REPLY)));
    }

    private Mono<Created> like(UUID userId, UUID likeableId, LikeableType type) {
        return freshId().flatMap(id -> store.insertLike(id, userId, likeableId, type))
                .switchIfEmpty(Mono.error(() -> new ApiException.Conflict(List.of(InteractionRules.ALREADY_LIKED))));
    }

    /** Owner; DELETE_LIKE (404). */
    public Mono<Void> unlike(Caller caller, String rawUserId, String field, String rawId, LikeableType type) {
        return owned(caller, rawUserId, field, rawId)
                .flatMap(p -> store.deleteLike(p[0], p[1], type))
                .switchIfEmpty(Mono.error(() -> InteractionRules.notFound(InteractionRules.LIKE_NOT_FOUND)))
                .then();
    }

    public Mono<List<Like>> likesByUser(String rawUserId) {
        return id("userId", rawUserId).flatMap(store::likesByUser);
    }

    public Mono<List<Like>> likesOfTweet(String rawTweetId) {
        return id("tweetId", rawTweetId).flatMap(store::likesOfTweet);
    }

    public Mono<Long> likesCount(String rawTweetId) {
        return id("tweetId", rawTweetId).flatMap(store::likesCountOfTweet);
    }

    // ---- replies

    /** Owner, body; the tweet's summary (404); INSERT_REPLY. */
    public Mono<IdResponse> reply(Caller caller, @Nullable String auth, String rawUserId, ReplyBody body) {
        return Mono.fromCallable(() -> {
            UUID userId = Ids.parse("userId", rawUserId);
            InteractionRules.requireOwner(caller.userId(), userId);
            return userId;
        }).flatMap(userId -> {
            InteractionRules.ValidReply reply = InteractionRules.validNewReply(body);
            return tweet(auth, reply.tweetId())
                    .then(freshId())
                    .flatMap(id -> store.insertReply(id, userId, reply.tweetId(), reply.content())
                            .thenReturn(new IdResponse(id)));
        });
    }

    /** Owner, body; REPLY_OWNER (404, 403); UPDATE_REPLY. */
    public Mono<Reply> editReply(Caller caller, String rawUserId, String rawReplyId, ReplyBody body) {
        return owned(caller, rawUserId, "replyId", rawReplyId).flatMap(p -> {
            String content = InteractionRules.validReplyEdit(body);
            return replyAuthor(caller, p[1]).then(store.updateReply(p[1], content))
                    .switchIfEmpty(Mono.error(() -> InteractionRules.notFound(InteractionRules.REPLY_NOT_FOUND)));
        });
    }

    /** Owner; REPLY_OWNER (404, 403); one transaction: DELETE_REPLY_LIKES, DELETE_REPLY. */
    public Mono<Void> deleteReply(Caller caller, String rawUserId, String rawReplyId) {
        return owned(caller, rawUserId, "replyId", rawReplyId)
                .flatMap(p -> replyAuthor(caller, p[1])
                        .then(store.deleteReplyLikes(p[1]).then(store.deleteReply(p[1])).as(tx::transactional)));
    }

    private Mono<UUID> replyAuthor(Caller caller, UUID replyId) {
        return store.replyOwner(replyId)
                .switchIfEmpty(Mono.error(() -> InteractionRules.notFound(InteractionRules.REPLY_NOT_FOUND)))
                .doOnNext(author -> InteractionRules.requireAuthor(caller.userId(), author,
                        InteractionRules.NOT_REPLY_AUTHOR));
    }

    public Mono<List<Reply>> repliesOfTweet(String rawTweetId) {
        return id("tweetId", rawTweetId).flatMap(store::repliesOfTweet);
    }

    public Mono<Long> repliesCount(String rawTweetId) {
        return id("tweetId", rawTweetId).flatMap(store::repliesCount);
    }

    /** TOP_REPLY (404 when the tweet has none). */
    public Mono<Reply> topReply(String rawTweetId) {
        return id("tweetId", rawTweetId).flatMap(store::topReply)
                .switchIfEmpty(Mono.error(() -> InteractionRules.notFound(InteractionRules.REPLY_NOT_FOUND)));
    }

    // ---- retweets

    /** Owner, body; the tweet's summary (404); the user's summary; INSERT_RETWEET. */
    public Mono<RetweetCreated> retweet(Caller caller, @Nullable String auth, String rawUserId, RetweetBody body) {
        return Mono.fromCallable(() -> {
            UUID userId = Ids.parse("userId", rawUserId);
            InteractionRules.requireOwner(caller.userId(), userId);
            return userId;
        }).flatMap(userId -> {
            InteractionRules.ValidRetweet retweet = InteractionRules.validNewRetweet(body);
            return tweet(auth, retweet.originalTweetId())
                    .flatMap(tweet -> user(auth, userId)
                            .flatMap(user -> freshId()
                                    .flatMap(id -> store.insertRetweet(id, userId, tweet.id(), retweet.content())
                                            .map(createdAt -> new RetweetCreated(id, createdAt, retweet.content(),
                                                    user, tweet)))));
        });
    }

    /** Owner, body; RETWEET_OWNER (404, 403); UPDATE_RETWEET. */
    public Mono<Retweet> editRetweet(Caller caller, String rawUserId, String rawRetweetId, RetweetBody body) {
        return owned(caller, rawUserId, "retweetId", rawRetweetId).flatMap(p -> {
            String content = InteractionRules.validRetweetEdit(body);
            return retweetAuthor(caller, p[1]).then(store.updateRetweet(p[1], content))
                    .switchIfEmpty(Mono.error(() -> InteractionRules.notFound(InteractionRules.RETWEET_NOT_FOUND)));
        });
    }

    /** Owner; RETWEET_OWNER (404, 403); DELETE_RETWEET. */
    public Mono<Void> deleteRetweet(Caller caller, String rawUserId, String rawRetweetId) {
        return owned(caller, rawUserId, "retweetId", rawRetweetId)
                .flatMap(p -> retweetAuthor(caller, p[1]).then(store.deleteRetweet(p[1])));
    }

    private Mono<UUID> retweetAuthor(Caller caller, UUID retweetId) {
        return store.retweetOwner(retweetId)
                .switchIfEmpty(Mono.error(() -> InteractionRules.notFound(InteractionRules.RETWEET_NOT_FOUND)))
                .doOnNext(author -> InteractionRules.requireAuthor(caller.userId(), author,
                        InteractionRules.NOT_RETWEET_AUTHOR));
    }

    public Mono<List<Retweet>> retweetsByUser(String rawUserId) {
        return id("userId", rawUserId).flatMap(store::retweetsByUser);
    }

    public Mono<List<Retweet>> retweetsOfTweet(String rawTweetId) {
        return id("tweetId", rawTweetId).flatMap(store::retweetsOfTweet);
    }

    public Mono<Long> retweetsCount(String rawTweetId) {
        return id("tweetId", rawTweetId).flatMap(store::retweetsCount);
    }

    // ---- recommendations

    /** RECOMMENDED_USERS (10); their summaries in one by-id call unless there are none, in rank order. */
    public Mono<List<UserSummary>> recommendedUsers(@Nullable String auth, String rawUserId) {
        return id("userId", rawUserId)
                .flatMap(userId -> store.recommendedUsers(userId, InteractionRules.RECOMMENDATIONS))
                .flatMap(ids -> ids.isEmpty() ? Mono.just(List.<UserSummary>of())
                        : users(auth, ids).map(found -> UserBatch.inIdOrder(ids, found)));
    }

    /** The first 10 of the tweet service's popular hashtags. */
    public Mono<List<PopularHashtag>> popularHashtags(@Nullable String auth) {
        return downstream.get(urls.tweet() + "/tweets/hashtag/popular", auth, HASHTAGS, null)
                .defaultIfEmpty(List.of())
                .map(all -> all.subList(0, Math.min(all.size(), InteractionRules.POPULAR_HASHTAGS)));
    }

    /** The enrichment batch: TWEET_COUNTS and TOP_REPLIES unless no id is asked. */
    public Mono<List<TweetInteractionSummary>> tweetSummaries(List<String> raw) {
        return Mono.fromCallable(() -> InteractionRules.tweetIds(raw)).flatMap(ids -> {
            if (ids.isEmpty()) {
                return Mono.just(List.<TweetInteractionSummary>of());
            }
            UUID[] array = ids.toArray(UUID[]::new);
            return store.tweetCounts(array).flatMap(counts -> store.topReplies(array)
                    .map(tops -> InteractionRules.summaries(ids, counts, tops)));
        });
    }

    // ---- helpers

    private static Mono<UUID> id(String field, String raw) {
        return Mono.fromCallable(() -> Ids.parse(field, raw));
    }

    /** The path's user (who must be the caller) and another path id. */
    private static Mono<UUID[]> owned(Caller caller, String rawUserId, String field, String rawId) {
        return Mono.fromCallable(() -> {
            UUID userId = Ids.parse("userId", rawUserId);
            UUID other = Ids.parse(field, rawId);
            InteractionRules.requireOwner(caller.userId(), userId);
            return new UUID[] {userId, other};
        });
    }

    /** {@code GET /tweets/{id}/summary} of the tweet service: 404 "Tweet not found". */
    private Mono<TweetSummary> tweet(@Nullable String auth, UUID tweetId) {
        return downstream.get(urls.tweet() + "/tweets/" + tweetId + "/summary", auth, TWEET,
                        InteractionRules.TWEET_NOT_FOUND)
                .switchIfEmpty(Mono.error(() -> new ApiException.Unavailable(StandardErrors.DOWNSTREAM_UNAVAILABLE)));
    }

    /** {@code GET /users/summary/{id}} of the user service: 404 "User not found". */
    private Mono<UserSummary> user(@Nullable String auth, UUID userId) {
        return downstream.get(urls.user() + "/users/summary/" + userId, auth, USER, InteractionRules.USER_NOT_FOUND)
                .switchIfEmpty(Mono.error(() -> new ApiException.Unavailable(StandardErrors.DOWNSTREAM_UNAVAILABLE)));
    }

    /** {@code POST /internal/users/summaries/by-id}: the summaries of those that exist, in request order. */
    private Mono<List<UserSummary>> users(@Nullable String auth, List<UUID> ids) {
        return downstream.post(urls.user() + "/internal/users/summaries/by-id", auth, ids, USERS, null)
                .defaultIfEmpty(List.of());
    }

    /** UUID.randomUUID() may read /dev/urandom: drawn on the cpu scheduler. */
    private Mono<UUID> freshId() {
        return onCpu(UUID::randomUUID);
    }

    private <T> Mono<T> onCpu(Callable<T> work) {
        return Mono.fromCallable(work).subscribeOn(cpu);
    }

    private String toJson(Object value) {
        return json.writeValueAsString(value);
    }
}
