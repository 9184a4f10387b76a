package io.paradigmlab.tweebyte.domain.tweet;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.text.TextRules;
import java.util.Locale;
import java.util.UUID;

/** The contract's rules for tweets. */
public final class TweetRules {

    public static final int CONTENT_MIN = 10;
    public static final int CONTENT_MAX = 280;
    public static final int SEARCH_LIMIT = 100;
    public static final int POPULAR_LIMIT = 100;
    public static final int DELETIONS_MAX = 1000;

    public static final String CONTENT_REQUIRED = "Content is required";
    public static final String CONTENT_LENGTH = "Content must be between 10 and 280 characters";
    public static final String NOT_AUTHOR_POST = "You can only post as yourself";
    public static final String NOT_AUTHOR = "You can only change your own tweets";
    public static final String TWEET_NOT_FOUND = "Tweet not found";
    public static final String AFTER_INVALID = "after must be a whole number of at least 0";
    public static final String LIMIT_INVALID = "limit must be a whole number between 1 and 1000";

    private TweetRules() {
    }

    /** @return the content, unchanged, when it is 10-280 characters (code points) without NUL */
    public static String validContent(TweetBody body) {
        String content = body == null ? null : body.content();
        if (content == null || content.isBlank()) {
            throw new ApiException.BadRequest(CONTENT_REQUIRED);
        }
        TextRules.requireNoNul("content", content);
        int length = TextRules.length(content);
        if (length < CONTENT_MIN || length > CONTENT_MAX) {
            throw new ApiException.BadRequest(CONTENT_LENGTH);
        }
        return content;
    }

    public static ApiException.NotFound tweetNotFound() {
        return new ApiException.NotFound(TWEET_NOT_FOUND);
    }

    /** 403 unless {@code caller} wrote the tweet; a null caller (security off) may do anything. */
    public static void requireAuthor(UUID caller, UUID author) {
        if (caller != null && !caller.equals(author)) {
            throw new ApiException.Forbidden(NOT_AUTHOR);
        }
    }

    /** The hashtag term of {@code GET /tweets/search/hashtag/{term}}: without a leading '#', lower-cased. */
    public static String hashtagTerm(String term) {
        TextRules.requireNoNul("term", term);
        String t = term == null ? "" : term.startsWith("#") ? term.substring(1) : term;
        if (t.isBlank() || TextRules.length(t) > 50) {
            throw new ApiException.BadRequest(TextRules.TERM_LENGTH);
        }
        return t.toLowerCase(Locale.ROOT);
    }

    /** {@code after} of the deletions feed: 0 when absent. */
    public static long after(String raw) {
        if (raw == null) {
            return 0;
        }
        try {
            long v = Long.parseLong(raw.trim());
            if (v >= 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new ApiException.BadRequest(AFTER_INVALID);
    }

    /** {@code limit} of the deletions feed: 500 when absent. */
    public static int deletionsLimit(String raw) {
        if (raw == null) {
            return 500;
        }
        try {
            int v = Integer.parseInt(raw.trim());
            if (v >= 1 && v <= DELETIONS_MAX) {
                return v;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new ApiException.BadRequest(LIMIT_INVALID);
    }
}
