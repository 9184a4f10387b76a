package io.paradigmlab.tweebyte.domain.interaction;

import io.paradigmlab.tweebyte.domain.Ids;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.text.TextRules;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The contract's rules for follows, likes, replies, retweets and the enrichment batch. */
public final class InteractionRules {

    public static final int REPLY_MAX = 280;
    public static final int RETWEET_MAX = 280;
    public static final int RECOMMENDATIONS = 10;
    public static final int POPULAR_HASHTAGS = 10;
    public static final int SUMMARY_BATCH_MAX = 100;

    public static final String SELF_FOLLOW = "You cannot follow yourself";
    public static final String FOLLOW_EXISTS = "Follow already exists";
    public static final String FOLLOW_NOT_FOUND = "Follow not found";
    public static final String REQUEST_NOT_FOUND = "Follow request not found";
    public static final String REQUEST_ANSWERED = "Follow request was already answered";
    public static final String NOT_OWNER = "You can only act for your own account";
    public static final String ALREADY_LIKED = "Already liked";
    public static final String LIKE_NOT_FOUND = "Like not found";
    public static final String REPLY_NOT_FOUND = "Reply not found";
    public static final String RETWEET_NOT_FOUND = "Retweet not found";
    public static final String TWEET_NOT_FOUND = "Tweet not found";
    public static final String USER_NOT_FOUND = "User not found";
    public static final String NOT_REPLY_AUTHOR = "You can only change your own replies";
    public static final String NOT_RETWEET_AUTHOR = "You can only change your own retweets";
    public static final String REPLY_CONTENT = "Content must be between 1 and 280 characters";
    public static final String RETWEET_CONTENT = "Content must be at most 280 characters";
    public static final String TWEET_IDS = "Body must be a JSON array of at most 100 tweet ids";

    private InteractionRules() {
    }

    /** 403 unless the caller acts for {@code userId}; a null caller (security off) may act for anyone. */
    public static void requireOwner(UUID caller, UUID userId) {
        if (caller != null && !caller.equals(userId)) {
            throw new ApiException.Forbidden(NOT_OWNER);
        }
    }

    public static void requireNotSelf(UUID follower, UUID followed) {
        if (follower.equals(followed)) {
            throw new ApiException.BadRequest(SELF_FOLLOW);
        }
    }

    /** The answer's status when a request could not be answered: no row at all (404), or not PENDING (409). */
    public static ApiException requestNotAnswerable(boolean exists) {
        return exists ? new ApiException.Conflict(List.of(REQUEST_ANSWERED))
                : new ApiException.NotFound(REQUEST_NOT_FOUND);
    }

    /** 403 unless the caller wrote it; a null caller (security off) may change anything. */
    public static void requireAuthor(UUID caller, UUID author, String message) {
        if (caller != null && !caller.equals(author)) {
            throw new ApiException.Forbidden(message);
        }
    }

    /** Validates a new reply: tweet id first, then content; every failing rule at once. */
    public static ValidReply validNewReply(ReplyBody body) {
        List<String> errors = new ArrayList<>();
        UUID tweetId = null;
        try {
            tweetId = Ids.parse("tweet_id", body == null ? null : body.tweetId());
        } catch (ApiException.BadRequest e) {
            errors.addAll(e.errors());
        }
        String content = replyContent(body == null ? null : body.content(), errors);
        if (!errors.isEmpty()) {
            throw new ApiException.BadRequest(errors);
        }
        return new ValidReply(tweetId, content);
    }

    /** The validated parts of a new reply. */
    public record ValidReply(UUID tweetId, String content) {
    }

    public static String validReplyEdit(ReplyBody body) {
        List<String> errors = new ArrayList<>();
        String content = replyContent(body == null ? null : body.content(), errors);
        if (!errors.isEmpty()) {
            throw new ApiException.BadRequest(errors);
        }
        return content;
    }

    private static String replyContent(String content, List<String> errors) {
        if (!TextRules.checkNoNul("content", content, errors)) {
            return content;
        }
        if (content == null || content.isBlank() || TextRules.length(content) > REPLY_MAX) {
            errors.add(REPLY_CONTENT);
        }
        return content;
    }

    /** The validated parts of a new retweet; content may be null. */
    public record ValidRetweet(UUID originalTweetId, String content) {
    }

    public static ValidRetweet validNewRetweet(RetweetBody body) {
        List<String> errors = new ArrayList<>();
        UUID tweetId = null;
        try {
            tweetId = Ids.parse("original_tweet_id", body == null ? null : body.originalTweetId());
        } catch (ApiException.BadRequest e) {
            errors.addAll(e.errors());
        }
        String content = retweetContent(body == null ? null : body.content(), errors);
        if (!errors.isEmpty()) {
            throw new ApiException.BadRequest(errors);
        }
        return new ValidRetweet(tweetId, content);
    }

    /** @return the new content, possibly null (a retweet without comment) */
    public static String validRetweetEdit(RetweetBody body) {
        List<String> errors = new ArrayList<>();
        String content = retweetContent(body == null ? null : body.content(), errors);
        if (!errors.isEmpty()) {
            throw new ApiException.BadRequest(errors);
        }
        return content;
    }

    private static String retweetContent(String content, List<String> errors) {
        if (content != null && TextRules.checkNoNul("content", content, errors) && TextRules.length(content) > RETWEET_MAX) {
            errors.add(RETWEET_CONTENT);
        }
        return content;
    }

    /** The body of {@code POST /recommendations/tweet/summary}: 0..100 canonical ids, duplicates removed, in order. */
    public static List<UUID> tweetIds(List<String> raw) {
        if (raw == null || raw.size() > SUMMARY_BATCH_MAX) {
            throw new ApiException.BadRequest(TWEET_IDS);
        }
        LinkedHashSet<UUID> ids = new LinkedHashSet<>();
        for (String id : raw) {
            try {
                ids.add(Ids.parse("tweet id", id));
            } catch (ApiException.BadRequest e) {
                throw new ApiException.BadRequest(TWEET_IDS);
            }
        }
        return List.copyOf(ids);
    }

    /** One summary per id, in request order: counts from their row (zeros if none), the top reply if any. */
    public static List<TweetInteractionSummary> summaries(List<UUID> ids, List<TweetCounts> counts, List<Reply> topReplies) {
        Map<UUID, TweetCounts> byId = new HashMap<>();
        counts.forEach(c -> byId.put(c.tweetId(), c));
        Map<UUID, Reply> tops = new HashMap<>();
        topReplies.forEach(r -> tops.put(r.tweetId(), r));
        return ids.stream().map(id -> {
            TweetCounts c = byId.getOrDefault(id, new TweetCounts(id, 0, 0, 0));
            return new TweetInteractionSummary(id, c.likesCount(), c.repliesCount(), c.retweetsCount(), tops.get(id));
        }).toList();
    }

    public static ApiException.NotFound notFound(String message) {
        return new ApiException.NotFound(message);
    }
}
