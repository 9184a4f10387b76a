package io.paradigmlab.tweebyte.lab;

import io.paradigmlab.lab.api.Deployment;
import io.paradigmlab.lab.api.LabInfrastructure;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.PostgresEndpoint;
import io.paradigmlab.lab.api.Ports;
import io.paradigmlab.lab.api.ProcessLauncher;
import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.lab.api.LaunchedService;
import io.paradigmlab.lab.api.CallCounter;
import io.paradigmlab.tweebyte.domain.gateway.GatewayRoutes;
import io.paradigmlab.tweebyte.security.TokenIssuer;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.time.Clock;
import java.util.HashMap;
import java.util.UUID;
import java.util.stream.Stream;
import io.paradigmlab.tweebyte.security.KeyMaterial;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * One variant of Tweebyte running on given infrastructure: fresh databases, a key pair made for this
 * deployment, and the variant's service JVMs (user, tweet, interaction, or a chosen subset), each launched with
 * the same JVM flags. All ports are chosen and all databases migrated before any JVM starts; the JVMs then start
 * concurrently (they call each other only when serving a request) and the deployment is ready once every one of
 * them reports healthy. With {@link Options#withGateway} the variant's API gateway starts beside them (no database;
 * the public key and the services' URLs only) and is stopped first on close.
 */
public final class TweebyteDeployment implements Deployment {

    /** The lab's JVM flags for every service JVM ({@link ProcessLauncher#DEFAULT_JVM_ARGS}). */
    public static final List<String> DEFAULT_JVM_ARGS = ProcessLauncher.DEFAULT_JVM_ARGS;

    /** The module folder and jar name part of a variant's API gateway: {@code apps/tweebyte/<variant>/gateway}. */
    public static final String GATEWAY = "gateway";

    /** How long a service may take to become healthy: generous, for three JVMs starting on a loaded 2-core machine. */
    public static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(180);

    /**
     * @param variant         which paradigm
     * @param databaseSuffix  appended to each service's database name, so several deployments can share a server
     * @param userPort        port of the user service, or 0 for any free port
     * @param securityEnabled false runs the "security off" benchmark mode: no token checks
     * @param blockHound      install BlockHound in reactive services, so a blocking call on an event loop fails
     * @param jvmArgs         flags for every service JVM
     * @param workDir         where keys and logs go
     * @param services        which services to start; the others get a port nobody listens on, so a call to them
     *                        fails fast (the campaigns of the user-summary scenario need only the user service)
     * @param tweetPort       port of the tweet service, or 0 for any free port
     * @param interactionPort port of the interaction service, or 0 for any free port
     * @param cleanupInterval {@code tweebyte.cleanup.interval} of the interaction service, or null for its default
     * @param cleanupEnabled  {@code tweebyte.cleanup.enabled} of the interaction service
     * @param callCounting    put a {@link CallCounter} in front of each started service and point the services'
     *                        {@code tweebyte.services.*-url} at the proxies, to count the calls between services
     * @param prepared        databases the lab has already created and filled (service to database name); the
     *                        others are created empty and migrated
     * @param gateway         also start the variant's API gateway ({@code apps/tweebyte/<variant>/gateway}), pointed
     *                        at the services (at the counting proxies when {@code callCounting} is on)
     * @param gatewayPort     port of the gateway, or 0 for any free port
     * @param properties      extra Spring properties per service ({@code key -> value}, given as {@code --key=value});
     *                        a key the lab sets itself (the Redis host and port, say) is replaced, not repeated
     * @param serviceHost     the address the JVMs run at, in every base URL (theirs and those they call each other
     *                        at): {@code 127.0.0.1}, or another host's when the launcher runs them there
     *                        ({@code --service-host})
     * @param launcher        what starts the JVMs and the call counters: the lab's ({@code LaunchRequest.launcher()});
     *                        required by {@link #start}, set with {@link #withLauncher}
     */
    public record Options(TweebyteVariant variant, String databaseSuffix, int userPort, boolean securityEnabled,
                          boolean blockHound, List<String> jvmArgs, Path workDir, Set<TweebyteService> services,
                          int tweetPort, int interactionPort, Duration cleanupInterval, boolean cleanupEnabled,
                          boolean callCounting, Map<TweebyteService, String> prepared, boolean gateway,
                          int gatewayPort, Map<TweebyteService, Map<String, String>> properties, String serviceHost,
                          ProcessLauncher launcher) {

        public Options {
            EnumMap<TweebyteService, Map<String, String>> byService = new EnumMap<>(TweebyteService.class);
            properties.forEach((service, map) -> byService.put(service, Map.copyOf(map)));
            properties = Collections.unmodifiableMap(byService);
            jvmArgs = List.copyOf(jvmArgs);
            prepared = prepared.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(prepared));
            if (services.isEmpty()) {
                throw new IllegalArgumentException("no service to start");
            }
            services = Collections.unmodifiableSet(EnumSet.copyOf(services));
        }

        /**
     * The user service alone, as the campaigns start it; the ports of the others are unused. No launcher yet: give
     * one with {@link #withLauncher} (an application's code cannot make the lab's).
     */
        public Options(TweebyteVariant variant, String databaseSuffix, int userPort, boolean securityEnabled, boolean blockHound,
                       List<String> jvmArgs, Path workDir) {
            this(variant, databaseSuffix, userPort, securityEnabled, blockHound, jvmArgs, workDir,
                    EnumSet.of(TweebyteService.USER), 0, 0, null, true, false, Map.of(), false, 0, Map.of(),
                    io.paradigmlab.lab.api.LaunchRequest.LOCAL, null);
        }

        /** All three services on free ports, security on, default JVM flags. */
        public static Options defaults(TweebyteVariant variant, Path workDir) {
            return new Options(variant, "", 0, true, false, DEFAULT_JVM_ARGS, workDir).withServices(
                    EnumSet.allOf(TweebyteService.class));
        }

        public Options withServices(Set<TweebyteService> chosen) {
            return new Options(variant, databaseSuffix, userPort, securityEnabled, blockHound, jvmArgs, workDir, chosen,
                    tweetPort, interactionPort, cleanupInterval, cleanupEnabled, callCounting, prepared,
                    gateway, gatewayPort, properties, serviceHost, launcher);
        }

        public Options withPorts(int user, int tweet, int interaction) {
            return new Options(variant, databaseSuffix, user, securityEnabled, blockHound, jvmArgs, workDir, services,
                    tweet, interaction, cleanupInterval, cleanupEnabled, callCounting, prepared, gateway, gatewayPort,
                    properties, serviceHost, launcher);
        }

        /** @param interval null for the service's default (60 s) */
        public Options withCleanup(Duration interval, boolean enabled) {
            return new Options(variant, databaseSuffix, userPort, securityEnabled, blockHound, jvmArgs, workDir, services,
                    tweetPort, interactionPort, interval, enabled, callCounting, prepared, gateway, gatewayPort,
                    properties, serviceHost, launcher);
        }

        public Options withCallCounting(boolean counting) {
            return new Options(variant, databaseSuffix, userPort, securityEnabled, blockHound, jvmArgs, workDir, services,
                    tweetPort, interactionPort, cleanupInterval, cleanupEnabled, counting, prepared,
                    gateway, gatewayPort, properties, serviceHost, launcher);
        }

        public Options withPreparedDatabases(Map<TweebyteService, String> databases) {
            return new Options(variant, databaseSuffix, userPort, securityEnabled, blockHound, jvmArgs, workDir, services,
                    tweetPort, interactionPort, cleanupInterval, cleanupEnabled, callCounting, databases,
                    gateway, gatewayPort, properties, serviceHost, launcher);
        }

        /**
         * @param start whether to start the variant's API gateway too (it needs no database)
         * @param port  its port, or 0 for any free port
         */
        public Options withGateway(boolean start, int port) {
            return new Options(variant, databaseSuffix, userPort, securityEnabled, blockHound, jvmArgs, workDir, services,
                    tweetPort, interactionPort, cleanupInterval, cleanupEnabled, callCounting, prepared, start, port,
                    properties, serviceHost, launcher);
        }

        /**
         * Adds Spring properties for one service (to those given before; a key given again replaces its value).
         * A key the lab sets itself ({@code spring.data.redis.port}, say) is replaced by this one.
         */
        public Options withProperties(TweebyteService service, Map<String, String> added) {
            Map<TweebyteService, Map<String, String>> all = new EnumMap<>(TweebyteService.class);
            all.putAll(properties);
            Map<String, String> merged = new java.util.LinkedHashMap<>(all.getOrDefault(service, Map.of()));
            merged.putAll(added);
            all.put(service, merged);
            return new Options(variant, databaseSuffix, userPort, securityEnabled, blockHound, jvmArgs, workDir, services,
                    tweetPort, interactionPort, cleanupInterval, cleanupEnabled, callCounting, prepared, gateway,
                    gatewayPort, all, serviceHost, launcher);
        }

        /** {@link #withProperties(TweebyteService, Map)} for every service. */
        public Options withPropertiesForAll(Map<String, String> added) {
            Options options = this;
            for (TweebyteService service : TweebyteService.values()) {
                options = options.withProperties(service, added);
            }
            return options;
        }

        /** The JVMs started by {@code other} (the lab's launcher: AOT cache, CPU pinning, service host). */
        public Options withLauncher(ProcessLauncher other) {
            return new Options(variant, databaseSuffix, userPort, securityEnabled, blockHound, jvmArgs, workDir, services,
                    tweetPort, interactionPort, cleanupInterval, cleanupEnabled, callCounting, prepared, gateway,
                    gatewayPort, properties, serviceHost, other);
        }

        /** The JVMs at {@code host} ({@link #serviceHost()}). */
        public Options withServiceHost(String host) {
            return new Options(variant, databaseSuffix, userPort, securityEnabled, blockHound, jvmArgs, workDir, services,
                    tweetPort, interactionPort, cleanupInterval, cleanupEnabled, callCounting, prepared, gateway,
                    gatewayPort, properties, host, launcher);
        }

        /** {@code http://HOST:port} at {@link #serviceHost()}. */
        public String url(int port) {
            return "http://" + (serviceHost.contains(":") ? "[" + serviceHost + "]" : serviceHost) + ":" + port;
        }

        /** The configured port of {@code service} (0: any free one). */
        public int port(TweebyteService service) {
            return switch (service) {
                case USER -> userPort;
                case TWEET -> tweetPort;
                case INTERACTION -> interactionPort;
            };
        }
    }

    private final Options options;
    private final Map<TweebyteService, LaunchedService> running;
    private final Map<TweebyteService, Path> jars;
    private final Map<TweebyteService, String> databases;
    private final List<CallCounter> proxies;
    /** The API gateway, or null when {@link Options#gateway()} is off. */
    private final LaunchedService gateway;
    private final Path gatewayJar;

    private TweebyteDeployment(Options options, Map<TweebyteService, LaunchedService> running,
                               Map<TweebyteService, Path> jars, Map<TweebyteService, String> databases,
                               List<CallCounter> proxies, LaunchedService gateway, Path gatewayJar) {
        this.options = options;
        this.running = running;
        this.jars = jars;
        this.databases = databases;
        this.proxies = proxies;
        this.gateway = gateway;
        this.gatewayJar = gatewayJar;
    }

    /**
     * Starts the variant on its databases: the prepared ones as they are, the others created empty and migrated.
     *
     * @throws LabException naming the module to build when a chosen service's jar is missing, or quoting the log
     *                      of a service that did not become healthy (the others are then stopped)
     */
    public static TweebyteDeployment start(RepoLayout repo, LabInfrastructure infra, Options options) {
        if (options.launcher() == null) {
            throw new LabException("No launcher for the " + options.variant().id() + " variant's JVMs: give the lab's"
                    + " with Options.withLauncher (LaunchRequest.launcher())");
        }
        Map<TweebyteService, Path> jars = new EnumMap<>(TweebyteService.class);
        for (TweebyteService service : options.services()) {
            jars.put(service, jar(repo, options.variant(), service));
        }
        Map<TweebyteService, Integer> ports = allocatePorts(options);
        // the gateway's jar is checked and its port chosen with the services', before anything starts
        Path gatewayJar = options.gateway() ? gatewayJar(repo, options.variant()) : null;
        int gatewayPort = options.gateway() ? gatewayPort(options, ports) : 0;
        Path keys = options.workDir().resolve("keys");
        Path privateKey = keys.resolve("token-private.pem");
        Path publicKey = keys.resolve("token-public.pem");
        if (!Files.isRegularFile(privateKey) || !Files.isRegularFile(publicKey)) {
            KeyMaterial.write(KeyMaterial.generate(), privateKey, publicKey);
        }
        Map<TweebyteService, String> databases = new EnumMap<>(TweebyteService.class);
        for (TweebyteService service : options.services()) {
            String database = options.prepared().get(service);
            if (database == null) {
                database = service.database().defaultName() + options.databaseSuffix();
                infra.recreateDatabase(database, service.database().migrationLocation());
            }
            databases.put(service, database);
        }

        Map<TweebyteService, String> direct = new EnumMap<>(TweebyteService.class);
        ports.forEach((service, port) -> direct.put(service, options.url(port)));
        List<CallCounter> proxies = new ArrayList<>();
        Map<TweebyteService, String> reachedAt = new EnumMap<>(direct);
        if (options.callCounting()) {
            for (TweebyteService service : options.services()) {
                CallCounter proxy = options.launcher().countCalls(service.id(), direct.get(service));
                proxies.add(proxy);
                reachedAt.put(service, proxy.url());
            }
        }

        Map<TweebyteService, LaunchedService> running = new EnumMap<>(TweebyteService.class);
        LaunchedService gateway = null;
        LabException failure = null;
        try (ExecutorService starters = Executors.newVirtualThreadPerTaskExecutor()) {
            Map<TweebyteService, Future<LaunchedService>> starting = new LinkedHashMap<>();
            for (TweebyteService service : options.services()) {
                List<String> command = command(options, service, jars.get(service), ports.get(service),
                        infra, databases.get(service), privateKey, publicKey, reachedAt);
                String name = options.variant().id() + " " + service.id() + " service";
                Path log = options.workDir().resolve("logs").resolve(options.variant().id() + "-" + service.id() + ".log");
                starting.put(service, starters.submit(() -> options.launcher().start(name, command, log,
                        direct.get(service), STARTUP_TIMEOUT)));
            }
            // the gateway needs no database and calls the services only when serving: it starts with them
            Future<LaunchedService> gatewayStarting = null;
            if (gatewayJar != null) {
                List<String> command = gatewayCommand(options, gatewayJar, gatewayPort, publicKey, reachedAt);
                String name = options.variant().id() + " gateway";
                Path log = options.workDir().resolve("logs").resolve(options.variant().id() + "-gateway.log");
                gatewayStarting = starters.submit(() -> options.launcher().start(name, command, log,
                        options.url(gatewayPort), STARTUP_TIMEOUT));
            }
            for (var entry : starting.entrySet()) {
                try {
                    running.put(entry.getKey(), entry.getValue().get());
                } catch (ExecutionException e) {
                    LabException cause = e.getCause() instanceof LabException lab ? lab
                            : new LabException("Cannot start the " + entry.getKey().id() + " service: " + e.getCause(), e.getCause());
                    if (failure == null) {
                        failure = cause;
                    } else {
                        failure.addSuppressed(cause);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    failure = new LabException("Interrupted while starting the " + options.variant().id() + " variant");
                }
            }
            if (gatewayStarting != null) {
                try {
                    gateway = gatewayStarting.get();
                } catch (ExecutionException e) {
                    LabException cause = e.getCause() instanceof LabException lab ? lab
                            : new LabException("Cannot start the gateway: " + e.getCause(), e.getCause());
                    if (failure == null) {
                        failure = cause;
                    } else {
                        failure.addSuppressed(cause);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    failure = new LabException("Interrupted while starting the " + options.variant().id() + " gateway");
                }
            }
        }
        if (failure != null) {
            if (gateway != null) {
                gateway.close();
            }
            running.values().forEach(LaunchedService::close);
            proxies.forEach(CallCounter::close);
            throw failure;
        }
        return new TweebyteDeployment(options, Collections.unmodifiableMap(running), jars,
                Collections.unmodifiableMap(databases), List.copyOf(proxies), gateway, gatewayJar);
    }

    /** The runnable jar of a variant's API gateway ({@code apps/tweebyte/<variant>/gateway}; it must be built). */
    public static Path gatewayJar(RepoLayout repo, TweebyteVariant variant) {
        return repo.serviceJar(TweebyteApplication.ID, variant.id(), GATEWAY);
    }

    /** The gateway's port: the one asked for (it must be free and no service's), else a free one no service has. */
    private static int gatewayPort(Options options, Map<TweebyteService, Integer> ports) {
        if (options.gatewayPort() != 0) {
            if (ports.containsValue(options.gatewayPort())) {
                throw new LabException("Port " + options.gatewayPort() + " is given to the gateway and a service:"
                        + " choose another");
            }
            return Ports.requireFree(options.gatewayPort(), "the gateway");
        }
        int port;
        do {
            port = Ports.free();
        } while (ports.containsValue(port));
        return port;
    }

    /**
     * The gateway's command: the services' JVM flags, the public key only (it verifies tokens, never signs one), the
     * security switch, and the base URL of every service (a counting proxy's when calls are counted).
     */
    private static List<String> gatewayCommand(Options options, Path jar, int port, Path publicKey,
                                               Map<TweebyteService, String> reachedAt) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(options.jvmArgs());
        command.add("-jar");
        command.add(jar.toString());
        command.add("--server.port=" + port);
        command.add("--tweebyte.security.enabled=" + options.securityEnabled());
        command.add("--tweebyte.security.public-key=" + publicKey.toAbsolutePath());
        for (TweebyteService service : TweebyteService.values()) {
            command.add("--" + service.urlProperty() + "=" + reachedAt.get(service));
        }
        return command;
    }

    /** The runnable jar of a service of a variant (it must be built). */
    public static Path jar(RepoLayout repo, TweebyteVariant variant, TweebyteService service) {
        return repo.serviceJar(TweebyteApplication.ID, variant.id(), service.id());
    }

    private static Map<TweebyteService, Integer> allocatePorts(Options options) {
        Map<TweebyteService, Integer> ports = new EnumMap<>(TweebyteService.class);
        Set<Integer> taken = new HashSet<>();
        for (TweebyteService service : TweebyteService.values()) {
            int wanted = options.port(service);
            if (wanted != 0) {
                if (!taken.add(wanted)) {
                    throw new LabException("Port " + wanted + " is given to two services: choose a port per service");
                }
                ports.put(service, options.services().contains(service)
                        ? Ports.requireFree(wanted, "the " + service.id() + " service") : wanted);
            }
        }
        for (TweebyteService service : TweebyteService.values()) {
            if (!ports.containsKey(service)) {
                int port;
                do {
                    port = Ports.free();
                } while (!taken.add(port));
                ports.put(service, port);
            }
        }
        return ports;
    }

    private static List<String> command(Options options, TweebyteService service, Path jar, int port,
                                        LabInfrastructure infra, String database, Path privateKey, Path publicKey,
                                        Map<TweebyteService, String> reachedAt) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(options.jvmArgs());
        if (options.blockHound() && options.variant().eventLoop()) {
            // BlockHound attaches an agent at run time and, on JDK 13+, redefines classes adding methods
            command.add("-XX:+EnableDynamicAgentLoading");
            command.add("-XX:+AllowRedefinitionToAddDeleteMethods");
            command.add("-Dtweebyte.blockhound=true");
        }
        command.add("-jar");
        command.add(jar.toString());
        command.add("--server.port=" + port);
        command.addAll(databaseArgs(infra.postgres(), database));
        command.add("--tweebyte.security.enabled=" + options.securityEnabled());
        if (service == TweebyteService.USER) {
            // only the user service signs tokens; the others only verify them
            command.add("--tweebyte.security.private-key=" + privateKey.toAbsolutePath());
        }
        command.add("--tweebyte.security.public-key=" + publicKey.toAbsolutePath());
        command.add("--spring.data.redis.host=" + infra.redis().host());
        command.add("--spring.data.redis.port=" + infra.redis().port());
        for (TweebyteService other : TweebyteService.values()) {
            command.add("--" + other.urlProperty() + "=" + reachedAt.get(other));
        }
        if (service == TweebyteService.INTERACTION) {
            command.add("--tweebyte.cleanup.enabled=" + options.cleanupEnabled());
            if (options.cleanupInterval() != null) {
                command.add("--tweebyte.cleanup.interval=" + options.cleanupInterval().toMillis() + "ms");
            }
        }
        Map<String, String> extra = options.properties().getOrDefault(service, Map.of());
        if (!extra.isEmpty()) {
            // Spring joins repeated command-line options with commas: replace the lab's own value instead
            command.removeIf(arg -> arg.startsWith("--") && arg.indexOf('=') > 0
                    && extra.containsKey(arg.substring(2, arg.indexOf('='))));
            extra.forEach((key, value) -> command.add("--" + key + "=" + value));
        }
        return command;
    }

    private static List<String> databaseArgs(PostgresEndpoint pg, String database) {
        return List.of("--tweebyte.db.host=" + pg.host(), "--tweebyte.db.port=" + pg.port(),
                "--tweebyte.db.name=" + database, "--tweebyte.db.username=" + pg.user(),
                "--tweebyte.db.password=" + pg.password());
    }

    /** The runnable jar of the user service, for its size. */
    public Path userJar() {
        return jar(TweebyteService.USER);
    }

    /** The runnable jar of a started service. */
    public Path jar(TweebyteService service) {
        Path jar = jars.get(service);
        if (jar == null) {
            throw new IllegalStateException("The " + service.id() + " service was not started");
        }
        return jar;
    }

    public TweebyteVariant variant() {
        return options.variant();
    }

    @Override
    public String variantId() {
        return options.variant().id();
    }

    @Override
    public Map<String, String> endpoints() {
        Map<String, String> urls = new LinkedHashMap<>();
        running.forEach((service, process) -> urls.put(service.id(), process.baseUrl()));
        return urls;
    }

    @Override
    public Map<String, LaunchedService> processes() {
        Map<String, LaunchedService> byId = new LinkedHashMap<>();
        running.forEach((service, process) -> byId.put(service.id(), process));
        return byId;
    }

    @Override
    public Map<String, Path> jars() {
        Map<String, Path> byId = new LinkedHashMap<>();
        jars.forEach((service, jar) -> byId.put(service.id(), jar));
        if (gateway != null) {
            byId.put(GATEWAY, gatewayJar);
        }
        return byId;
    }

    /** Each started service through the gateway: its base URL plus the service's route prefix. */
    @Override
    public Map<String, String> gatewayEndpoints() {
        Map<String, String> urls = new LinkedHashMap<>();
        if (gateway != null) {
            for (GatewayRoutes.Route route : GatewayRoutes.ROUTES) {
                if (running.containsKey(TweebyteService.parse(route.service()))) {
                    urls.put(route.service(), gateway.baseUrl() + route.prefix());
                }
            }
        }
        return urls;
    }

    /**
     * Copies the scenario data files, replacing each row's {@code -} token placeholder with a token signed by this
     * deployment's key for the row's first column (a user id) when security is on; unchanged when it is off (the
     * services then ignore the header).
     */
    @Override
    public void sessionData(Path from, Path to) {
        if (!options.securityEnabled()) {
            Deployment.super.sessionData(from, to);
            return;
        }
        var key = io.paradigmlab.tweebyte.security.KeyMaterial.readPrivate(
                options.workDir().resolve("keys").resolve("token-private.pem"));
        TokenIssuer issuer = new TokenIssuer(key, Clock.systemUTC(), Duration.ofDays(1));
        Map<String, String> tokens = new HashMap<>();
        try (Stream<Path> files = Files.list(from)) {
            Files.createDirectories(to);
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                if (!file.toString().endsWith(".csv")) {
                    // other data files (the cpu scenario's request body) carry no token: copied as they are
                    Files.copy(file, to.resolve(file.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                    continue;
                }
                try (BufferedReader in = Files.newBufferedReader(file);
                     BufferedWriter out = Files.newBufferedWriter(to.resolve(file.getFileName()))) {
                    String header = in.readLine();
                    out.write(header);
                    out.newLine();
                    int token = header == null ? -1 : List.of(header.split(",")).indexOf("token");
                    for (String line = in.readLine(); line != null; line = in.readLine()) {
                        String[] cells = line.split(",", -1);
                        if (token >= 0 && token < cells.length) {
                            cells[token] = tokens.computeIfAbsent(cells[0], user ->
                                    issuer.issue(UUID.fromString(user), "bench@example.org"));
                        }
                        out.write(String.join(",", cells));
                        out.newLine();
                    }
                }
            }
        } catch (IOException e) {
            throw new LabException("Cannot write the session data of " + variantId() + " to " + to + ": "
                    + e.getMessage(), e);
        }
    }

    public Options options() {
        return options;
    }

    public String userUrl() {
        return url(TweebyteService.USER);
    }

    public String tweetUrl() {
        return url(TweebyteService.TWEET);
    }

    public String interactionUrl() {
        return url(TweebyteService.INTERACTION);
    }

    /** The base URL of a started service (never the counting proxy: clients talk to the services directly). */
    public String url(TweebyteService service) {
        return process(service).baseUrl();
    }

    /** The API gateway, when {@link Options#gateway()} started one; it is not among {@link #processes()}. */
    @Override
    public Optional<LaunchedService> gateway() {
        return Optional.ofNullable(gateway);
    }

    /**
     * The base URL of the API gateway (e.g. {@code http://127.0.0.1:8080}): {@code /user-service/...},
     * {@code /tweet-service/...} and {@code /interaction-service/...} reach the services.
     *
     * @throws IllegalStateException when this deployment has no gateway
     */
    public String gatewayUrl() {
        if (gateway == null) {
            throw new IllegalStateException("The " + options.variant().id() + " deployment was started without its"
                    + " gateway (Options.withGateway)");
        }
        return gateway.baseUrl();
    }

    public boolean isRunning(TweebyteService service) {
        return running.containsKey(service);
    }

    public LaunchedService process(TweebyteService service) {
        LaunchedService process = running.get(service);
        if (process == null) {
            throw new IllegalStateException("The " + options.variant().id() + " " + service.id()
                    + " service was not started in this deployment");
        }
        return process;
    }

    /**
     * Starts a service of this deployment again, stopping it first if it still runs: the same jar, port, database
     * (as it is now, not recreated), key and settings, so its clients find it where they left it. For fault tests
     * (stop it with {@code process(service).close()}); returns once it is healthy.
     */
    public void restart(TweebyteService service) {
        process(service).restart(STARTUP_TIMEOUT);
    }

    /** The started services, in the order user, tweet, interaction. */
    public List<LaunchedService> services() {
        return List.copyOf(running.values());
    }

    /** Database name to service id ({@code tweebyte_tweet_virtual} to {@code tweet}), for the started services. */
    public Map<String, String> databases() {
        Map<String, String> byName = new LinkedHashMap<>();
        databases.forEach((service, name) -> byName.put(name, service.id()));
        return byName;
    }

    /** The counting proxies in front of the services; empty unless {@link Options#callCounting()}. */
    public List<CallCounter> proxies() {
        return proxies;
    }

    @Override
    public void close() {
        if (gateway != null) {
            gateway.close();
        }
        List<LaunchedService> all = new ArrayList<>(running.values());
        try (ExecutorService stoppers = Executors.newVirtualThreadPerTaskExecutor()) {
            all.reversed().forEach(p -> stoppers.submit(p::close));
        }
        proxies.forEach(CallCounter::close);
    }
}
