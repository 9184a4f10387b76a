package io.paradigmlab.eshop.mvc.common;

import io.paradigmlab.eshop.domain.error.StandardErrors;
import io.paradigmlab.eshop.domain.OrderLine;
import io.paradigmlab.eshop.domain.ReleaseResult;
import io.paradigmlab.eshop.domain.ReservationOutcome;
import io.paradigmlab.eshop.domain.ReservationResult;
import io.paradigmlab.eshop.domain.StockLevel;
import io.paradigmlab.eshop.domain.StockUpdate;
import io.paradigmlab.common.contract.ApiException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.web.client.RestClient;

/**
 * Product's and Order's calls to Inventory: a blocking {@link RestClient} with base URL {@value #BASE_URL}, resolved
 * by Spring Cloud LoadBalancer (round-robin over the static {@code SimpleDiscoveryClient} list
 * {@code spring.cloud.discovery.client.simple.instances.inventory[i].uri}), over Apache HttpClient 5's pool (see
 * {@link InventoryClientConfiguration}). Each method is exactly one HTTP call on the caller's thread, never retried.
 *
 * <p>Inventory unreachable, timing out, answering anything but 2xx (its 5xx, its overload 503) or an unreadable
 * body: 503 {@link ApiException.Unavailable#INVENTORY} with {@code Retry-After: }{@value #RETRY_AFTER_SECONDS}, never
 * a 500 (the contract's "503 Inventory down").
 */
public final class InventoryClient {

    /** The load balancer's service id, as the host of the base URL. */
    public static final String SERVICE_ID = "inventory";
    public static final String BASE_URL = "http://" + SERVICE_ID;
    /** {@code Retry-After} of the 503 when Inventory is unavailable. */
    public static final int RETRY_AFTER_SECONDS = 1;

    private static final Logger log = LoggerFactory.getLogger(InventoryClient.class);
    private static final long WARNING_INTERVAL_NANOS = 10_000_000_000L;

    private final RestClient rest;
    private final AtomicLong lastWarning = new AtomicLong(Long.MIN_VALUE);

    public InventoryClient(RestClient rest) {
        this.rest = rest;
    }

    /** {@code PUT /inventory/{code}} {@code {quantity}}: Inventory's {@code {code,quantity}}. */
    public StockLevel putStock(String code, long quantity) {
        return call(rest.put().uri("/inventory/{code}", code), new StockUpdate(quantity), StockLevel.class);
    }

    /** {@code POST /inventory/reservations} with every line: the rejected ones. */
    public ReservationResult reserve(List<OrderLine> lines) {
        return call(rest.post().uri("/inventory/reservations"), lines, ReservationResult.class);
    }

    /** {@code POST /inventory/reservations/one?delayMs=} with one line: its outcome. */
    public ReservationOutcome reserveOne(OrderLine line, int delayMs) {
        return call(rest.post().uri("/inventory/reservations/one?delayMs={delayMs}", delayMs), line,
                ReservationOutcome.class);
    }

    /** {@code POST /inventory/releases}: gives the lines' quantities back (Order's compensation). */
    public ReleaseResult release(List<OrderLine> lines) {
        return call(rest.post().uri("/inventory/releases"), lines, ReleaseResult.class);
    }

    private <T> T call(RestClient.RequestBodySpec spec, Object body, Class<T> type) {
        try {
            return spec.contentType(MediaType.APPLICATION_JSON).accept(MediaType.APPLICATION_JSON).body(body)
                    .exchange((request, response) -> {
                        int status = response.getStatusCode().value();
                        if (status < 200 || status > 299) {
                            throw unavailable(request.getMethod() + " " + request.getURI() + " answered " + status,
                                    null);
                        }
                        T answer = response.bodyTo(type);
                        if (answer == null) {
                            throw unavailable(request.getMethod() + " " + request.getURI() + " answered no body",
                                    null);
                        }
                        return answer;
                    });
        } catch (ApiException e) {
            throw e;
        } catch (RuntimeException e) {
            // unreachable, refused, timed out, no instance, a body that is not the record: Inventory is unavailable
            throw unavailable("calling Inventory failed", e);
        }
    }

    private ApiException.Unavailable unavailable(String what, Throwable cause) {
        long now = System.nanoTime();
        long last = lastWarning.get();
        if ((last == Long.MIN_VALUE || now - last >= WARNING_INTERVAL_NANOS) && lastWarning.compareAndSet(last, now)) {
            log.warn("Inventory unavailable: {}{}", what, cause == null ? "" : ": " + cause);
        }
        return new ApiException.Unavailable(StandardErrors.INVENTORY_UNAVAILABLE, RETRY_AFTER_SECONDS);
    }
}
