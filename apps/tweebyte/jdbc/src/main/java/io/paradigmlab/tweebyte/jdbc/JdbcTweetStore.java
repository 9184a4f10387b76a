package io.paradigmlab.tweebyte.jdbc;

import io.paradigmlab.tweebyte.domain.paging.Paging;
import io.paradigmlab.tweebyte.domain.tweet.Hashtag;
import io.paradigmlab.tweebyte.domain.tweet.Mention;
import io.paradigmlab.tweebyte.domain.tweet.PopularHashtag;
import io.paradigmlab.tweebyte.domain.tweet.TweetAssembly.HashtagRow;
import io.paradigmlab.tweebyte.domain.tweet.TweetAssembly.MentionRow;
import io.paradigmlab.tweebyte.domain.tweet.TweetDeletion;
import io.paradigmlab.tweebyte.domain.tweet.TweetSummary;
import io.paradigmlab.tweebyte.schema.TweetSql;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The tweet service's tables, blocking. Each method runs exactly one statement of {@link TweetSql}; callers
 * group writes in a transaction (Spring's TransactionTemplate), which {@link JdbcClient} joins.
 */
public class JdbcTweetStore {

    private final JdbcClient jdbc;

    public JdbcTweetStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public void insertTweet(UUID id, UUID userId, String content) {
        jdbc.sql(TweetSql.INSERT_TWEET).param("id", id).param("userId", userId).param("content", content).update();
    }

    /**
     * @param ids   fresh ids, one per text (used only for texts not stored yet)
     * @param texts distinct lower-cased texts
     * @return every given text's hashtag, new or existing, in no particular order
     */
    public List<Hashtag> upsertHashtags(UUID[] ids, String[] texts) {
        return jdbc.sql(TweetSql.UPSERT_HASHTAGS).param("ids", ids).param("texts", texts)
                .query((rs, n) -> new Hashtag(rs.getObject("id", UUID.class), rs.getString("text"))).list();
    }

    /** @param hashtagIds in order of first appearance in the text */
    public void insertTweetHashtags(UUID tweetId, UUID[] hashtagIds) {
        jdbc.sql(TweetSql.INSERT_TWEET_HASHTAGS).param("tweetId", tweetId).param("hashtagIds", hashtagIds).update();
    }

    /** @param mentions in order of first appearance in the text */
    public void insertMentions(UUID tweetId, List<Mention> mentions) {
        jdbc.sql(TweetSql.INSERT_MENTIONS).param("tweetId", tweetId)
                .param("ids", mentions.stream().map(Mention::id).toArray(UUID[]::new))
                .param("userIds", mentions.stream().map(Mention::userId).toArray(UUID[]::new))
                .param("texts", mentions.stream().map(Mention::text).toArray(String[]::new))
                .update();
    }

    /** The author, locking the row until the transaction ends; empty when no such tweet. */
    public Optional<UUID> ownerForUpdate(UUID id) {
        return jdbc.sql(TweetSql.OWNER_FOR_UPDATE).param("id", id).query((rs, n) -> rs.getObject("user_id", UUID.class))
                .optional();
    }

    public void updateContent(UUID id, String content) {
        jdbc.sql(TweetSql.UPDATE_CONTENT).param("id", id).param("content", content).update();
    }

    public void deleteTweetHashtags(UUID id) {
        jdbc.sql(TweetSql.DELETE_TWEET_HASHTAGS).param("id", id).update();
    }

    public void deleteMentions(UUID id) {
        jdbc.sql(TweetSql.DELETE_MENTIONS).param("id", id).update();
    }

    public void deleteTweet(UUID id) {
        jdbc.sql(TweetSql.DELETE_TWEET).param("id", id).update();
    }

    public void insertDeletion(UUID id) {
        jdbc.sql(TweetSql.INSERT_DELETION).param("id", id).update();
    }

    public Optional<TweetSummary> summaryById(UUID id) {
        return jdbc.sql(TweetSql.SUMMARY_BY_ID).param("id", id).query(JdbcTweetStore::summary).optional();
    }

    /** The user's tweets, newest first, one page or all. */
    public List<TweetSummary> byUser(UUID userId, Paging paging) {
        return jdbc.sql(TweetSql.BY_USER).param("userId", userId).param("limit", paging.limit())
                .param("offset", paging.offset()).query(JdbcTweetStore::summary).list();
    }

    /** The tweets of any of {@code userIds}, newest first, one page or all: the feed. */
    public List<TweetSummary> byUsers(UUID[] userIds, Paging paging) {
        return jdbc.sql(TweetSql.BY_USERS).param("userIds", userIds).param("limit", paging.limit())
                .param("offset", paging.offset()).query(JdbcTweetStore::summary).list();
    }

    public List<HashtagRow> hashtagsOf(UUID[] tweetIds) {
        return jdbc.sql(TweetSql.HASHTAGS_OF).param("tweetIds", tweetIds)
                .query((rs, n) -> new HashtagRow(rs.getObject("tweet_id", UUID.class),
                        new Hashtag(rs.getObject("id", UUID.class), rs.getString("text"))))
                .list();
    }

    public List<MentionRow> mentionsOf(UUID[] tweetIds) {
        return jdbc.sql(TweetSql.MENTIONS_OF).param("tweetIds", tweetIds)
                .query((rs, n) -> new MentionRow(rs.getObject("tweet_id", UUID.class),
                        new Mention(rs.getObject("id", UUID.class), rs.getObject("user_id", UUID.class),
                                rs.getString("text"))))
                .list();
    }

    /** @param pattern a LIKE pattern with '\' as escape character */
    public List<TweetSummary> searchContent(String pattern, int limit) {
        return jdbc.sql(TweetSql.SEARCH_CONTENT).param("pattern", pattern).param("limit", limit)
                .query(JdbcTweetStore::summary).list();
    }

    /** @param text lower-cased, without '#' */
    public List<TweetSummary> searchHashtag(String text, int limit) {
        return jdbc.sql(TweetSql.SEARCH_HASHTAG).param("text", text).param("limit", limit)
                .query(JdbcTweetStore::summary).list();
    }

    public List<PopularHashtag> popularHashtags(int limit) {
        return jdbc.sql(TweetSql.POPULAR_HASHTAGS).param("limit", limit)
                .query((rs, n) -> new PopularHashtag(rs.getObject("id", UUID.class), rs.getString("text"),
                        rs.getLong("count")))
                .list();
    }

    public List<TweetDeletion> deletionsAfter(long after, int limit) {
        return jdbc.sql(TweetSql.DELETIONS_AFTER).param("after", after).param("limit", limit)
                .query((rs, n) -> new TweetDeletion(rs.getLong("seq"), rs.getObject("tweet_id", UUID.class))).list();
    }

    static TweetSummary summary(ResultSet rs, int row) throws SQLException {
        return new TweetSummary(rs.getObject("id", UUID.class), rs.getObject("user_id", UUID.class),
                rs.getString("content"), rs.getObject("created_at", OffsetDateTime.class).toInstant());
    }
}
