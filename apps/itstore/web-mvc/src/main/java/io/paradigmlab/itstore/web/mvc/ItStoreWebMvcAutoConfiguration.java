package io.paradigmlab.itstore.web.mvc;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.paradigmlab.common.contract.WebPlumbing;
import io.paradigmlab.common.web.mvc.MvcPlumbingConfiguration;
import io.paradigmlab.itstore.domain.error.StandardErrors;
import io.paradigmlab.itstore.port.BlockingItStore;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import tools.jackson.databind.json.JsonMapper;

/**
 * The IT store's Spring MVC web layer, the same for the four MVC variants ({@code jdbc-mvc}, {@code jdbc-virtual},
 * {@code r2dbc-mvc}, {@code r2dbc-virtual}; docs/adr/0009-itstore-variants.md): the {@link ItStoreController} over the
 * variant's one {@link BlockingItStore} bean (the driver module's), the contract's error bodies (including the answers
 * Tomcat gives itself), the in-flight bound, and in the virtual-thread variants a gauge of live virtual threads. The variants
 * differ only in the driver module on their class path and {@code spring.threads.virtual.enabled}.
 *
 * <p>Knobs that change a measurement:
 * <ul>
 *   <li>{@code itstore.materialize} (false): build the whole {@code first_N_products} list before writing it, as the
 *       original MVC did ({@link ItStoreController#ItStoreController}).</li>
 *   <li>{@code itstore.limits.max-concurrent-requests} (1,000): requests in flight above which a request is answered
 *       503 at once ({@link StandardErrors#WEB}). The MVC variants answer on the request thread (no async dispatch,
 *       also not for the streamed {@code first_N_products}), so a request is in flight while the filter runs.</li>
 *   <li>{@code itstore.metrics.virtual-threads} (true), effective only with {@code spring.threads.virtual.enabled}:
 *       the JFR recording behind {@code jvm.threads.virtual.live} ({@link VirtualThreadMetrics}).</li>
 * </ul>
 */
@AutoConfiguration(beforeName = "org.springframework.boot.webmvc.autoconfigure.error.ErrorMvcAutoConfiguration")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@Import(MvcPlumbingConfiguration.class)
public class ItStoreWebMvcAutoConfiguration {

    /** {@code itstore.metrics.virtual-threads}. */
    public static final String VIRTUAL_THREAD_METRICS = "itstore.metrics.virtual-threads";
    /** The gauge's name; Prometheus: {@code jvm_threads_virtual_live} (no base unit, so no suffix). */
    public static final String VIRTUAL_THREADS_GAUGE = "jvm.threads.virtual.live";

    @Bean
    ItStoreController itStoreController(BlockingItStore store, JsonMapper json, Environment env) {
        return new ItStoreController(store, json, env.getProperty(ItStoreController.MATERIALIZE, Boolean.class, false));
    }

    /** The shared servlet plumbing with the IT store's words and edge ({@link StandardErrors#WEB}). */
    @Bean
    WebPlumbing itStoreWebPlumbing() {
        return StandardErrors.WEB;
    }

    /**
     * {@code jvm.threads.virtual.live} (Prometheus {@code jvm_threads_virtual_live}): virtual threads started minus
     * ended, from JFR ({@link VirtualThreadCounter}), for the lab's thread figures. Only in the virtual-thread variants
     * ({@code spring.threads.virtual.enabled=true}), and unless {@code itstore.metrics.virtual-threads=false}. It
     * changes a measurement: two JFR events per virtual thread, i.e. per request, plus the recording's few platform
     * threads, in the virtual variants only; turn it off to measure them without it.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnBooleanProperty("spring.threads.virtual.enabled")
    @ConditionalOnBooleanProperty(name = VIRTUAL_THREAD_METRICS, matchIfMissing = true)
    static class VirtualThreadMetrics {

        @Bean(destroyMethod = "close")
        VirtualThreadCounter itStoreVirtualThreadCounter() {
            return new VirtualThreadCounter();
        }

        /** Bound by Spring Boot to every meter registry (the variants' Prometheus one). */
        @Bean
        MeterBinder itStoreVirtualThreadGauge(VirtualThreadCounter counter) {
            return registry -> Gauge.builder(VIRTUAL_THREADS_GAUGE, counter, VirtualThreadCounter::live)
                    .description("Live virtual threads: JFR's jdk.VirtualThreadStart minus jdk.VirtualThreadEnd")
                    .strongReference(true)
                    .register(registry);
        }
    }
}
