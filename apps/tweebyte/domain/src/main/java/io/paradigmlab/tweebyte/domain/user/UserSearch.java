package io.paradigmlab.tweebyte.domain.user;

import io.paradigmlab.tweebyte.domain.text.TextRules;

/** The user-name search of {@code GET /users/search/{term}}. */
public final class UserSearch {

    /**
     * Most summaries one search returns, ordered by user name. The contract is silent; an unbounded
     * answer over a million users would make a single request the whole benchmark.
     */
    public static final int LIMIT = 100;
    public static final int TERM_MAX = 50;
    public static final String TERM_LENGTH = TextRules.TERM_LENGTH;

    private UserSearch() {
    }

    /** The SQL LIKE pattern for "contains term", with LIKE's own wildcards in the term escaped (escape char '\'). */
    public static String containsPattern(String term) {
        return TextRules.containsPattern(term);
    }
}
