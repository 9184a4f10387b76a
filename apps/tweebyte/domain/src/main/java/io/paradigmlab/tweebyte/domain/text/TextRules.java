package io.paradigmlab.tweebyte.domain.text;

import io.paradigmlab.common.contract.ApiException;
import java.util.List;

/** Rules for any text a client sends: any Unicode is welcome except U+0000, which PostgreSQL cannot store. */
public final class TextRules {

    private TextRules() {
    }

    public static String nulMessage(String field) {
        return field + " must not contain the NUL character";
    }

    public static boolean hasNul(String value) {
        return value != null && value.indexOf('\0') >= 0;
    }

    /** @throws ApiException.BadRequest when {@code value} contains U+0000 */
    public static String requireNoNul(String field, String value) {
        if (hasNul(value)) {
            throw new ApiException.BadRequest(nulMessage(field));
        }
        return value;
    }

    /** Adds the NUL message for {@code field} to {@code errors} when {@code value} contains U+0000. */
    public static boolean checkNoNul(String field, String value, List<String> errors) {
        if (hasNul(value)) {
            errors.add(nulMessage(field));
            return false;
        }
        return true;
    }

    /** Length in code points, so an emoji counts as one character as a user sees it. */
    public static int length(String value) {
        return value.codePointCount(0, value.length());
    }

    /**
     * A "contains" search term turned into a LIKE pattern (escape character '\'): 1-50 characters, no NUL.
     *
     * @throws ApiException.BadRequest otherwise
     */
    public static String containsPattern(String term) {
        requireNoNul("term", term);
        if (term == null || term.isBlank() || length(term) > 50) {
            throw new ApiException.BadRequest(TERM_LENGTH);
        }
        String escaped = term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
        return "%" + escaped + "%";
    }

    public static final String TERM_LENGTH = "Search term must be between 1 and 50 characters";
}
