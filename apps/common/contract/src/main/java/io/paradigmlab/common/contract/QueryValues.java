package io.paradigmlab.common.contract;

import java.util.List;

/**
 * The values a query parameter was given, as every variant's web layer hands them to the domain's request parsing
 * (null or empty: absent), read by one rule in every application: a parameter given more than once is a 400.
 */
public final class QueryValues {

    private QueryValues() {
    }

    /**
     * The one value of a query parameter: null when absent, the value when given once.
     *
     * @throws ApiException.BadRequest with {@code error} when given more than once
     */
    public static String single(List<String> values, String error) {
        if (repeated(values)) {
            throw new ApiException.BadRequest(error);
        }
        return first(values);
    }

    /** Whether the parameter was given more than once. */
    public static boolean repeated(List<String> values) {
        return values != null && values.size() > 1;
    }

    /** Its first value, or null when absent. */
    public static String first(List<String> values) {
        return values == null || values.isEmpty() ? null : values.getFirst();
    }
}
