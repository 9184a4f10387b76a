package io.paradigmlab.tweebyte.reactive.user;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.user.Availability;
import io.paradigmlab.tweebyte.domain.user.NewUser;
import io.paradigmlab.tweebyte.domain.user.StoredCredentials;
import io.paradigmlab.tweebyte.domain.user.UserChanges;
import io.paradigmlab.tweebyte.domain.user.UserProfile;
import io.paradigmlab.tweebyte.domain.user.UserRules;
import io.paradigmlab.tweebyte.domain.user.UserSummary;
import io.paradigmlab.tweebyte.schema.UserSql;
import io.r2dbc.spi.Readable;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The user service's table, non-blocking: the R2DBC twin of {@code JdbcUserStore}. Each method runs
 * exactly one statement of {@link UserSql}, so this variant does the same database work per request as
 * the servlet ones. Nothing happens until the returned publisher is subscribed.
 */
public class R2dbcUserStore {

    private final DatabaseClient db;

    public R2dbcUserStore(DatabaseClient db) {
        this.db = db;
    }

    /** @return the summary, or empty when no account has this id */
    public Mono<UserSummary> summaryById(UUID id) {
        return db.sql(UserSql.SUMMARY_BY_ID).bind("id", id).map(R2dbcUserStore::summary).one();
    }

    /** @return the summary, or empty when no account has this name (compared without case) */
    public Mono<UserSummary> summaryByName(String userName) {
        return db.sql(UserSql.SUMMARY_BY_NAME).bind("userName", userName).map(R2dbcUserStore::summary).one();
    }

    /** The summaries of those ids that exist, in no particular order ({@code UserBatch.inIdOrder} orders them). */
    public Mono<List<UserSummary>> summariesByIds(UUID[] ids) {
        return db.sql(UserSql.SUMMARIES_BY_IDS).bind("ids", ids).map(R2dbcUserStore::summary).all().collectList();
    }

    /** @param lowerCaseNames user names, lower-cased; the summaries of those that exist, in no particular order */
    public Mono<List<UserSummary>> summariesByNames(String[] lowerCaseNames) {
        return db.sql(UserSql.SUMMARIES_BY_NAMES).bind("names", lowerCaseNames).map(R2dbcUserStore::summary)
                .all().collectList();
    }

    /** @return the account part of a profile, or empty when no account has this id */
    public Mono<UserProfile.Account> profile(UUID id) {
        return db.sql(UserSql.PROFILE_BY_ID).bind("id", id)
                .map(row -> new UserProfile.Account(row.get("id", UUID.class), row.get("user_name", String.class),
                        row.get("email", String.class), row.get("biography", String.class), flag(row, "is_private"),
                        row.get("birth_date", LocalDate.class),
                        row.get("created_at", OffsetDateTime.class).toInstant()))
                .one();
    }

    /** @param pattern a LIKE pattern with '\' as escape character */
    public Flux<UserSummary> search(String pattern, int limit) {
        return db.sql(UserSql.SEARCH_BY_NAME).bind("pattern", pattern).bind("limit", limit)
                .map(R2dbcUserStore::summary).all();
    }

    /** @param self the account being changed (its own name and email do not count as taken) */
    public Mono<Availability> availability(UUID self, @Nullable String userName, @Nullable String email) {
        GenericExecuteSpec spec = db.sql(UserSql.AVAILABILITY).bind("id", self);
        spec = bindNullable(spec, "userName", userName, String.class);
        spec = bindNullable(spec, "email", email, String.class);
        return spec.map(row -> new Availability(flag(row, "user_name_taken"), flag(row, "email_taken"))).one();
    }

    /** Fails with {@link ApiException.Conflict} when a concurrent registration took the name or email after the check. */
    public Mono<Void> insert(UUID id, NewUser user, String passwordHash) {
        GenericExecuteSpec spec = db.sql(UserSql.INSERT).bind("id", id).bind("userName", user.userName())
                .bind("email", user.email());
        spec = bindNullable(spec, "biography", user.biography(), String.class);
        return spec.bind("isPrivate", user.isPrivate()).bind("password", passwordHash)
                .bind("birthDate", user.birthDate())
                .fetch().rowsUpdated()
                .onErrorMap(DuplicateKeyException.class, e -> UserRules.conflictFromUniqueViolation(e.getMessage()))
                .then();
    }

    /** @return the account's id, email and password hash, or empty when no account has this email */
    public Mono<StoredCredentials> credentials(String email) {
        return db.sql(UserSql.CREDENTIALS_BY_EMAIL).bind("email", email)
                .map(row -> new StoredCredentials(row.get("id", UUID.class), row.get("email", String.class),
                        row.get("password", String.class)))
                .one();
    }

    /**
     * Every null field (and a null hash) leaves its column as it is.
     *
     * @return whether the account exists (and so was updated)
     */
    public Mono<Boolean> update(UUID id, UserChanges changes, @Nullable String passwordHash) {
        GenericExecuteSpec spec = db.sql(UserSql.UPDATE).bind("id", id);
        spec = bindNullable(spec, "userName", changes.userName(), String.class);
        spec = bindNullable(spec, "email", changes.email(), String.class);
        spec = bindNullable(spec, "biography", changes.biography(), String.class);
        spec = bindNullable(spec, "isPrivate", changes.isPrivate(), Boolean.class);
        spec = bindNullable(spec, "password", passwordHash, String.class);
        spec = bindNullable(spec, "birthDate", changes.birthDate(), LocalDate.class);
        return spec.fetch().rowsUpdated()
                .onErrorMap(DuplicateKeyException.class, e -> UserRules.conflictFromUniqueViolation(e.getMessage()))
                .map(rows -> rows == 1);
    }

    /** R2DBC needs a null's type, which JdbcClient infers. */
    private static GenericExecuteSpec bindNullable(GenericExecuteSpec spec, String name, @Nullable Object value,
                                                   Class<?> type) {
        return value == null ? spec.bindNull(name, type) : spec.bind(name, value);
    }

    private static boolean flag(Readable row, String column) {
        return Boolean.TRUE.equals(row.get(column, Boolean.class));
    }

    private static UserSummary summary(Readable row) {
        return new UserSummary(row.get("id", UUID.class), row.get("user_name", String.class),
                flag(row, "is_private"), row.get("created_at", OffsetDateTime.class).toInstant());
    }
}
