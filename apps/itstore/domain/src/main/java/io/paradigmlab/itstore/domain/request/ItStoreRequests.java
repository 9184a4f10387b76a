package io.paradigmlab.itstore.domain.request;

import static io.paradigmlab.common.contract.QueryValues.first;
import static io.paradigmlab.common.contract.QueryValues.repeated;
import static io.paradigmlab.common.contract.QueryValues.single;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.itstore.domain.CesType;
import java.util.ArrayList;
import java.util.List;

/**
 * Parsing and validation of every request parameter of the contract (spec 1.7), with the 400 messages every variant
 * answers. Each method takes the raw value as the web layer received it (null when the parameter is absent) or the
 * list of its values (a parameter given twice is a 400, since MVC would join the values with a comma and WebFlux keep
 * the first: refusing it gives one answer everywhere). Whatever the input, the only exception is
 * {@link ApiException.BadRequest}.
 *
 * <p>Numbers are plain ASCII decimal digits: no sign, no spaces (not trimmed: {@link String#trim} would also drop a
 * NUL byte), no other scripts' digits; leading zeros are allowed. A number too long for an {@code int} is out of
 * range, not an overflow.
 */
public final class ItStoreRequests {

    public static final String TYPE_INVALID = "type must be one of " + String.join(", ", CesType.letters());
    public static final String PRODUCT_ID_INVALID = "productId must be a non-negative integer";
    public static final String YEAR_INVALID =
            "year must be between " + ItemsPeriod.MIN_YEAR + " and " + ItemsPeriod.MAX_YEAR;
    public static final String MONTH_INVALID = "month must be between 1 and 12";
    /** The largest {@code N} of {@code first_N_products}: above the paper scale's 700,000 products. */
    public static final int MAX_N = 1_000_000;
    public static final String N_INVALID = "N must be an integer between 0 and " + MAX_N;
    public static final String ID_INVALID = "id must be a non-negative integer";
    public static final String PRODUCT_NOT_FOUND = "Product not found";

    private ItStoreRequests() {
    }

    /** {@code type} of {@code ces_by_type}: required, exactly one of c, e, s, m (lower case). */
    public static String cesType(String raw) {
        if (raw != null) {
            for (CesType type : CesType.values()) {
                if (type.letter().equals(raw)) {
                    return type.letter();
                }
            }
        }
        throw new ApiException.BadRequest(TYPE_INVALID);
    }

    public static String cesType(List<String> values) {
        return cesType(single(values, TYPE_INVALID));
    }

    /** {@code productId} of {@code characteristics_for_product}: required, 0 to 2,147,483,647. */
    public static int productId(String raw) {
        return require(integer(raw, 0, Integer.MAX_VALUE), PRODUCT_ID_INVALID);
    }

    public static int productId(List<String> values) {
        return productId(single(values, PRODUCT_ID_INVALID));
    }

    /**
     * {@code year} and {@code month} of {@code items_between_dates}: each optional (October 2022 by default), a given
     * one must be valid; an empty value is not absent. Both failures are reported at once, year first.
     */
    public static ItemsPeriod itemsPeriod(String year, String month) {
        return period(year, false, month, false);
    }

    public static ItemsPeriod itemsPeriod(List<String> years, List<String> months) {
        return period(first(years), repeated(years), first(months), repeated(months));
    }

    private static ItemsPeriod period(String year, boolean yearRepeated, String month, boolean monthRepeated) {
        Integer y = yearRepeated ? null : year == null ? Integer.valueOf(ItemsPeriod.DEFAULT_YEAR)
                : integer(year, ItemsPeriod.MIN_YEAR, ItemsPeriod.MAX_YEAR);
        Integer m = monthRepeated ? null : month == null ? Integer.valueOf(ItemsPeriod.DEFAULT_MONTH)
                : integer(month, 1, 12);
        List<String> errors = new ArrayList<>(2);
        if (y == null) {
            errors.add(YEAR_INVALID);
        }
        if (m == null) {
            errors.add(MONTH_INVALID);
        }
        if (!errors.isEmpty()) {
            throw new ApiException.BadRequest(errors);
        }
        return new ItemsPeriod(y, m);
    }

    /** {@code N} of {@code first_N_products}: required, 0 to {@link #MAX_N}; answers the products with id below it. */
    public static int firstN(String raw) {
        return require(integer(raw, 0, MAX_N), N_INVALID);
    }

    public static int firstN(List<String> values) {
        return firstN(single(values, N_INVALID));
    }

    /** The {@code {id}} path segment of {@code /itStore/products/{id}}: 0 to 2,147,483,647 (else 400). */
    public static int productPathId(String raw) {
        return require(integer(raw, 0, Integer.MAX_VALUE), ID_INVALID);
    }

    /** The 404 of {@code /itStore/products/{id}} when no row has the id. */
    public static ApiException.NotFound productNotFound() {
        return new ApiException.NotFound(PRODUCT_NOT_FOUND);
    }

    private static int require(Integer value, String error) {
        if (value == null) {
            throw new ApiException.BadRequest(error);
        }
        return value;
    }

    /** The value of {@code raw} when it is ASCII digits only and within [min, max]; else null. */
    static Integer integer(String raw, int min, int max) {
        if (raw == null || raw.isEmpty()) {
            return null;
        }
        long value = 0;
        int significant = 0;
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c < '0' || c > '9') {
                return null;
            }
            if (significant > 0 || c != '0') {
                // more than ten significant digits exceeds every int; stop before the long could overflow
                if (++significant > 10) {
                    return null;
                }
                value = value * 10 + (c - '0');
            }
        }
        return value < min || value > max ? null : (int) value;
    }
}
