package io.paradigmlab.eshop.webflux;

import io.paradigmlab.common.blockhound.BlockHoundInstaller;
import io.paradigmlab.eshop.schema.EshopSchema.Store;
import io.paradigmlab.eshop.schema.EshopSchema;
import io.paradigmlab.eshop.webflux.inventory.InventoryConfiguration;
import io.paradigmlab.eshop.webflux.order.OrderConfiguration;
import io.paradigmlab.eshop.webflux.product.ProductConfiguration;
import io.paradigmlab.lab.infra.MariaDb;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.web.server.WebFilter;
import reactor.core.publisher.Mono;

/**
 * The tests' world, started once per test JVM and shared by the test classes: a real embedded PostgreSQL (zonky) with
 * {@code eshop_product} and {@code eshop_inventory}, a real embedded MariaDB (lab-cli's {@link MariaDb}) with
 * {@code eshop_order}, all migrated with the schema's Flyway migrations, and the three services, each its own Spring
 * Boot application on Reactor Netty at a random port, started as the thin apps start them (their configuration, the
 * launch contract's properties), with BlockHound installed first. Product and Order call the live Inventory through
 * the load balancer; extra instances call an Inventory that is down, or fan out one call at a time.
 */
final class EshopTestServices {

    private static EshopTestServices instance;

    final EmbeddedPostgres postgres;
    final MariaDb mariaDb;
    final TestServer inventory;
    final TestServer product;
    final TestServer order;
    /** Order with {@code eshop.order.fan-out=1}: the seed's sequential variant. */
    final TestServer sequentialOrder;
    /** Product whose Inventory is down, with at most one request in flight. */
    final TestServer productWithoutInventory;
    /** Order whose Inventory is down. */
    final TestServer orderWithoutInventory;
    private final List<ConfigurableApplicationContext> contexts = new ArrayList<>();

    private EshopTestServices() throws IOException, SQLException {
        BlockHoundInstaller.install();
        // MariaDB starts (and the first time unpacks) in the background while PostgreSQL, Inventory and Product start
        CompletableFuture<MariaDb> startingMariaDb = CompletableFuture.supplyAsync(() -> {
            MariaDb maria = MariaDb.embedded(Path.of("target", "mariadb-work"));
            maria.recreateDatabase(Store.ORDER.database(), Store.ORDER.migrations());
            return maria;
        });
        postgres = EmbeddedPostgres.builder().start();
        try (Connection c = postgres.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + Store.PRODUCT.database());
            s.execute("CREATE DATABASE " + Store.INVENTORY.database());
        }
        EshopSchema.migrate(Store.PRODUCT, pgJdbcUrl(Store.PRODUCT), "postgres", "postgres");
        EshopSchema.migrate(Store.INVENTORY, pgJdbcUrl(Store.INVENTORY), "postgres", "postgres");

        inventory = start(InventoryApp.class, "eshop-reactive-inventory", pgR2dbcUrl(Store.INVENTORY));
        String inventoryUri = "http://127.0.0.1:" + inventory.port;
        String deadUri = "http://127.0.0.1:" + freePort();
        product = start(ProductApp.class, "eshop-reactive-product", pgR2dbcUrl(Store.PRODUCT),
                "spring.cloud.discovery.client.simple.instances.inventory[0].uri=" + inventoryUri);
        productWithoutInventory = start(ProductApp.class, "eshop-reactive-product", pgR2dbcUrl(Store.PRODUCT),
                "spring.cloud.discovery.client.simple.instances.inventory[0].uri=" + deadUri,
                "eshop.limits.max-concurrent-requests=1");
        mariaDb = startingMariaDb.join();
        order = start(OrderApp.class, "eshop-reactive-order", mariaDbR2dbcUrl(),
                "spring.cloud.discovery.client.simple.instances.inventory[0].uri=" + inventoryUri);
        sequentialOrder = start(OrderApp.class, "eshop-reactive-order", mariaDbR2dbcUrl(),
                "spring.cloud.discovery.client.simple.instances.inventory[0].uri=" + inventoryUri,
                "eshop.order.fan-out=1");
        orderWithoutInventory = start(OrderApp.class, "eshop-reactive-order", mariaDbR2dbcUrl(),
                "spring.cloud.discovery.client.simple.instances.inventory[0].uri=" + deadUri);
    }

    static synchronized EshopTestServices get() {
        if (instance == null) {
            try {
                instance = new EshopTestServices();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(instance::close, "stop-eshop-test-services"));
        }
        return instance;
    }

    private TestServer start(Class<?> app, String name, String r2dbcUrl, String... extra) {
        boolean maria = r2dbcUrl.startsWith("r2dbc:mariadb");
        List<String> properties = new ArrayList<>(List.of(
                // the thin apps' application.yml, where the tests depend on it
                "server.port=0",
                "server.max-http-request-header-size=8KB",
                "server.netty.max-initial-line-length=8KB",
                "spring.main.banner-mode=off",
                "spring.web.resources.add-mappings=false",
                "spring.application.name=" + name,
                "spring.cloud.loadbalancer.eager-load.clients=inventory",
                // the launch contract's database properties
                "eshop.db.url=" + r2dbcUrl,
                "eshop.db.username=" + (maria ? MariaDb.USER : "postgres"),
                "eshop.db.password=" + (maria ? MariaDb.PASSWORD : "postgres"),
                "eshop.db.pool-size=10",
                "eshop.db.loop-threads=2"));
        properties.addAll(List.of(extra));
        ConfigurableApplicationContext context = new SpringApplicationBuilder(app)
                .web(WebApplicationType.REACTIVE)
                .properties(properties.toArray(String[]::new))
                .run();
        contexts.add(context);
        return new TestServer(((WebServerApplicationContext) context).getWebServer().getPort(), context);
    }

    String pgJdbcUrl(Store store) {
        return postgres.getJdbcUrl("postgres", store.database());
    }

    private String pgR2dbcUrl(Store store) {
        return "r2dbc:postgresql://127.0.0.1:" + postgres.getPort() + "/" + store.database();
    }

    private String mariaDbR2dbcUrl() {
        return mariaDb.endpoint().r2dbcUrl(Store.ORDER.database());
    }

    Connection productDb() throws SQLException {
        return DriverManager.getConnection(pgJdbcUrl(Store.PRODUCT), "postgres", "postgres");
    }

    Connection inventoryDb() throws SQLException {
        return DriverManager.getConnection(pgJdbcUrl(Store.INVENTORY), "postgres", "postgres");
    }

    Connection orderDb() throws SQLException {
        return DriverManager.getConnection(mariaDb.endpoint().jdbcUrl(Store.ORDER.database()), MariaDb.USER,
                MariaDb.PASSWORD);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private synchronized void close() {
        for (ConfigurableApplicationContext context : contexts.reversed()) {
            try {
                context.close();
            } catch (RuntimeException e) {
                // stopping anyway
            }
        }
        mariaDb.close();
        try {
            postgres.close();
        } catch (IOException e) {
            // stopping anyway
        }
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(InventoryConfiguration.class)
    static class InventoryApp {
        /** Counts the requests the live Inventory receives: a stock PUT for a missing product must make none. */
        @Bean
        WebFilter requestCounter() {
            return (exchange, chain) -> {
                if (!exchange.getRequest().getPath().value().startsWith("/inventory")) {
                    return chain.filter(exchange);
                }
                instanceCounter().incrementAndGet();
                INVENTORY_PEAK.accumulateAndGet(INVENTORY_IN_FLIGHT.incrementAndGet(), Math::max);
                // a request stops being in flight before its response is committed: counted after the write, the
                // Order service's next sequential call could arrive first and look like an overlap
                AtomicBoolean done = new AtomicBoolean();
                Runnable leave = () -> {
                    if (done.compareAndSet(false, true)) {
                        INVENTORY_IN_FLIGHT.decrementAndGet();
                    }
                };
                exchange.getResponse().beforeCommit(() -> Mono.fromRunnable(leave));
                return chain.filter(exchange).doFinally(signal -> leave.run());
            };
        }
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(ProductConfiguration.class)
    static class ProductApp {
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(OrderConfiguration.class)
    static class OrderApp {
    }

    /** Requests to {@code /inventory/**} the live Inventory received. */
    private static final AtomicInteger INVENTORY_REQUESTS = new AtomicInteger();

    private static AtomicInteger instanceCounter() {
        return INVENTORY_REQUESTS;
    }

    int inventoryRequests() {
        return INVENTORY_REQUESTS.get();
    }

    private static final AtomicInteger INVENTORY_IN_FLIGHT = new AtomicInteger();
    private static final AtomicInteger INVENTORY_PEAK = new AtomicInteger();

    /** The most requests the live Inventory had in flight at once since the last call; starts counting anew. */
    int takeInventoryPeakInFlight() {
        return INVENTORY_PEAK.getAndSet(INVENTORY_IN_FLIGHT.get());
    }
}
