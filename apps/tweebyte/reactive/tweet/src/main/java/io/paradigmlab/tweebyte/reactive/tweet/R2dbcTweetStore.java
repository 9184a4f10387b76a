package io.paradigmlab.tweebyte.reactive.tweet;

import io.paradigmlab.tweebyte.domain.paging.Paging;
import io.paradigmlab.tweebyte.domain.tweet.Hashtag;
import io.paradigmlab.tweebyte.domain.tweet.Mention;
import io.paradigmlab.tweebyte.domain.tweet.PopularHashtag;
import io.paradigmlab.tweebyte.domain.tweet.TweetAssembly.HashtagRow;
import io.paradigmlab.tweebyte.domain.tweet.TweetAssembly.MentionRow;
import io.paradigmlab.tweebyte.domain.tweet.TweetDeletion;
import io.paradigmlab.tweebyte.domain.tweet.TweetSummary;
import io.paradigmlab.tweebyte.schema.TweetSql;
import io.r2dbc.spi.Readable;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The tweet service's tables, non-blocking: the R2DBC twin of {@code JdbcTweetStore}. Each method runs exactly
 * one statement of {@link TweetSql}; callers group writes with a {@code TransactionalOperator}, which
 * {@link DatabaseClient} joins. Nothing happens until the returned publisher is subscribed.
 */
public class R2dbcTweetStore {

    private final DatabaseClient db;

    public R2dbcTweetStore(DatabaseClient db) {
        this.db = db;
    }

    public Mono<Void> insertTweet(UUID id, UUID userId, String content) {
        return db.sql(TweetSql.INSERT_TWEET).bind("id", id).bind("userId", userId).bind("content", content)
                .fetch().rowsUpdated().then();
    }

    /**
     * @param ids   fresh ids, one per text (used only for texts not stored yet)
     * @param texts distinct lower-cased texts
     * @return every given text's hashtag, new or existing, in no particular order
     */
    public Mono<List<Hashtag>> upsertHashtags(UUID[] ids, String[] texts) {
        return db.sql(TweetSql.UPSERT_HASHTAGS).bind("ids", ids).bind("texts", texts)
                .map(row -> new Hashtag(row.get("id", UUID.class), row.get("text", String.class))).all().collectList();
    }

    /** @param hashtagIds in order of first appearance in the text */
    public Mono<Void> insertTweetHashtags(UUID tweetId, UUID[] hashtagIds) {
        return db.sql(TweetSql.INSERT_TWEET_HASHTAGS).bind("tweetId", tweetId).bind("hashtagIds", hashtagIds)
                .fetch().rowsUpdated().then();
    }

    /** @param mentions in order of first appearance in the text */
    public Mono<Void> insertMentions(UUID tweetId, List<Mention> mentions) {
        return db.sql(TweetSql.INSERT_MENTIONS).bind("tweetId", tweetId)
                .bind("ids", mentions.stream().map(Mention::id).toArray(UUID[]::new))
                .bind("userIds", mentions.stream().map(Mention::userId).toArray(UUID[]::new))
                .bind("texts", mentions.stream().map(Mention::text).toArray(String[]::new))
                .fetch().rowsUpdated().then();
    }

    /** The author, locking the row until the transaction ends; empty when no such tweet. */
    public Mono<UUID> ownerForUpdate(UUID id) {
        return db.sql(TweetSql.OWNER_FOR_UPDATE).bind("id", id).map(row -> row.get("user_id", UUID.class)).one();
    }

    public Mono<Void> updateContent(UUID id, String content) {
        return db.sql(TweetSql.UPDATE_CONTENT).bind("id", id).bind("content", content).fetch().rowsUpdated().then();
    }

    public Mono<Void> deleteTweetHashtags(UUID id) {
        return db.sql(TweetSql.DELETE_TWEET_HASHTAGS).bind("id", id).fetch().rowsUpdated().then();
    }

    public Mono<Void> deleteMentions(UUID id) {
        return db.sql(TweetSql.DELETE_MENTIONS).bind("id", id).fetch().rowsUpdated().then();
    }

    public Mono<Void> deleteTweet(UUID id) {
        return db.sql(TweetSql.DELETE_TWEET).bind("id", id).fetch().rowsUpdated().then();
    }

    public Mono<Void> insertDeletion(UUID id) {
        return db.sql(TweetSql.INSERT_DELETION).bind("id", id).fetch().rowsUpdated().then();
    }

    /** @return the tweet, or empty when there is none */
    public Mono<TweetSummary> summaryById(UUID id) {
        return db.sql(TweetSql.SUMMARY_BY_ID).bind("id", id).map(R2dbcTweetStore::summary).one();
    }

    /** The user's tweets, newest first, one page or all. */
    public Mono<List<TweetSummary>> byUser(UUID userId, Paging paging) {
        return paged(db.sql(TweetSql.BY_USER).bind("userId", userId), paging);
    }

    /** The tweets of any of {@code userIds}, newest first, one page or all: the feed. */
    public Mono<List<TweetSummary>> byUsers(UUID[] userIds, Paging paging) {
        return paged(db.sql(TweetSql.BY_USERS).bind("userIds", userIds), paging);
    }

    public Mono<List<HashtagRow>> hashtagsOf(UUID[] tweetIds) {
        return db.sql(TweetSql.HASHTAGS_OF).bind("tweetIds", tweetIds)
                .map(row -> new HashtagRow(row.get("tweet_id", UUID.class),
                        new Hashtag(row.get("id", UUID.class), row.get("text", String.class))))
                .all().collectList();
    }

    public Mono<List<MentionRow>> mentionsOf(UUID[] tweetIds) {
        return db.sql(TweetSql.MENTIONS_OF).bind("tweetIds", tweetIds)
                .map(row -> new MentionRow(row.get("tweet_id", UUID.class),
                        new Mention(row.get("id", UUID.class), row.get("user_id", UUID.class),
                                row.get("text", String.class))))
                .all().collectList();
    }

    /** @param pattern a LIKE pattern with '\' as escape character */
    public Mono<List<TweetSummary>> searchContent(String pattern, int limit) {
        return db.sql(TweetSql.SEARCH_CONTENT).bind("pattern", pattern).bind("limit", limit)
                .map(R2dbcTweetStore::summary).all().collectList();
    }

    /** @param text lower-cased, without '#' */
    public Mono<List<TweetSummary>> searchHashtag(String text, int limit) {
        return db.sql(TweetSql.SEARCH_HASHTAG).bind("text", text).bind("limit", limit)
                .map(R2dbcTweetStore::summary).all().collectList();
    }

    public Mono<List<PopularHashtag>> popularHashtags(int limit) {
        return db.sql(TweetSql.POPULAR_HASHTAGS).bind("limit", limit)
                .map(row -> new PopularHashtag(row.get("id", UUID.class), row.get("text", String.class),
                        row.get("count", Long.class)))
                .all().collectList();
    }

    public Mono<List<TweetDeletion>> deletionsAfter(long after, int limit) {
        return db.sql(TweetSql.DELETIONS_AFTER).bind("after", after).bind("limit", limit)
                .map(row -> new TweetDeletion(row.get("seq", Long.class), row.get("tweet_id", UUID.class)))
                .all().collectList();
    }

    /** A null limit (every row) is bound as a typed null: {@code LIMIT NULL} is no limit. */
    private static Mono<List<TweetSummary>> paged(GenericExecuteSpec spec, Paging paging) {
        GenericExecuteSpec limited = paging.limit() == null ? spec.bindNull("limit", Integer.class)
                : spec.bind("limit", paging.limit());
        return limited.bind("offset", paging.offset()).map(R2dbcTweetStore::summary).all().collectList();
    }

    static TweetSummary summary(Readable row) {
        return new TweetSummary(row.get("id", UUID.class), row.get("user_id", UUID.class),
                row.get("content", String.class), row.get("created_at", OffsetDateTime.class).toInstant());
    }
}
