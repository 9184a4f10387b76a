package io.paradigmlab.tweebyte.domain.user;

import io.paradigmlab.tweebyte.domain.error.ApiException;

/** The user-name search of {@code GET /users/search/{term}}. */
public final class UserSearch {

    /**
     * Most summaries one search returns, ordered by user name. The contract is silent; an unbounded
     * answer over a million users would make a single request the whole benchmark.
     */
    public static final int LIMIT = 100;
    public static final int TERM_MAX = 50;
    public static final String TERM_LENGTH = "Search term must be between 1 and 50 characters";

    private UserSearch() {
    }

    /** The SQL LIKE pattern for "contains term", with LIKE's own wildcards in the term escaped (escape char '\'). */
    public static String containsPattern(String term) {
        if (term == null || term.isBlank() || term.length() > TERM_MAX) {
            throw new ApiException.InvalidInput(TERM_LENGTH);
        }
        String escaped = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
        return "%" + escaped + "%";
    }
}
