package io.paradigmlab.tweebyte.security;

import io.paradigmlab.tweebyte.domain.user.UserRules;
import java.util.UUID;

/**
 * Who sent a request, from a verified token. With security switched off for a benchmark run the
 * caller is {@link #UNCHECKED}: nobody is identified and ownership is not enforced.
 */
public record Caller(UUID userId, String email) {

    public static final Caller UNCHECKED = new Caller(null, null);

    public boolean checked() {
        return userId != null;
    }

    /** 403 unless this caller owns {@code account}; a no-op when security is off. */
    public void requireOwnerOf(UUID account) {
        if (checked()) {
            UserRules.requireOwner(userId, account);
        }
    }
}
