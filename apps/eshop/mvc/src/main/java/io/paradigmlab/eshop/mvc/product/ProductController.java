package io.paradigmlab.eshop.mvc.product;

import io.paradigmlab.eshop.domain.Barcodes;
import io.paradigmlab.eshop.domain.DelayResult;
import io.paradigmlab.eshop.domain.ImportResult;
import io.paradigmlab.eshop.domain.NewProduct;
import io.paradigmlab.eshop.domain.Product;
import io.paradigmlab.eshop.domain.StockLevel;
import io.paradigmlab.eshop.domain.StockUpdate;
import io.paradigmlab.eshop.domain.csv.ProductCsv;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.eshop.domain.error.StandardErrors;
import io.paradigmlab.eshop.domain.request.EshopRequests;
import io.paradigmlab.eshop.mvc.common.InventoryClient;
import io.paradigmlab.eshop.mvc.common.Requests;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * ProductService's part of the contract (spec 2.7), on the request thread (Tomcat's platform thread or a virtual
 * thread per request) except the export, a {@link StreamingResponseBody} written by MVC's async executor (see
 * {@link ProductConfiguration}). Inputs are validated by {@link EshopRequests} before any SQL; answers are JSON of the
 * domain's records, {@code application/json} whatever the request's {@code Accept} (set, not negotiated).
 */
@RestController
public class ProductController {

    /** The largest import body: 16 MiB (the seed's file is about 2.2 MB); larger is 413. */
    public static final int MAX_IMPORT_BYTES = 16 * 1024 * 1024;
    public static final String CSV_UTF8 = ProductCsv.MEDIA_TYPE + ";charset=UTF-8";

    private final ProductStore store;
    private final InventoryClient inventory;

    public ProductController(ProductStore store, InventoryClient inventory) {
        this.store = store;
        this.inventory = inventory;
    }

    @PostMapping("/products")
    ResponseEntity<Product> add(@RequestBody(required = false) NewProduct body) {
        NewProduct product = EshopRequests.newProduct(body);
        Product stored = store.insert(product)
                .orElseThrow(() -> new ApiException.Conflict(StandardErrors.DUPLICATE_CODE));
        return ResponseEntity.created(URI.create("/products/" + stored.id())).contentType(MediaType.APPLICATION_JSON)
                .body(stored);
    }

    @GetMapping("/products/{id}")
    ResponseEntity<Product> byId(@PathVariable("id") String id) {
        long productId = EshopRequests.productId(id);
        return json(store.byId(productId).orElseThrow(() -> new ApiException.NotFound(StandardErrors.PRODUCT_NOT_FOUND)));
    }

    /** Id and quantity checked before any SQL; an unknown product is 404 with no call to Inventory. */
    @PutMapping("/products/{id}/stock")
    ResponseEntity<StockLevel> stock(@PathVariable("id") String id, @RequestBody(required = false) StockUpdate body) {
        long productId = EshopRequests.productId(id);
        long quantity = EshopRequests.stockQuantity(body);
        String code = store.codeById(productId)
                .orElseThrow(() -> new ApiException.NotFound(StandardErrors.PRODUCT_NOT_FOUND));
        return json(inventory.putStock(code, quantity));
    }

    @GetMapping("/products/export")
    ResponseEntity<StreamingResponseBody> export() {
        StreamingResponseBody body = store::export;
        return ResponseEntity.ok().header(HttpHeaders.CONTENT_TYPE, CSV_UTF8).body(body);
    }

    /** The file as the request's body ({@code text/csv}). */
    @PostMapping(path = "/products/import", consumes = ProductCsv.MEDIA_TYPE)
    ResponseEntity<ImportResult> importCsv(HttpServletRequest request) throws IOException {
        if (request.getContentLengthLong() > MAX_IMPORT_BYTES) {
            throw new MaxUploadSizeExceededException(MAX_IMPORT_BYTES);
        }
        byte[] bytes;
        try (InputStream in = request.getInputStream()) {
            bytes = in.readNBytes(MAX_IMPORT_BYTES + 1);
        }
        if (bytes.length > MAX_IMPORT_BYTES) {
            throw new MaxUploadSizeExceededException(MAX_IMPORT_BYTES);
        }
        return imported(bytes);
    }

    /** The file as the part {@code file} of a {@code multipart/form-data} upload. */
    @PostMapping(path = "/products/import", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    ResponseEntity<ImportResult> importMultipart(@RequestPart(name = "file", required = false) MultipartFile file)
            throws IOException {
        if (file == null) {
            throw new ApiException.BadRequest(StandardErrors.BODY_REQUIRED);
        }
        return imported(file.getBytes());
    }

    private ResponseEntity<ImportResult> imported(byte[] csv) {
        List<NewProduct> products = ProductCsv.parse(csv);
        int saved = store.importAll(products);
        return ResponseEntity.status(HttpStatus.CREATED).contentType(MediaType.APPLICATION_JSON)
                .body(new ImportResult(saved));
    }

    @GetMapping("/products/delay")
    ResponseEntity<DelayResult> delay(HttpServletRequest request) throws InterruptedException {
        int ms = EshopRequests.productDelayMs(Requests.values(request, "ms"));
        Thread.sleep(ms);
        return json(new DelayResult(ms));
    }

    /** Drawn inline, on the request thread. */
    @GetMapping("/products/{id}/barcode")
    ResponseEntity<byte[]> barcode(@PathVariable("id") String id) {
        long productId = EshopRequests.productId(id);
        String code = store.codeById(productId)
                .orElseThrow(() -> new ApiException.NotFound(StandardErrors.PRODUCT_NOT_FOUND));
        return ResponseEntity.ok().contentType(MediaType.IMAGE_PNG).body(Barcodes.code128Png(code));
    }

    private static <T> ResponseEntity<T> json(T body) {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(body);
    }
}
