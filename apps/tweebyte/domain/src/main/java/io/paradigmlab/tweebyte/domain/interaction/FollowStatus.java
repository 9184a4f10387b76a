package io.paradigmlab.tweebyte.domain.interaction;

import io.paradigmlab.common.contract.ApiException;
import java.util.Locale;

/** The state of a follow. */
public enum FollowStatus {
    PENDING, ACCEPTED, REJECTED;

    public static final String ANSWER_INVALID = "status must be ACCEPTED or REJECTED";

    /** The status of {@code PUT /follows/{userId}/{followRequestId}/{status}}: ACCEPTED or REJECTED, any case. */
    public static FollowStatus parseAnswer(String raw) {
        String value = raw == null ? "" : raw.trim().toUpperCase(Locale.ROOT);
        return switch (value) {
            case "ACCEPTED" -> ACCEPTED;
            case "REJECTED" -> REJECTED;
            default -> throw new ApiException.BadRequest(ANSWER_INVALID);
        };
    }

    /** A new follow of a private user waits for an answer. */
    public static FollowStatus forNewFollow(boolean followedIsPrivate) {
        return followedIsPrivate ? PENDING : ACCEPTED;
    }
}
