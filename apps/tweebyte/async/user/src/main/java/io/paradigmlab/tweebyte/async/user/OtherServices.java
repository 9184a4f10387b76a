package io.paradigmlab.tweebyte.async.user;

import io.paradigmlab.tweebyte.async.common.Downstream;
import io.paradigmlab.tweebyte.domain.tweet.TweetSummary;
import io.paradigmlab.tweebyte.domain.user.UserRules;
import java.net.URI;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import tools.jackson.core.type.TypeReference;

/** The user service's calls to the interaction and tweet services, for a profile, as futures. */
public class OtherServices {

    private static final TypeReference<Long> COUNT = new TypeReference<>() {
    };
    private static final TypeReference<List<TweetSummary>> TWEETS = new TypeReference<>() {
    };

    private final Downstream http;
    private final String tweetUrl;
    private final String interactionUrl;

    public OtherServices(Downstream http, String tweetUrl, String interactionUrl) {
        this.http = http;
        this.tweetUrl = trimSlash(tweetUrl);
        this.interactionUrl = trimSlash(interactionUrl);
    }

    /** {@code GET /follows/{id}/following/count}. */
    public CompletableFuture<Long> followingCount(UUID id, String authorization) {
        return http.get(URI.create(interactionUrl + "/follows/" + id + "/following/count"), authorization, COUNT,
                UserRules.USER_NOT_FOUND);
    }

    /** {@code GET /follows/{id}/followers/count}. */
    public CompletableFuture<Long> followersCount(UUID id, String authorization) {
        return http.get(URI.create(interactionUrl + "/follows/" + id + "/followers/count"), authorization, COUNT,
                UserRules.USER_NOT_FOUND);
    }

    /** {@code GET /tweets/user/{id}/summary}: bare tweets, newest first. */
    public CompletableFuture<List<TweetSummary>> tweets(UUID id, String authorization) {
        return http.get(URI.create(tweetUrl + "/tweets/user/" + id + "/summary"), authorization, TWEETS,
                UserRules.USER_NOT_FOUND);
    }

    private static String trimSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
