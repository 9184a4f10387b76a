package io.paradigmlab.eshop.mvc.common;

import java.time.Duration;
import java.util.List;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.cloud.client.loadbalancer.LoadBalanced;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.http.converter.json.JacksonJsonHttpMessageConverter;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * The client of Inventory for Product and Order (imported by their configurations, not by Inventory's): a
 * {@link LoadBalanced} {@link RestClient.Builder} (Spring Cloud LoadBalancer's interceptor picks an instance per call,
 * round-robin) over Apache HttpClient 5's pooling connection manager.
 *
 * <p>Settings (the WebFlux twin's Reactor Netty {@code ConnectionProvider} has the same):
 * <ul>
 *   <li>{@value #MAX_CONNECTIONS} (500): connections per Inventory instance; a call waits for a free one at most the
 *       response timeout, then fails (503).</li>
 *   <li>connect timeout {@link #CONNECT_TIMEOUT} (2 s), response timeout {@link #RESPONSE_TIMEOUT} (5 s, also the
 *       longest wait for a pooled connection): then 503 Inventory unavailable.</li>
 * </ul>
 * No automatic retries (a retried call would be a second call, unequal work), no redirects, cookies or compression.
 * The JSON converter is Spring Boot's {@code JsonMapper}, the one every answer is written with.
 */
@Configuration(proxyBeanMethods = false)
public class InventoryClientConfiguration {

    public static final String MAX_CONNECTIONS = "eshop.http.max-connections";
    public static final int DEFAULT_MAX_CONNECTIONS = 500;
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
    public static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(5);
    /** Up to this many Inventory instances get {@value #MAX_CONNECTIONS} connections each. */
    private static final int MAX_INSTANCES = 16;

    @Bean(destroyMethod = "close")
    CloseableHttpClient eshopInventoryHttpClient(Environment env) {
        int max = env.getProperty(MAX_CONNECTIONS, Integer.class, DEFAULT_MAX_CONNECTIONS);
        if (max < 1) {
            throw new IllegalArgumentException(MAX_CONNECTIONS + " must be at least 1, was " + max);
        }
        PoolingHttpClientConnectionManager connections = PoolingHttpClientConnectionManagerBuilder.create()
                .setMaxConnPerRoute(max)
                .setMaxConnTotal(max * MAX_INSTANCES)
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(Timeout.of(CONNECT_TIMEOUT))
                        .setSocketTimeout(Timeout.of(RESPONSE_TIMEOUT))
                        // a pooled connection idle this long is checked before reuse (Tomcat may have closed it)
                        .setValidateAfterInactivity(TimeValue.ofSeconds(2))
                        .build())
                .build();
        return HttpClients.custom()
                .setConnectionManager(connections)
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setConnectionRequestTimeout(Timeout.of(RESPONSE_TIMEOUT))
                        .setResponseTimeout(Timeout.of(RESPONSE_TIMEOUT))
                        .build())
                .disableAutomaticRetries()
                .disableRedirectHandling()
                .disableCookieManagement()
                .disableContentCompression()
                .disableAuthCaching()
                .evictIdleConnections(TimeValue.ofSeconds(30))
                .build();
    }

    @Bean
    @LoadBalanced
    RestClient.Builder eshopInventoryRestClientBuilder(CloseableHttpClient eshopInventoryHttpClient, JsonMapper json) {
        return RestClient.builder()
                .baseUrl(InventoryClient.BASE_URL)
                .requestFactory(new HttpComponentsClientHttpRequestFactory(eshopInventoryHttpClient))
                .messageConverters(List.of(new JacksonJsonHttpMessageConverter(json)));
    }

    @Bean
    InventoryClient eshopInventoryClient(@LoadBalanced @Qualifier("eshopInventoryRestClientBuilder")
            RestClient.Builder eshopInventoryRestClientBuilder) {
        return new InventoryClient(eshopInventoryRestClientBuilder.build());
    }
}
