package io.paradigmlab.tweebyte.virtual.tweet;

import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import io.paradigmlab.tweebyte.virtual.common.Downstream;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.interaction.Reply;
import io.paradigmlab.tweebyte.domain.interaction.TweetInteractionSummary;
import io.paradigmlab.tweebyte.domain.user.UserSummary;
import java.net.URI;
import java.util.List;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.stereotype.Component;

/** The tweet service's calls to the user and interaction services (docs/api/tweebyte.md, "Calls between services"). */
@Component
public class OtherServices {

    private static final ParameterizedTypeReference<List<UserSummary>> USERS = new ParameterizedTypeReference<>() {
    };
    private static final ParameterizedTypeReference<List<UUID>> IDS = new ParameterizedTypeReference<>() {
    };
    private static final ParameterizedTypeReference<List<TweetInteractionSummary>> SUMMARIES =
            new ParameterizedTypeReference<>() {
            };
    private static final ParameterizedTypeReference<List<Reply>> REPLIES = new ParameterizedTypeReference<>() {
    };

    private final Downstream http;
    private final String userUrl;
    private final String interactionUrl;

    public OtherServices(Downstream http,
                         @Value("${tweebyte.services.user-url:http://localhost:9091}") String userUrl,
                         @Value("${tweebyte.services.interaction-url:http://localhost:9093}") String interactionUrl) {
        this.http = http;
        this.userUrl = trimSlash(userUrl);
        this.interactionUrl = trimSlash(interactionUrl);
    }

    /** {@code POST /internal/users/summaries/by-name}: the users of those names that exist. */
    public List<UserSummary> usersByName(List<String> names, String authorization) {
        return http.post(URI.create(userUrl + "/internal/users/summaries/by-name"), authorization, names, USERS, null);
    }

    /** {@code POST /internal/users/summaries/by-id}: the users of those ids that exist. */
    public List<UserSummary> usersById(List<UUID> ids, String authorization) {
        return http.post(URI.create(userUrl + "/internal/users/summaries/by-id"), authorization, ids, USERS, null);
    }

    /** {@code GET /follows/{userId}/following/identifiers}: whom the user follows (accepted). */
    public List<UUID> followingIds(UUID userId, String authorization) {
        return http.get(URI.create(interactionUrl + "/follows/" + userId + "/following/identifiers"), authorization,
                IDS, null);
    }

    /** {@code POST /recommendations/tweet/summary}: counts and top reply of a page of tweets, in one call. */
    public List<TweetInteractionSummary> tweetSummaries(UUID[] tweetIds, String authorization) {
        return http.post(URI.create(interactionUrl + "/recommendations/tweet/summary"), authorization,
                List.of(tweetIds), SUMMARIES, null);
    }

    /** {@code GET /replies/tweet/{id}}: the tweet's replies, newest first. */
    public List<Reply> replies(UUID tweetId, String authorization) {
        return http.get(URI.create(interactionUrl + "/replies/tweet/" + tweetId), authorization, REPLIES, null);
    }

    static String trimSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    static ApiException unavailable() {
        return new ApiException.Unavailable(StandardErrors.DOWNSTREAM_UNAVAILABLE);
    }
}
