package io.paradigmlab.tweebyte.schema;

/**
 * Every SQL statement of the user service. Each variant runs exactly these strings (JDBC through
 * Spring's JdbcClient, R2DBC through DatabaseClient, both with {@code :named} parameters), which is
 * how equal work is kept: same statements, same count per request. Nullable parameters carry a CAST
 * so that an unbound type is never left for the driver to guess.
 */
public final class UserSql {

    private static final String SUMMARY_COLUMNS = "id, user_name, is_private, created_at";

    /** Params: id. */
    public static final String SUMMARY_BY_ID =
            "SELECT " + SUMMARY_COLUMNS + " FROM users WHERE id = :id";

    /** Params: userName. */
    public static final String SUMMARY_BY_NAME =
            "SELECT " + SUMMARY_COLUMNS + " FROM users WHERE lower(user_name) = lower(:userName)";

    /** Params: ids (uuid[]). The summaries of those that exist, in no particular order. */
    public static final String SUMMARIES_BY_IDS =
            "SELECT " + SUMMARY_COLUMNS + " FROM users WHERE id = ANY(CAST(:ids AS uuid[]))";

    /** Params: names (varchar[], lower-cased). The summaries of those that exist, in no particular order. */
    public static final String SUMMARIES_BY_NAMES =
            "SELECT " + SUMMARY_COLUMNS + " FROM users WHERE lower(user_name) = ANY(CAST(:names AS varchar[]))";

    /** Params: id. Columns: id, user_name, email, biography, is_private, birth_date, created_at. */
    public static final String PROFILE_BY_ID =
            "SELECT id, user_name, email, biography, is_private, birth_date, created_at FROM users WHERE id = :id";

    /** Params: pattern (a LIKE pattern with '\' as escape), limit. */
    public static final String SEARCH_BY_NAME =
            "SELECT " + SUMMARY_COLUMNS + " FROM users WHERE user_name ILIKE :pattern ESCAPE '\\'"
                    + " ORDER BY lower(user_name), id LIMIT :limit";

    /**
     * Params: id (the account itself, excluded), userName, email; either may be null. Columns:
     * user_name_taken, email_taken.
     */
    public static final String AVAILABILITY =
            "SELECT EXISTS (SELECT 1 FROM users WHERE lower(user_name) = lower(CAST(:userName AS varchar)) AND id <> :id)"
                    + " AS user_name_taken,"
                    + " EXISTS (SELECT 1 FROM users WHERE email = CAST(:email AS varchar) AND id <> :id) AS email_taken";

    /** Params: id, userName, email, biography (nullable), isPrivate, password (a hash), birthDate. */
    public static final String INSERT =
            "INSERT INTO users (id, user_name, email, biography, is_private, password, birth_date)"
                    + " VALUES (:id, :userName, :email, CAST(:biography AS varchar), :isPrivate, :password, :birthDate)";

    /** Params: email. Columns: id, email, password. */
    public static final String CREDENTIALS_BY_EMAIL =
            "SELECT id, email, password FROM users WHERE email = :email";

    /** Params: id and every field, each nullable (null leaves the column as it is). */
    public static final String UPDATE =
            "UPDATE users SET"
                    + " user_name = COALESCE(CAST(:userName AS varchar), user_name),"
                    + " email = COALESCE(CAST(:email AS varchar), email),"
                    + " biography = COALESCE(CAST(:biography AS varchar), biography),"
                    + " is_private = COALESCE(CAST(:isPrivate AS boolean), is_private),"
                    + " password = COALESCE(CAST(:password AS varchar), password),"
                    + " birth_date = COALESCE(CAST(:birthDate AS date), birth_date)"
                    + " WHERE id = :id";

    /** Name of the unique index on email; a violation of it during a race is a 409 on the email. */
    public static final String EMAIL_UNIQUE_INDEX = "users_email_key";

    private UserSql() {
    }
}
