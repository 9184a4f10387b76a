package io.paradigmlab.lab.api;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@link Application#launch} starts.
 *
 * @param infra        the database servers the lab runs: where the deployment creates its databases
 * @param launcher     how the deployment starts its service JVMs and call counters: the lab's, which applies its
 *                     AOT cache, CPU pinning, another service host or profiling as the run asks
 * @param variant      a {@link VariantInfo#id()}
 * @param services     which services to start; the others get a port nobody listens on, so a call to them fails fast
 * @param databases    service id to the name of its database, already created and filled by the lab
 * @param security     false runs the "security off" benchmark mode of the seeds: no token checks
 * @param jvmArgs      flags of every service JVM (the same for every variant, docs/adr/0004-equal-settings.md)
 * @param workDir      where keys and logs go
 * @param callCounting put a counting proxy ({@link ProcessLauncher#countCalls}) in front of each started service
 *                     and point the services at the proxies
 * @param blockHound   install BlockHound in event-loop based services, so a blocking call there fails its request
 * @param ports        service id to a fixed port; absent or 0 means any free port
 * @param gatewayPort  start the application's gateway ({@link Application#gateway()}) on this port (0: any free
 *                     one), or {@link #NO_GATEWAY}
 * @param settings     the application's launch settings ({@link Application#launchSettings()}), e.g.
 *                     {@code faithful=true}; empty for its defaults
 * @param redis        service id to the Redis endpoint that service must use instead of {@code infra.redis()}: a
 *                     proxy in front of it that injects latency ({@link ScenarioInfo#redisLatency()}); the
 *                     services not named use {@code infra.redis()}. Empty by default
 * @param serviceHost  the address the service JVMs run at, as the lab, the load and the other services reach them:
 *                     {@link #LOCAL} unless they run on another host ({@code --service-host}, whose launcher runs
 *                     their commands there); the deployments build their base URLs and the URLs they hand to each
 *                     other from it
 */
public record LaunchRequest(LabInfrastructure infra, ProcessLauncher launcher, String variant, Set<String> services,
                            Map<String, String> databases, boolean security, List<String> jvmArgs, Path workDir,
                            boolean callCounting, boolean blockHound, Map<String, Integer> ports, int gatewayPort,
                            Map<String, String> settings, Map<String, RedisEndpoint> redis, String serviceHost) {

    /** The services' address when they run on the lab's machine. */
    public static final String LOCAL = "127.0.0.1";

    /** {@link #gatewayPort()} when no gateway is to be started (campaigns address the services directly). */
    public static final int NO_GATEWAY = -1;

    public LaunchRequest {
        java.util.Objects.requireNonNull(launcher, "launcher");
        services = Set.copyOf(services);
        databases = Map.copyOf(databases);
        jvmArgs = List.copyOf(jvmArgs);
        ports = Map.copyOf(ports);
        settings = Map.copyOf(settings);
        redis = Map.copyOf(redis);
        if (serviceHost == null || serviceHost.isBlank()) {
            throw new IllegalArgumentException("no service host");
        }
    }

    /**
     * A request for {@code services} of {@code variant} with the defaults of everything else: no prepared databases,
     * security on, {@link ProcessLauncher#DEFAULT_JVM_ARGS}, no call counting, no BlockHound, free ports, no
     * gateway, the application's default settings, the infrastructure's Redis, on this machine. The
     * {@code with...} methods change one component each.
     */
    public static LaunchRequest of(LabInfrastructure infra, ProcessLauncher launcher, String variant,
                                   Set<String> services, Path workDir) {
        return new LaunchRequest(infra, launcher, variant, services, Map.of(), true,
                ProcessLauncher.DEFAULT_JVM_ARGS, workDir, false, false, Map.of(), NO_GATEWAY, Map.of(), Map.of(),
                LOCAL);
    }

    /** The same request on databases the lab already created and filled (service id to database name). */
    public LaunchRequest withDatabases(Map<String, String> prepared) {
        return new LaunchRequest(infra, launcher, variant, services, prepared, security, jvmArgs, workDir,
                callCounting, blockHound, ports, gatewayPort, settings, redis, serviceHost);
    }

    /** The same request with security on or off. */
    public LaunchRequest withSecurity(boolean on) {
        return new LaunchRequest(infra, launcher, variant, services, databases, on, jvmArgs, workDir, callCounting,
                blockHound, ports, gatewayPort, settings, redis, serviceHost);
    }

    /** The same request with these flags for every service JVM. */
    public LaunchRequest withJvmArgs(List<String> flags) {
        return new LaunchRequest(infra, launcher, variant, services, databases, security, flags, workDir,
                callCounting, blockHound, ports, gatewayPort, settings, redis, serviceHost);
    }

    /** The same request with call counting and BlockHound as given. */
    public LaunchRequest withChecks(boolean counting, boolean hound) {
        return new LaunchRequest(infra, launcher, variant, services, databases, security, jvmArgs, workDir, counting,
                hound, ports, gatewayPort, settings, redis, serviceHost);
    }

    /** The same request with fixed ports (service id to port; absent or 0: any free port). */
    public LaunchRequest withPorts(Map<String, Integer> fixed) {
        return new LaunchRequest(infra, launcher, variant, services, databases, security, jvmArgs, workDir,
                callCounting, blockHound, fixed, gatewayPort, settings, redis, serviceHost);
    }

    /** The same request with the gateway on {@code port} (0: any free one), or {@link #NO_GATEWAY}. */
    public LaunchRequest withGatewayPort(int port) {
        return new LaunchRequest(infra, launcher, variant, services, databases, security, jvmArgs, workDir,
                callCounting, blockHound, ports, port, settings, redis, serviceHost);
    }

    /** The same request with these launch settings. */
    public LaunchRequest withSettings(Map<String, String> chosen) {
        return new LaunchRequest(infra, launcher, variant, services, databases, security, jvmArgs, workDir,
                callCounting, blockHound, ports, gatewayPort, chosen, redis, serviceHost);
    }

    /** The same request with these services' Redis replaced ({@link #redis()}). */
    public LaunchRequest withRedis(Map<String, RedisEndpoint> routes) {
        return new LaunchRequest(infra, launcher, variant, services, databases, security, jvmArgs, workDir,
                callCounting, blockHound, ports, gatewayPort, settings, routes, serviceHost);
    }

    /** The same request for services at {@code host} (an address or name; IPv6 without brackets). */
    public LaunchRequest withServiceHost(String host) {
        return new LaunchRequest(infra, launcher, variant, services, databases, security, jvmArgs, workDir,
                callCounting, blockHound, ports, gatewayPort, settings, redis, host);
    }

    /** The same request started by {@code other}. */
    public LaunchRequest withLauncher(ProcessLauncher other) {
        return new LaunchRequest(infra, other, variant, services, databases, security, jvmArgs, workDir,
                callCounting, blockHound, ports, gatewayPort, settings, redis, serviceHost);
    }

    /** {@code http://HOST:port}, HOST being {@link #serviceHost()} (bracketed when it is an IPv6 address). */
    public String serviceUrl(int port) {
        return "http://" + (serviceHost.contains(":") ? "[" + serviceHost + "]" : serviceHost) + ":" + port;
    }

    /** The Redis {@code service} must use: its entry of {@link #redis()}, else the infrastructure's. */
    public RedisEndpoint redisFor(String service) {
        return redis.getOrDefault(service, infra.redis());
    }

    /** A launch setting's value, or {@code fallback} when it was not given. */
    public String setting(String key, String fallback) {
        return settings.getOrDefault(key, fallback);
    }
}
