package io.paradigmlab.tweebyte.virtual.interaction;

import io.paradigmlab.tweebyte.virtual.common.Downstream;
import io.paradigmlab.tweebyte.domain.interaction.InteractionRules;
import io.paradigmlab.tweebyte.domain.tweet.PopularHashtag;
import io.paradigmlab.tweebyte.domain.tweet.TweetDeletion;
import io.paradigmlab.tweebyte.domain.tweet.TweetSummary;
import io.paradigmlab.tweebyte.domain.user.UserSummary;
import java.net.URI;
import java.util.List;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.stereotype.Component;

/** The interaction service's calls to the user and tweet services (docs/api/tweebyte.md, "Calls between services"). */
@Component
public class OtherServices {

    private static final ParameterizedTypeReference<UserSummary> USER = new ParameterizedTypeReference<>() {
    };
    private static final ParameterizedTypeReference<List<UserSummary>> USERS = new ParameterizedTypeReference<>() {
    };
    private static final ParameterizedTypeReference<TweetSummary> TWEET = new ParameterizedTypeReference<>() {
    };
    private static final ParameterizedTypeReference<List<PopularHashtag>> HASHTAGS = new ParameterizedTypeReference<>() {
    };
    private static final ParameterizedTypeReference<List<TweetDeletion>> DELETIONS =
            new ParameterizedTypeReference<>() {
            };

    private final Downstream http;
    private final String userUrl;
    private final String tweetUrl;

    public OtherServices(Downstream http,
                         @Value("${tweebyte.services.user-url:http://localhost:9091}") String userUrl,
                         @Value("${tweebyte.services.tweet-url:http://localhost:9092}") String tweetUrl) {
        this.http = http;
        this.userUrl = trimSlash(userUrl);
        this.tweetUrl = trimSlash(tweetUrl);
    }

    /** {@code GET /users/summary/{id}}; 404 {@code User not found}. */
    public UserSummary user(UUID id, String authorization) {
        return http.get(URI.create(userUrl + "/users/summary/" + id), authorization, USER,
                InteractionRules.USER_NOT_FOUND);
    }

    /** {@code POST /internal/users/summaries/by-id}: the users of those ids that exist, in request order. */
    public List<UserSummary> usersById(List<UUID> ids, String authorization) {
        return http.post(URI.create(userUrl + "/internal/users/summaries/by-id"), authorization, ids, USERS, null);
    }

    /** {@code GET /tweets/{id}/summary}; 404 {@code Tweet not found}. */
    public TweetSummary tweet(UUID id, String authorization) {
        return http.get(URI.create(tweetUrl + "/tweets/" + id + "/summary"), authorization, TWEET,
                InteractionRules.TWEET_NOT_FOUND);
    }

    /** {@code GET /tweets/hashtag/popular}. */
    public List<PopularHashtag> popularHashtags(String authorization) {
        return http.get(URI.create(tweetUrl + "/tweets/hashtag/popular"), authorization, HASHTAGS, null);
    }

    /** {@code GET /internal/tweets/deletions?after=N&limit=M}, without a token (an internal endpoint). */
    public List<TweetDeletion> deletions(long after, int limit) {
        return http.get(URI.create(tweetUrl + "/internal/tweets/deletions?after=" + after + "&limit=" + limit), null,
                DELETIONS, null);
    }

    private static String trimSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
