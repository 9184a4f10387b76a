package io.paradigmlab.itstore.web.mvc;

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
import io.paradigmlab.itstore.port.BlockingItStore;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.SequenceWriter;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The IT store's HTTP contract (docs/api/itstore.md) over the blocking port, the same code for the four MVC variants
 * (JDBC or R2DBC, Tomcat's platform threads or a virtual thread per request): every call runs on the request thread.
 * Query values are read raw ({@link HttpServletRequest#getParameterValues}) and parsed by {@link ItStoreRequests}'
 * list overloads, so a missing, empty, repeated, NUL-bearing or huge value gets the contract's 400 message rather than
 * Spring's binding errors. Answers are JSON with the records' component names, {@code application/json} whatever the
 * request's {@code Accept} (the content type is set, not negotiated, so the streamed and the materialized
 * {@code first_N_products} answer alike).
 */
@RestController
public class ItStoreController {

    /**
     * The property of {@link #ItStoreController}'s {@code materialize}: {@code itstore.materialize}, default false.
     * It changes a measurement: see there.
     */
    public static final String MATERIALIZE = "itstore.materialize";

    private final BlockingItStore store;
    private final boolean materialize;
    private final ObjectWriter products;

    /**
     * @param store       the variant's port: {@code JdbcStore} or {@code BlockingR2dbcStore}
     * @param json        Spring Boot's mapper, the one MVC's message converter writes every other answer with
     * @param materialize {@code itstore.materialize}. False (the measured default, spec D-4): {@code first_N_products}
     *                    is streamed, each row written to the response as the driver hands it over (a fetch of 1,000
     *                    rows at a time), on the request thread, so the answer never sits in the heap whole. True:
     *                    the original MVC's way, the whole {@code List} from
     *                    {@link BlockingItStore#firstNProducts(int)} built first and then written by MVC's message
     *                    converter: the same bytes, but heap, GC and time to first byte grow with N (700,000 rows are
     *                    about 115 MB of JSON).
     */
    public ItStoreController(BlockingItStore store, JsonMapper json, boolean materialize) {
        this.store = store;
        this.materialize = materialize;
        // one row per write without a flush each: the generator and Tomcat buffer, and send full chunks
        this.products = json.writerFor(Product.class).without(SerializationFeature.FLUSH_AFTER_WRITE_VALUE);
    }

    @GetMapping(Endpoints.CES_BY_TYPE)
    ResponseEntity<List<Ces>> cesByType(HttpServletRequest request) {
        return ok(store.cesByType(ItStoreRequests.cesType(values(request, Endpoints.TYPE))));
    }

    @GetMapping(Endpoints.CHARACTERISTICS_FOR_PRODUCT)
    ResponseEntity<List<Characteristic>> characteristicsForProduct(HttpServletRequest request) {
        return ok(store.characteristicsForProduct(ItStoreRequests.productId(values(request, Endpoints.PRODUCT_ID))));
    }

    @GetMapping(Endpoints.MAX_INVOICE)
    ResponseEntity<MaxInvoice> maxInvoice() {
        return ok(store.maxInvoice());
    }

    @GetMapping(Endpoints.ITEMS_BETWEEN_DATES)
    ResponseEntity<List<ItemQuantity>> itemsBetweenDates(HttpServletRequest request) {
        return ok(store.itemsBetweenDates(ItStoreRequests.itemsPeriod(values(request, Endpoints.YEAR),
                values(request, Endpoints.MONTH))));
    }

    @GetMapping(Endpoints.SALES_COST)
    ResponseEntity<List<SalesCost>> salesCost() {
        return ok(store.salesCost());
    }

    @GetMapping(Endpoints.MONTH_WITH_GREATEST_SALE)
    ResponseEntity<List<MonthSales>> monthWithGreatestSale() {
        return ok(store.monthWithGreatestSale());
    }

    @GetMapping(Endpoints.PROFIT_ON_EACH_PRODUCT)
    ResponseEntity<List<ProductProfit>> profitOnEachProduct() {
        return ok(store.profitOnEachProduct());
    }

    @GetMapping(Endpoints.PRODUCT_MAX_PROFIT)
    ResponseEntity<List<CategoryProductProfit>> productMaxProfit() {
        return ok(store.productMaxProfit());
    }

    @GetMapping(Endpoints.CATEGORY_PROFIT)
    ResponseEntity<List<CategoryProfit>> categoryProfit() {
        return ok(store.categoryProfit());
    }

    @GetMapping(Endpoints.PRODUCTS + "/{" + Endpoints.ID + "}")
    ResponseEntity<Product> productById(@PathVariable(Endpoints.ID) String id) {
        return ok(store.productById(ItStoreRequests.productPathId(id)).orElseThrow(ItStoreRequests::productNotFound));
    }

    @GetMapping(Endpoints.TEST_CONTROLLER_ONLY)
    ResponseEntity<List<String>> testControllerOnly() {
        return ok(StaticSource.NAMES);
    }

    /**
     * Streamed unless {@code itstore.materialize}: then the answer is written here and nothing is returned (MVC
     * counts a handler that took the response as having answered).
     */
    @GetMapping(Endpoints.FIRST_N_PRODUCTS)
    ResponseEntity<List<Product>> firstNProducts(HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        int n = ItStoreRequests.firstN(values(request, Endpoints.N));
        if (materialize) {
            return ok(store.firstNProducts(n));
        }
        stream(n, response);
        return null;
    }

    /**
     * Writes the JSON array row by row with Jackson's streaming generator, straight to the servlet output stream, on
     * the request thread (not {@code StreamingResponseBody}, which would move the work to Spring's async executor, a
     * pool of its own, and change what is measured). Everything that can fail cleanly fails before the status line is
     * committed: the parameter above, and here the connection and the first fetch (JDBC acquires the connection and
     * runs the query when the stream is created; the R2DBC bridge acquires it asynchronously, so the first row is
     * awaited before anything is written). A failure after that cannot change the status any more: the array is left
     * unterminated and the connection is closed (see {@code io.paradigmlab.common.web.mvc.MvcErrorHandler}).
     */
    private void stream(int n, HttpServletResponse response) throws IOException {
        try (Stream<Product> rows = store.streamFirstNProducts(n)) {
            Iterator<Product> it = rows.iterator();
            boolean more = it.hasNext();
            response.setStatus(HttpServletResponse.SC_OK);
            response.setContentType(MediaType.APPLICATION_JSON_VALUE);
            SequenceWriter array = products.writeValuesAsArray(response.getOutputStream());
            while (more) {
                array.write(it.next());
                more = it.hasNext();
            }
            // writes "]" and flushes; deliberately not in a finally: a failure half-way must not end a well-formed,
            // shorter array (closing the store's stream above releases the connection either way)
            array.close();
        }
    }

    private static <T> ResponseEntity<T> ok(T body) {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(body);
    }

    /** Every value of a query parameter as sent (null when absent), for {@link ItStoreRequests}' list overloads. */
    private static List<String> values(HttpServletRequest request, String name) {
        String[] values = request.getParameterValues(name);
        return values == null ? null : Arrays.asList(values);
    }
}
