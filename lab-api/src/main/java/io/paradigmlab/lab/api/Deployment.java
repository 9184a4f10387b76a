package io.paradigmlab.lab.api;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One variant's running services, started by {@link Application#launch}; closing it stops them. Its databases and
 * counting proxies ({@link #databases()}, {@link #proxies()}) are what the verification counts each request's work on.
 */
public interface Deployment extends AutoCloseable {

    /** The {@link VariantInfo#id()} this deployment runs. */
    String variantId();

    /** Service id to the base URL clients use (e.g. {@code http://127.0.0.1:9091}), for the started services. */
    Map<String, String> endpoints();

    /**
     * Service id to the base URLs of all its instances, the first being {@link #endpoints()}'s, for the started
     * services: the load generator spreads a service's requests over them (round-robin). One per service unless the
     * deployment was launched with {@code Application.INSTANCES}.
     */
    default Map<String, List<String>> instanceEndpoints() {
        Map<String, List<String>> one = new java.util.LinkedHashMap<>();
        endpoints().forEach((service, url) -> one.put(service, List.of(url)));
        return one;
    }

    /**
     * Service id to the processes of all its instances, the first being {@link #processes()}'s: the lab samples each
     * one's resources. One per service by default.
     */
    default Map<String, List<LaunchedService>> instanceProcesses() {
        Map<String, List<LaunchedService>> one = new java.util.LinkedHashMap<>();
        processes().forEach((service, process) -> one.put(service, List.of(process)));
        return one;
    }

    /** Service id to its process, for the started services. */
    Map<String, LaunchedService> processes();

    /**
     * Service id to its runnable jar, for the started services (its size is a static metric), and the gateway's
     * under {@code gateway} when one was started.
     */
    Map<String, Path> jars();

    /**
     * The application's front door when it was launched with one ({@link LaunchRequest#gatewayPort()}): one URL
     * routing to every service. Not among {@link #processes()}, which are the services alone. Empty by default.
     */
    default java.util.Optional<LaunchedService> gateway() {
        return java.util.Optional.empty();
    }

    /**
     * Service id to the URL that reaches it through the {@link #gateway()} (e.g.
     * {@code http://127.0.0.1:8080/user-service}), for the started services; empty without a gateway. A campaign
     * run with {@code --via-gateway} sends its load there.
     */
    default Map<String, String> gatewayEndpoints() {
        return Map.of();
    }

    /**
     * Copies the scenario data files from {@code from} to {@code to}, adding what depends on this deployment
     * (e.g. tokens signed with its key in a {@code token} column). The default copies them unchanged.
     */
    default void sessionData(Path from, Path to) {
        try {
            Files.createDirectories(to);
            try (Stream<Path> files = Files.list(from)) {
                for (Path file : files.filter(Files::isRegularFile).toList()) {
                    Files.copy(file, to.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            throw new LabException("Cannot copy the scenario data files from " + from + " to " + to + ": "
                    + e.getMessage(), e);
        }
    }

    /** Database name to service id, for the equal-work check's statement counts. */
    Map<String, String> databases();

    /**
     * The call counters in front of the services ({@link ProcessLauncher#countCalls}; empty unless the deployment
     * was launched with {@link LaunchRequest#callCounting()}).
     */
    List<? extends CallCounter> proxies();

    @Override
    void close();
}
