package io.paradigmlab.eshop.mvc.product;

import io.paradigmlab.eshop.mvc.common.InventoryClient;
import io.paradigmlab.eshop.mvc.common.InventoryClientConfiguration;
import jakarta.servlet.MultipartConfigElement;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.servlet.MultipartConfigFactory;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;
import org.springframework.core.task.AsyncTaskExecutor;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.util.unit.DataSize;
import org.springframework.web.servlet.config.annotation.AsyncSupportConfigurer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * ProductService (port 8181, PostgreSQL {@code eshop_product}): its controller and store, the client of Inventory,
 * the import's upload limit (16 MiB, kept in memory: no temporary files), and the executor that writes the streamed
 * export.
 */
@Configuration(proxyBeanMethods = false)
@Import(InventoryClientConfiguration.class)
public class ProductConfiguration {

    @Bean
    ProductStore eshopProductStore(JdbcClient jdbc, PlatformTransactionManager transactions) {
        return new ProductStore(jdbc, new TransactionTemplate(transactions));
    }

    @Bean
    ProductController eshopProductController(ProductStore eshopProductStore, InventoryClient inventory) {
        return new ProductController(eshopProductStore, inventory);
    }

    /** {@code multipart/form-data} imports: at most 16 MiB, held in memory (Spring Boot's default writes to disk). */
    @Bean
    MultipartConfigElement eshopMultipartConfig() {
        MultipartConfigFactory factory = new MultipartConfigFactory();
        DataSize max = DataSize.ofBytes(ProductController.MAX_IMPORT_BYTES);
        factory.setMaxFileSize(max);
        factory.setMaxRequestSize(max);
        factory.setFileSizeThreshold(max);
        return factory.createMultipartConfig();
    }

    /**
     * An upload refused as too large (413) has its unread rest read and dropped by Tomcat up to this many bytes (its
     * default, 2 MB, drops the connection instead, and the client may never see the 413): twice the import's limit.
     */
    @Bean
    WebServerFactoryCustomizer<TomcatServletWebServerFactory> eshopImportSwallowSize() {
        return factory -> factory.addConnectorCustomizers(connector -> {
            if (connector.getProtocolHandler() instanceof AbstractHttp11Protocol<?> http) {
                http.setMaxSwallowSize(2 * ProductController.MAX_IMPORT_BYTES);
            }
        });
    }

    @Bean
    ExportAsyncSupport eshopExportAsyncSupport(Environment env) {
        return new ExportAsyncSupport(env.getProperty("spring.threads.virtual.enabled", Boolean.class, false),
                env.getProperty("server.tomcat.threads.max", Integer.class, 200));
    }

    /**
     * The export is a {@code StreamingResponseBody}: MVC writes it on its async executor, not on the request thread.
     * That executor is set here, so the two variants differ only as their request threads do: a virtual thread per
     * export, or a pool of platform threads as large as Tomcat's ({@code server.tomcat.threads.max}, 200), queue
     * 10,000 (then 503). No async timeout: an export takes as long as the table (271,600 rows) does.
     */
    @Order(Ordered.LOWEST_PRECEDENCE)
    static final class ExportAsyncSupport implements WebMvcConfigurer, DisposableBean {

        static final int QUEUE = 10_000;

        private final AsyncTaskExecutor executor;

        ExportAsyncSupport(boolean virtual, int platformThreads) {
            if (virtual) {
                SimpleAsyncTaskExecutor threads = new SimpleAsyncTaskExecutor("eshop-export-");
                threads.setVirtualThreads(true);
                executor = threads;
            } else {
                ThreadPoolTaskExecutor pool = new ThreadPoolTaskExecutor();
                pool.setThreadNamePrefix("eshop-export-");
                pool.setCorePoolSize(platformThreads);
                pool.setMaxPoolSize(platformThreads);
                pool.setAllowCoreThreadTimeOut(true);
                pool.setQueueCapacity(QUEUE);
                pool.initialize();
                executor = pool;
            }
        }

        @Override
        public void configureAsyncSupport(AsyncSupportConfigurer configurer) {
            configurer.setTaskExecutor(executor);
            configurer.setDefaultTimeout(-1);
        }

        @Override
        public void destroy() {
            if (executor instanceof ThreadPoolTaskExecutor pool) {
                pool.shutdown();
            }
        }
    }
}
