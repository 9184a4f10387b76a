package io.paradigmlab.eshop.spec;

import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.lab.launch.ServiceLauncher;
import io.paradigmlab.eshop.lab.EshopApplication;
import io.paradigmlab.eshop.lab.EshopDataGenerator;
import io.paradigmlab.eshop.lab.EshopDeployment;
import io.paradigmlab.eshop.lab.EshopService;
import io.paradigmlab.eshop.lab.EshopVariant;
import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.api.DatabaseInfo;
import io.paradigmlab.lab.api.LaunchRequest;
import io.paradigmlab.lab.data.TemplateDataSets;
import io.paradigmlab.lab.infra.Infrastructure;
import io.paradigmlab.lab.api.MariaDbEndpoint;
import io.paradigmlab.lab.api.PostgresEndpoint;
import io.paradigmlab.lab.launch.ServiceProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The suite's real infrastructure, started once per test JVM with the lab's own code: one embedded PostgreSQL and one
 * embedded MariaDB, the {@code ci} data set generated once into template databases, and each deployment (a variant with
 * one or three instances of each service) launched as the lab launches it: {@link EshopApplication#launch}, a counting
 * proxy in front of every Inventory instance, BlockHound in the reactive variant, pools of {@value #POOL_SIZE}
 * connections, and databases of its own ({@link TemplateDataSets#freshDatabase}: a copy of the templates on
 * PostgreSQL, an empty migrated one on MariaDB), so no deployment sees another's writes. Shared deployments start on
 * first use and stop when the test JVM ends (or when {@link #release} says their last user is done).
 */
public final class EshopFixture implements AutoCloseable {

    /** Connections per service instance's pool: small, so nine JVMs and the shared deployments fit at once. */
    static final int POOL_SIZE = 5;
    static final long SEED = 3;

    private final EshopApplication app = new EshopApplication();
    /** Where logs and the embedded servers live; {@code -Deshop.spec.work-dir} lets two runs coexist. */
    private final Path workDir = Path.of(System.getProperty("eshop.spec.work-dir", "target/spec-run")).toAbsolutePath();
    private final Infrastructure infra = Infrastructure.start(new Infrastructure.Options(null, null,
            workDir.resolve("infra")));
    private final TemplateDataSets.DataSet data;
    /** Product id to code, as the data set loaded them. */
    private final Map<Long, String> codes = new HashMap<>();
    private final Map<String, EshopDeployment> shared = new LinkedHashMap<>();
    private int started;

    EshopFixture() {
        long began = System.nanoTime();
        data = TemplateDataSets.prepare(infra.postgres(), app.id(), app.databases(), app.data(),
                app.data().scale("ci"), SEED, workDir.resolve("data"), line -> System.out.println("  " + line));
        try {
            for (String line : Files.readAllLines(data.dataDir().resolve(EshopDataGenerator.PRODUCTS_CSV))) {
                String[] f = line.split(",");
                if (!f[0].equals("id")) {
                    codes.put(Long.parseLong(f[0]), f[1]);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        System.out.printf("e-shop fixture: infrastructure and ci data set ready in %d ms%n",
                Duration.ofNanos(System.nanoTime() - began).toMillis());
    }

    /** The variant's shared deployment with {@code instances} of each service: started on first use. */
    public synchronized EshopDeployment deployment(EshopVariant variant, int instances) {
        return shared.computeIfAbsent(key(variant, instances),
                k -> start(variant, instances, "", Map.of(), EnumSet.allOf(EshopService.class)));
    }

    /** Stops a shared deployment whose users are done (its JVMs are many: nine with three instances). */
    public synchronized void release(EshopVariant variant, int instances) {
        EshopDeployment d = shared.remove(key(variant, instances));
        if (d != null) {
            stop(d);
        }
    }

    /**
     * Stops every JVM of {@code deployment} at once (each takes a graceful shutdown; one after the other, nine of them
     * add up), then the rest of it (its proxies).
     */
    static void stop(EshopDeployment deployment) {
        long began = System.nanoTime();
        try (ExecutorService stopping = Executors.newVirtualThreadPerTaskExecutor()) {
            deployment.instanceProcesses().values().forEach(list -> list.forEach(p -> stopping.submit(p::close)));
        }
        deployment.close();
        System.out.printf("e-shop fixture: %s with %d instance(s) stopped in %d ms%n", deployment.variantId(),
                deployment.instances(), Duration.ofNanos(System.nanoTime() - began).toMillis());
    }

    /**
     * The variant's shared deployment handed over to one test, which owns it from now on and closes it: no later test
     * gets it (the next {@link #deployment} call starts a fresh one). A test that stops services uses it as its last,
     * so a deployment of its own costs no extra start (nine JVMs with three instances, the suite's main cost).
     */
    public synchronized EshopDeployment takeOver(EshopVariant variant, int instances) {
        EshopDeployment d = shared.remove(key(variant, instances));
        return d != null ? d : start(variant, instances, "", Map.of(), EnumSet.allOf(EshopService.class));
    }

    /**
     * A deployment for one test alone, on databases of its own, with launch settings added to the suite's
     * ({@code faithful}, say) and only {@code services} started; the caller stops it ({@link #stop}).
     */
    public EshopDeployment startDeployment(EshopVariant variant, int instances, String suffix,
                                           Map<String, String> settings, Set<EshopService> services) {
        return start(variant, instances, suffix, settings, services);
    }

    private static String key(EshopVariant variant, int instances) {
        return variant.id() + "x" + instances;
    }

    private synchronized EshopDeployment start(EshopVariant variant, int instances, String suffix,
                                               Map<String, String> settings, Set<EshopService> services) {
        int n = ++started;
        Map<String, String> databases = new LinkedHashMap<>();
        for (EshopService s : services) {
            // e.g. eshop_order_reactive_3x_4: unique per launch, within PostgreSQL's and MariaDB's name rules
            String name = s.database() + "_" + variant.id() + "_" + instances + "x_" + n;
            TemplateDataSets.freshDatabase(infra, data, database(s), name);
            databases.put(s.id(), name);
        }
        Map<String, String> all = new HashMap<>(settings);
        all.put(Application.INSTANCES, Integer.toString(instances));
        all.put(EshopApplication.POOL_SIZE, Integer.toString(POOL_SIZE));
        Path dir = workDir.resolve(n + "-" + variant.id() + "-" + instances + "x" + suffix);
        long began = System.nanoTime();
        EshopDeployment deployment = (EshopDeployment) app.launch(LaunchRequest.of(infra, ServiceLauncher.standard(RepoLayout.locate()), variant.id(),
                services.stream().map(EshopService::id).collect(Collectors.toSet()), dir).withDatabases(databases)
                .withSecurity(false).withJvmArgs(ServiceProcess.SUITE_JVM_ARGS).withChecks(true, true)
                .withSettings(all));
        System.out.printf("e-shop fixture: %s with %d instance(s) of %s%s started in %d ms%n", variant.id(),
                instances, services, suffix, Duration.ofNanos(System.nanoTime() - began).toMillis());
        return deployment;
    }

    private DatabaseInfo database(EshopService service) {
        return app.databases().stream().filter(d -> d.service().equals(service.id())).findFirst()
                .orElseThrow(() -> new IllegalStateException("no database for " + service.id()));
    }

    /** The code of a product of the data set, by id. */
    String code(long productId) {
        String code = codes.get(productId);
        if (code == null) {
            throw new IllegalArgumentException("no product " + productId + " in the ci data set");
        }
        return code;
    }

    /** How many products the data set holds. */
    int products() {
        return codes.size();
    }

    Infrastructure infrastructure() {
        return infra;
    }

    /** A connection of the test's own to the database {@code service} uses in {@code deployment}. */
    Connection connect(EshopDeployment deployment, EshopService service) throws SQLException {
        String database = deployment.database(service);
        if (service.mariadb()) {
            MariaDbEndpoint m = infra.mariadb().endpoint();
            return DriverManager.getConnection(m.jdbcUrl(database), m.user(), m.password());
        }
        PostgresEndpoint pg = infra.postgres();
        return DriverManager.getConnection(pg.jdbcUrl(database), pg.user(), pg.password());
    }

    @Override
    public synchronized void close() {
        shared.values().forEach(EshopFixture::stop);
        shared.clear();
        infra.close();
    }

    /** Hands the JVM-wide fixture to any test method or lifecycle method that declares it. */
    public static final class Resolver implements ParameterResolver {

        private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(EshopFixture.class);

        @Override
        public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
            return parameter.getParameter().getType() == EshopFixture.class;
        }

        @Override
        public EshopFixture resolveParameter(ParameterContext parameter, ExtensionContext context) {
            return context.getRoot().getStore(NAMESPACE)
                    .computeIfAbsent(EshopFixture.class, k -> new EshopFixture(), EshopFixture.class);
        }
    }

    /**
     * The variants {@link EshopEquivalenceIT} compares: all three, unless {@code -Deshop.spec.variants=platform,virtual}
     * narrows them (while a variant's jars are being built, say).
     */
    static List<EshopVariant> variants() {
        String wanted = System.getProperty("eshop.spec.variants", "");
        if (wanted.isBlank()) {
            return Arrays.asList(EshopVariant.values());
        }
        return Arrays.stream(wanted.split(",")).map(EshopVariant::parse).toList();
    }
}
