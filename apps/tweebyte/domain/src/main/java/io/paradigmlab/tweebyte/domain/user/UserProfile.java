package io.paradigmlab.tweebyte.domain.user;

import io.paradigmlab.tweebyte.domain.tweet.TweetSummary;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

/**
 * {@code GET /users/{id}}: the account (from the user database), follow counts (interaction service) and the
 * user's tweets, newest first (tweet service).
 */
public record UserProfile(UUID id, String userName, String email, String biography, boolean isPrivate,
                          LocalDate birthDate, Instant createdAt, long following, long followers,
                          List<TweetSummary> tweets) {

    /** A row of {@code UserSql.PROFILE_BY_ID}. */
    public record Account(UUID id, String userName, String email, String biography, boolean isPrivate,
                          LocalDate birthDate, Instant createdAt) {
    }

    public static UserProfile of(Account a, long following, long followers, List<TweetSummary> tweets) {
        return new UserProfile(a.id(), a.userName(), a.email(), a.biography(), a.isPrivate(), a.birthDate(),
                a.createdAt(), following, followers, List.copyOf(tweets));
    }
}
