package io.paradigmlab.itstore.lab;

import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.api.OneProcessDeployment;
import io.paradigmlab.lab.api.LaunchRequest;
import io.paradigmlab.lab.api.LabInfrastructure;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.Ports;
import io.paradigmlab.lab.api.PostgresEndpoint;
import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.lab.api.LaunchedService;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One variant of the IT store running: its one service JVM ({@code apps/itstore/<variant>/store}) on a database the lab
 * prepared (or, when none was given, a fresh migrated and empty one), launched with the lab's JVM flags and the
 * launch settings ({@code faithful}, {@code materialize}, {@code pool-size}) turned into the service's
 * {@code itstore.*} properties.
 */
public final class ItStoreDeployment extends OneProcessDeployment {

    /** Connections of every variant's pool (docs/adr/0009-itstore-variants.md). */
    public static final int DEFAULT_POOL_SIZE = 100;
    /** Generous: one JVM opening 100 connections on a loaded 2-core machine. */
    public static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(180);

    private ItStoreDeployment(ItStoreVariant variant, LaunchedService process, Path jar, String database) {
        super(variant.id(), ItStoreApplication.SERVICE, process, jar, database);
    }

    /**
     * Starts the variant and waits until it is healthy.
     *
     * @throws LabException naming the module to build when its jar is missing, for a bad launch setting, or quoting
     *                      the log of a service that did not become healthy
     */
    public static ItStoreDeployment start(RepoLayout repo, LaunchRequest request) {
        ItStoreVariant variant = ItStoreVariant.parse(request.variant());
        Path jar = jar(repo, variant);
        boolean faithful = bool(request, Application.FAITHFUL);
        boolean materialize = bool(request, ItStoreApplication.MATERIALIZE);
        int poolSize = poolSize(request);
        LabInfrastructure infra = request.infra();
        String database = request.databases().get(ItStoreApplication.SERVICE);
        if (database == null) {
            database = "itstore_" + variant.id().replace('-', '_');
            infra.recreateDatabase(database, "classpath:db/itstore");
        }
        int wanted = request.ports().getOrDefault(ItStoreApplication.SERVICE, 0);
        int port = wanted != 0 ? Ports.requireFree(wanted, "the store service") : Ports.free();

        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(request.jvmArgs());
        if (request.blockHound() && variant.eventLoop()) {
            // BlockHound attaches an agent at run time and, on JDK 13+, redefines classes adding methods
            command.add("-XX:+EnableDynamicAgentLoading");
            command.add("-XX:+AllowRedefinitionToAddDeleteMethods");
            command.add("-Ditstore.blockhound=true");
        }
        command.add("-jar");
        command.add(jar.toString());
        command.add("--server.port=" + port);
        PostgresEndpoint pg = infra.postgres();
        command.add("--itstore.db.host=" + pg.host());
        command.add("--itstore.db.port=" + pg.port());
        command.add("--itstore.db.name=" + database);
        command.add("--itstore.db.username=" + pg.user());
        command.add("--itstore.db.password=" + pg.password());
        command.add("--itstore.db.pool-size=" + poolSize);
        command.add("--itstore.faithful=" + faithful);
        command.add("--itstore.materialize=" + materialize);
        String name = variant.id() + " store service";
        Path log = request.workDir().resolve("logs").resolve(variant.id() + "-store.log");
        LaunchedService process = request.launcher().start(name, command, log, request.serviceUrl(port),
                STARTUP_TIMEOUT);
        return new ItStoreDeployment(variant, process, jar, database);
    }

    /** The runnable jar of a variant (it must be built). */
    public static Path jar(RepoLayout repo, ItStoreVariant variant) {
        return repo.serviceJar(ItStoreApplication.ID, variant.id(), ItStoreApplication.SERVICE);
    }

    private static boolean bool(LaunchRequest request, String key) {
        String value = request.setting(key, "false");
        return switch (value) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new LabException("--set " + key + " takes true or false, got '" + value + "'");
        };
    }

    private static int poolSize(LaunchRequest request) {
        String value = request.setting(ItStoreApplication.POOL_SIZE, Integer.toString(DEFAULT_POOL_SIZE));
        try {
            int size = Integer.parseInt(value);
            if (size >= 1 && size <= 1_000) {
                return size;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new LabException("--set " + ItStoreApplication.POOL_SIZE + " takes a number of connections from 1 to"
                + " 1000, got '" + value + "'");
    }

    public ItStoreVariant variant() {
        return ItStoreVariant.parse(variantId());
    }

    /** The service's base URL, e.g. {@code http://127.0.0.1:40123}. */
    public String url() {
        return process().baseUrl();
    }
}
