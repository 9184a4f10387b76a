package io.paradigmlab.tweebyte.schema;

/**
 * Every SQL statement of the tweet service, run as these very strings by every variant (see {@link UserSql}).
 * Arrays are bound as Java arrays ({@code UUID[]}, {@code String[]}) and cast, so a page of any size is one
 * statement: hashtags and mentions of a page are read with {@code = ANY(...)}, never once per tweet.
 * A null {@code :limit} means every row ({@code LIMIT NULL} is no limit in PostgreSQL).
 */
public final class TweetSql {

    private static final String SUMMARY_COLUMNS = "id, user_id, content, created_at";
    private static final String NEWEST_FIRST = " ORDER BY created_at DESC, id DESC";

    /** Params: id, userId, content. */
    public static final String INSERT_TWEET =
            "INSERT INTO tweets (id, user_id, content) VALUES (:id, :userId, :content)";

    /**
     * Params: ids (uuid[], fresh ids), texts (varchar[], lower-cased, distinct). Columns: id, text of every
     * given text, new or existing: DO UPDATE (a no-op write) makes RETURNING include the existing rows, and the
     * unique index makes concurrent inserts of one text race-free.
     */
    public static final String UPSERT_HASHTAGS =
            "INSERT INTO hashtags (id, text)"
                    + " SELECT * FROM unnest(CAST(:ids AS uuid[]), CAST(:texts AS varchar[]))"
                    + " ON CONFLICT (text) DO UPDATE SET text = EXCLUDED.text RETURNING id, text";

    /** Params: tweetId, hashtagIds (uuid[], in order of appearance). */
    public static final String INSERT_TWEET_HASHTAGS =
            "INSERT INTO tweet_hashtags (tweet_id, hashtag_id, position)"
                    + " SELECT :tweetId, h.id, h.position FROM unnest(CAST(:hashtagIds AS uuid[])) WITH ORDINALITY AS h(id, position)";

    /** Params: tweetId, ids (uuid[]), userIds (uuid[]), texts (varchar[]), in order of appearance. */
    public static final String INSERT_MENTIONS =
            "INSERT INTO mentions (id, tweet_id, user_id, text, position)"
                    + " SELECT m.id, :tweetId, m.user_id, m.text, m.position"
                    + " FROM unnest(CAST(:ids AS uuid[]), CAST(:userIds AS uuid[]), CAST(:texts AS varchar[]))"
                    + " WITH ORDINALITY AS m(id, user_id, text, position)";

    /** Params: id. Columns: user_id. Locks the row for the edit or delete that follows, in its transaction. */
    public static final String OWNER_FOR_UPDATE = "SELECT user_id FROM tweets WHERE id = :id FOR UPDATE";

    /** Params: id, content. */
    public static final String UPDATE_CONTENT = "UPDATE tweets SET content = :content WHERE id = :id";

    /** Params: id (the tweet). */
    public static final String DELETE_TWEET_HASHTAGS = "DELETE FROM tweet_hashtags WHERE tweet_id = :id";

    /** Params: id (the tweet). */
    public static final String DELETE_MENTIONS = "DELETE FROM mentions WHERE tweet_id = :id";

    /** Params: id. Links and mentions go by cascade. */
    public static final String DELETE_TWEET = "DELETE FROM tweets WHERE id = :id";

    /** Params: id (the deleted tweet). The interaction service's cleanup reads these tombstones. */
    public static final String INSERT_DELETION = "INSERT INTO tweet_deletions (tweet_id) VALUES (:id)";

    /** Params: id. Columns: id, user_id, content, created_at. */
    public static final String SUMMARY_BY_ID = "SELECT " + SUMMARY_COLUMNS + " FROM tweets WHERE id = :id";

    /** Params: userId, limit (nullable: all), offset. */
    public static final String BY_USER =
            "SELECT " + SUMMARY_COLUMNS + " FROM tweets WHERE user_id = :userId" + NEWEST_FIRST
                    + " LIMIT CAST(:limit AS int) OFFSET :offset";

    /** Params: userIds (uuid[]), limit (nullable: all), offset. The feed. */
    public static final String BY_USERS =
            "SELECT " + SUMMARY_COLUMNS + " FROM tweets WHERE user_id = ANY(CAST(:userIds AS uuid[]))" + NEWEST_FIRST
                    + " LIMIT CAST(:limit AS int) OFFSET :offset";

    /** Params: tweetIds (uuid[]). Columns: tweet_id, id, text; in order of appearance within each tweet. */
    public static final String HASHTAGS_OF =
            "SELECT th.tweet_id, h.id, h.text FROM tweet_hashtags th JOIN hashtags h ON h.id = th.hashtag_id"
                    + " WHERE th.tweet_id = ANY(CAST(:tweetIds AS uuid[])) ORDER BY th.tweet_id, th.position";

    /** Params: tweetIds (uuid[]). Columns: tweet_id, id, user_id, text; in order of appearance within each tweet. */
    public static final String MENTIONS_OF =
            "SELECT tweet_id, id, user_id, text FROM mentions"
                    + " WHERE tweet_id = ANY(CAST(:tweetIds AS uuid[])) ORDER BY tweet_id, position";

    /** Params: pattern (a LIKE pattern with '\' as escape), limit. */
    public static final String SEARCH_CONTENT =
            "SELECT " + SUMMARY_COLUMNS + " FROM tweets WHERE content ILIKE :pattern ESCAPE '\\'" + NEWEST_FIRST
                    + " LIMIT :limit";

    /** Params: text (lower-cased, without '#'), limit. */
    public static final String SEARCH_HASHTAG =
            "SELECT t.id, t.user_id, t.content, t.created_at FROM hashtags h"
                    + " JOIN tweet_hashtags th ON th.hashtag_id = h.id JOIN tweets t ON t.id = th.tweet_id"
                    + " WHERE h.text = :text ORDER BY t.created_at DESC, t.id DESC LIMIT :limit";

    /** Params: limit. Columns: id, text, count. */
    public static final String POPULAR_HASHTAGS =
            "SELECT h.id, h.text, count(*) AS count FROM tweet_hashtags th JOIN hashtags h ON h.id = th.hashtag_id"
                    + " GROUP BY h.id, h.text ORDER BY count DESC, h.text LIMIT :limit";

    /** Params: after, limit. Columns: seq, tweet_id. */
    public static final String DELETIONS_AFTER =
            "SELECT seq, tweet_id FROM tweet_deletions WHERE seq > :after ORDER BY seq LIMIT :limit";

    private TweetSql() {
    }
}
