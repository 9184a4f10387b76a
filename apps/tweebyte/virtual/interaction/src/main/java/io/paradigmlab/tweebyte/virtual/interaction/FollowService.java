package io.paradigmlab.tweebyte.virtual.interaction;

import io.paradigmlab.tweebyte.domain.Ids;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.interaction.Follow;
import io.paradigmlab.tweebyte.domain.interaction.FollowRow;
import io.paradigmlab.tweebyte.domain.interaction.FollowStatus;
import io.paradigmlab.tweebyte.domain.interaction.InteractionRules;
import io.paradigmlab.tweebyte.domain.user.UserSummary;
import io.paradigmlab.tweebyte.jdbc.JdbcInteractionStore;
import io.paradigmlab.tweebyte.security.Caller;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Service;

/** Follows, in plain blocking code on the request's virtual thread; reads of whom a user follows are cached. */
@Service
public class FollowService {

    private final JdbcInteractionStore store;
    private final OtherServices services;
    private final FollowCache cache;

    public FollowService(JdbcInteractionStore store, OtherServices services, FollowCache cache) {
        this.store = store;
        this.services = services;
        this.cache = cache;
    }

    public void follow(Caller caller, String rawUserId, String rawFollowedId, String authorization) {
        UUID userId = Ids.parse("userId", rawUserId);
        UUID followedId = Ids.parse("followedId", rawFollowedId);
        InteractionRules.requireOwner(caller.userId(), userId);
        InteractionRules.requireNotSelf(userId, followedId);
        UserSummary followed = services.user(followedId, authorization);
        store.upsertFollow(UUID.randomUUID(), userId, followedId, FollowStatus.forNewFollow(followed.isPrivate()))
                .orElseThrow(() -> new ApiException.Conflict(List.of(InteractionRules.FOLLOW_EXISTS)));
        cache.invalidate(userId, followedId);
    }

    /** {@code userId} is the followed user, who answers. */
    public void answer(Caller caller, String rawUserId, String rawRequestId, String rawStatus) {
        UUID userId = Ids.parse("userId", rawUserId);
        UUID requestId = Ids.parse("followRequestId", rawRequestId);
        InteractionRules.requireOwner(caller.userId(), userId);
        FollowStatus status = FollowStatus.parseAnswer(rawStatus);
        UUID follower = store.answerFollow(requestId, userId, status).orElseThrow(() ->
                InteractionRules.requestNotAnswerable(store.followRequestStatus(requestId, userId).isPresent()));
        cache.invalidate(follower, userId);
    }

    public void unfollow(Caller caller, String rawUserId, String rawFollowedId) {
        UUID userId = Ids.parse("userId", rawUserId);
        UUID followedId = Ids.parse("followedId", rawFollowedId);
        InteractionRules.requireOwner(caller.userId(), userId);
        if (!store.deleteFollow(userId, followedId)) {
            throw InteractionRules.notFound(InteractionRules.FOLLOW_NOT_FOUND);
        }
        cache.invalidate(userId, followedId);
    }

    public List<Follow> followers(String rawUserId, String authorization) {
        return withNames(store.followers(Ids.parse("userId", rawUserId)), Follow.Side.FOLLOWER, authorization);
    }

    public List<Follow> requests(String rawUserId, String authorization) {
        return withNames(store.requests(Ids.parse("userId", rawUserId)), Follow.Side.FOLLOWER, authorization);
    }

    /** Cached: the JSON answer. */
    public String following(String rawUserId, String authorization) {
        UUID userId = Ids.parse("userId", rawUserId);
        return cache.read(FollowCache.following(userId),
                () -> withNames(store.following(userId), Follow.Side.FOLLOWED, authorization));
    }

    /** Cached: the JSON answer. */
    public String followingIds(String rawUserId) {
        UUID userId = Ids.parse("userId", rawUserId);
        return cache.read(FollowCache.followingIds(userId), () -> store.followingIds(userId));
    }

    /** Cached: the JSON answer. */
    public String followingCount(String rawUserId) {
        UUID userId = Ids.parse("userId", rawUserId);
        return cache.read(FollowCache.followingCount(userId), () -> store.followingCount(userId));
    }

    /** Cached: the JSON answer. */
    public String followersCount(String rawUserId) {
        UUID userId = Ids.parse("userId", rawUserId);
        return cache.read(FollowCache.followersCount(userId), () -> store.followersCount(userId));
    }

    /** The other users' names in one call; none when the list is empty. */
    private List<Follow> withNames(List<FollowRow> rows, Follow.Side other, String authorization) {
        if (rows.isEmpty()) {
            return List.of();
        }
        return Follow.withNames(rows, other, services.usersById(other.ids(rows), authorization));
    }
}
