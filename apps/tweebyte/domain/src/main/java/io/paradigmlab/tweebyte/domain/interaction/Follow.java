package io.paradigmlab.tweebyte.domain.interaction;

import io.paradigmlab.tweebyte.domain.user.UserSummary;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

/**
 * {@code {id,user_name,follower_id,followed_id,created_at,status}}: {@code user_name} is the other user's name
 * (the follower in followers and requests, the followed in following), {@code null} when unknown.
 */
public record Follow(UUID id, String userName, UUID followerId, UUID followedId, Instant createdAt, String status) {

    /** Which side of each row is "the other user". */
    public enum Side {
        FOLLOWER(FollowRow::followerId), FOLLOWED(FollowRow::followedId);

        private final Function<FollowRow, UUID> id;

        Side(Function<FollowRow, UUID> id) {
            this.id = id;
        }

        public UUID of(FollowRow row) {
            return id.apply(row);
        }

        /** Distinct ids of the other users, in row order: the body of the one name lookup. */
        public List<UUID> ids(List<FollowRow> rows) {
            return rows.stream().map(this::of).distinct().toList();
        }
    }

    public static List<Follow> withNames(List<FollowRow> rows, Side other, List<UserSummary> users) {
        Map<UUID, String> names = new HashMap<>();
        users.forEach(u -> names.put(u.id(), u.userName()));
        return rows.stream().map(r -> new Follow(r.id(), names.get(other.of(r)), r.followerId(), r.followedId(),
                r.createdAt(), r.status())).toList();
    }
}
