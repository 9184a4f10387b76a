package io.paradigmlab.tweebyte.domain.paging;

import io.paradigmlab.common.contract.ApiException;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code page} and {@code size} query parameters of list endpoints. Neither given: every row, as the
 * original system answered (seed 000's "user tweets" scenario loads about 1,000 tweets per user).
 *
 * @param limit  rows at most, or null for every row (bound as SQL {@code LIMIT NULL})
 * @param offset rows skipped
 */
public record Paging(Integer limit, long offset) {

    public static final int DEFAULT_SIZE = 20;
    public static final int MAX_SIZE = 100;
    public static final int MAX_PAGE = 1_000_000;
    public static final String PAGE_INVALID = "page must be a whole number between 0 and 1000000";
    public static final String SIZE_INVALID = "size must be a whole number between 1 and 100";
    public static final Paging ALL = new Paging(null, 0);

    /** @param page the raw parameter or null; @param size the raw parameter or null */
    public static Paging parse(String page, String size) {
        if (page == null && size == null) {
            return ALL;
        }
        List<String> errors = new ArrayList<>();
        Integer p = page == null ? Integer.valueOf(0) : number(page, 0, MAX_PAGE);
        Integer s = size == null ? Integer.valueOf(DEFAULT_SIZE) : number(size, 1, MAX_SIZE);
        if (p == null) {
            errors.add(PAGE_INVALID);
        }
        if (s == null) {
            errors.add(SIZE_INVALID);
        }
        if (!errors.isEmpty()) {
            throw new ApiException.BadRequest(errors);
        }
        return new Paging(s, (long) p * s);
    }

    public boolean all() {
        return limit == null;
    }

    private static Integer number(String raw, int min, int max) {
        String value = raw.trim();
        if (value.isEmpty() || value.length() > 9 || !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return null;
        }
        int n = Integer.parseInt(value);
        return n < min || n > max ? null : n;
    }
}
