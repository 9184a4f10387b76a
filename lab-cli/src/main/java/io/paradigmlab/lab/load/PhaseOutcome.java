package io.paradigmlab.lab.load;

import org.HdrHistogram.Histogram;

/**
 * What the load tool measured in one phase (one level).
 *
 * @param histogram          response times in nanoseconds, of every response of the phase
 * @param startMillis        when the phase started sending (epoch ms)
 * @param endMillis          when it stopped sending (epoch ms)
 * @param sessionLimitExceeded open model: arrivals found no free session, so the offered rate was not sent
 */
public record PhaseOutcome(int level, long requests, long responses, long status2xx, long invalid,
                           long connectionErrors, long timeouts, Histogram histogram, long startMillis,
                           long endMillis, boolean sessionLimitExceeded) {

    public double seconds() {
        return Math.max(1e-3, (endMillis - startMillis) / 1000.0);
    }

    /**
     * Requests without a valid answer: no answer (connection error, timeout) or an answer that failed the checks
     * (status other than 200, or a body without the expected field; the load tool counts both as invalid).
     */
    public long errors() {
        return Math.max(0, requests - responses) + invalid;
    }

    public double validThroughput() {
        return Math.max(0, responses - invalid) / seconds();
    }
}
