package io.paradigmlab.lab.app;

import io.paradigmlab.lab.infra.Infrastructure;
import io.paradigmlab.lab.infra.RedisEndpoint;
import io.paradigmlab.lab.launch.AotCache;
import io.paradigmlab.lab.launch.RepoLayout;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@link Application#launch} starts.
 *
 * @param variant      a {@link VariantInfo#id()}
 * @param services     which services to start; the others get a port nobody listens on, so a call to them fails fast
 * @param databases    service id to the name of its database, already created and filled by the lab
 * @param security     false runs the "security off" benchmark mode of the seeds: no token checks
 * @param jvmArgs      flags of every service JVM (the same for every variant, docs/adr/0004-equal-settings.md)
 * @param workDir      where keys and logs go
 * @param callCounting put a counting proxy in front of each started service and point the services at the proxies
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
 *                     {@link #LOCAL} unless they run on another host ({@code --service-host}, whose shaper runs
 *                     their commands there); the deployments build their base URLs and the URLs they hand to each
 *                     other from it
 * @param aot          the JDK AOT cache every service JVM starts from ({@link AotCache}; the deployments pass it to
 *                     {@link io.paradigmlab.lab.launch.ServiceProcess#start(String, List, Path, String,
 *                     java.time.Duration, AotCache)}), or null to start them from their jars ({@code --set aot=off},
 *                     and services on another host, where the cache is not); the checkout's cache by default
 */
public record LaunchRequest(Infrastructure infra, String variant, Set<String> services, Map<String, String> databases,
                            boolean security, List<String> jvmArgs, Path workDir, boolean callCounting,
                            boolean blockHound, Map<String, Integer> ports, int gatewayPort,
                            Map<String, String> settings, Map<String, RedisEndpoint> redis, String serviceHost,
                            AotCache aot) {

    /** The services' address when they run on the lab's machine. */
    public static final String LOCAL = "127.0.0.1";

    /** With the checkout's AOT cache. */
    public LaunchRequest(Infrastructure infra, String variant, Set<String> services, Map<String, String> databases,
                         boolean security, List<String> jvmArgs, Path workDir, boolean callCounting,
                         boolean blockHound, Map<String, Integer> ports, int gatewayPort,
                         Map<String, String> settings, Map<String, RedisEndpoint> redis, String serviceHost) {
        this(infra, variant, services, databases, security, jvmArgs, workDir, callCounting, blockHound, ports,
                gatewayPort, settings, redis, serviceHost, AotCache.of(RepoLayout.locate()));
    }

    /** On the lab's machine. */
    public LaunchRequest(Infrastructure infra, String variant, Set<String> services, Map<String, String> databases,
                         boolean security, List<String> jvmArgs, Path workDir, boolean callCounting,
                         boolean blockHound, Map<String, Integer> ports, int gatewayPort,
                         Map<String, String> settings, Map<String, RedisEndpoint> redis) {
        this(infra, variant, services, databases, security, jvmArgs, workDir, callCounting, blockHound, ports,
                gatewayPort, settings, redis, LOCAL);
    }

    /** Every service on the infrastructure's Redis. */
    public LaunchRequest(Infrastructure infra, String variant, Set<String> services, Map<String, String> databases,
                         boolean security, List<String> jvmArgs, Path workDir, boolean callCounting,
                         boolean blockHound, Map<String, Integer> ports, int gatewayPort,
                         Map<String, String> settings) {
        this(infra, variant, services, databases, security, jvmArgs, workDir, callCounting, blockHound, ports,
                gatewayPort, settings, Map.of());
    }

    /** {@link #gatewayPort()} when no gateway is to be started (campaigns address the services directly). */
    public static final int NO_GATEWAY = -1;

    /** The application's default launch settings. */
    public LaunchRequest(Infrastructure infra, String variant, Set<String> services, Map<String, String> databases,
                         boolean security, List<String> jvmArgs, Path workDir, boolean callCounting,
                         boolean blockHound, Map<String, Integer> ports, int gatewayPort) {
        this(infra, variant, services, databases, security, jvmArgs, workDir, callCounting, blockHound, ports,
                gatewayPort, Map.of());
    }

    /** The services alone, no gateway. */
    public LaunchRequest(Infrastructure infra, String variant, Set<String> services, Map<String, String> databases,
                         boolean security, List<String> jvmArgs, Path workDir, boolean callCounting,
                         boolean blockHound, Map<String, Integer> ports) {
        this(infra, variant, services, databases, security, jvmArgs, workDir, callCounting, blockHound, ports,
                NO_GATEWAY);
    }

    public LaunchRequest {
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

    /** The same request for services at {@code host} (an address or name; IPv6 without brackets). */
    public LaunchRequest withServiceHost(String host) {
        return new LaunchRequest(infra, variant, services, databases, security, jvmArgs, workDir, callCounting,
                blockHound, ports, gatewayPort, settings, redis, host, aot);
    }

    /** The same request with {@code cache} for the JVMs' AOT cache, or null for none. */
    public LaunchRequest withAot(AotCache cache) {
        return new LaunchRequest(infra, variant, services, databases, security, jvmArgs, workDir, callCounting,
                blockHound, ports, gatewayPort, settings, redis, serviceHost, cache);
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
