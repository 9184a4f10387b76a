package io.paradigmlab.eshop.webflux.product;

import io.paradigmlab.eshop.domain.error.StandardErrors;
import static io.paradigmlab.common.web.flux.QueryParameters.query;
import static io.paradigmlab.eshop.webflux.common.Requests.json;

import io.paradigmlab.eshop.domain.Barcodes;
import io.paradigmlab.eshop.domain.DelayResult;
import io.paradigmlab.eshop.domain.ImportResult;
import io.paradigmlab.eshop.domain.NewProduct;
import io.paradigmlab.eshop.domain.Product;
import io.paradigmlab.eshop.domain.StockLevel;
import io.paradigmlab.eshop.domain.StockUpdate;
import io.paradigmlab.eshop.domain.csv.ProductCsv;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.eshop.domain.request.EshopRequests;
import io.paradigmlab.eshop.webflux.common.InventoryClient;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.codec.multipart.PartEvent;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * ProductService's endpoints (spec 2.7), non-blocking: input is validated by {@link EshopRequests} before any
 * statement runs, each endpoint runs its {@code EshopSql} statements through {@link ProductStore} and, for the stock,
 * one call to Inventory. The delay is a {@link Mono#delay}, the barcode is drawn on {@link Schedulers#parallel()}, the
 * export is streamed from a cursor in chunks of {@link ProductCsv#BATCH_SIZE} rows.
 */
@RestController
public class ProductController {

    static final MediaType CSV = MediaType.parseMediaType(ProductCsv.MEDIA_TYPE + ";charset=UTF-8");
    static final MediaType PNG = MediaType.parseMediaType(Barcodes.MEDIA_TYPE);

    private final ProductStore store;
    private final InventoryClient inventory;

    public ProductController(ProductStore store, InventoryClient inventory) {
        this.store = store;
        this.inventory = inventory;
    }

    @PostMapping("/products")
    public Mono<ResponseEntity<Product>> add(@RequestBody(required = false) NewProduct body) {
        NewProduct product = EshopRequests.newProduct(body);
        return store.insert(product)
                .switchIfEmpty(Mono.error(() -> new ApiException.Conflict(StandardErrors.DUPLICATE_CODE)))
                .map(p -> ResponseEntity.created(URI.create("/products/" + p.id()))
                        .contentType(MediaType.APPLICATION_JSON).body(p));
    }

    @GetMapping("/products/{id}")
    public Mono<ResponseEntity<Product>> byId(@PathVariable("id") String id) {
        return store.byId(EshopRequests.productId(id))
                .switchIfEmpty(Mono.error(() -> new ApiException.NotFound(StandardErrors.PRODUCT_NOT_FOUND)))
                .map(p -> json(p));
    }

    /** Id and quantity are checked before any statement; an unknown product is 404 without a call to Inventory. */
    @PutMapping("/products/{id}/stock")
    public Mono<ResponseEntity<StockLevel>> setStock(@PathVariable("id") String id,
                                                     @RequestBody(required = false) StockUpdate body) {
        long productId = EshopRequests.productId(id);
        long quantity = EshopRequests.stockQuantity(body);
        return store.codeById(productId)
                .switchIfEmpty(Mono.error(() -> new ApiException.NotFound(StandardErrors.PRODUCT_NOT_FOUND)))
                .flatMap(code -> inventory.setStock(code, quantity))
                .map(level -> json(level));
    }

    /**
     * The CSV of every product by code, streamed: one chunk per {@link ProductCsv#BATCH_SIZE} rows as the cursor
     * delivers them, the header in front of the first; never the whole file in memory. Nothing is sent before the
     * first rows (or the end of an empty table) arrive, so a database that cannot be reached is still a clean 503; a
     * failure after the first chunk closes the connection (a truncated file, never a shorter well-formed one).
     */
    @GetMapping("/products/export")
    public ResponseEntity<Flux<DataBuffer>> export(ServerHttpResponse response) {
        DataBufferFactory buffers = response.bufferFactory();
        Flux<DataBuffer> body = Flux.defer(() -> {
            AtomicBoolean first = new AtomicBoolean(true);
            return store.export().buffer(ProductCsv.BATCH_SIZE).map(batch -> {
                StringBuilder out = new StringBuilder(batch.size() * 128 + ProductCsv.HEADER.length() + 2);
                if (first.getAndSet(false)) {
                    out.append(ProductCsv.headerLine());
                }
                batch.forEach(p -> ProductCsv.appendRow(out, p));
                return buffers.wrap(out.toString().getBytes(StandardCharsets.UTF_8));
            }).switchIfEmpty(Mono.fromSupplier(
                    () -> buffers.wrap(ProductCsv.headerLine().getBytes(StandardCharsets.UTF_8))));
        });
        return ResponseEntity.ok().contentType(CSV).body(body);
    }

    @PostMapping(path = "/products/import", consumes = ProductCsv.MEDIA_TYPE)
    public Mono<ResponseEntity<ImportResult>> importCsv(ServerHttpRequest request) {
        return importBytes(Uploads.body(request.getBody()));
    }

    @PostMapping(path = "/products/import", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    public Mono<ResponseEntity<ImportResult>> importMultipart(@RequestBody Flux<PartEvent> parts) {
        return importBytes(Uploads.file(parts));
    }

    /** Every row is validated first ({@link ProductCsv#parse}, 400 naming lines), then saved in one transaction. */
    private Mono<ResponseEntity<ImportResult>> importBytes(Mono<byte[]> upload) {
        return upload.map(ProductCsv::parse)
                .flatMap(store::importAll)
                .map(n -> ResponseEntity.status(HttpStatus.CREATED).contentType(MediaType.APPLICATION_JSON)
                        .body(new ImportResult(n)));
    }

    @GetMapping("/products/delay")
    public Mono<ResponseEntity<DelayResult>> delay(ServerHttpRequest request) {
        int ms = EshopRequests.productDelayMs(query(request, "ms"));
        return Mono.delay(Duration.ofMillis(ms)).thenReturn(json(new DelayResult(ms)));
    }

    /** The Code 128 PNG of the product's code, drawn on {@code parallel()}, off the event loop. */
    @GetMapping("/products/{id}/barcode")
    public Mono<ResponseEntity<byte[]>> barcode(@PathVariable("id") String id) {
        return store.codeById(EshopRequests.productId(id))
                .switchIfEmpty(Mono.error(() -> new ApiException.NotFound(StandardErrors.PRODUCT_NOT_FOUND)))
                .publishOn(Schedulers.parallel())
                .map(Barcodes::code128Png)
                .map(png -> ResponseEntity.ok().contentType(PNG).body(png));
    }
}
