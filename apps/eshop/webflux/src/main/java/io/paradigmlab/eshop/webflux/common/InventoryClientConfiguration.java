package io.paradigmlab.eshop.webflux.common;

import io.netty.channel.ChannelOption;
import java.time.Duration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.cloud.client.loadbalancer.LoadBalanced;
import org.springframework.cloud.loadbalancer.core.ReactorServiceInstanceLoadBalancer;
import org.springframework.cloud.loadbalancer.support.LoadBalancerClientFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.http.codec.json.JacksonJsonDecoder;
import org.springframework.http.codec.json.JacksonJsonEncoder;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;
import tools.jackson.databind.json.JsonMapper;

/**
 * The client of Inventory for Product and Order (imported by their configurations only): a {@link LoadBalanced}
 * {@link WebClient.Builder} (Spring Cloud LoadBalancer adds its exchange filter to it; round robin, the default) over
 * Reactor Netty with a {@link ConnectionProvider} of {@code eshop.http.max-connections} (default
 * {@value #DEFAULT_MAX_CONNECTIONS}) connections per target, connect timeout 2 s and response timeout 5 s, and the
 * application's JSON mapper. Calls beyond the pool wait for a connection, at most 10,000 of them and at most 5 s each
 * (a refused acquire answers 503), as requests wait for Apache HttpClient's pool in the MVC variants.
 *
 * <p>The load balancer's per-service context is created at start, not by the first request on an event loop.
 */
@Configuration(proxyBeanMethods = false)
public class InventoryClientConfiguration {

    public static final String MAX_CONNECTIONS = "eshop.http.max-connections";
    public static final int DEFAULT_MAX_CONNECTIONS = 500;
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
    public static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(5);
    /** Largest answer read from Inventory (a 1,000-line rejection list is about 80 KB). */
    private static final int MAX_BODY_BYTES = 4 * 1024 * 1024;

    @Bean(destroyMethod = "dispose")
    ConnectionProvider eshopInventoryConnections(Environment env) {
        int max = env.getProperty(MAX_CONNECTIONS, Integer.class, DEFAULT_MAX_CONNECTIONS);
        if (max < 1) {
            throw new IllegalArgumentException(MAX_CONNECTIONS + " must be at least 1: " + max);
        }
        return ConnectionProvider.builder("eshop-inventory")
                .maxConnections(max)
                // bounded, and as long as the MVC variants wait for a pooled connection (their request timeout, 5 s);
                // Reactor Netty's defaults would queue without end for 45 s. A refused acquire answers 503.
                .pendingAcquireMaxCount(10_000)
                .pendingAcquireTimeout(Duration.ofSeconds(5))
                .build();
    }

    @Bean
    @LoadBalanced
    WebClient.Builder eshopInventoryWebClientBuilder(ConnectionProvider connections, JsonMapper json) {
        HttpClient http = HttpClient.create(connections)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, Math.toIntExact(CONNECT_TIMEOUT.toMillis()))
                .responseTimeout(RESPONSE_TIMEOUT);
        return WebClient.builder()
                .clientConnector(new ReactorClientHttpConnector(http))
                .codecs(codecs -> {
                    codecs.defaultCodecs().jacksonJsonDecoder(new JacksonJsonDecoder(json));
                    codecs.defaultCodecs().jacksonJsonEncoder(new JacksonJsonEncoder(json));
                    codecs.defaultCodecs().maxInMemorySize(MAX_BODY_BYTES);
                });
    }

    @Bean
    InventoryClient eshopInventoryClient(@LoadBalanced WebClient.Builder builder) {
        return new InventoryClient(builder.baseUrl(InventoryClient.BASE_URL).build());
    }

    /** Creates the load balancer's context for {@code inventory} at start (also: eager-load in application.yml). */
    @Bean
    SmartInitializingSingleton eshopInventoryLoadBalancerEagerInit(ObjectProvider<LoadBalancerClientFactory> factory) {
        return () -> factory.ifAvailable(f -> f.getInstance(InventoryClient.SERVICE_ID,
                ReactorServiceInstanceLoadBalancer.class));
    }
}
