package io.paradigmlab.itstore.web.flux;

import static io.paradigmlab.common.web.flux.QueryParameters.query;

import io.paradigmlab.itstore.domain.CategoryProductProfit;
import io.paradigmlab.itstore.domain.CategoryProfit;
import io.paradigmlab.itstore.domain.Ces;
import io.paradigmlab.itstore.domain.Characteristic;
import io.paradigmlab.itstore.domain.Endpoints;
import io.paradigmlab.itstore.domain.ItemQuantity;
import io.paradigmlab.itstore.domain.MaxInvoice;
import io.paradigmlab.itstore.domain.MonthSales;
import io.paradigmlab.itstore.domain.Product;
import io.paradigmlab.itstore.domain.ProductProfit;
import io.paradigmlab.itstore.domain.SalesCost;
import io.paradigmlab.itstore.domain.StaticSource;
import io.paradigmlab.itstore.domain.request.ItStoreRequests;
import io.paradigmlab.itstore.port.ReactiveItStore;
import java.util.List;
import org.reactivestreams.Publisher;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Every endpoint of docs/api/itstore.md over the {@link ReactiveItStore} port, for both WebFlux variants (the JDBC
 * adapter and the R2DBC store are wiring choices). Nothing here blocks: parameters are parsed on the event loop (a few
 * comparisons) and the store's publisher is returned for Spring to subscribe.
 *
 * <ul>
 *   <li>Parameters are read raw from {@link ServerHttpRequest#getQueryParams()} and parsed by
 *       {@link ItStoreRequests}' list overloads, so a missing, empty, repeated, NUL-carrying or oversized value is
 *       the contract's 400 with that parameter's message (no Spring binding, whose words and conversions differ).</li>
 *   <li>Every answer is {@code application/json} whatever the {@code Accept} header: the content type is set on the
 *       {@link ResponseEntity}, which skips content negotiation, so a {@code Flux} is never written as NDJSON or SSE
 *       and a {@code Flux<String>} never as concatenated text (spec A.7 #4).</li>
 *   <li>A {@code Flux} is written as one JSON array item by item as it is produced and the client reads (Spring's
 *       Jackson encoder streams it: {@code [} with the first item, {@code ,} before each next, {@code ]} at the end,
 *       and the writer requests items as the connection takes them; spring-framework#31071). An error before the
 *       first item is still a clean error response; after it, the connection is closed (a truncated array, never a
 *       well-formed shorter one). A client that goes away cancels the {@code Flux}, and with it the query.</li>
 * </ul>
 */
@RestController
public class ItStoreController {

    private final ReactiveItStore store;
    private final boolean materialize;

    /**
     * @param store       the variant's port: {@code ReactiveJdbcStore} or {@code R2dbcStore}
     * @param materialize {@code itstore.materialize}: when true, {@code first_N_products} asks the store for the whole
     *                    list ({@link ReactiveItStore#firstNProductsList}) and writes it as one value, as the original
     *                    MVC projects did; when false (the default) it streams {@link ReactiveItStore#firstNProducts}.
     *                    Same bytes either way; it changes a measurement: with it every row of the answer, and its
     *                    whole JSON text, sit in the heap at once (about 115 MB at the {@code paper} scale), and the
     *                    first byte leaves only after the last row has been read.
     */
    public ItStoreController(ReactiveItStore store, boolean materialize) {
        this.store = store;
        this.materialize = materialize;
    }

    @GetMapping(Endpoints.CES_BY_TYPE)
    public ResponseEntity<Flux<Ces>> cesByType(ServerHttpRequest request) {
        return json(store.cesByType(ItStoreRequests.cesType(query(request, Endpoints.TYPE))));
    }

    @GetMapping(Endpoints.CHARACTERISTICS_FOR_PRODUCT)
    public ResponseEntity<Flux<Characteristic>> characteristicsForProduct(ServerHttpRequest request) {
        return json(store.characteristicsForProduct(
                ItStoreRequests.productId(query(request, Endpoints.PRODUCT_ID))));
    }

    @GetMapping(Endpoints.MAX_INVOICE)
    public ResponseEntity<Mono<MaxInvoice>> maxInvoice() {
        return json(store.maxInvoice());
    }

    @GetMapping(Endpoints.ITEMS_BETWEEN_DATES)
    public ResponseEntity<Flux<ItemQuantity>> itemsBetweenDates(ServerHttpRequest request) {
        return json(store.itemsBetweenDates(
                ItStoreRequests.itemsPeriod(query(request, Endpoints.YEAR), query(request, Endpoints.MONTH))));
    }

    @GetMapping(Endpoints.SALES_COST)
    public ResponseEntity<Flux<SalesCost>> salesCost() {
        return json(store.salesCost());
    }

    @GetMapping(Endpoints.MONTH_WITH_GREATEST_SALE)
    public ResponseEntity<Flux<MonthSales>> monthWithGreatestSale() {
        return json(store.monthWithGreatestSale());
    }

    @GetMapping(Endpoints.PROFIT_ON_EACH_PRODUCT)
    public ResponseEntity<Flux<ProductProfit>> profitOnEachProduct() {
        return json(store.profitOnEachProduct());
    }

    @GetMapping(Endpoints.PRODUCT_MAX_PROFIT)
    public ResponseEntity<Flux<CategoryProductProfit>> productMaxProfit() {
        return json(store.productMaxProfit());
    }

    @GetMapping(Endpoints.CATEGORY_PROFIT)
    public ResponseEntity<Flux<CategoryProfit>> categoryProfit() {
        return json(store.categoryProfit());
    }

    /**
     * Streamed (a {@code Flux<Product>}) or, with {@code itstore.materialize}, one {@code List<Product>}; the element
     * type is taken from the value at run time (the declared one is {@code ?}), which serializes both the same.
     */
    @GetMapping(Endpoints.FIRST_N_PRODUCTS)
    public ResponseEntity<Publisher<?>> firstNProducts(ServerHttpRequest request) {
        int n = ItStoreRequests.firstN(query(request, Endpoints.N));
        return json(materialize ? store.firstNProductsList(n) : store.firstNProducts(n));
    }

    @GetMapping(Endpoints.PRODUCTS + "/{" + Endpoints.ID + "}")
    public ResponseEntity<Mono<Product>> productById(@PathVariable(Endpoints.ID) String id) {
        return json(store.productById(ItStoreRequests.productPathId(id))
                .switchIfEmpty(Mono.error(ItStoreRequests::productNotFound)));
    }

    /** The no-database endpoint: the fixed list as a JSON array (never as concatenated text). */
    @GetMapping(Endpoints.TEST_CONTROLLER_ONLY)
    public ResponseEntity<List<String>> testControllerOnly() {
        return json(StaticSource.NAMES);
    }

    private static <T> ResponseEntity<T> json(T body) {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(body);
    }
}
