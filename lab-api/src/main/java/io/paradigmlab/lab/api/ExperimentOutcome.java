package io.paradigmlab.lab.api;

import org.HdrHistogram.Histogram;

import java.util.List;
import java.util.Map;

/**
 * What the load tool saw in one {@link ExperimentRun}.
 *
 * @param startMillis  epoch milliseconds when the first user started
 * @param endMillis    epoch milliseconds when the last user finished: {@code endMillis - startMillis} is the makespan
 * @param operations   requests the users sent (each answered by one reply frame)
 * @param errors       requests that failed or were not answered
 * @param latency      request to reply (the acknowledgement), in nanoseconds
 * @param histograms   further latencies in nanoseconds by name, e.g. {@code delivery}: server timestamp to arrival
 * @param values       further numbers by name for the report, e.g. {@code deliveries} received
 * @param work         counts the clients observed that the server's own counters must equal, by the server
 *                     metric's name ({@link Experiment#workCounters()}); absent names are not compared
 * @param problems     what went wrong in the run (a missing delivery, a wrong count); empty when it went right
 */
public record ExperimentOutcome(long startMillis, long endMillis, long operations, long errors, Histogram latency,
                                Map<String, Histogram> histograms, Map<String, Double> values, Map<String, Long> work,
                                List<String> problems) {

    public ExperimentOutcome {
        histograms = Map.copyOf(histograms);
        values = Map.copyOf(values);
        work = Map.copyOf(work);
        problems = List.copyOf(problems);
    }

    /** Seconds from the first user's start to the last user's end. */
    public double makespanSeconds() {
        return (endMillis - startMillis) / 1000.0;
    }
}
