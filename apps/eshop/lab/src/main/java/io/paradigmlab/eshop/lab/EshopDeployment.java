package io.paradigmlab.eshop.lab;

import io.paradigmlab.eshop.domain.FanOut;
import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.api.Deployment;
import io.paradigmlab.lab.api.LaunchRequest;
import io.paradigmlab.lab.api.LabInfrastructure;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.MariaDbEndpoint;
import io.paradigmlab.lab.api.Ports;
import io.paradigmlab.lab.api.PostgresEndpoint;
import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.lab.api.LaunchedService;
import io.paradigmlab.lab.api.CallCounter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * One variant of the e-shop running: N instances ({@link Application#INSTANCES}, default 1) of each started service, each
 * its own JVM. Instances of a service share the service's database. Product and Order reach Inventory through Spring
 * Cloud LoadBalancer (round-robin, the same in every variant) over a static list of Inventory's instances, given as
 * {@code spring.cloud.discovery.client.simple.instances.inventory[i].uri}; with call counting, the list holds a
 * counting proxy per instance instead. The launch contract of the service jars is in apps/eshop (docs/eshop.md).
 */
public final class EshopDeployment implements Deployment {

    /** Connections of every service's database pool (spec D-7: MariaDB 20; PostgreSQL given the same). */
    public static final int DEFAULT_POOL_SIZE = 20;
    /** Nine JVMs may start at once on two cores. */
    public static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(300);

    private final EshopVariant variant;
    private final Map<EshopService, List<LaunchedService>> processes;
    private final Map<EshopService, Path> jars;
    private final Map<EshopService, String> databases;
    private final List<CallCounter> proxies;
    private final int fanOut;

    private EshopDeployment(EshopVariant variant, Map<EshopService, List<LaunchedService>> processes,
                            Map<EshopService, Path> jars, Map<EshopService, String> databases,
                            List<CallCounter> proxies, int fanOut) {
        this.variant = variant;
        this.processes = processes;
        this.jars = jars;
        this.databases = databases;
        this.proxies = proxies;
        this.fanOut = fanOut;
    }

    /**
     * Starts the requested services, {@code instances} of each, and waits until every one is healthy.
     *
     * @throws LabException naming the module to build when a jar is missing, for a bad launch setting, or quoting
     *                      the log of a service that did not become healthy
     */
    public static EshopDeployment start(RepoLayout repo, LaunchRequest request) {
        EshopVariant variant = EshopVariant.parse(request.variant());
        int instances = intSetting(request, Application.INSTANCES, 1, 1, Application.MAX_INSTANCES,
                "instances of each service");
        boolean faithful = boolSetting(request, Application.FAITHFUL);
        int fanOut = intSetting(request, EshopApplication.FAN_OUT,
                faithful && variant == EshopVariant.PLATFORM ? FanOut.SEQUENTIAL : FanOut.DEFAULT,
                FanOut.SEQUENTIAL, FanOut.MAX, "concurrent reservation calls of an individual-mode batch");
        int poolSize = intSetting(request, EshopApplication.POOL_SIZE, DEFAULT_POOL_SIZE, 1, 200,
                "connections of each service's database pool");
        List<EshopService> started = new ArrayList<>();
        for (EshopService s : EshopService.values()) {
            if (request.services().contains(s.id())) {
                started.add(s);
            }
        }
        if (started.isEmpty()) {
            throw new LabException("No e-shop service to start: choose among product, inventory, order");
        }
        Map<EshopService, Path> jars = new EnumMap<>(EshopService.class);
        for (EshopService s : started) {
            jars.put(s, repo.serviceJar(EshopApplication.ID, variant.id(), s.id()));
        }
        LabInfrastructure infra = request.infra();
        Map<EshopService, String> databases = new EnumMap<>(EshopService.class);
        for (EshopService s : started) {
            String name = request.databases().get(s.id());
            if (name == null) {
                name = s.database() + "_" + variant.id();
                if (s.mariadb()) {
                    infra.recreateMariaDbDatabase(name, s.migrations());
                } else {
                    infra.recreateDatabase(name, s.migrations());
                }
            }
            databases.put(s, name);
        }

        Map<EshopService, List<Integer>> ports = new EnumMap<>(EshopService.class);
        for (EshopService s : started) {
            List<Integer> list = new ArrayList<>();
            int wanted = request.ports().getOrDefault(s.id(), 0);
            for (int i = 0; i < instances; i++) {
                // a fixed port names the first instance; the others take free ones
                list.add(i == 0 && wanted != 0 ? Ports.requireFree(wanted, "the " + s.id() + " service")
                        : Ports.free());
            }
            ports.put(s, list);
        }
        // what Product and Order call: Inventory's instances (or, counting calls, a proxy in front of each)
        List<String> inventoryUrls = new ArrayList<>();
        List<CallCounter> proxies = new ArrayList<>();
        int inventoryInstances = ports.containsKey(EshopService.INVENTORY) ? instances : 1;
        for (int i = 0; i < inventoryInstances; i++) {
            String direct = ports.containsKey(EshopService.INVENTORY)
                    ? request.serviceUrl(ports.get(EshopService.INVENTORY).get(i))
                    // not started: an address nobody listens on, so a call fails fast (503)
                    : request.serviceUrl(Ports.free());
            if (request.callCounting() && ports.containsKey(EshopService.INVENTORY)) {
                CallCounter proxy = request.launcher().countCalls(EshopService.INVENTORY.id(), direct);
                proxies.add(proxy);
                inventoryUrls.add(proxy.url());
            } else {
                inventoryUrls.add(direct);
            }
        }

        Map<EshopService, List<Future<LaunchedService>>> starting = new EnumMap<>(EshopService.class);
        Map<EshopService, List<LaunchedService>> running = new EnumMap<>(EshopService.class);
        LabException failure = null;
        try (ExecutorService starters = Executors.newVirtualThreadPerTaskExecutor()) {
            for (EshopService s : started) {
                List<Future<LaunchedService>> futures = new ArrayList<>();
                for (int i = 0; i < instances; i++) {
                    int port = ports.get(s).get(i);
                    List<String> command = command(request, variant, s, jars.get(s), port, databases.get(s),
                            inventoryUrls, fanOut, poolSize);
                    String suffix = instances == 1 ? "" : " #" + (i + 1);
                    String name = variant.id() + " " + s.id() + " service" + suffix;
                    Path log = request.workDir().resolve("logs").resolve(variant.id() + "-" + s.id()
                            + (instances == 1 ? "" : "-" + (i + 1)) + ".log");
                    futures.add(starters.submit(() -> request.launcher().start(name, command, log,
                            request.serviceUrl(port), STARTUP_TIMEOUT)));
                }
                starting.put(s, futures);
            }
            for (var e : starting.entrySet()) {
                List<LaunchedService> list = new ArrayList<>();
                for (Future<LaunchedService> f : e.getValue()) {
                    try {
                        list.add(f.get());
                    } catch (ExecutionException ex) {
                        if (failure == null) {
                            failure = ex.getCause() instanceof LabException lab ? lab
                                    : new LabException("Cannot start the " + variant.id() + " " + e.getKey().id()
                                    + " service: " + ex.getCause(), ex.getCause());
                        }
                    } catch (InterruptedException ex) {
                        Thread.currentThread().interrupt();
                        failure = new LabException("Interrupted while starting the e-shop");
                    }
                }
                running.put(e.getKey(), list);
            }
        }
        if (failure != null) {
            running.values().forEach(list -> list.forEach(LaunchedService::close));
            proxies.forEach(CallCounter::close);
            throw failure;
        }
        return new EshopDeployment(variant, running, jars, databases, proxies, fanOut);
    }

    private static List<String> command(LaunchRequest request, EshopVariant variant, EshopService service, Path jar,
                                        int port, String database, List<String> inventoryUrls, int fanOut,
                                        int poolSize) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(request.jvmArgs());
        if (request.blockHound() && variant.eventLoop()) {
            // BlockHound attaches an agent at run time and, on JDK 13+, redefines classes adding methods
            command.add("-XX:+EnableDynamicAgentLoading");
            command.add("-XX:+AllowRedefinitionToAddDeleteMethods");
            command.add("-Deshop.blockhound=true");
        }
        command.add("-jar");
        command.add(jar.toString());
        command.add("--server.port=" + port);
        LabInfrastructure infra = request.infra();
        if (service.mariadb()) {
            MariaDbEndpoint maria = infra.mariaDb();
            command.add("--eshop.db.host=" + maria.host());
            command.add("--eshop.db.port=" + maria.port());
            command.add("--eshop.db.username=" + maria.user());
            command.add("--eshop.db.password=" + maria.password());
        } else {
            PostgresEndpoint pg = infra.postgres();
            command.add("--eshop.db.host=" + pg.host());
            command.add("--eshop.db.port=" + pg.port());
            command.add("--eshop.db.username=" + pg.user());
            command.add("--eshop.db.password=" + pg.password());
        }
        command.add("--eshop.db.name=" + database);
        command.add("--eshop.db.pool-size=" + poolSize);
        if (service.callsInventory()) {
            for (int i = 0; i < inventoryUrls.size(); i++) {
                command.add("--spring.cloud.discovery.client.simple.instances.inventory[" + i + "].uri="
                        + inventoryUrls.get(i));
            }
        }
        if (service == EshopService.ORDER) {
            command.add("--" + FanOut.PROPERTY + "=" + fanOut);
        }
        return command;
    }

    private static int intSetting(LaunchRequest request, String key, int fallback, int min, int max, String what) {
        String value = request.setting(key, Integer.toString(fallback));
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new LabException("--set " + key + " takes the " + what + ", " + min + " to " + max + ", got '" + value
                + "'");
    }

    private static boolean boolSetting(LaunchRequest request, String key) {
        String value = request.setting(key, "false");
        return switch (value) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new LabException("--set " + key + " takes true or false, got '" + value + "'");
        };
    }

    public EshopVariant variant() {
        return variant;
    }

    /** The fan-out Order was started with. */
    public int fanOut() {
        return fanOut;
    }

    /** How many instances of each started service run. */
    public int instances() {
        return processes.values().iterator().next().size();
    }

    /** The base URL of every instance of {@code service}, in start order. */
    public List<String> urls(EshopService service) {
        List<LaunchedService> list = processes.get(service);
        if (list == null) {
            throw new LabException("The " + service.id() + " service was not started");
        }
        return list.stream().map(LaunchedService::baseUrl).toList();
    }

    /** The first instance's base URL of {@code service}. */
    public String url(EshopService service) {
        return urls(service).get(0);
    }

    /** The database {@code service} uses. */
    public String database(EshopService service) {
        return databases.get(service);
    }

    /** The processes of every instance of {@code service} (fault tests stop and restart them). */
    public List<LaunchedService> processes(EshopService service) {
        return processes.getOrDefault(service, List.of());
    }

    @Override
    public String variantId() {
        return variant.id();
    }

    @Override
    public Map<String, String> endpoints() {
        Map<String, String> out = new LinkedHashMap<>();
        processes.forEach((s, list) -> out.put(s.id(), list.get(0).baseUrl()));
        return out;
    }

    @Override
    public Map<String, List<String>> instanceEndpoints() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        processes.forEach((s, list) -> out.put(s.id(), list.stream().map(LaunchedService::baseUrl).toList()));
        return out;
    }

    @Override
    public Map<String, LaunchedService> processes() {
        Map<String, LaunchedService> out = new LinkedHashMap<>();
        processes.forEach((s, list) -> out.put(s.id(), list.get(0)));
        return out;
    }

    @Override
    public Map<String, List<LaunchedService>> instanceProcesses() {
        Map<String, List<LaunchedService>> out = new LinkedHashMap<>();
        processes.forEach((s, list) -> out.put(s.id(), List.copyOf(list)));
        return out;
    }

    @Override
    public Map<String, Path> jars() {
        Map<String, Path> out = new LinkedHashMap<>();
        jars.forEach((s, jar) -> out.put(s.id(), jar));
        return out;
    }

    @Override
    public Map<String, String> databases() {
        Map<String, String> out = new LinkedHashMap<>();
        databases.forEach((s, name) -> out.put(name, s.id()));
        return out;
    }

    @Override
    public List<CallCounter> proxies() {
        return proxies;
    }

    @Override
    public void close() {
        processes.values().forEach(list -> list.forEach(LaunchedService::close));
        proxies.forEach(CallCounter::close);
    }
}
