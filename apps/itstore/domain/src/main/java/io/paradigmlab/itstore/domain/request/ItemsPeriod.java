package io.paradigmlab.itstore.domain.request;

/**
 * The month of {@code /itStore/items_between_dates}: the original hard-coded October 2022 (spec A.5, Q-ITEMS); here
 * year and month are parameters with that month as the default, bound as {@code :year} and {@code :month}.
 *
 * @param year  1-9999
 * @param month 1-12
 */
public record ItemsPeriod(int year, int month) {

    /** The year when the request names none: the original's. */
    public static final int DEFAULT_YEAR = 2022;
    /** The month when the request names none: the original's (October). */
    public static final int DEFAULT_MONTH = 10;
    public static final int MIN_YEAR = 1;
    public static final int MAX_YEAR = 9999;

    /** October 2022. */
    public static final ItemsPeriod DEFAULT = new ItemsPeriod(DEFAULT_YEAR, DEFAULT_MONTH);

    public ItemsPeriod {
        if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12) {
            throw new IllegalArgumentException("not a month: " + year + "-" + month);
        }
    }
}
