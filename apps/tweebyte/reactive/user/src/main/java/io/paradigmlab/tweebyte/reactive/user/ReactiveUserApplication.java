package io.paradigmlab.tweebyte.reactive.user;

import io.paradigmlab.common.blockhound.BlockHoundInstaller;
import io.paradigmlab.common.web.flux.NettyLoops;
import io.paradigmlab.tweebyte.domain.tweet.TweetSummary;
import io.paradigmlab.tweebyte.reactive.common.ClientProperties;
import io.paradigmlab.tweebyte.reactive.common.CommonConfiguration;
import io.paradigmlab.tweebyte.reactive.common.Downstream;
import io.paradigmlab.tweebyte.reactive.common.SchedulerMetrics;
import java.util.List;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.r2dbc.core.DatabaseClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * User service on Spring WebFlux, Reactor and R2DBC: requests run on a few event-loop threads that
 * never block; CPU-heavy work (BCrypt, token signing) moves to the {@code cpu} scheduler threads
 * ({@link CommonConfiguration}).
 */
@SpringBootApplication
@Import(CommonConfiguration.class)
public class ReactiveUserApplication {

    static final ParameterizedTypeReference<List<TweetSummary>> TWEETS = new ParameterizedTypeReference<>() {
    };
    static final ParameterizedTypeReference<Long> COUNT = new ParameterizedTypeReference<>() {
    };

    /** With {@code -Dtweebyte.blockhound=true} a blocking call on a non-blocking thread fails its request. */
    public static void main(String[] args) {
        NettyLoops.onePerCore();
        BlockHoundInstaller.installIfRequested("tweebyte.blockhound");
        // before any scheduler exists: it sees every executor Reactor creates from now on (pool metrics)
        SchedulerMetrics.install();
        SpringApplication.run(ReactiveUserApplication.class, args);
    }

    @Bean
    R2dbcUserStore userStore(DatabaseClient db) {
        return new R2dbcUserStore(db);
    }

    /** The profile's calls to the interaction and tweet services. */
    @Bean(destroyMethod = "dispose")
    Downstream downstream(ClientProperties client, JsonMapper json) {
        return new Downstream(client, json, List.of(TWEETS.getType(), COUNT.getType()));
    }
}
