package io.paradigmlab.tweebyte.reactive.interaction;

import io.paradigmlab.tweebyte.domain.interaction.Created;
import io.paradigmlab.tweebyte.domain.interaction.FollowRow;
import io.paradigmlab.tweebyte.domain.interaction.FollowStatus;
import io.paradigmlab.tweebyte.domain.interaction.Like;
import io.paradigmlab.tweebyte.domain.interaction.LikeableType;
import io.paradigmlab.tweebyte.domain.interaction.Reply;
import io.paradigmlab.tweebyte.domain.interaction.Retweet;
import io.paradigmlab.tweebyte.domain.interaction.TweetCounts;
import io.paradigmlab.tweebyte.schema.InteractionSql;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import reactor.core.publisher.Mono;

/**
 * The interaction service's tables, non-blocking: the R2DBC twin of {@code JdbcInteractionStore}. Each method runs
 * exactly one statement of {@link InteractionSql}; callers group writes with a {@code TransactionalOperator},
 * which {@link DatabaseClient} joins. Nothing happens until the returned publisher is subscribed.
 */
public class R2dbcInteractionStore {

    private final DatabaseClient db;

    public R2dbcInteractionStore(DatabaseClient db) {
        this.db = db;
    }

    // ---- follows

    /** @return the follow's id, or empty when a follow of the pair exists and is not REJECTED (409) */
    public Mono<UUID> upsertFollow(UUID id, UUID followerId, UUID followedId, FollowStatus status) {
        return db.sql(InteractionSql.UPSERT_FOLLOW).bind("id", id).bind("followerId", followerId)
                .bind("followedId", followedId).bind("status", status.name())
                .map(row -> row.get("id", UUID.class)).one();
    }

    /** @return the follower of the answered request, or empty when no PENDING request matched */
    public Mono<UUID> answerFollow(UUID id, UUID followedId, FollowStatus status) {
        return db.sql(InteractionSql.ANSWER_FOLLOW).bind("id", id).bind("followedId", followedId)
                .bind("status", status.name()).map(row -> row.get("follower_id", UUID.class)).one();
    }

    /** @return the request's status, or empty when there is no such request addressed to {@code followedId} */
    public Mono<String> followRequestStatus(UUID id, UUID followedId) {
        return db.sql(InteractionSql.FOLLOW_REQUEST_STATUS).bind("id", id).bind("followedId", followedId)
                .map(row -> row.get("status", String.class)).one();
    }

    /** @return the deleted follow's id, or empty when there was none */
    public Mono<UUID> deleteFollow(UUID followerId, UUID followedId) {
        return db.sql(InteractionSql.DELETE_FOLLOW).bind("followerId", followerId).bind("followedId", followedId)
                .map(row -> row.get("id", UUID.class)).one();
    }

    public Mono<List<FollowRow>> followers(UUID userId) {
        return follows(InteractionSql.FOLLOWERS, userId);
    }

    public Mono<List<FollowRow>> following(UUID userId) {
        return follows(InteractionSql.FOLLOWING, userId);
    }

    public Mono<List<FollowRow>> requests(UUID userId) {
        return follows(InteractionSql.REQUESTS, userId);
    }

    public Mono<Long> followersCount(UUID userId) {
        return count(db.sql(InteractionSql.FOLLOWERS_COUNT).bind("userId", userId));
    }

    public Mono<Long> followingCount(UUID userId) {
        return count(db.sql(InteractionSql.FOLLOWING_COUNT).bind("userId", userId));
    }

    public Mono<List<UUID>> followingIds(UUID userId) {
        return db.sql(InteractionSql.FOLLOWING_IDS).bind("userId", userId)
                .map(row -> row.get("followed_id", UUID.class)).all().collectList();
    }

    public Mono<List<UUID>> recommendedUsers(UUID userId, int limit) {
        return db.sql(InteractionSql.RECOMMENDED_USERS).bind("userId", userId).bind("limit", limit)
                .map(row -> row.get("id", UUID.class)).all().collectList();
    }

    public Mono<Long> deleteRejectedFollows() {
        return db.sql(InteractionSql.DELETE_REJECTED_FOLLOWS).fetch().rowsUpdated();
    }

    // ---- likes

    /** @return the new like's id and time, or empty when the user liked it already (409) */
    public Mono<Created> insertLike(UUID id, UUID userId, UUID likeableId, LikeableType type) {
        return db.sql(InteractionSql.INSERT_LIKE).bind("id", id).bind("userId", userId)
                .bind("likeableId", likeableId).bind("likeableType", type.name())
                .map(row -> new Created(row.get("id", UUID.class), instant(row, "created_at"))).one();
    }

    /** @return the deleted like's id, or empty when there was none */
    public Mono<UUID> deleteLike(UUID userId, UUID likeableId, LikeableType type) {
        return db.sql(InteractionSql.DELETE_LIKE).bind("userId", userId).bind("likeableId", likeableId)
                .bind("likeableType", type.name()).map(row -> row.get("id", UUID.class)).one();
    }

    public Mono<List<Like>> likesByUser(UUID userId) {
        return db.sql(InteractionSql.LIKES_BY_USER).bind("userId", userId).map(R2dbcInteractionStore::like)
                .all().collectList();
    }

    public Mono<List<Like>> likesOfTweet(UUID tweetId) {
        return db.sql(InteractionSql.LIKES_OF_TWEET).bind("tweetId", tweetId).map(R2dbcInteractionStore::like)
                .all().collectList();
    }

    public Mono<Long> likesCountOfTweet(UUID tweetId) {
        return count(db.sql(InteractionSql.LIKES_COUNT_OF_TWEET).bind("tweetId", tweetId));
    }

    // ---- replies

    public Mono<Void> insertReply(UUID id, UUID userId, UUID tweetId, String content) {
        return db.sql(InteractionSql.INSERT_REPLY).bind("id", id).bind("userId", userId).bind("tweetId", tweetId)
                .bind("content", content).fetch().rowsUpdated().then();
    }

    /** @return the reply's author, or empty when there is no such reply */
    public Mono<UUID> replyOwner(UUID id) {
        return db.sql(InteractionSql.REPLY_OWNER).bind("id", id).map(row -> row.get("user_id", UUID.class)).one();
    }

    /** @return the reply as changed, or empty when it is gone */
    public Mono<Reply> updateReply(UUID id, String content) {
        return db.sql(InteractionSql.UPDATE_REPLY).bind("id", id).bind("content", content)
                .map(R2dbcInteractionStore::reply).one();
    }

    public Mono<Void> deleteReplyLikes(UUID id) {
        return db.sql(InteractionSql.DELETE_REPLY_LIKES).bind("id", id).fetch().rowsUpdated().then();
    }

    public Mono<Void> deleteReply(UUID id) {
        return db.sql(InteractionSql.DELETE_REPLY).bind("id", id).fetch().rowsUpdated().then();
    }

    public Mono<List<Reply>> repliesOfTweet(UUID tweetId) {
        return db.sql(InteractionSql.REPLIES_OF_TWEET).bind("tweetId", tweetId).map(R2dbcInteractionStore::reply)
                .all().collectList();
    }

    public Mono<Long> repliesCount(UUID tweetId) {
        return count(db.sql(InteractionSql.REPLIES_COUNT).bind("tweetId", tweetId));
    }

    /** @return the most liked reply, or empty when the tweet has none */
    public Mono<Reply> topReply(UUID tweetId) {
        return db.sql(InteractionSql.TOP_REPLY).bind("tweetId", tweetId).map(R2dbcInteractionStore::reply).one();
    }

    // ---- retweets

    /** @return the retweet's creation time */
    public Mono<Instant> insertRetweet(UUID id, UUID userId, UUID originalTweetId, @Nullable String content) {
        return nullableContent(db.sql(InteractionSql.INSERT_RETWEET).bind("id", id).bind("userId", userId)
                .bind("originalTweetId", originalTweetId), content)
                .map(row -> instant(row, "created_at")).one();
    }

    /** @return the retweet's author, or empty when there is no such retweet */
    public Mono<UUID> retweetOwner(UUID id) {
        return db.sql(InteractionSql.RETWEET_OWNER).bind("id", id).map(row -> row.get("user_id", UUID.class)).one();
    }

    /** @return the retweet as changed, or empty when it is gone */
    public Mono<Retweet> updateRetweet(UUID id, @Nullable String content) {
        return nullableContent(db.sql(InteractionSql.UPDATE_RETWEET).bind("id", id), content)
                .map(R2dbcInteractionStore::retweet).one();
    }

    public Mono<Void> deleteRetweet(UUID id) {
        return db.sql(InteractionSql.DELETE_RETWEET).bind("id", id).fetch().rowsUpdated().then();
    }

    public Mono<List<Retweet>> retweetsByUser(UUID userId) {
        return db.sql(InteractionSql.RETWEETS_BY_USER).bind("userId", userId).map(R2dbcInteractionStore::retweet)
                .all().collectList();
    }

    public Mono<List<Retweet>> retweetsOfTweet(UUID tweetId) {
        return db.sql(InteractionSql.RETWEETS_OF_TWEET).bind("tweetId", tweetId).map(R2dbcInteractionStore::retweet)
                .all().collectList();
    }

    public Mono<Long> retweetsCount(UUID tweetId) {
        return count(db.sql(InteractionSql.RETWEETS_COUNT).bind("tweetId", tweetId));
    }

    // ---- enrichment

    public Mono<List<TweetCounts>> tweetCounts(UUID[] tweetIds) {
        return db.sql(InteractionSql.TWEET_COUNTS).bind("tweetIds", tweetIds)
                .map(row -> new TweetCounts(row.get("tweet_id", UUID.class), number(row, "likes_count"),
                        number(row, "replies_count"), number(row, "retweets_count")))
                .all().collectList();
    }

    public Mono<List<Reply>> topReplies(UUID[] tweetIds) {
        return db.sql(InteractionSql.TOP_REPLIES).bind("tweetIds", tweetIds).map(R2dbcInteractionStore::reply)
                .all().collectList();
    }

    // ---- cleanup

    public Mono<Long> cleanupCursor() {
        return db.sql(InteractionSql.CLEANUP_CURSOR).map(row -> number(row, "last_seq")).one();
    }

    public Mono<Void> deleteLikesOfRepliesOfTweets(UUID[] tweetIds) {
        return db.sql(InteractionSql.DELETE_LIKES_OF_REPLIES_OF_TWEETS).bind("tweetIds", tweetIds)
                .fetch().rowsUpdated().then();
    }

    public Mono<Void> deleteLikesOfTweets(UUID[] tweetIds) {
        return db.sql(InteractionSql.DELETE_LIKES_OF_TWEETS).bind("tweetIds", tweetIds).fetch().rowsUpdated().then();
    }

    public Mono<Void> deleteRepliesOfTweets(UUID[] tweetIds) {
        return db.sql(InteractionSql.DELETE_REPLIES_OF_TWEETS).bind("tweetIds", tweetIds)
                .fetch().rowsUpdated().then();
    }

    public Mono<Void> deleteRetweetsOfTweets(UUID[] tweetIds) {
        return db.sql(InteractionSql.DELETE_RETWEETS_OF_TWEETS).bind("tweetIds", tweetIds)
                .fetch().rowsUpdated().then();
    }

    public Mono<Void> advanceCleanupCursor(long seq) {
        return db.sql(InteractionSql.ADVANCE_CLEANUP_CURSOR).bind("seq", seq).fetch().rowsUpdated().then();
    }

    // ---- rows

    private Mono<List<FollowRow>> follows(String sql, UUID userId) {
        return db.sql(sql).bind("userId", userId)
                .map(row -> new FollowRow(row.get("id", UUID.class), row.get("follower_id", UUID.class),
                        row.get("followed_id", UUID.class), instant(row, "created_at"), row.get("status", String.class)))
                .all().collectList();
    }

    private static Mono<Long> count(GenericExecuteSpec spec) {
        return spec.map(row -> number(row, "count")).one().defaultIfEmpty(0L);
    }

    private static GenericExecuteSpec nullableContent(GenericExecuteSpec spec, @Nullable String content) {
        return content == null ? spec.bindNull("content", String.class) : spec.bind("content", content);
    }

    private static long number(Readable row, String column) {
        Number n = row.get(column, Number.class);
        return n == null ? 0 : n.longValue();
    }

    private static Instant instant(Readable row, String column) {
        return row.get(column, OffsetDateTime.class).toInstant();
    }

    private static Like like(Readable row) {
        return new Like(row.get("id", UUID.class), row.get("user_id", UUID.class), row.get("likeable_id", UUID.class),
                row.get("likeable_type", String.class), instant(row, "created_at"));
    }

    private static Reply reply(Readable row) {
        return new Reply(row.get("id", UUID.class), row.get("user_id", UUID.class), row.get("tweet_id", UUID.class),
                row.get("content", String.class), instant(row, "created_at"), number(row, "likes_count"));
    }

    private static Retweet retweet(Readable row) {
        return new Retweet(row.get("id", UUID.class), row.get("user_id", UUID.class),
                row.get("original_tweet_id", UUID.class), row.get("content", String.class), instant(row, "created_at"));
    }
}
