package io.paradigmlab.eshop.domain.limits;

import io.paradigmlab.common.contract.InFlightLimit;

/** This application's bound on requests in flight per service ({@link InFlightLimit}), the same in every variant. */
public final class RequestLimits {

    /** The setting that bounds the requests one service handles at once. */
    public static final String PROPERTY = "eshop.limits.max-concurrent-requests";

    /**
     * {@link #PROPERTY} when unset (the e-shop's seed drives up to 3,000 users). It changes what overload looks like (503s instead of growing latency),
     * so a campaign that drives more concurrent requests per service than this measures the limit.
     */
    public static final int DEFAULT_MAX_CONCURRENT_REQUESTS = 10_000;

    private RequestLimits() {
    }

    /** The bound of {@link #PROPERTY} set to {@code max}. */
    public static InFlightLimit limit(int max) {
        return new InFlightLimit(max, PROPERTY);
    }
}
