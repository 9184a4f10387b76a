package io.paradigmlab.eshop.webflux.product;

import io.paradigmlab.eshop.domain.Barcodes;
import io.paradigmlab.eshop.webflux.common.EshopDatabase;
import io.paradigmlab.eshop.webflux.common.EshopWebConfiguration;
import io.paradigmlab.eshop.webflux.common.InventoryClient;
import io.paradigmlab.eshop.webflux.common.InventoryClientConfiguration;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.postgresql.PostgresqlConnectionFactoryProvider;
import javax.imageio.ImageIO;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.r2dbc.connection.R2dbcTransactionManager;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.netty.resources.LoopResources;

/**
 * ProductService, reactive: everything {@code eshop-reactive-product} runs, imported by its application class. The
 * web layer ({@link EshopWebConfiguration}), the client of Inventory ({@link InventoryClientConfiguration}), and
 * r2dbc-postgresql over a pool of {@code eshop.db.pool-size} connections to {@code eshop.db.url}
 * ({@code r2dbc:postgresql://host:port/eshop_product}).
 *
 * <p>The barcode: {@code ImageIO}'s disk cache is turned off, so writing a PNG to memory never touches a temporary
 * file (a blocking call on {@code parallel()}); one barcode is drawn at start so that the first requests do not
 * load ImageIO's plugins and AWT's classes on a non-blocking thread.
 */
@Configuration(proxyBeanMethods = false)
@Import({EshopWebConfiguration.class, InventoryClientConfiguration.class})
public class ProductConfiguration {

    @Bean
    EshopDatabase eshopProductDatabase(Environment env) {
        return EshopDatabase.from(env);
    }

    @Bean(destroyMethod = "dispose")
    LoopResources eshopProductDbLoops(EshopDatabase db) {
        return db.loopResources("eshop-product-r2dbc");
    }

    @Bean(destroyMethod = "dispose")
    ConnectionPool eshopProductPool(EshopDatabase db, LoopResources eshopProductDbLoops) {
        return db.connectionPool("eshop-product", PostgresqlConnectionFactoryProvider.LOOP_RESOURCES,
                eshopProductDbLoops);
    }

    @Bean
    ProductStore productStore(ConnectionPool eshopProductPool) {
        return new ProductStore(DatabaseClient.create(eshopProductPool),
                TransactionalOperator.create(new R2dbcTransactionManager(eshopProductPool)));
    }

    @Bean
    ProductController productController(ProductStore store, InventoryClient inventory) {
        ImageIO.setUseCache(false);
        Barcodes.code128Png("P0000000");
        return new ProductController(store, inventory);
    }
}
