package io.paradigmlab.tweebyte.async.tweet;

import io.paradigmlab.tweebyte.async.common.Downstream;
import io.paradigmlab.tweebyte.domain.interaction.Reply;
import io.paradigmlab.tweebyte.domain.interaction.TweetInteractionSummary;
import io.paradigmlab.tweebyte.domain.user.UserSummary;
import java.net.URI;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import tools.jackson.core.type.TypeReference;

/** The tweet service's calls to the user and interaction services (docs/api/tweebyte.md), as futures. */
public class OtherServices {

    private static final TypeReference<List<UserSummary>> USERS = new TypeReference<>() {
    };
    private static final TypeReference<List<TweetInteractionSummary>> SUMMARIES = new TypeReference<>() {
    };
    private static final TypeReference<List<Reply>> REPLIES = new TypeReference<>() {
    };
    private static final TypeReference<List<UUID>> IDS = new TypeReference<>() {
    };

    private final Downstream http;
    private final String userUrl;
    private final String interactionUrl;

    public OtherServices(Downstream http, String userUrl, String interactionUrl) {
        this.http = http;
        this.userUrl = trimSlash(userUrl);
        this.interactionUrl = trimSlash(interactionUrl);
    }

    /** {@code POST /internal/users/summaries/by-name}: the mentioned users that exist. */
    public CompletableFuture<List<UserSummary>> usersByName(List<String> names, String authorization) {
        return http.post(URI.create(userUrl + "/internal/users/summaries/by-name"), authorization, names, USERS, null)
                .thenApply(OtherServices::orEmpty);
    }

    /** {@code POST /internal/users/summaries/by-id}: the authors of a search's hits. */
    public CompletableFuture<List<UserSummary>> usersById(List<UUID> ids, String authorization) {
        return http.post(URI.create(userUrl + "/internal/users/summaries/by-id"), authorization, ids, USERS, null)
                .thenApply(OtherServices::orEmpty);
    }

    /** {@code GET /follows/{userId}/following/identifiers}: whom the feed's user follows. */
    public CompletableFuture<List<UUID>> followingIds(UUID userId, String authorization) {
        return http.get(URI.create(interactionUrl + "/follows/" + userId + "/following/identifiers"), authorization,
                IDS, null).thenApply(OtherServices::orEmpty);
    }

    /** {@code POST /recommendations/tweet/summary}: counts and top reply of a page, in one call. */
    public CompletableFuture<List<TweetInteractionSummary>> summaries(List<UUID> tweetIds, String authorization) {
        return http.post(URI.create(interactionUrl + "/recommendations/tweet/summary"), authorization, tweetIds,
                SUMMARIES, null).thenApply(OtherServices::orEmpty);
    }

    /** {@code GET /replies/tweet/{tweetId}}: the tweet's replies, newest first. */
    public CompletableFuture<List<Reply>> replies(UUID tweetId, String authorization) {
        return http.get(URI.create(interactionUrl + "/replies/tweet/" + tweetId), authorization, REPLIES, null).thenApply(OtherServices::orEmpty);
    }

    private static <T> List<T> orEmpty(List<T> list) {
        return list == null ? List.of() : list;
    }

    private static String trimSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
