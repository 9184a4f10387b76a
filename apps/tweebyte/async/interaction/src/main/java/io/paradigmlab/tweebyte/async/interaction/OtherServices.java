package io.paradigmlab.tweebyte.async.interaction;

import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import io.paradigmlab.tweebyte.async.common.Downstream;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.interaction.InteractionRules;
import io.paradigmlab.tweebyte.domain.tweet.PopularHashtag;
import io.paradigmlab.tweebyte.domain.tweet.TweetDeletion;
import io.paradigmlab.tweebyte.domain.tweet.TweetSummary;
import io.paradigmlab.tweebyte.domain.user.UserSummary;
import java.net.URI;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import tools.jackson.core.type.TypeReference;

/** The interaction service's calls to the user and tweet services (docs/api/tweebyte.md), as futures. */
public class OtherServices {

    private static final TypeReference<UserSummary> USER = new TypeReference<>() {
    };
    private static final TypeReference<List<UserSummary>> USERS = new TypeReference<>() {
    };
    private static final TypeReference<TweetSummary> TWEET = new TypeReference<>() {
    };
    private static final TypeReference<List<PopularHashtag>> HASHTAGS = new TypeReference<>() {
    };
    private static final TypeReference<List<TweetDeletion>> DELETIONS = new TypeReference<>() {
    };

    private final Downstream http;
    private final String userUrl;
    private final String tweetUrl;

    public OtherServices(Downstream http, String userUrl, String tweetUrl) {
        this.http = http;
        this.userUrl = trimSlash(userUrl);
        this.tweetUrl = trimSlash(tweetUrl);
    }

    /** {@code GET /users/summary/{id}}: 404 "User not found". */
    public CompletableFuture<UserSummary> user(UUID id, String authorization) {
        return http.get(URI.create(userUrl + "/users/summary/" + id), authorization, USER,
                InteractionRules.USER_NOT_FOUND).thenApply(OtherServices::present);
    }

    /** {@code POST /internal/users/summaries/by-id}: the summaries of those that exist, in request order. */
    public CompletableFuture<List<UserSummary>> users(List<UUID> ids, String authorization) {
        return http.post(URI.create(userUrl + "/internal/users/summaries/by-id"), authorization, ids, USERS, null)
                .thenApply(OtherServices::orEmpty);
    }

    /** {@code GET /tweets/{id}/summary}: 404 "Tweet not found". */
    public CompletableFuture<TweetSummary> tweet(UUID id, String authorization) {
        return http.get(URI.create(tweetUrl + "/tweets/" + id + "/summary"), authorization, TWEET,
                InteractionRules.TWEET_NOT_FOUND).thenApply(OtherServices::present);
    }

    /** {@code GET /tweets/hashtag/popular}. */
    public CompletableFuture<List<PopularHashtag>> popularHashtags(String authorization) {
        return http.get(URI.create(tweetUrl + "/tweets/hashtag/popular"), authorization, HASHTAGS, null)
                .thenApply(OtherServices::orEmpty);
    }

    /** {@code GET /internal/tweets/deletions?after=N&limit=M}, without a token (an internal endpoint). */
    public CompletableFuture<List<TweetDeletion>> deletions(long after, int limit) {
        return http.get(URI.create(tweetUrl + "/internal/tweets/deletions?after=" + after + "&limit=" + limit), null,
                DELETIONS, null).thenApply(OtherServices::orEmpty);
    }

    private static <T> T present(T value) {
        if (value == null) {
            throw new ApiException.Unavailable(StandardErrors.DOWNSTREAM_UNAVAILABLE);
        }
        return value;
    }

    private static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }

    private static String trimSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
