package io.paradigmlab.lab.api;

import java.time.Duration;
import java.util.Locale;

/**
 * A network latency the lab injects between one service and Redis for a scenario (seed 001's cache workload: 3 ms
 * +/- 1 ms in each direction through Toxiproxy): {@code latency} plus or minus {@code jitter}, drawn uniformly, on
 * each direction of the connection (the command on its way to Redis, the answer on its way back), so a round trip
 * costs about twice {@code latency} more. It changes every measurement of the scenario; the report's environment
 * records it and the check that it was active (docs/methodology.md, "Injected latency").
 *
 * @param service the service whose Redis traffic goes through the latency (a {@link ServiceInfo#id()})
 * @param latency the delay added to each direction, whole milliseconds (Toxiproxy's unit), at least 1 ms
 * @param jitter  the delay varies by up to this much either way, whole milliseconds, at most {@code latency}
 */
public record RedisLatency(String service, Duration latency, Duration jitter) {

    public RedisLatency {
        if (service == null || service.isBlank()) {
            throw new IllegalArgumentException("the service whose Redis traffic is delayed is missing");
        }
        if (latency.toMillis() < 1 || latency.toNanos() % 1_000_000 != 0) {
            throw new IllegalArgumentException("latency must be whole milliseconds, at least 1 ms, got " + latency);
        }
        if (jitter.isNegative() || jitter.toNanos() % 1_000_000 != 0 || jitter.compareTo(latency) > 0) {
            throw new IllegalArgumentException("jitter must be whole milliseconds between 0 and the latency ("
                    + latency.toMillis() + " ms), got " + jitter);
        }
    }

    /** {@code 3 ms ± 1 ms}, or {@code 3 ms} without jitter. */
    public String describe() {
        return jitter.isZero() ? latency.toMillis() + " ms"
                : String.format(Locale.ROOT, "%d ms ± %d ms", latency.toMillis(), jitter.toMillis());
    }
}
