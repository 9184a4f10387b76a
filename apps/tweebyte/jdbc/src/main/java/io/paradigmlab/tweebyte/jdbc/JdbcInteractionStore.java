package io.paradigmlab.tweebyte.jdbc;

import io.paradigmlab.tweebyte.domain.interaction.Created;
import io.paradigmlab.tweebyte.domain.interaction.FollowRow;
import io.paradigmlab.tweebyte.domain.interaction.FollowStatus;
import io.paradigmlab.tweebyte.domain.interaction.Like;
import io.paradigmlab.tweebyte.domain.interaction.LikeableType;
import io.paradigmlab.tweebyte.domain.interaction.Reply;
import io.paradigmlab.tweebyte.domain.interaction.Retweet;
import io.paradigmlab.tweebyte.domain.interaction.TweetCounts;
import io.paradigmlab.tweebyte.schema.InteractionSql;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The interaction service's tables, blocking. Each method runs exactly one statement of {@link InteractionSql};
 * callers group writes in a transaction where the service says so, which {@link JdbcClient} joins.
 */
public class JdbcInteractionStore {

    private final JdbcClient jdbc;

    public JdbcInteractionStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    // ---- follows

    /** @return the follow's id, or empty when the pair has a follow that is not REJECTED (a 409) */
    public Optional<UUID> upsertFollow(UUID id, UUID followerId, UUID followedId, FollowStatus status) {
        return jdbc.sql(InteractionSql.UPSERT_FOLLOW).param("id", id).param("followerId", followerId)
                .param("followedId", followedId).param("status", status.name())
                .query((rs, n) -> rs.getObject("id", UUID.class)).optional();
    }

    /** @return the follower of the answered request, or empty when there is no PENDING request to answer */
    public Optional<UUID> answerFollow(UUID id, UUID followedId, FollowStatus status) {
        return jdbc.sql(InteractionSql.ANSWER_FOLLOW).param("id", id).param("followedId", followedId)
                .param("status", status.name()).query((rs, n) -> rs.getObject("follower_id", UUID.class)).optional();
    }

    /** @return the status of a request addressed to {@code followedId}, or empty when there is none */
    public Optional<String> followRequestStatus(UUID id, UUID followedId) {
        return jdbc.sql(InteractionSql.FOLLOW_REQUEST_STATUS).param("id", id).param("followedId", followedId)
                .query((rs, n) -> rs.getString("status")).optional();
    }

    /** @return whether a follow was deleted */
    public boolean deleteFollow(UUID followerId, UUID followedId) {
        return jdbc.sql(InteractionSql.DELETE_FOLLOW).param("followerId", followerId).param("followedId", followedId)
                .query((rs, n) -> rs.getObject("id", UUID.class)).optional().isPresent();
    }

    public List<FollowRow> followers(UUID userId) {
        return follows(InteractionSql.FOLLOWERS, userId);
    }

    public List<FollowRow> following(UUID userId) {
        return follows(InteractionSql.FOLLOWING, userId);
    }

    public List<FollowRow> requests(UUID userId) {
        return follows(InteractionSql.REQUESTS, userId);
    }

    public long followersCount(UUID userId) {
        return count(InteractionSql.FOLLOWERS_COUNT, "userId", userId);
    }

    public long followingCount(UUID userId) {
        return count(InteractionSql.FOLLOWING_COUNT, "userId", userId);
    }

    public List<UUID> followingIds(UUID userId) {
        return jdbc.sql(InteractionSql.FOLLOWING_IDS).param("userId", userId)
                .query((rs, n) -> rs.getObject("followed_id", UUID.class)).list();
    }

    public List<UUID> recommendedUsers(UUID userId, int limit) {
        return jdbc.sql(InteractionSql.RECOMMENDED_USERS).param("userId", userId).param("limit", limit)
                .query((rs, n) -> rs.getObject("id", UUID.class)).list();
    }

    public int deleteRejectedFollows() {
        return jdbc.sql(InteractionSql.DELETE_REJECTED_FOLLOWS).update();
    }

    // ---- likes

    /** @return the new like, or empty when the user already likes it (a 409) */
    public Optional<Created> insertLike(UUID id, UUID userId, UUID likeableId, LikeableType type) {
        return jdbc.sql(InteractionSql.INSERT_LIKE).param("id", id).param("userId", userId)
                .param("likeableId", likeableId).param("likeableType", type.name())
                .query((rs, n) -> new Created(rs.getObject("id", UUID.class), instant(rs, "created_at"))).optional();
    }

    /** @return whether a like was deleted */
    public boolean deleteLike(UUID userId, UUID likeableId, LikeableType type) {
        return jdbc.sql(InteractionSql.DELETE_LIKE).param("userId", userId).param("likeableId", likeableId)
                .param("likeableType", type.name()).query((rs, n) -> rs.getObject("id", UUID.class))
                .optional().isPresent();
    }

    public List<Like> likesByUser(UUID userId) {
        return jdbc.sql(InteractionSql.LIKES_BY_USER).param("userId", userId).query(JdbcInteractionStore::like).list();
    }

    public List<Like> likesOfTweet(UUID tweetId) {
        return jdbc.sql(InteractionSql.LIKES_OF_TWEET).param("tweetId", tweetId).query(JdbcInteractionStore::like).list();
    }

    public long likesCountOfTweet(UUID tweetId) {
        return count(InteractionSql.LIKES_COUNT_OF_TWEET, "tweetId", tweetId);
    }

    // ---- replies

    public void insertReply(UUID id, UUID userId, UUID tweetId, String content) {
        jdbc.sql(InteractionSql.INSERT_REPLY).param("id", id).param("userId", userId).param("tweetId", tweetId)
                .param("content", content).update();
    }

    /** @return the reply's author, or empty when there is no such reply */
    public Optional<UUID> replyOwner(UUID id) {
        return owner(InteractionSql.REPLY_OWNER, id);
    }

    public Optional<Reply> updateReply(UUID id, String content) {
        return jdbc.sql(InteractionSql.UPDATE_REPLY).param("id", id).param("content", content)
                .query(JdbcInteractionStore::reply).optional();
    }

    public void deleteReplyLikes(UUID id) {
        jdbc.sql(InteractionSql.DELETE_REPLY_LIKES).param("id", id).update();
    }

    public void deleteReply(UUID id) {
        jdbc.sql(InteractionSql.DELETE_REPLY).param("id", id).update();
    }

    public List<Reply> repliesOfTweet(UUID tweetId) {
        return jdbc.sql(InteractionSql.REPLIES_OF_TWEET).param("tweetId", tweetId).query(JdbcInteractionStore::reply).list();
    }

    public long repliesCount(UUID tweetId) {
        return count(InteractionSql.REPLIES_COUNT, "tweetId", tweetId);
    }

    public Optional<Reply> topReply(UUID tweetId) {
        return jdbc.sql(InteractionSql.TOP_REPLY).param("tweetId", tweetId).query(JdbcInteractionStore::reply).optional();
    }

    // ---- retweets

    /** @param content nullable; @return the retweet's creation time */
    public Instant insertRetweet(UUID id, UUID userId, UUID originalTweetId, String content) {
        return jdbc.sql(InteractionSql.INSERT_RETWEET).param("id", id).param("userId", userId)
                .param("originalTweetId", originalTweetId).param("content", content)
                .query((rs, n) -> instant(rs, "created_at")).single();
    }

    public Optional<UUID> retweetOwner(UUID id) {
        return owner(InteractionSql.RETWEET_OWNER, id);
    }

    /** @param content nullable */
    public Optional<Retweet> updateRetweet(UUID id, String content) {
        return jdbc.sql(InteractionSql.UPDATE_RETWEET).param("id", id).param("content", content)
                .query(JdbcInteractionStore::retweet).optional();
    }

    public void deleteRetweet(UUID id) {
        jdbc.sql(InteractionSql.DELETE_RETWEET).param("id", id).update();
    }

    public List<Retweet> retweetsByUser(UUID userId) {
        return jdbc.sql(InteractionSql.RETWEETS_BY_USER).param("userId", userId).query(JdbcInteractionStore::retweet).list();
    }

    public List<Retweet> retweetsOfTweet(UUID tweetId) {
        return jdbc.sql(InteractionSql.RETWEETS_OF_TWEET).param("tweetId", tweetId).query(JdbcInteractionStore::retweet).list();
    }

    public long retweetsCount(UUID tweetId) {
        return count(InteractionSql.RETWEETS_COUNT, "tweetId", tweetId);
    }

    // ---- enrichment

    public List<TweetCounts> tweetCounts(UUID[] tweetIds) {
        return jdbc.sql(InteractionSql.TWEET_COUNTS).param("tweetIds", tweetIds)
                .query((rs, n) -> new TweetCounts(rs.getObject("tweet_id", UUID.class), rs.getLong("likes_count"),
                        rs.getLong("replies_count"), rs.getLong("retweets_count")))
                .list();
    }

    public List<Reply> topReplies(UUID[] tweetIds) {
        return jdbc.sql(InteractionSql.TOP_REPLIES).param("tweetIds", tweetIds).query(JdbcInteractionStore::reply).list();
    }

    // ---- cleanup

    public long cleanupCursor() {
        return jdbc.sql(InteractionSql.CLEANUP_CURSOR).query((rs, n) -> rs.getLong("last_seq")).single();
    }

    public int deleteLikesOfRepliesOfTweets(UUID[] tweetIds) {
        return jdbc.sql(InteractionSql.DELETE_LIKES_OF_REPLIES_OF_TWEETS).param("tweetIds", tweetIds).update();
    }

    public int deleteLikesOfTweets(UUID[] tweetIds) {
        return jdbc.sql(InteractionSql.DELETE_LIKES_OF_TWEETS).param("tweetIds", tweetIds).update();
    }

    public int deleteRepliesOfTweets(UUID[] tweetIds) {
        return jdbc.sql(InteractionSql.DELETE_REPLIES_OF_TWEETS).param("tweetIds", tweetIds).update();
    }

    public int deleteRetweetsOfTweets(UUID[] tweetIds) {
        return jdbc.sql(InteractionSql.DELETE_RETWEETS_OF_TWEETS).param("tweetIds", tweetIds).update();
    }

    public void advanceCleanupCursor(long seq) {
        jdbc.sql(InteractionSql.ADVANCE_CLEANUP_CURSOR).param("seq", seq).update();
    }

    // ---- rows

    private List<FollowRow> follows(String sql, UUID userId) {
        return jdbc.sql(sql).param("userId", userId)
                .query((rs, n) -> new FollowRow(rs.getObject("id", UUID.class), rs.getObject("follower_id", UUID.class),
                        rs.getObject("followed_id", UUID.class), instant(rs, "created_at"), rs.getString("status")))
                .list();
    }

    private long count(String sql, String param, UUID value) {
        return jdbc.sql(sql).param(param, value).query((rs, n) -> rs.getLong("count")).single();
    }

    private Optional<UUID> owner(String sql, UUID id) {
        return jdbc.sql(sql).param("id", id).query((rs, n) -> rs.getObject("user_id", UUID.class)).optional();
    }

    private static Like like(ResultSet rs, int row) throws SQLException {
        return new Like(rs.getObject("id", UUID.class), rs.getObject("user_id", UUID.class),
                rs.getObject("likeable_id", UUID.class), rs.getString("likeable_type"), instant(rs, "created_at"));
    }

    static Reply reply(ResultSet rs, int row) throws SQLException {
        return new Reply(rs.getObject("id", UUID.class), rs.getObject("user_id", UUID.class),
                rs.getObject("tweet_id", UUID.class), rs.getString("content"), instant(rs, "created_at"),
                rs.getLong("likes_count"));
    }

    private static Retweet retweet(ResultSet rs, int row) throws SQLException {
        return new Retweet(rs.getObject("id", UUID.class), rs.getObject("user_id", UUID.class),
                rs.getObject("original_tweet_id", UUID.class), rs.getString("content"), instant(rs, "created_at"));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        return rs.getObject(column, OffsetDateTime.class).toInstant();
    }
}
