package io.paradigmlab.eshop.webflux.common;

import io.paradigmlab.eshop.domain.error.StandardErrors;
import io.paradigmlab.eshop.domain.OrderLine;
import io.paradigmlab.eshop.domain.ReleaseResult;
import io.paradigmlab.eshop.domain.ReservationOutcome;
import io.paradigmlab.eshop.domain.ReservationResult;
import io.paradigmlab.eshop.domain.StockLevel;
import io.paradigmlab.eshop.domain.StockUpdate;
import io.paradigmlab.common.contract.ApiException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;

/**
 * Product's and Order's calls to Inventory ({@code http://inventory}, resolved by Spring Cloud LoadBalancer, round
 * robin over {@code spring.cloud.discovery.client.simple.instances.inventory[n].uri}), one HTTP call per method.
 * Inventory unreachable, timing out (connect 2 s, response 5 s), with no instance, or answering anything but 2xx:
 * {@link ApiException.Unavailable} {@link ApiException.Unavailable#INVENTORY} with {@code Retry-After: 1}, never a
 * 500.
 */
public final class InventoryClient {

    /** The base URL: the service id the load balancer resolves. */
    public static final String BASE_URL = "http://inventory";
    /** The service id. */
    public static final String SERVICE_ID = "inventory";
    /** {@code Retry-After} of an Inventory outage, in seconds. */
    public static final int RETRY_AFTER_SECONDS = 1;

    private static final Logger log = LoggerFactory.getLogger(InventoryClient.class);

    private final WebClient client;

    public InventoryClient(WebClient client) {
        this.client = client;
    }

    /** {@code PUT /inventory/{code}} {@code {quantity}}. */
    public Mono<StockLevel> setStock(String code, long quantity) {
        return call(client.put().uri("/inventory/{code}", code).contentType(MediaType.APPLICATION_JSON)
                .accept(MediaType.APPLICATION_JSON).bodyValue(new StockUpdate(quantity))
                .exchangeToMono(response -> read(response, StockLevel.class)));
    }

    /** {@code POST /inventory/reservations} with every line. */
    public Mono<ReservationResult> reserve(List<OrderLine> lines) {
        return call(client.post().uri("/inventory/reservations").contentType(MediaType.APPLICATION_JSON)
                .accept(MediaType.APPLICATION_JSON).bodyValue(lines)
                .exchangeToMono(response -> read(response, ReservationResult.class)));
    }

    /** {@code POST /inventory/reservations/one?delayMs=} with one line. */
    public Mono<ReservationOutcome> reserveOne(OrderLine line, int delayMs) {
        return call(client.post().uri(b -> b.path("/inventory/reservations/one").queryParam("delayMs", delayMs).build())
                .contentType(MediaType.APPLICATION_JSON).accept(MediaType.APPLICATION_JSON).bodyValue(line)
                .exchangeToMono(response -> read(response, ReservationOutcome.class)));
    }

    /** {@code POST /inventory/releases}: gives reserved lines back (Order's compensation). */
    public Mono<ReleaseResult> release(List<OrderLine> lines) {
        return call(client.post().uri("/inventory/releases").contentType(MediaType.APPLICATION_JSON)
                .accept(MediaType.APPLICATION_JSON).bodyValue(lines)
                .exchangeToMono(response -> read(response, ReleaseResult.class)));
    }

    private static <T> Mono<T> call(Mono<T> exchange) {
        return exchange
                .switchIfEmpty(Mono.error(() -> new IllegalStateException("Inventory answered no body")))
                .onErrorMap(e -> !(e instanceof ApiException), InventoryClient::unavailable);
    }

    private static <T> Mono<T> read(ClientResponse response, Class<T> type) {
        if (response.statusCode().is2xxSuccessful()) {
            return response.bodyToMono(type);
        }
        int status = response.statusCode().value();
        return response.releaseBody().then(Mono.error(() -> unavailable(
                new IllegalStateException("Inventory answered " + status))));
    }

    private static ApiException.Unavailable unavailable(Throwable cause) {
        log.debug("Inventory call failed: {}", cause.toString());
        return new ApiException.Unavailable(StandardErrors.INVENTORY_UNAVAILABLE, RETRY_AFTER_SECONDS);
    }
}
