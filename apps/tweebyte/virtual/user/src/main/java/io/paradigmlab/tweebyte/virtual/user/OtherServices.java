package io.paradigmlab.tweebyte.virtual.user;

import io.paradigmlab.tweebyte.virtual.common.Downstream;
import io.paradigmlab.tweebyte.domain.tweet.TweetSummary;
import io.paradigmlab.tweebyte.domain.user.UserRules;
import java.net.URI;
import java.util.List;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.stereotype.Component;

/** The user service's calls to the interaction and tweet services, for a profile. */
@Component
public class OtherServices {

    private static final ParameterizedTypeReference<Long> COUNT = new ParameterizedTypeReference<>() {
    };
    private static final ParameterizedTypeReference<List<TweetSummary>> TWEETS = new ParameterizedTypeReference<>() {
    };

    private final Downstream http;
    private final String tweetUrl;
    private final String interactionUrl;

    public OtherServices(Downstream http,
                         @Value("${tweebyte.services.tweet-url:http://localhost:9092}") String tweetUrl,
                         @Value("${tweebyte.services.interaction-url:http://localhost:9093}") String interactionUrl) {
        this.http = http;
        this.tweetUrl = trimSlash(tweetUrl);
        this.interactionUrl = trimSlash(interactionUrl);
    }

    /** {@code GET /follows/{id}/following/count}. */
    public long followingCount(UUID id, String authorization) {
        return http.get(URI.create(interactionUrl + "/follows/" + id + "/following/count"), authorization, COUNT,
                UserRules.USER_NOT_FOUND);
    }

    /** {@code GET /follows/{id}/followers/count}. */
    public long followersCount(UUID id, String authorization) {
        return http.get(URI.create(interactionUrl + "/follows/" + id + "/followers/count"), authorization, COUNT,
                UserRules.USER_NOT_FOUND);
    }

    /** {@code GET /tweets/user/{id}/summary}: bare tweets, newest first. */
    public List<TweetSummary> tweets(UUID id, String authorization) {
        return http.get(URI.create(tweetUrl + "/tweets/user/" + id + "/summary"), authorization, TWEETS,
                UserRules.USER_NOT_FOUND);
    }

    private static String trimSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
