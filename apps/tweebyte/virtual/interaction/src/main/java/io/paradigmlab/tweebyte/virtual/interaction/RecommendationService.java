package io.paradigmlab.tweebyte.virtual.interaction;

import io.paradigmlab.tweebyte.domain.Ids;
import io.paradigmlab.tweebyte.domain.interaction.InteractionRules;
import io.paradigmlab.tweebyte.domain.interaction.TweetInteractionSummary;
import io.paradigmlab.tweebyte.domain.tweet.PopularHashtag;
import io.paradigmlab.tweebyte.domain.user.UserBatch;
import io.paradigmlab.tweebyte.domain.user.UserSummary;
import io.paradigmlab.tweebyte.jdbc.JdbcInteractionStore;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Service;

/** Recommendations and the tweet service's batch enrichment, in plain blocking code. */
@Service
public class RecommendationService {

    private final JdbcInteractionStore store;
    private final OtherServices services;

    public RecommendationService(JdbcInteractionStore store, OtherServices services) {
        this.store = store;
        this.services = services;
    }

    /** Up to 10 candidates, then their summaries in one call (none without candidates), in rank order. */
    public List<UserSummary> users(String rawUserId, String authorization) {
        UUID userId = Ids.parse("userId", rawUserId);
        List<UUID> ids = store.recommendedUsers(userId, InteractionRules.RECOMMENDATIONS);
        if (ids.isEmpty()) {
            return List.of();
        }
        return UserBatch.inIdOrder(ids, services.usersById(ids, authorization));
    }

    public List<PopularHashtag> hashtags(String authorization) {
        List<PopularHashtag> popular = services.popularHashtags(authorization);
        return popular.size() <= InteractionRules.POPULAR_HASHTAGS ? popular
                : List.copyOf(popular.subList(0, InteractionRules.POPULAR_HASHTAGS));
    }

    /** Counts and top replies of a page of tweets: one statement each, none for an empty list. */
    public List<TweetInteractionSummary> tweetSummaries(List<String> raw) {
        List<UUID> ids = InteractionRules.tweetIds(raw);
        if (ids.isEmpty()) {
            return List.of();
        }
        UUID[] array = ids.toArray(UUID[]::new);
        return InteractionRules.summaries(ids, store.tweetCounts(array), store.topReplies(array));
    }
}
