package io.paradigmlab.lab.cli;

import io.paradigmlab.lab.infra.Infrastructure;
import io.paradigmlab.lab.infra.LabException;
import io.paradigmlab.lab.infra.Ports;
import io.paradigmlab.lab.launch.RepoLayout;
import io.paradigmlab.lab.launch.TweebyteDeployment;
import io.paradigmlab.lab.launch.TweebyteService;
import io.paradigmlab.lab.launch.Variant;
import java.io.PrintStream;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ./lab up tweebyte --variant X}: real infrastructure and one variant's three services, until Ctrl-C. */
@Command(name = "up", mixinStandardHelpOptions = true,
        description = "Start PostgreSQL and Redis (embedded unless given by URL), migrate, start a variant's services"
                + " (user, tweet, interaction), print their URLs, and stop everything on Ctrl-C.",
        footer = {"", "Example:", "  ./lab up tweebyte --variant virtual",
                "  ./lab up tweebyte --variant reactive \\",
                "      --user-port 0 --tweet-port 0 --interaction-port 0      (any free ports)"})
final class UpCommand implements Runnable {

    @Parameters(index = "0", paramLabel = "APP", description = "The application: tweebyte.")
    String app;

    @Option(names = "--variant", required = true, paramLabel = "NAME", description = "async, virtual or reactive.")
    String variant;

    @Option(names = "--user-port", paramLabel = "PORT", defaultValue = "9091",
            description = "Port of the user service (default: ${DEFAULT-VALUE}; 0 for any free port).")
    int userPort;

    @Option(names = "--tweet-port", paramLabel = "PORT", defaultValue = "9092",
            description = "Port of the tweet service (default: ${DEFAULT-VALUE}; 0 for any free port).")
    int tweetPort;

    @Option(names = "--interaction-port", paramLabel = "PORT", defaultValue = "9093",
            description = "Port of the interaction service (default: ${DEFAULT-VALUE}; 0 for any free port).")
    int interactionPort;

    @Option(names = "--security", paramLabel = "on|off", defaultValue = "on",
            description = "off skips token checks, as the seeds' benchmarks did (default: ${DEFAULT-VALUE}).")
    String security;

    @Option(names = "--postgres-url", paramLabel = "URL",
            description = "External PostgreSQL, postgresql://user:password@host:port (default: embedded).")
    String postgresUrl;

    @Option(names = "--redis-url", paramLabel = "URL", description = "External Redis, redis://host:port (default: embedded).")
    String redisUrl;

    private int port(TweebyteService service) {
        return switch (service) {
            case USER -> userPort;
            case TWEET -> tweetPort;
            case INTERACTION -> interactionPort;
        };
    }

    @Override
    public void run() {
        if (!"tweebyte".equals(app)) {
            throw new LabException("Unknown application '" + app + "': the lab knows tweebyte");
        }
        Variant chosen = Variant.parse(variant);
        boolean securityOn = switch (security) {
            case "on" -> true;
            case "off" -> false;
            default -> throw new LabException("--security takes on or off, got: " + security);
        };
        RepoLayout repo = RepoLayout.locate();
        // a variant whose tweet or interaction module is not in the checkout yet runs without it; a module that
        // exists must be built
        Set<TweebyteService> services = EnumSet.noneOf(TweebyteService.class);
        for (TweebyteService service : TweebyteService.values()) {
            if (service == TweebyteService.USER || repo.hasModule(chosen, service)) {
                repo.serviceJar(chosen, service);
                services.add(service);
            }
        }
        // fail before starting anything, not after PostgreSQL is up
        Map<Integer, TweebyteService> wanted = new HashMap<>();
        for (TweebyteService service : services) {
            int port = port(service);
            if (port != 0) {
                TweebyteService clash = wanted.put(port, service);
                if (clash != null) {
                    throw new LabException("Port " + port + " is given to both the " + clash.id() + " and the "
                            + service.id() + " service: choose one port per service");
                }
                Ports.requireFree(port, "the " + service.id() + " service");
            }
        }
        var workDir = repo.workDir("up-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        PrintStream out = System.out;
        out.println("Starting PostgreSQL and Redis" + (postgresUrl == null && redisUrl == null ? " (embedded)" : "") + "...");
        Infrastructure infra = Infrastructure.start(new Infrastructure.Options(postgresUrl, redisUrl, workDir.resolve("infra")));
        TweebyteDeployment deployment = null;
        try {
            out.println("  PostgreSQL  " + infra.postgres().host() + ":" + infra.postgres().port()
                    + " (user " + infra.postgres().user() + ")");
            out.println("  Redis       " + infra.redis().url());
            out.println("Starting the " + chosen.id() + " variant...");
            deployment = TweebyteDeployment.start(repo, infra, new TweebyteDeployment.Options(chosen, "", userPort,
                    securityOn, false, TweebyteDeployment.DEFAULT_JVM_ARGS, workDir)
                    .withServices(services).withPorts(userPort, tweetPort, interactionPort));
            for (var service : deployment.services()) {
                out.printf("  %-28s %s  (pid %d, healthy after %.1f s, log %s)%n", service.name(), service.baseUrl(),
                        service.pid(), service.startupTime().toMillis() / 1000.0, repo.root().relativize(service.log()));
            }
            for (TweebyteService service : TweebyteService.values()) {
                if (!services.contains(service)) {
                    out.println("  (no " + service.id() + " service: apps/tweebyte/" + chosen.id() + "/" + service.id()
                            + " is not in this checkout)");
                }
            }
            out.println("Security " + (securityOn ? "on: register or log in to get a token" : "off") + ".");
            out.println("Try: curl -F userName=ada_l -F email=ada@example.com -F password=secret-pass -F birthDate=10/12/1990 "
                    + deployment.userUrl() + "/auth/register");
            if (services.contains(TweebyteService.TWEET)) {
                out.println("then: curl -H \"Authorization: Bearer $TOKEN\" -H 'Content-Type: application/json'"
                        + " -d '{\"content\":\"Hello #tweebyte\"}' " + deployment.tweetUrl() + "/tweets/$USER_ID");
            }
            out.println("Press Ctrl-C to stop.");
        } catch (RuntimeException e) {
            if (deployment != null) {
                deployment.close();
            }
            infra.close();
            throw e;
        }
        TweebyteDeployment running = deployment;
        AtomicBoolean stopping = new AtomicBoolean();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            stopping.set(true);
            System.out.println("\nStopping the services, PostgreSQL and Redis...");
            running.close();
            infra.close();
            System.out.println("Stopped.");
        }));
        try {
            while (running.services().stream().allMatch(s -> s.isAlive())) {
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
}
