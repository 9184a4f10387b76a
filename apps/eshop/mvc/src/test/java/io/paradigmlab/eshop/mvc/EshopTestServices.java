package io.paradigmlab.eshop.mvc;

import io.paradigmlab.eshop.mvc.inventory.InventoryConfiguration;
import io.paradigmlab.eshop.mvc.order.OrderConfiguration;
import io.paradigmlab.eshop.mvc.product.ProductConfiguration;
import io.paradigmlab.eshop.schema.EshopSchema;
import io.paradigmlab.eshop.schema.EshopSchema.Store;
import io.paradigmlab.lab.infra.MariaDb;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.ContentCachingResponseWrapper;

/**
 * The e-shop's services as the lab runs them, on real servers, started once per test JVM: embedded PostgreSQL
 * (zonky) with {@code eshop_product} and {@code eshop_inventory}, the lab's embedded MariaDB with {@code eshop_order},
 * each migrated; Inventory, Product and Order as Spring Boot applications on random ports, importing only their own
 * service's configuration, with the settings of the thin apps' {@code application.yml}. Product and Order call
 * Inventory through the load balancer's static list.
 *
 * <p>Apps: Inventory (platform threads, counting the calls it gets), Product (virtual threads), Order platform and
 * virtual with fan-out 55, Order platform with fan-out 1 (the faithful toggle); started on first use. Tests share
 * the databases and use fresh codes and order numbers, so they never meet.
 */
final class EshopTestServices {

    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import(InventoryConfiguration.class)
    static class InventoryApp {

        /** Counts Inventory's requests by path, so tests can tell whether (and how often) it was called. */
        @Bean
        CallCounter callCounter() {
            return new CallCounter();
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

    /** Requests per path ({@code METHOD /path}) that reached Inventory. */
    static final class CallCounter extends OncePerRequestFilter {

        private final ConcurrentHashMap<String, AtomicInteger> calls = new ConcurrentHashMap<>();
        private final AtomicInteger inFlight = new AtomicInteger();
        private final AtomicInteger peak = new AtomicInteger();

        @Override
        protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
                throws ServletException, IOException {
            calls.computeIfAbsent(request.getMethod() + " " + request.getRequestURI(), k -> new AtomicInteger())
                    .incrementAndGet();
            peak.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            // the body is held back until the request has left the count: written directly, it could reach the
            // Order service, whose next sequential call could arrive before the decrement and look like an overlap
            ContentCachingResponseWrapper held = new ContentCachingResponseWrapper(response);
            try {
                chain.doFilter(request, held);
            } finally {
                inFlight.decrementAndGet();
                held.copyBodyToResponse();
            }
        }

        /** The most requests Inventory had in flight at once since the last call; starts counting anew. */
        int takePeakInFlight() {
            return peak.getAndSet(inFlight.get());
        }

        int count(String methodAndPathPrefix) {
            return calls.entrySet().stream().filter(e -> e.getKey().startsWith(methodAndPathPrefix))
                    .mapToInt(e -> e.getValue().get()).sum();
        }
    }

    record App(ConfigurableApplicationContext context, int port) {

        String url(String path) {
            return "http://127.0.0.1:" + port + path;
        }
    }

    private static EshopTestServices instance;

    private final EmbeddedPostgres postgres;
    private final MariaDb mariaDb;
    final JdbcClient productDb;
    final JdbcClient inventoryDb;
    final JdbcClient orderDb;
    final App inventory;
    private App product;
    private App orderPlatform;
    private App orderVirtual;
    private App orderSequential;

    private EshopTestServices() throws Exception {
        postgres = EmbeddedPostgres.builder().start();
        try (Connection c = postgres.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + Store.PRODUCT.database());
            s.execute("CREATE DATABASE " + Store.INVENTORY.database());
        }
        DataSource products = postgres.getDatabase("postgres", Store.PRODUCT.database());
        DataSource stock = postgres.getDatabase("postgres", Store.INVENTORY.database());
        EshopSchema.migrate(Store.PRODUCT, products);
        EshopSchema.migrate(Store.INVENTORY, stock);
        productDb = JdbcClient.create(products);
        inventoryDb = JdbcClient.create(stock);
        mariaDb = MariaDb.embedded(Path.of("target", "eshop-mvc-test"));
        mariaDb.recreateDatabase(Store.ORDER.database(), Store.ORDER.migrations());
        orderDb = JdbcClient.create(new org.springframework.jdbc.datasource.DriverManagerDataSource(
                mariaDb.endpoint().jdbcUrl(Store.ORDER.database()), MariaDb.USER, MariaDb.PASSWORD));
        inventory = start(InventoryApp.class, "inventory", false, postgresUrl(Store.INVENTORY), "postgres",
                "postgres", List.of("eshop.db.pool-size=20"));
        Runtime.getRuntime().addShutdownHook(new Thread(this::close, "stop-eshop-test-services"));
    }

    static synchronized EshopTestServices get() {
        if (instance == null) {
            try {
                instance = new EshopTestServices();
            } catch (Exception e) {
                throw new IllegalStateException("cannot start the test services", e);
            }
        }
        return instance;
    }

    CallCounter inventoryCalls() {
        return inventory.context().getBean(CallCounter.class);
    }

    synchronized App product() {
        if (product == null) {
            product = startProduct(true, inventory.port(), List.of());
        }
        return product;
    }

    synchronized App orderPlatform() {
        if (orderPlatform == null) {
            orderPlatform = startOrder(false, inventory.port(), List.of("eshop.order.fan-out=55"));
        }
        return orderPlatform;
    }

    synchronized App orderVirtual() {
        if (orderVirtual == null) {
            orderVirtual = startOrder(true, inventory.port(), List.of("eshop.order.fan-out=55"));
        }
        return orderVirtual;
    }

    synchronized App orderSequential() {
        if (orderSequential == null) {
            orderSequential = startOrder(false, inventory.port(), List.of("eshop.order.fan-out=1"));
        }
        return orderSequential;
    }

    App startProduct(boolean virtual, int inventoryPort, List<String> extra) {
        List<String> properties = new ArrayList<>(extra);
        properties.add("spring.cloud.discovery.client.simple.instances.inventory[0].uri=http://127.0.0.1:"
                + inventoryPort);
        return start(ProductApp.class, "product", virtual, postgresUrl(Store.PRODUCT), "postgres", "postgres",
                properties);
    }

    App startOrder(boolean virtual, int inventoryPort, List<String> extra) {
        List<String> properties = new ArrayList<>(extra);
        properties.add("spring.cloud.discovery.client.simple.instances.inventory[0].uri=http://127.0.0.1:"
                + inventoryPort);
        return start(OrderApp.class, "order", virtual, mariaDb.endpoint().jdbcUrl(Store.ORDER.database()),
                MariaDb.USER, MariaDb.PASSWORD, properties);
    }

    /** An Inventory whose PostgreSQL is at {@code jdbcUrl}. */
    App startInventory(String jdbcUrl, List<String> extra) {
        return start(InventoryApp.class, "inventory", true, jdbcUrl, "postgres", "postgres", extra);
    }

    /** A second Inventory on the same database. */
    App startInventory() {
        return startInventory(postgresUrl(Store.INVENTORY), List.of());
    }

    /** A port nothing listens on: an Inventory that is down. */
    static int deadPort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private String postgresUrl(Store store) {
        return "jdbc:postgresql://localhost:" + postgres.getPort() + "/" + store.database();
    }

    /** The settings of the thin apps' application.yml, with the database given directly. */
    static App start(Class<?> app, String service, boolean virtual, String jdbcUrl, String user, String password,
            List<String> extra) {
        List<String> args = new ArrayList<>(List.of(
                "--server.port=0",
                "--spring.main.banner-mode=off",
                "--logging.level.root=WARN",
                "--logging.level.io.paradigmlab=INFO",
                "--spring.application.name=eshop-" + (virtual ? "virtual-" : "platform-") + service,
                "--spring.threads.virtual.enabled=" + virtual,
                "--spring.datasource.url=" + jdbcUrl,
                "--spring.datasource.username=" + user,
                "--spring.datasource.password=" + password,
                "--spring.datasource.hikari.maximum-pool-size=${eshop.db.pool-size:5}",
                "--spring.datasource.hikari.minimum-idle=${eshop.db.pool-size:5}",
                "--spring.datasource.hikari.connection-timeout=2000",
                "--spring.datasource.hikari.validation-timeout=1000",
                "--server.tomcat.max-keep-alive-requests=-1",
                "--management.endpoints.web.exposure.include=health,prometheus",
                "--management.health.db.enabled=false",
                "--spring.cloud.loadbalancer.cache.enabled=false"));
        for (String property : extra) {
            args.add("--" + property);
        }
        ConfigurableApplicationContext context = SpringApplication.run(app, args.toArray(String[]::new));
        return new App(context, ((WebServerApplicationContext) context).getWebServer().getPort());
    }

    private void close() {
        for (App app : new App[] {orderSequential, orderVirtual, orderPlatform, product, inventory}) {
            if (app != null) {
                try {
                    app.context().close();
                } catch (RuntimeException e) {
                    // shutting down anyway
                }
            }
        }
        try {
            mariaDb.close();
        } catch (RuntimeException e) {
            // shutting down anyway
        }
        try {
            postgres.close();
        } catch (IOException e) {
            // shutting down anyway
        }
    }
}
