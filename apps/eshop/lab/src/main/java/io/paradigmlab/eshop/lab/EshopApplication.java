package io.paradigmlab.eshop.lab;

import io.paradigmlab.eshop.domain.FanOut;
import io.paradigmlab.lab.api.ApplicationVariant;
import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.api.DatabaseInfo;
import io.paradigmlab.lab.api.Deployment;
import io.paradigmlab.lab.api.KubernetesNames;
import io.paradigmlab.lab.api.KubernetesVariant;
import io.paradigmlab.lab.api.LaunchRequest;
import io.paradigmlab.lab.api.LoadPreset;
import io.paradigmlab.lab.api.ScenarioInfo;
import io.paradigmlab.lab.api.ServiceInfo;
import io.paradigmlab.lab.api.VariantInfo;
import io.paradigmlab.lab.api.RepoLayout;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The e-shop in the lab (seed 003): services product, inventory and order in the variants platform, virtual and reactive,
 * the seed's nine operations as scenarios, one or more instances per service ({@code --instances}). Registered in
 * META-INF/services/io.paradigmlab.lab.api.Application. See docs/eshop.md.
 */
public final class EshopApplication implements Application {

    public static final String ID = "eshop";
    /** The launch setting of Order's fan-out (spec D-10). */
    public static final String FAN_OUT = "fan-out";
    /** The launch setting of every service's database pool. */
    public static final String POOL_SIZE = "pool-size";

    private static final String PRODUCT = EshopService.PRODUCT.id();
    private static final String ORDER = EshopService.ORDER.id();

    /** The scenarios: to add one, write its file under scenarios/eshop/ and add a line here (docs/scenarios.md). */
    private static final List<ScenarioInfo> SCENARIOS = List.of(
            scenario("invalid-orders", "O1: a batch of 55 invalid orders, one bulk reservation call to inventory,"
                    + " nothing stored (seed 003, Table 2)", ORDER, false),
            scenario("delayed-calls", "O2: the same batch as 55 reservation calls, each delayed 100 ms by inventory,"
                    + " fanned out 55 at a time in every variant (--faithful: platform one at a time, as the seed)",
                    ORDER, false),
            scenario("stock-update", "U: look the product up, then set its stock through inventory", PRODUCT, true),
            scenario("export", "E: every product as CSV, streamed from a cursor (271,600 rows at --scale seed)",
                    PRODUCT, false),
            scenario("import", "I: upload 18,084 CSV rows, validated, then stored in batches of 1,000 in one"
                    + " transaction", PRODUCT, true),
            scenario("add-product", "A: insert one new product", PRODUCT, true),
            scenario("fetch-product", "F: read one product by id", PRODUCT, false),
            scenario("delay", "D: answer after 100 ms (sleep or Mono.delay), no database", PRODUCT, false),
            scenario("barcode", "B: the Code 128 barcode of a product as a 400x120 PNG (ZXing, CPU)", PRODUCT,
                    false));

    private static ScenarioInfo scenario(String id, String description, String service, boolean writes) {
        return new ScenarioInfo(id, description, "scenarios/eshop/" + id + ".hf.yaml", List.of(service), writes);
    }

    private final DataGenerator data = new EshopDataGenerator();

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "e-shop of seed 003: product, inventory and order services (PostgreSQL, MariaDB), Spring MVC on"
                + " platform or virtual threads vs WebFlux, 1 or more instances behind a round-robin load balancer";
    }

    @Override
    public List<VariantInfo> variants() {
        return ApplicationVariant.infos(EshopVariant.class);
    }

    @Override
    public List<ServiceInfo> services() {
        return Arrays.stream(EshopService.values())
                .map(s -> new ServiceInfo(s.id(), s.defaultPort(), s.description())).toList();
    }

    @Override
    public List<DatabaseInfo> databases() {
        return Arrays.stream(EshopService.values()).map(s -> new DatabaseInfo(s.id(), s.database(), s.migrations(),
                s.mariadb() ? DatabaseInfo.Engine.MARIADB : DatabaseInfo.Engine.POSTGRES)).toList();
    }

    @Override
    public DataGenerator data() {
        return data;
    }

    @Override
    public List<ScenarioInfo> scenarios() {
        return SCENARIOS;
    }

    /** The scenario's entry service and inventory, which product and order call. */
    @Override
    public Set<String> servicesFor(ScenarioInfo scenario) {
        Set<String> services = new LinkedHashSet<>(scenario.services());
        services.add(EshopService.INVENTORY.id());
        return services;
    }

    @Override
    public List<LoadPreset> loadPresets(ScenarioInfo scenario) {
        if (scenario.id().equals("import")) {
            // every upload needs an import file of its own (codes are stored once) and one takes about 0.3 s: short
            // windows without warm-up stay within the data set's files (40 at scale ci, 100 at seed)
            return List.of(
                    new LoadPreset(LoadPreset.QUICK, "a first look: one user for 8 s (the ci data set has 40 import"
                            + " files)", List.of(1), 1, 0, 8),
                    new LoadPreset("seed003", "seed 003's 10 users, 3 runs, each for 5 s without warm-up (within the"
                            + " seed data set's 100 import files)", List.of(10), 3, 0, 5));
        }
        boolean large = scenario.id().equals("export");
        List<Integer> quick = large ? List.of(1, 2) : List.of(10, 50);
        List<Integer> seed = large ? List.of(10) : List.of(100, 3000);
        return List.of(
                new LoadPreset(LoadPreset.QUICK, "a first look in a couple of minutes", quick, 1, 10, 20),
                new LoadPreset("seed003", "seed 003's user counts (" + (large ? "10 users" : "100 and 3,000 users")
                        + ", 3 runs), as concurrent users of the closed model", seed, 3, 30, 60));
    }

    @Override
    public Map<String, String> launchSettings() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put(INSTANCES, "instances of each service, 1 to " + MAX_INSTANCES + " (default 1; --instances N):"
                + " product and order reach inventory's instances round-robin through Spring Cloud LoadBalancer, the"
                + " load spreads over the entry service's instances");
        settings.put(FAN_OUT, "order's concurrent reservation calls in individual mode, 1 to " + FanOut.MAX
                + " (default " + FanOut.DEFAULT + ", every variant)");
        settings.put(FAITHFUL, "true: the platform variant makes its reservation calls one at a time (fan-out 1), as the"
                + " seed's conventional service did; the other variants unchanged");
        settings.put(POOL_SIZE, "connections of each service's database pool (default "
                + EshopDeployment.DEFAULT_POOL_SIZE + ")");
        return settings;
    }

    @Override
    public Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("database pools", EshopDeployment.DEFAULT_POOL_SIZE + " connections per service instance (HikariCP,"
                + " r2dbc-pool), 2 s acquire timeout, in every variant (ADR 0012)");
        env.put("databases", "products and inventory on PostgreSQL (the seed's MongoDB, ADR 0012), orders on"
                + " MariaDB");
        env.put("HTTP client to inventory", "500 connections per target (Apache HttpClient 5 in MVC, Reactor Netty"
                + " in WebFlux), round-robin over inventory's instances (Spring Cloud LoadBalancer)");
        env.put("request threads", "Tomcat 200 platform (platform), a virtual thread per request (virtual), Netty"
                + " event loops, one per core (reactive)");
        return env;
    }

    /**
     * The variant's three services, one instance each, with the arguments {@link EshopDeployment} gives them: products and
     * stock on the cluster's PostgreSQL, orders on its MariaDB, product and order calling inventory through the load
     * balancer's one-instance list, launch settings at their defaults (the fan-out of every variant, the default pools).
     * Images {@code <registry>/eshop-<variant>-<service>:<tag>}. {@code --instances} has no counterpart here.
     */
    @Override
    public java.util.Optional<KubernetesVariant> kubernetes(String variant, KubernetesNames names) {
        EshopVariant chosen = EshopVariant.parse(variant);
        List<KubernetesVariant.Container> containers = new java.util.ArrayList<>();
        for (EshopService service : EshopService.values()) {
            List<String> args = new java.util.ArrayList<>();
            args.add("--server.port=" + service.defaultPort());
            if (service.mariadb()) {
                args.add("--eshop.db.host=" + KubernetesNames.MARIADB_HOST);
                args.add("--eshop.db.port=" + KubernetesNames.MARIADB_PORT);
                args.add("--eshop.db.username=" + KubernetesNames.MARIADB_USER);
                args.add("--eshop.db.password=" + names.mariadbPassword());
            } else {
                args.add("--eshop.db.host=" + KubernetesNames.POSTGRES_HOST);
                args.add("--eshop.db.port=" + KubernetesNames.POSTGRES_PORT);
                args.add("--eshop.db.username=" + KubernetesNames.POSTGRES_USER);
                args.add("--eshop.db.password=" + names.postgresPassword());
            }
            args.add("--eshop.db.name=" + service.database());
            args.add("--eshop.db.pool-size=" + EshopDeployment.DEFAULT_POOL_SIZE);
            if (service.callsInventory()) {
                args.add("--spring.cloud.discovery.client.simple.instances.inventory[0].uri="
                        + names.url(EshopService.INVENTORY.id(), EshopService.INVENTORY.defaultPort()));
            }
            if (service == EshopService.ORDER) {
                args.add("--" + FanOut.PROPERTY + "=" + FanOut.DEFAULT);
            }
            containers.add(new KubernetesVariant.Container(service.id(), names.image(ID, chosen.id(), service.id()),
                    service.defaultPort(), KubernetesVariant.Role.SERVICE, args));
        }
        return java.util.Optional.of(new KubernetesVariant(containers, false, Map.of()));
    }

    @Override
    public Deployment launch(LaunchRequest request) {
        return EshopDeployment.start(RepoLayout.locate(), request);
    }
}
