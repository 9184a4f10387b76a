package io.paradigmlab.lab.cli;

import io.paradigmlab.lab.api.LaunchedService;

import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.app.Applications;
import io.paradigmlab.lab.api.DatabaseInfo;
import io.paradigmlab.lab.api.Deployment;
import io.paradigmlab.lab.api.LaunchRequest;
import io.paradigmlab.lab.api.ServiceInfo;
import io.paradigmlab.lab.data.TemplateDataSets;
import io.paradigmlab.lab.infra.Infrastructure;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.Ports;
import io.paradigmlab.lab.launch.AotCache;
import io.paradigmlab.lab.launch.CpuPinning;
import io.paradigmlab.lab.launch.ServiceLauncher;
import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.lab.launch.ServiceProcess;
import io.paradigmlab.lab.remote.RemoteServices;
import io.paradigmlab.lab.remote.ServiceHost;
import java.io.PrintStream;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ./lab up APP --variant X}: real infrastructure and one variant's services, until Ctrl-C. */
@Command(name = "up", mixinStandardHelpOptions = true,
        description = "Start PostgreSQL and Redis (embedded unless given by URL), create the databases (empty, or"
                + " filled with a data set with --scale), start a variant's services and its gateway (when the application"
                + " has one), print their URLs, the gateway's first (and its API docs page, when it has one), and stop"
                + " everything on Ctrl-C.",
        footer = {"", "Examples:", "  ./lab up tweebyte --variant virtual",
                "  ./lab up tweebyte --variant reactive --port-offset 100 --scale quick --security off",
                "      (gateway on 8180, services on 9191-9193, the quick data set: a target for ./lab run --target)",
                "  ./lab up tweebyte --variant async --port user=0 --port tweet=0 --port interaction=0   (any free ports)"})
final class UpCommand implements Runnable {

    @Parameters(index = "0", paramLabel = "APP", description = "The application (./lab list).")
    String app;

    @Option(names = "--variant", required = true, paramLabel = "NAME", description = "The variant (./lab list).")
    String variant;

    @Option(names = "--port", paramLabel = "SERVICE=PORT",
            description = "Port of one service or of the gateway (default: the contract's, e.g. user=9091,"
                    + " gateway=8080; 0 for any free port). Repeatable.")
    List<String> ports = new ArrayList<>();

    @Option(names = "--port-offset", paramLabel = "N", defaultValue = "0",
            description = "Added to every default port, to run beside another deployment (default: ${DEFAULT-VALUE}).")
    int portOffset;

    @Option(names = "--scale", paramLabel = "SCALE",
            description = "Fill the databases with this data set (./lab list) instead of leaving them empty.")
    String scale;

    @Option(names = "--seed", defaultValue = "42", description = "Seed of the data set (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--security", paramLabel = "on|off",
            description = "off skips token checks, as the seeds' benchmarks did (default: on where the application"
                    + " checks tokens, Tweebyte).")
    String security;

    @Option(names = "--instances", paramLabel = "N", description = "Run N instances of each service (1 to 8), the"
            + " services calling each other through a round-robin load balancer over the instance list and the load"
            + " spread over the instances, where the application supports it (the e-shop; same as --set"
            + " instances=N). Default: one.")
    Integer instances;

    @Option(names = "--faithful", description = "Launch the variant as the seed's original code was, defects included,"
            + " where the application has such a mode (same as --set faithful=true).")
    boolean faithful;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "An application launch setting (./lab list shows"
            + " each application's). Repeatable.")
    java.util.List<String> sets = new java.util.ArrayList<>();

    @Option(names = "--postgres-url", paramLabel = "URL",
            description = "External PostgreSQL, postgresql://user:password@host:port (default: embedded).")
    String postgresUrl;

    @Option(names = "--redis-url", paramLabel = "URL", description = "External Redis, redis://host:port (default: embedded).")
    String redisUrl;

    @Option(names = "--mariadb-url", paramLabel = "URL", description = "External MariaDB,"
            + " mariadb://user:password@host:port, for an application with a MariaDB database (default: embedded,"
            + " started only for such an application).")
    String mariadbUrl;

    @picocli.CommandLine.Mixin
    PlacementOptions placement = new PlacementOptions();

    @Override
    public void run() {
        Application application = Applications.find(app);
        ServiceHost servicesOn = placement.serviceHost();
        application.variant(variant);
        boolean securityOn = CampaignOptions.security(application, security);
        Map<String, String> launchSettings = CampaignOptions.launchSettings(application, sets, faithful, instances);
        RepoLayout repo = RepoLayout.locate();
        // a variant whose module for a service is not in the checkout yet runs without it; a module that exists
        // must be built
        Set<String> services = new LinkedHashSet<>();
        for (ServiceInfo service : application.services()) {
            boolean conventional = repo.hasModule(application.id(), variant, service.id());
            if (services.isEmpty() || conventional) {
                // checked before any infrastructure starts; an application with a layout of its own (chatapp's
                // apps/chatapp/<variant>) names its missing jar when it launches
                if (conventional) {
                    repo.serviceJar(application.id(), variant, service.id());
                }
                services.add(service.id());
            }
        }
        // the application's gateway (Tweebyte's on 8080), when this variant has its module: the whole system at one URL
        ServiceInfo gateway = application.gateway()
                .filter(g -> repo.hasModule(application.id(), variant, g.id())).orElse(null);
        if (gateway != null) {
            repo.serviceJar(application.id(), variant, gateway.id());
        }
        Map<String, Integer> chosenPorts = ports(application);
        int gatewayPort = gateway == null ? LaunchRequest.NO_GATEWAY : chosenPorts.remove(gateway.id());
        // fail before starting anything, not after PostgreSQL is up
        Map<Integer, String> wanted = new HashMap<>();
        if (gateway != null && gatewayPort != 0) {
            wanted.put(gatewayPort, gateway.id());
            Ports.requireFree(gatewayPort, "the " + gateway.id());
        }
        for (String service : services) {
            int port = chosenPorts.get(service);
            if (port != 0) {
                String clash = wanted.put(port, service);
                if (clash != null) {
                    throw new LabException("Port " + port + " is given to both the " + clash + " and the " + service
                            + " service: choose one port per service");
                }
                Ports.requireFree(port, "the " + service + " service");
            }
        }
        CpuPinning pinning = placement.pinning();
        var dataScale = scale == null ? null : application.data().scale(scale);
        var workDir = repo.workDir("up-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        PrintStream out = System.out;
        // connected and checked before anything starts; the launcher runs the JVMs there until the lab exits
        RemoteServices remote = RemoteServices.open(servicesOn, new RemoteServices.Needs(application, postgresUrl,
                redisUrl, mariadbUrl, false, false), out);
        out.println("Starting PostgreSQL and Redis" + (postgresUrl == null && redisUrl == null ? " (embedded)" : "") + "...");
        Infrastructure infra = Infrastructure.start(new Infrastructure.Options(postgresUrl, redisUrl, workDir.resolve("infra"),
                mariadbUrl));
        Deployment deployment = null;
        try {
            out.println("  PostgreSQL  " + infra.postgres().host() + ":" + infra.postgres().port()
                    + " (user " + infra.postgres().user() + ")");
            out.println("  Redis       " + infra.redis().url());
            Map<String, String> databases = new LinkedHashMap<>();
            if (dataScale != null) {
                out.printf("Data set %s, scale %s, seed %d...%n", application.id(), dataScale.name(), seed);
                var data = TemplateDataSets.prepare(infra.postgres(), application.id(), application.databases(),
                        application.data(), dataScale, seed, repo.root().resolve(".lab").resolve("data"),
                        line -> out.println("  " + line));
                for (DatabaseInfo db : application.databases()) {
                    if (services.contains(db.service())) {
                        TemplateDataSets.freshDatabase(infra, data, db, db.name());
                        databases.put(db.service(), db.name());
                    }
                }
                out.println("  scenario data files: " + data.dataDir());
            }
            out.println("Starting the " + variant + " variant...");
            ServiceLauncher launcher = ServiceLauncher.plain();
            if (pinning != null) {
                // held until the lab exits: the lab's JVM and the databases keep their CPUs
                pinning.apply();
                pinning.pinInfrastructure(infra.embeddedPostgresProcesses());
                launcher = launcher.shapedBy(pinning.shaper());
                out.println("CPU pinning: " + pinning.describe());
            }
            // the AOT cache lives on this machine: JVMs on another host start from their jars
            boolean aot = servicesOn == null && AotCache.enabledBy(launchSettings);
            launcher = remote.launcher(launcher).withAot(aot ? AotCache.of(repo) : null);
            deployment = application.launch(new LaunchRequest(infra, launcher, variant, services, databases,
                    securityOn, ServiceProcess.DEFAULT_JVM_ARGS, workDir, false, false, chosenPorts, gatewayPort,
                    AotCache.withoutSetting(launchSettings), Map.of(),
                    servicesOn == null ? LaunchRequest.LOCAL : servicesOn.host()));
            if (pinning != null) {
                pinning.pinInfrastructure(infra.embeddedPostgresProcesses()); // a MariaDB the launch started
            }
            var front = deployment.gateway();
            if (front.isPresent()) {
                LaunchedService process = front.get();
                String url = process.baseUrl().replace("127.0.0.1", "localhost");
                out.printf("The whole system: %s  (%s; pid %d, healthy after %.1f s, log %s)%n", url,
                        gateway.description(), process.pid(), process.startupTime().toMillis() / 1000.0,
                        repo.root().relativize(process.log()));
                if (gateway.docsPath() != null) {
                    out.println("API docs:         " + url + gateway.docsPath());
                }
            }
            for (var entry : deployment.instanceProcesses().entrySet()) {
                for (LaunchedService instance : entry.getValue()) {
                    ServiceProcess service = ServiceProcess.of(instance);
                    out.printf("  %-28s %s  (pid %s, healthy after %.1f s, CPUs %s, log %s)%n", service.name(),
                            service.baseUrl(), service.elsewhere().map(e -> e.pid() + " on " + e.host())
                                    .orElse(Long.toString(service.pid())), service.startupTime().toMillis() / 1000.0,
                            service.allowedCpus(),
                            repo.root().relativize(service.log()));
                }
            }
            if (infra.hasMariadb()) {
                out.println("  MariaDB     " + infra.mariadb().endpoint().describe());
            }
            for (ServiceInfo service : application.services()) {
                if (!services.contains(service.id())) {
                    out.println("  (no " + service.id() + " service: apps/" + application.id() + "/" + variant + "/"
                            + service.id() + " is not in this checkout)");
                }
            }
            out.println("JDK AOT cache " + (aot ? "on (" + repo.root().relativize(AotCache.of(repo).root())
                    + "; --set aot=off starts the JVMs from their jars)" : "off") + ".");
            if (application.checksTokens()) {
                out.println("Security " + (securityOn ? "on: register or log in to get a token" : "off") + ".");
            }
            out.println("As a target of a campaign: --target " + variant + "-up="
                    + String.join(",", deployment.endpoints().values()));
            out.println("Press Ctrl-C to stop.");
        } catch (RuntimeException e) {
            if (deployment != null) {
                deployment.close();
            }
            infra.close();
            remote.close();
            throw e;
        }
        Deployment running = deployment;
        AtomicBoolean stopping = new AtomicBoolean();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stopping.set(true);
            System.out.println("\nStopping the services, PostgreSQL and Redis...");
            running.close();
            infra.close();
            remote.close();
            System.out.println("Stopped.");
        }));
        try {
            while (running.processes().values().stream().allMatch(LaunchedService::isAlive)
                    && running.gateway().map(LaunchedService::isAlive).orElse(true)) {
                Thread.sleep(1000);
            }
            if (!stopping.get()) {
                // not Ctrl-C stopping them: one died by itself
                System.err.println("lab: a service exited on its own; see its log. Stopping the rest.");
                System.exit(1);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private Map<String, Integer> ports(Application application) {
        Map<String, Integer> chosen = new LinkedHashMap<>();
        for (ServiceInfo service : application.services()) {
            chosen.put(service.id(), service.defaultPort() + portOffset);
        }
        application.gateway().ifPresent(gateway -> chosen.put(gateway.id(), gateway.defaultPort() + portOffset));
        for (String port : ports) {
            int eq = port.indexOf('=');
            String service = eq < 0 ? "" : port.substring(0, eq).trim();
            if (!chosen.containsKey(service)) {
                throw new LabException("--port takes SERVICE=PORT with SERVICE one of " + String.join(", ",
                        chosen.keySet()) + ", got '" + port + "'");
            }
            try {
                int value = Integer.parseInt(port.substring(eq + 1).trim());
                if (value < 0 || value > 65_535) {
                    throw new NumberFormatException();
                }
                chosen.put(service, value);
            } catch (NumberFormatException e) {
                throw new LabException("--port " + service + "= takes a port between 0 and 65535, got '"
                        + port.substring(eq + 1) + "'");
            }
        }
        return chosen;
    }
}
