package io.paradigmlab.itstore.lab;

import io.paradigmlab.itstore.lab.data.ItStoreDataGenerator;
import io.paradigmlab.lab.api.ApplicationVariant;
import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.api.DatabaseInfo;
import io.paradigmlab.lab.api.Deployment;
import io.paradigmlab.lab.api.KubernetesNames;
import io.paradigmlab.lab.api.KubernetesVariant;
import io.paradigmlab.lab.api.LaunchRequest;
import io.paradigmlab.lab.api.ScenarioInfo;
import io.paradigmlab.lab.api.ServiceInfo;
import io.paradigmlab.lab.api.VariantInfo;
import io.paradigmlab.lab.api.RepoLayout;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The IT store in the lab (seed 002): one service, {@code store}, in six variants of {JDBC, R2DBC} x {MVC, virtual-thread
 * MVC, WebFlux}, seed 002's five load tests as scenarios. Registered in
 * META-INF/services/io.paradigmlab.lab.api.Application.
 */
public final class ItStoreApplication implements Application {

    public static final String ID = "itstore";
    /** The one service: the whole store API under {@code /itStore}. */
    public static final String SERVICE = "store";
    public static final int DEFAULT_PORT = 8090;
    /** The launch setting that builds the whole first_N_products list before writing it. */
    public static final String MATERIALIZE = "materialize";
    /** The launch setting of the pool size of every variant. */
    public static final String POOL_SIZE = "pool-size";

    /** The scenarios: to add one, write its file under scenarios/itstore/ and add a line here (docs/scenarios.md). */
    private static final List<ScenarioInfo> SCENARIOS = List.of(
            new ScenarioInfo("simple", "S1-S4 in turn: customers by type, a product's characteristics, the greatest"
                    + " invoice, units sold in a month (seed 002, Figs 5-9)", "scenarios/itstore/simple.hf.yaml",
                    List.of(SERVICE), false),
            new ScenarioInfo("complex", "C1-C4 in turn: sales and costs per month, best month, top product per"
                    + " category, profit per category (seed 002, Figs 10-14)", "scenarios/itstore/complex.hf.yaml",
                    List.of(SERVICE), false),
            new ScenarioInfo("response-size", "first_N_products with N growing from 0 to the whole table; run at one"
                    + " user (seed 002, Fig 15)", "scenarios/itstore/response-size.hf.yaml", List.of(SERVICE), false),
            new ScenarioInfo("large-responses", "users against 10 MB and 20 MB first_N_products answers (seed 002,"
                    + " Fig 17)", "scenarios/itstore/large-responses.hf.yaml", List.of(SERVICE), false),
            new ScenarioInfo("no-db", "the fixed 8-name answer, no database: the web stack alone (seed 002, Fig 18)",
                    "scenarios/itstore/no-db.hf.yaml", List.of(SERVICE), false));

    private final DataGenerator data = new ItStoreDataGenerator();

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "IT store of seed 002: one database, {JDBC, R2DBC} x {MVC, virtual-thread MVC, WebFlux}";
    }

    @Override
    public List<VariantInfo> variants() {
        return ApplicationVariant.infos(ItStoreVariant.class);
    }

    @Override
    public List<ServiceInfo> services() {
        return List.of(new ServiceInfo(SERVICE, DEFAULT_PORT, "the store API under /itStore (docs/api/itstore.md)"));
    }

    @Override
    public List<DatabaseInfo> databases() {
        return List.of(new DatabaseInfo(SERVICE, "itstore", "classpath:db/itstore"));
    }

    /**
     * The variant's one JVM on the cluster's PostgreSQL, with the arguments {@link ItStoreDeployment} gives it and the
     * launch settings at their defaults (the fair implementation, the default pool). Image
     * {@code <registry>/itstore-<variant>-store:<tag>}, from {@code apps/itstore/<variant>/store}.
     */
    @Override
    public Optional<KubernetesVariant> kubernetes(String variant, KubernetesNames names) {
        ItStoreVariant chosen = ItStoreVariant.parse(variant);
        List<String> args = List.of("--server.port=" + DEFAULT_PORT,
                "--itstore.db.host=" + KubernetesNames.POSTGRES_HOST,
                "--itstore.db.port=" + KubernetesNames.POSTGRES_PORT,
                "--itstore.db.name=" + databases().getFirst().name(),
                "--itstore.db.username=" + KubernetesNames.POSTGRES_USER,
                "--itstore.db.password=" + names.postgresPassword(),
                "--itstore.db.pool-size=" + ItStoreDeployment.DEFAULT_POOL_SIZE,
                "--itstore.faithful=false", "--itstore.materialize=false");
        return Optional.of(new KubernetesVariant(List.of(new KubernetesVariant.Container(SERVICE,
                names.image(ID, chosen.id(), SERVICE), DEFAULT_PORT, KubernetesVariant.Role.SERVICE, args)),
                false, Map.of()));
    }

    @Override
    public DataGenerator data() {
        return data;
    }

    @Override
    public List<ScenarioInfo> scenarios() {
        return SCENARIOS;
    }

    @Override
    public Map<String, String> launchSettings() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put(FAITHFUL, "true: the original's threading defects (jdbc-webflux runs JDBC on the event loop;"
                + " r2dbc-mvc and r2dbc-virtual subscribe on parallel() and block); the other variants are unchanged");
        settings.put(MATERIALIZE, "true: first_N_products builds the whole list before writing it, as the original"
                + " MVC did (default: streamed by every variant)");
        settings.put(POOL_SIZE, "connections of every variant's pool, all opened at start (default "
                + ItStoreDeployment.DEFAULT_POOL_SIZE + "; PostgreSQL's max_connections must exceed it)");
        return settings;
    }

    @Override
    public Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("database pool", "100 connections, all opened at start, 2 s acquire timeout, in every variant (ADR 0009)");
        env.put("first_N_products fetch size", "1,000 rows per round trip (JDBC portal, R2DBC fetchSize)");
        env.put("request threads", "Tomcat 200 platform (mvc variants), a virtual thread per request (virtual variants),"
                + " Netty event loops, one per core (webflux variants)");
        env.put("R2DBC event loops", Runtime.getRuntime().availableProcessors() + " (the driver's own, one per core)");
        return env;
    }

    @Override
    public Deployment launch(LaunchRequest request) {
        return ItStoreDeployment.start(RepoLayout.locate(), request);
    }
}
