package io.paradigmlab.tweebyte.jdbc;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.user.Availability;
import io.paradigmlab.tweebyte.domain.user.NewUser;
import io.paradigmlab.tweebyte.domain.user.StoredCredentials;
import io.paradigmlab.tweebyte.domain.user.UserChanges;
import io.paradigmlab.tweebyte.domain.user.UserProfile;
import io.paradigmlab.tweebyte.domain.user.UserRules;
import io.paradigmlab.tweebyte.domain.user.UserSummary;
import io.paradigmlab.tweebyte.schema.UserSql;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The user service's table, blocking. Each method runs exactly one statement of {@link UserSql}, so
 * the servlet variants do the same database work per request as the R2DBC one.
 */
public class JdbcUserStore {

    private final JdbcClient jdbc;

    public JdbcUserStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public Optional<UserSummary> summaryById(UUID id) {
        return jdbc.sql(UserSql.SUMMARY_BY_ID).param("id", id).query(JdbcUserStore::summary).optional();
    }

    public Optional<UserSummary> summaryByName(String userName) {
        return jdbc.sql(UserSql.SUMMARY_BY_NAME).param("userName", userName).query(JdbcUserStore::summary).optional();
    }

    public List<UserSummary> search(String pattern, int limit) {
        return jdbc.sql(UserSql.SEARCH_BY_NAME).param("pattern", pattern).param("limit", limit)
                .query(JdbcUserStore::summary).list();
    }

    /** @param self the account being changed (its own name and email do not count as taken) */
    public Availability availability(UUID self, String userName, String email) {
        return jdbc.sql(UserSql.AVAILABILITY).param("id", self).param("userName", userName).param("email", email)
                .query((rs, n) -> new Availability(rs.getBoolean("user_name_taken"), rs.getBoolean("email_taken")))
                .single();
    }

    /** @throws ApiException.Conflict when a concurrent registration took the name or email after the check */
    public void insert(UUID id, NewUser user, String passwordHash) {
        try {
            jdbc.sql(UserSql.INSERT).param("id", id).param("userName", user.userName()).param("email", user.email())
                    .param("biography", user.biography()).param("isPrivate", user.isPrivate())
                    .param("password", passwordHash).param("birthDate", user.birthDate())
                    .update();
        } catch (DuplicateKeyException e) {
            throw UserRules.conflictFromUniqueViolation(e.getMessage());
        }
    }

    public Optional<StoredCredentials> credentials(String email) {
        return jdbc.sql(UserSql.CREDENTIALS_BY_EMAIL).param("email", email)
                .query((rs, n) -> new StoredCredentials(rs.getObject("id", UUID.class), rs.getString("email"),
                        rs.getString("password")))
                .optional();
    }

    /** @return whether the account exists (and so was updated) */
    public boolean update(UUID id, UserChanges changes, String passwordHash) {
        try {
            return jdbc.sql(UserSql.UPDATE).param("id", id).param("userName", changes.userName())
                    .param("email", changes.email()).param("biography", changes.biography())
                    .param("isPrivate", changes.isPrivate()).param("password", passwordHash)
                    .param("birthDate", changes.birthDate())
                    .update() == 1;
        } catch (DuplicateKeyException e) {
            throw UserRules.conflictFromUniqueViolation(e.getMessage());
        }
    }

    /** The summaries of those ids that exist, in no particular order ({@code UserBatch.inIdOrder} orders them). */
    public List<UserSummary> summariesByIds(UUID[] ids) {
        return jdbc.sql(UserSql.SUMMARIES_BY_IDS).param("ids", ids).query(JdbcUserStore::summary).list();
    }

    /** @param lowerCaseNames user names, lower-cased; the summaries of those that exist, in no particular order */
    public List<UserSummary> summariesByNames(String[] lowerCaseNames) {
        return jdbc.sql(UserSql.SUMMARIES_BY_NAMES).param("names", lowerCaseNames).query(JdbcUserStore::summary).list();
    }

    /** The account part of a profile. */
    public Optional<UserProfile.Account> profile(UUID id) {
        return jdbc.sql(UserSql.PROFILE_BY_ID).param("id", id)
                .query((rs, n) -> new UserProfile.Account(rs.getObject("id", UUID.class), rs.getString("user_name"),
                        rs.getString("email"), rs.getString("biography"), rs.getBoolean("is_private"),
                        rs.getObject("birth_date", LocalDate.class),
                        rs.getObject("created_at", OffsetDateTime.class).toInstant()))
                .optional();
    }

    private static UserSummary summary(ResultSet rs, int row) throws SQLException {
        return new UserSummary(rs.getObject("id", UUID.class), rs.getString("user_name"), rs.getBoolean("is_private"),
                rs.getObject("created_at", OffsetDateTime.class).toInstant());
    }
}
