package io.paradigmlab.tweebyte.async.interaction;

import io.micrometer.core.instrument.binder.MeterBinder;
import io.paradigmlab.tweebyte.async.common.Db;
import io.paradigmlab.tweebyte.async.common.Downstream;
import io.paradigmlab.tweebyte.web.mvc.media.ExecutorMetrics;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The interaction service's pools on {@code /actuator/prometheus} (docs/api/tweebyte.md "Pool metrics"). */
@Configuration(proxyBeanMethods = false)
class PoolMetrics {

    @Bean
    MeterBinder interactionPoolMetrics(Db db, Downstream downstream) {
        return registry -> {
            ExecutorMetrics.bind(registry, db.executor(), "db");
            ExecutorMetrics.bind(registry, downstream.executor(), "client");
        };
    }
}
