package io.paradigmlab.lab.api;

import java.util.List;

/**
 * A load scenario: a Hyperfoil scenario file (the {@code scenario:} of a Hyperfoil benchmark, docs/scenarios.md)
 * that the lab wraps into phases for each load level.
 *
 * @param id          name on the command line, e.g. {@code follow}
 * @param description one line for {@code ./lab list} and the report
 * @param resource    classpath resource of the scenario file, e.g. {@code scenarios/tweebyte/follow.hf.yaml}
 * @param services    the services it sends requests to (their endpoints); a campaign launches these and the
 *                    services they call
 * @param writes      whether it changes data (the report says so; each repetition starts from a fresh copy)
 * @param redisLatency a network latency the campaign injects between a service and Redis ({@link RedisLatency},
 *                     through Toxiproxy), or null for none: the services reach Redis on the loopback interface
 */
public record ScenarioInfo(String id, String description, String resource, List<String> services, boolean writes,
                           RedisLatency redisLatency) {

    public ScenarioInfo {
        services = List.copyOf(services);
    }

    /** A scenario without injected latency. */
    public ScenarioInfo(String id, String description, String resource, List<String> services, boolean writes) {
        this(id, description, resource, services, writes, null);
    }

    /**
     * This scenario with {@code service}'s Redis traffic delayed by {@code latency} plus or minus {@code jitter} in
     * each direction ({@link RedisLatency}).
     */
    public ScenarioInfo withRedisLatency(String service, java.time.Duration latency, java.time.Duration jitter) {
        return new ScenarioInfo(id, description, resource, services, writes,
                new RedisLatency(service, latency, jitter));
    }
}
