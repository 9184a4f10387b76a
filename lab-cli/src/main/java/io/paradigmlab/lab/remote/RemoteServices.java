package io.paradigmlab.lab.remote;

import io.paradigmlab.lab.launch.ServiceLauncher;

import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.api.DatabaseInfo;
import io.paradigmlab.lab.api.LabException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A campaign's service host ({@code --service-host}), for as long as the campaign runs: the address checks, the SSH
 * connection and the shaper that runs every service JVM there, and the host's description for the report. Nothing
 * (an empty description) when the services run on this machine.
 */
public final class RemoteServices implements AutoCloseable {

    private final SshServiceHost host;
    private final Map<String, String> description;

    private RemoteServices(SshServiceHost host, Map<String, String> description) {
        this.host = host;
        this.description = description;
    }

    /**
     * {@code local} changed to run every service JVM it starts on the service host, over SSH; {@code local} itself
     * when the services run on this machine.
     */
    public ServiceLauncher launcher(ServiceLauncher local) {
        return host == null ? local : local.shapedBy(host.shaper());
    }

    /**
     * What the services need from the lab's machine besides what they run on.
     *
     * @param redisLatency a Toxiproxy of the lab sits between a service and Redis
     * @param verify       the verification's counting proxies sit between the services
     */
    public record Needs(Application app, String postgresUrl, String redisUrl, String mariadbUrl, boolean redisLatency,
                        boolean verify) {
    }

    /**
     * Checks that the services on {@code serviceHost} can reach what they need, connects and records the host
     * ({@link #launcher} then runs the JVMs there); a no-op without a service host (null), for a campaign and for {@code ./lab up}.
     *
     * @throws LabException when a service there could not reach a database or proxy of the lab, or SSH or the remote
     *                      JDK fails, saying what to give instead
     */
    public static RemoteServices open(ServiceHost serviceHost, Needs needs, PrintStream out) {
        if (serviceHost == null) {
            return new RemoteServices(null, Map.of());
        }
        checkReachable(needs, serviceHost);
        out.println("Connecting to the service host " + serviceHost.describe() + " over SSH...");
        SshServiceHost host = SshServiceHost.connect(serviceHost);
        Map<String, String> description;
        try {
            description = host.describe();
            out.println("  " + description.get("service host os"));
            out.println("  " + description.get("service host jdk"));
            out.println("  clock " + description.get("service host clock"));
        } catch (RuntimeException e) {
            host.close();
            throw e;
        }
        return new RemoteServices(host, description);
    }

    /**
     * On a host other than this one's loopback, the services cannot reach what listens on this machine's loopback:
     * the embedded databases, the counting proxies of the verification, Toxiproxy. The lab does not rebind those to
     * a public interface (an embedded database open to the network, with the lab's fixed password, is a risk to
     * nobody's benefit); the user gives databases both hosts reach instead.
     */
    static void checkReachable(Needs request, ServiceHost host) {
        if (host.loopback()) {
            return;
        }
        Application app = request.app();
        String where = "--service-host " + host.describe() + " is another machine: its services cannot reach ";
        List<String> problems = new ArrayList<>();
        boolean postgres = app.databases().stream().anyMatch(DatabaseInfo::postgres);
        boolean mariadb = app.databases().stream().anyMatch(db -> !db.postgres());
        check(problems, postgres, request.postgresUrl(), "--postgres-url", where + "the embedded PostgreSQL, which"
                + " listens on this machine's loopback. Give --postgres-url postgres://USER:PASSWORD@HOST:5432/postgres"
                + " on an address both machines reach");
        check(problems, app.usesRedis(), request.redisUrl(), "--redis-url", where + "the embedded Redis (loopback"
                + " only). Give --redis-url redis://HOST:6379 on an address both machines reach");
        check(problems, mariadb, request.mariadbUrl(), "--mariadb-url", where + "the embedded MariaDB (loopback only)."
                + " Give --mariadb-url mariadb://USER:PASSWORD@HOST:3306 on an address both machines reach");
        if (request.redisLatency()) {
            problems.add(where + "Toxiproxy, which injects the Redis latency from this machine's loopback. Give"
                    + " --redis-latency 0, or run the cache scenario with the services here");
        }
        if (request.verify()) {
            problems.add(where + "the counting proxies the verification puts between services (loopback only). Give"
                    + " --verify off, after verifying the same variants with the services on this machine");
        }
        if (!problems.isEmpty()) {
            throw new LabException(String.join("\n", problems));
        }
    }

    private static void check(List<String> problems, boolean needed, String url, String option, String problem) {
        if (!needed) {
            return;
        }
        if (url == null) {
            problems.add(problem);
            return;
        }
        String host;
        try {
            host = URI.create(url.trim()).getHost();
        } catch (IllegalArgumentException e) {
            return; // the infrastructure reports a malformed URL itself
        }
        try {
            if (host != null && InetAddress.getByName(host).isLoopbackAddress()) {
                problems.add(option + " " + url + " is this machine's loopback, which the service host does not"
                        + " reach: give an address both machines reach");
            }
        } catch (UnknownHostException e) {
            problems.add(option + ": cannot resolve '" + host + "' on this machine");
        }
    }

    /**
     * Adds the host's entries to a campaign's environment ({@link #describe()}) and says where the load generator
     * runs relative to the services; nothing without a service host.
     */
    public void record(Map<String, String> environment) {
        if (host == null) {
            return;
        }
        environment.computeIfPresent("load tool", (key, text) -> text.replace("on the same machine",
                "on the lab host, not on the service host"));
        environment.putAll(description);
    }

    /** The host's entries for the campaign's environment (empty without a service host). */
    public Map<String, String> describe() {
        return description;
    }

    @Override
    public void close() {
        if (host != null) {
            host.close();
        }
    }
}
