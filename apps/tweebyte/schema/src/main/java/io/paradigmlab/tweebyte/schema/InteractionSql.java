package io.paradigmlab.tweebyte.schema;

/**
 * Every SQL statement of the interaction service, run as these very strings by every variant (see
 * {@link UserSql}). Writes that the contract makes unique are single statements with {@code ON CONFLICT}, so
 * two racing requests get one success and one 409, never a 500 and never a half-written row.
 */
public final class InteractionSql {

    private static final String FOLLOW_COLUMNS = "id, follower_id, followed_id, created_at, status";
    private static final String LIKE_COLUMNS = "id, user_id, likeable_id, likeable_type, created_at";
    private static final String RETWEET_COLUMNS = "id, user_id, original_tweet_id, content, created_at";
    private static final String REPLY_LIKES =
            "(SELECT count(*) FROM likes l WHERE l.likeable_type = 'REPLY' AND l.likeable_id = r.id) AS likes_count";
    private static final String REPLY_COLUMNS = "r.id, r.user_id, r.tweet_id, r.content, r.created_at, " + REPLY_LIKES;
    private static final String NEWEST_FIRST = " ORDER BY created_at DESC, id DESC";

    // ---- follows

    /**
     * Params: id, followerId, followedId, status. Columns: id. No row: a follow of the pair exists and is not
     * REJECTED (409). A REJECTED one is replaced, so a user may ask again after a refusal.
     */
    public static final String UPSERT_FOLLOW =
            "INSERT INTO follows (id, follower_id, followed_id, status) VALUES (:id, :followerId, :followedId, :status)"
                    + " ON CONFLICT ON CONSTRAINT follows_pair_key DO UPDATE"
                    + " SET id = EXCLUDED.id, status = EXCLUDED.status, created_at = now()"
                    + " WHERE follows.status = 'REJECTED' RETURNING id";

    /** Params: id, followedId, status. Columns: follower_id. No row: see {@link #FOLLOW_REQUEST_STATUS}. */
    public static final String ANSWER_FOLLOW =
            "UPDATE follows SET status = :status WHERE id = :id AND followed_id = :followedId AND status = 'PENDING'"
                    + " RETURNING follower_id";

    /** Params: id, followedId. Columns: status. No row: 404; a row: it was answered already (409). */
    public static final String FOLLOW_REQUEST_STATUS =
            "SELECT status FROM follows WHERE id = :id AND followed_id = :followedId";

    /** Params: followerId, followedId. Columns: id. No row: 404. */
    public static final String DELETE_FOLLOW =
            "DELETE FROM follows WHERE follower_id = :followerId AND followed_id = :followedId RETURNING id";

    /** Params: userId. Accepted follows of the user's followers. */
    public static final String FOLLOWERS =
            "SELECT " + FOLLOW_COLUMNS + " FROM follows WHERE followed_id = :userId AND status = 'ACCEPTED'" + NEWEST_FIRST;

    /** Params: userId. Accepted follows by the user. */
    public static final String FOLLOWING =
            "SELECT " + FOLLOW_COLUMNS + " FROM follows WHERE follower_id = :userId AND status = 'ACCEPTED'" + NEWEST_FIRST;

    /** Params: userId. Pending requests addressed to the user. */
    public static final String REQUESTS =
            "SELECT " + FOLLOW_COLUMNS + " FROM follows WHERE followed_id = :userId AND status = 'PENDING'" + NEWEST_FIRST;

    /** Params: userId. Columns: count. */
    public static final String FOLLOWERS_COUNT =
            "SELECT count(*) AS count FROM follows WHERE followed_id = :userId AND status = 'ACCEPTED'";

    /** Params: userId. Columns: count. */
    public static final String FOLLOWING_COUNT =
            "SELECT count(*) AS count FROM follows WHERE follower_id = :userId AND status = 'ACCEPTED'";

    /** Params: userId. Columns: followed_id, ordered by it. */
    public static final String FOLLOWING_IDS =
            "SELECT followed_id FROM follows WHERE follower_id = :userId AND status = 'ACCEPTED' ORDER BY followed_id";

    /**
     * Params: userId, limit. Columns: id. Users followed by the user's followees, not the user and not anyone the
     * user has a follow with in any state, ranked by how many followees follow them.
     */
    public static final String RECOMMENDED_USERS =
            "SELECT f2.followed_id AS id FROM follows f1"
                    + " JOIN follows f2 ON f2.follower_id = f1.followed_id AND f2.status = 'ACCEPTED'"
                    + " WHERE f1.follower_id = :userId AND f1.status = 'ACCEPTED' AND f2.followed_id <> :userId"
                    + " AND NOT EXISTS (SELECT 1 FROM follows f3 WHERE f3.follower_id = :userId AND f3.followed_id = f2.followed_id)"
                    + " GROUP BY f2.followed_id ORDER BY count(*) DESC, f2.followed_id LIMIT :limit";

    /** The cleanup of refused follow requests. */
    public static final String DELETE_REJECTED_FOLLOWS = "DELETE FROM follows WHERE status = 'REJECTED'";

    // ---- likes

    /** Params: id, userId, likeableId, likeableType. Columns: id, created_at. No row: already liked (409). */
    public static final String INSERT_LIKE =
            "INSERT INTO likes (id, user_id, likeable_id, likeable_type) VALUES (:id, :userId, :likeableId, :likeableType)"
                    + " ON CONFLICT ON CONSTRAINT likes_user_target_key DO NOTHING RETURNING id, created_at";

    /** Params: userId, likeableId, likeableType. Columns: id. No row: 404. */
    public static final String DELETE_LIKE =
            "DELETE FROM likes WHERE user_id = :userId AND likeable_type = :likeableType AND likeable_id = :likeableId"
                    + " RETURNING id";

    /** Params: userId. */
    public static final String LIKES_BY_USER =
            "SELECT " + LIKE_COLUMNS + " FROM likes WHERE user_id = :userId" + NEWEST_FIRST;

    /** Params: tweetId. */
    public static final String LIKES_OF_TWEET =
            "SELECT " + LIKE_COLUMNS + " FROM likes WHERE likeable_type = 'TWEET' AND likeable_id = :tweetId" + NEWEST_FIRST;

    /** Params: tweetId. Columns: count. */
    public static final String LIKES_COUNT_OF_TWEET =
            "SELECT count(*) AS count FROM likes WHERE likeable_type = 'TWEET' AND likeable_id = :tweetId";

    // ---- replies

    /** Params: id, userId, tweetId, content. */
    public static final String INSERT_REPLY =
            "INSERT INTO replies (id, user_id, tweet_id, content) VALUES (:id, :userId, :tweetId, :content)";

    /** Params: id. Columns: user_id. Also the existence check of a reply to be liked. */
    public static final String REPLY_OWNER = "SELECT user_id FROM replies WHERE id = :id";

    /** Params: id, content. Columns: the reply's. */
    public static final String UPDATE_REPLY =
            "UPDATE replies r SET content = :content WHERE r.id = :id RETURNING " + REPLY_COLUMNS;

    /** Params: id. The reply's likes; in the transaction that deletes the reply. */
    public static final String DELETE_REPLY_LIKES =
            "DELETE FROM likes WHERE likeable_type = 'REPLY' AND likeable_id = :id";

    /** Params: id. */
    public static final String DELETE_REPLY = "DELETE FROM replies WHERE id = :id";

    /** Params: tweetId. Columns: id, user_id, tweet_id, content, created_at, likes_count. */
    public static final String REPLIES_OF_TWEET =
            "SELECT " + REPLY_COLUMNS + " FROM replies r WHERE r.tweet_id = :tweetId ORDER BY r.created_at DESC, r.id DESC";

    /** Params: tweetId. Columns: count. */
    public static final String REPLIES_COUNT = "SELECT count(*) AS count FROM replies WHERE tweet_id = :tweetId";

    /** Params: tweetId. The most liked reply, newest first among equals. */
    public static final String TOP_REPLY =
            "SELECT " + REPLY_COLUMNS + " FROM replies r WHERE r.tweet_id = :tweetId"
                    + " ORDER BY likes_count DESC, r.created_at DESC, r.id DESC LIMIT 1";

    // ---- retweets

    /** Params: id, userId, originalTweetId, content (nullable). Columns: created_at. */
    public static final String INSERT_RETWEET =
            "INSERT INTO retweets (id, user_id, original_tweet_id, content)"
                    + " VALUES (:id, :userId, :originalTweetId, CAST(:content AS varchar)) RETURNING created_at";

    /** Params: id. Columns: user_id. */
    public static final String RETWEET_OWNER = "SELECT user_id FROM retweets WHERE id = :id";

    /** Params: id, content (nullable). Columns: the retweet's. */
    public static final String UPDATE_RETWEET =
            "UPDATE retweets SET content = CAST(:content AS varchar) WHERE id = :id RETURNING " + RETWEET_COLUMNS;

    /** Params: id. */
    public static final String DELETE_RETWEET = "DELETE FROM retweets WHERE id = :id";

    /** Params: userId. */
    public static final String RETWEETS_BY_USER =
            "SELECT " + RETWEET_COLUMNS + " FROM retweets WHERE user_id = :userId" + NEWEST_FIRST;

    /** Params: tweetId. */
    public static final String RETWEETS_OF_TWEET =
            "SELECT " + RETWEET_COLUMNS + " FROM retweets WHERE original_tweet_id = :tweetId" + NEWEST_FIRST;

    /** Params: tweetId. Columns: count. */
    public static final String RETWEETS_COUNT =
            "SELECT count(*) AS count FROM retweets WHERE original_tweet_id = :tweetId";

    // ---- enrichment (one batch per page of tweets)

    /** Params: tweetIds (uuid[]). Columns: tweet_id, likes_count, replies_count, retweets_count; one row per id. */
    public static final String TWEET_COUNTS =
            "SELECT t.id AS tweet_id,"
                    + " (SELECT count(*) FROM likes l WHERE l.likeable_type = 'TWEET' AND l.likeable_id = t.id) AS likes_count,"
                    + " (SELECT count(*) FROM replies r WHERE r.tweet_id = t.id) AS replies_count,"
                    + " (SELECT count(*) FROM retweets rt WHERE rt.original_tweet_id = t.id) AS retweets_count"
                    + " FROM unnest(CAST(:tweetIds AS uuid[])) AS t(id)";

    /** Params: tweetIds (uuid[]). The top reply of each tweet that has one; columns as {@link #TOP_REPLY}. */
    public static final String TOP_REPLIES =
            "SELECT DISTINCT ON (r.tweet_id) " + REPLY_COLUMNS + " FROM replies r"
                    + " WHERE r.tweet_id = ANY(CAST(:tweetIds AS uuid[]))"
                    + " ORDER BY r.tweet_id, likes_count DESC, r.created_at DESC, r.id DESC";

    // ---- cleanup

    /** Columns: last_seq. */
    public static final String CLEANUP_CURSOR = "SELECT last_seq FROM cleanup_cursor WHERE name = 'tweet-deletions'";

    /** Params: tweetIds (uuid[]). */
    public static final String DELETE_LIKES_OF_REPLIES_OF_TWEETS =
            "DELETE FROM likes WHERE likeable_type = 'REPLY'"
                    + " AND likeable_id IN (SELECT id FROM replies WHERE tweet_id = ANY(CAST(:tweetIds AS uuid[])))";

    /** Params: tweetIds (uuid[]). */
    public static final String DELETE_LIKES_OF_TWEETS =
            "DELETE FROM likes WHERE likeable_type = 'TWEET' AND likeable_id = ANY(CAST(:tweetIds AS uuid[]))";

    /** Params: tweetIds (uuid[]). */
    public static final String DELETE_REPLIES_OF_TWEETS =
            "DELETE FROM replies WHERE tweet_id = ANY(CAST(:tweetIds AS uuid[]))";

    /** Params: tweetIds (uuid[]). */
    public static final String DELETE_RETWEETS_OF_TWEETS =
            "DELETE FROM retweets WHERE original_tweet_id = ANY(CAST(:tweetIds AS uuid[]))";

    /** Params: seq. Never moves the cursor back, so two instances can run the job at once. */
    public static final String ADVANCE_CLEANUP_CURSOR =
            "UPDATE cleanup_cursor SET last_seq = GREATEST(last_seq, :seq) WHERE name = 'tweet-deletions'";

    private InteractionSql() {
    }
}
