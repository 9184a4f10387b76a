package io.paradigmlab.itstore.spec;

import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.lab.launch.ServiceLauncher;
import io.paradigmlab.itstore.lab.ItStoreApplication;
import io.paradigmlab.itstore.lab.ItStoreDeployment;
import io.paradigmlab.itstore.lab.ItStoreVariant;
import io.paradigmlab.lab.api.LaunchRequest;
import io.paradigmlab.lab.data.TemplateDataSets;
import io.paradigmlab.lab.infra.Infrastructure;
import io.paradigmlab.lab.launch.ServiceProcess;
import io.paradigmlab.lab.verify.StatementStatistics;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The suite's real infrastructure, started once per test JVM with the lab's own code: one embedded PostgreSQL, the
 * {@code ci} data set generated once into a template, and each variant launched (lazily, on first use) as its own process
 * on its own copy of it, with BlockHound in the WebFlux variants and a pool of {@link #POOL_SIZE} connections (the pool
 * size changes no answer; a small one lets a test exhaust it, and six variants fit PostgreSQL's connections at once).
 */
public final class ItStoreFixture implements AutoCloseable {

    /** Connections per variant in the suite. */
    static final int POOL_SIZE = 4;
    static final long SEED = 42;

    private final ItStoreApplication app = new ItStoreApplication();
    /** Where logs and the embedded server live; {@code -Ditstore.spec.work-dir} lets two runs coexist. */
    private final Path workDir = Path.of(System.getProperty("itstore.spec.work-dir", "target/spec-run")).toAbsolutePath();
    private final Infrastructure infra = Infrastructure.start(new Infrastructure.Options(null, null, workDir.resolve("infra")));
    private final TemplateDataSets.DataSet data;
    private final Map<ItStoreVariant, ItStoreDeployment> shared = new EnumMap<>(ItStoreVariant.class);
    private final Expected expected;
    private int started;

    ItStoreFixture() {
        data = TemplateDataSets.prepare(infra.postgres(), app.id(), app.databases(), app.data(),
                app.data().scale("ci"), SEED, workDir.resolve("data"), line -> System.out.println("  " + line));
        TemplateDataSets.copy(infra.postgres(), data, ItStoreApplication.SERVICE, "itstore_expected");
        try (Connection c = connect("itstore_expected")) {
            expected = Expected.load(c);
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot read the seeded data: " + e.getMessage(), e);
        }
        StatementStatistics.install(infra.postgres());
    }

    /** The variant's shared deployment: started on first use, stopped when the test JVM ends. */
    public synchronized ItStoreDeployment deployment(ItStoreVariant variant) {
        return shared.computeIfAbsent(variant, v -> start(v, "", Map.of()));
    }

    /**
     * A deployment of the variant for one test alone, on a copy of the data of its own, with launch settings added to
     * the suite's ({@code faithful}, {@code materialize}); the caller closes it.
     */
    public ItStoreDeployment startDeployment(ItStoreVariant variant, String suffix, Map<String, String> settings) {
        return start(variant, suffix, settings);
    }

    private synchronized ItStoreDeployment start(ItStoreVariant variant, String suffix, Map<String, String> settings) {
        String database = "itstore_" + variant.id().replace('-', '_') + suffix;
        TemplateDataSets.copy(infra.postgres(), data, ItStoreApplication.SERVICE, database);
        Map<String, String> all = new HashMap<>(settings);
        all.put(ItStoreApplication.POOL_SIZE, Integer.toString(POOL_SIZE));
        Path dir = workDir.resolve(variant.id() + suffix + "-" + (++started));
        return (ItStoreDeployment) app.launch(LaunchRequest.of(infra, ServiceLauncher.standard(RepoLayout.locate()), variant.id(),
                Set.of(ItStoreApplication.SERVICE), dir).withDatabases(Map.of(ItStoreApplication.SERVICE, database))
                .withSecurity(false).withJvmArgs(ServiceProcess.SUITE_JVM_ARGS).withChecks(false, true)
                .withSettings(all));
    }

    /** The answers computed from the raw rows. */
    Expected expected() {
        return expected;
    }

    Infrastructure infrastructure() {
        return infra;
    }

    /** A connection of the test's own to one of the suite's databases. */
    Connection connect(String database) throws SQLException {
        var pg = infra.postgres();
        return DriverManager.getConnection(pg.jdbcUrl(database), pg.user(), pg.password());
    }

    @Override
    public synchronized void close() {
        shared.values().forEach(ItStoreDeployment::close);
        infra.close();
    }

    /** Hands the JVM-wide fixture to any test method or lifecycle method that declares it. */
    public static final class Resolver implements ParameterResolver {

        private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(ItStoreFixture.class);

        @Override
        public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
            return parameter.getParameter().getType() == ItStoreFixture.class;
        }

        @Override
        public ItStoreFixture resolveParameter(ParameterContext parameter, ExtensionContext context) {
            return context.getRoot().getStore(NAMESPACE)
                    .computeIfAbsent(ItStoreFixture.class, k -> new ItStoreFixture(), ItStoreFixture.class);
        }
    }
}
