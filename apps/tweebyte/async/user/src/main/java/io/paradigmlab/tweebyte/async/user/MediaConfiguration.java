package io.paradigmlab.tweebyte.async.user;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.paradigmlab.tweebyte.async.common.BoundedExecutors;
import io.paradigmlab.tweebyte.async.common.Downstream;
import io.paradigmlab.tweebyte.domain.media.MediaStream;
import io.paradigmlab.tweebyte.web.mvc.media.ExecutorMetrics;
import io.paradigmlab.tweebyte.web.mvc.media.MediaStreaming;
import java.util.concurrent.ExecutorService;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.support.TaskExecutorAdapter;
import org.springframework.web.servlet.config.annotation.AsyncSupportConfigurer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The user service's blocking stream in the async variant (seed 001 listing 7, docs/adr/0010-media-workloads.md):
 * servlet async on the {@code stream} executor, 1,000 platform threads over a bounded queue, registered as Spring
 * MVC's async executor (the one a {@code StreamingResponseBody} runs on; the service's other answers are futures,
 * which need none); a full queue answers 503. Every pool of the service on {@code /actuator/prometheus}.
 */
@Configuration(proxyBeanMethods = false)
class MediaConfiguration {

    /** The seed's pool of blocking producers: one platform thread per stream in progress. */
    static final int STREAM_THREADS = 1000;

    @Bean(destroyMethod = "shutdown")
    @Qualifier("stream")
    ExecutorService streamExecutor() {
        return BoundedExecutors.fixed(STREAM_THREADS, BoundedExecutors.QUEUE_CAPACITY, "stream-");
    }

    @Bean
    WebMvcConfigurer streamAsyncSupport(@Qualifier("stream") ExecutorService stream) {
        return new WebMvcConfigurer() {
            @Override
            public void configureAsyncSupport(AsyncSupportConfigurer configurer) {
                configurer.setTaskExecutor(new TaskExecutorAdapter(stream));
            }
        };
    }

    @Bean
    MediaStreaming mediaStreaming(MeterRegistry registry,
                                  @Value("${tweebyte.media.stream.bytes-per-second:" + MediaStream.DEFAULT_BYTES_PER_SECOND
                                          + "}") long bytesPerSecond) {
        return new MediaStreaming(registry, bytesPerSecond);
    }

    @Bean
    MeterBinder userPoolMetrics(@Qualifier("stream") ExecutorService stream, @Qualifier("db") ExecutorService db,
                                @Qualifier("cpu") ExecutorService cpu, Downstream downstream) {
        return registry -> {
            ExecutorMetrics.bind(registry, stream, "stream");
            ExecutorMetrics.bind(registry, db, "db");
            // BCrypt and token signing (the user service's own CPU pool, not the media pipeline's)
            ExecutorMetrics.bind(registry, cpu, "cpu");
            ExecutorMetrics.bind(registry, downstream.executor(), "client");
        };
    }
}
