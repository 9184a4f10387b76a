package io.paradigmlab.lab.api;

import java.util.function.Consumer;

/**
 * How to measure a scenario's CPU ceiling ({@link Ceiling}): the request's computation alone, on one thread, without
 * HTTP or any service (a JMH benchmark, typically). A campaign of the scenario runs it once, before the first
 * repetition, and reports each variant's throughput as a fraction of the ceiling (docs/methodology.md).
 */
public interface CeilingBenchmark {

    /** One line: what is measured, e.g. "the image pipeline on a 256 x 256 PNG (JMH, 1 thread)". */
    String description();

    /**
     * Measures, blocking (seconds to a minute); {@code progress} gets a line now and then.
     *
     * @throws io.paradigmlab.lab.api.LabException when it cannot be measured
     */
    Ceiling measure(Consumer<String> progress);
}
