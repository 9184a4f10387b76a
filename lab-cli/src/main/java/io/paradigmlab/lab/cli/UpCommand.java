package io.paradigmlab.lab.cli;

import io.paradigmlab.lab.infra.Infrastructure;
import io.paradigmlab.lab.infra.LabException;
import io.paradigmlab.lab.infra.Ports;
import io.paradigmlab.lab.launch.RepoLayout;
import io.paradigmlab.lab.launch.TweebyteDeployment;
import io.paradigmlab.lab.launch.Variant;
import java.io.PrintStream;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ./lab up tweebyte --variant X}: real infrastructure and one variant, until Ctrl-C. */
@Command(name = "up", mixinStandardHelpOptions = true,
        description = "Start PostgreSQL and Redis (embedded unless given by URL), migrate, start a variant's services,"
                + " print their URLs, and stop everything on Ctrl-C.")
final class UpCommand implements Runnable {

    @Parameters(index = "0", paramLabel = "APP", description = "The application: tweebyte.")
    String app;

    @Option(names = "--variant", required = true, paramLabel = "NAME", description = "async, virtual or reactive.")
    String variant;

    @Option(names = "--user-port", paramLabel = "PORT", defaultValue = "9091",
            description = "Port of the user service (default: ${DEFAULT-VALUE}; 0 for any free port).")
    int userPort;

    @Option(names = "--security", paramLabel = "on|off", defaultValue = "on",
            description = "off skips token checks, as the seeds' benchmarks did (default: ${DEFAULT-VALUE}).")
    String security;

    @Option(names = "--postgres-url", paramLabel = "URL",
            description = "External PostgreSQL, postgresql://user:password@host:port (default: embedded).")
    String postgresUrl;

    @Option(names = "--redis-url", paramLabel = "URL", description = "External Redis, redis://host:port (default: embedded).")
    String redisUrl;

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
        repo.serviceJar(chosen, "user");
        if (userPort != 0) {
            // fail before starting anything, not after PostgreSQL is up
            Ports.requireFree(userPort, "the user service");
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
                    securityOn, false, TweebyteDeployment.DEFAULT_JVM_ARGS, workDir));
            for (var service : deployment.services()) {
                out.printf("  %-22s %s  (pid %d, healthy after %.1f s, log %s)%n", service.name(), service.baseUrl(),
                        service.pid(), service.startupTime().toMillis() / 1000.0, repo.root().relativize(service.log()));
            }
            out.println("Security " + (securityOn ? "on: register or log in to get a token" : "off") + ".");
            out.println("Try: curl -F userName=ada_l -F email=ada@example.com -F password=secret-pass -F birthDate=10/12/1990 "
                    + deployment.userUrl() + "/auth/register");
            out.println("Press Ctrl-C to stop.");
        } catch (RuntimeException e) {
            if (deployment != null) {
                deployment.close();
            }
            infra.close();
            throw e;
        }
        TweebyteDeployment running = deployment;
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("\nStopping the services, PostgreSQL and Redis...");
            running.close();
            infra.close();
            System.out.println("Stopped.");
            stopped.countDown();
        }));
        try {
            while (running.services().stream().allMatch(s -> s.isAlive())) {
                Thread.sleep(1000);
            }
            System.err.println("lab: a service exited on its own; see its log. Stopping the rest.");
            System.exit(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
