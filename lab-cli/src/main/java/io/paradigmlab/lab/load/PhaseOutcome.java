package io.paradigmlab.lab.load;

import java.util.List;
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

    /**
     * Consecutive phases at one level as one (a soak's slices as its whole window): counts added, histograms merged
     * (one distribution of every response, so its percentiles are those of the whole window), from the first start to
     * the last end; the session limit exceeded if it was in any.
     */
    public static PhaseOutcome merge(List<PhaseOutcome> phases) {
        if (phases.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge");
        }
        PhaseOutcome first = phases.getFirst();
        Histogram histogram = first.histogram().copy();
        long requests = 0;
        long responses = 0;
        long status2xx = 0;
        long invalid = 0;
        long connectionErrors = 0;
        long timeouts = 0;
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        boolean limited = false;
        for (PhaseOutcome p : phases) {
            if (p.level() != first.level()) {
                throw new IllegalArgumentException("phases of levels " + first.level() + " and " + p.level());
            }
            if (p != first) {
                histogram.add(p.histogram());
            }
            requests += p.requests();
            responses += p.responses();
            status2xx += p.status2xx();
            invalid += p.invalid();
            connectionErrors += p.connectionErrors();
            timeouts += p.timeouts();
            start = Math.min(start, p.startMillis());
            end = Math.max(end, p.endMillis());
            limited |= p.sessionLimitExceeded();
        }
        return new PhaseOutcome(first.level(), requests, responses, status2xx, invalid, connectionErrors, timeouts,
                histogram, start, end, limited);
    }
}
