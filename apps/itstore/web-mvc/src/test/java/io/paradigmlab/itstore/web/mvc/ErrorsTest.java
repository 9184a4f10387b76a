package io.paradigmlab.itstore.web.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.itstore.domain.error.StandardErrors;
import io.paradigmlab.itstore.domain.request.ItStoreRequests;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** 404, 405, the requests Tomcat refuses itself, 503 and 500: all with the contract's body. */
class ErrorsTest {

    private static TestApps.Running app;

    @BeforeAll
    static void start() {
        app = TestApps.shared();
    }

    @BeforeEach
    void reset() {
        app.store().reset();
    }

    @Test
    void anUnknownProductIs404() {
        Errors.assertError(RawHttp.get(app.port(), "/itStore/products/" + FakeStore.SIZE), 404,
                "/itStore/products/" + FakeStore.SIZE, List.of(ItStoreRequests.PRODUCT_NOT_FOUND));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/", "/nope", "/itStore", "/itStore/", "/itStore/products", "/itStore/products/",
            "/itStore/products/1/2", "/itStore/max_invoice/", "/itStore/MAX_INVOICE", "/error"})
    void anUnknownPathIs404(String path) {
        Errors.assertError(RawHttp.get(app.port(), path + "?x=1"), 404, path, List.of(StandardErrors.NOT_FOUND));
    }

    @ParameterizedTest
    @ValueSource(strings = {"POST", "PUT", "DELETE", "PATCH"})
    void anythingButGetIs405WithAllow(String method) {
        RawHttp.Response response = RawHttp.send(app.port(), method, "/itStore/max_invoice");
        Errors.assertError(response, 405, "/itStore/max_invoice", List.of(StandardErrors.METHOD_NOT_ALLOWED));
        assertThat(response.header("Allow")).contains("GET");
        assertThat(app.store().lastArgument.get()).isNull();
    }

    @Test
    void aTraceIs405Too() {
        // Tomcat answers TRACE itself (allowTrace is off)
        RawHttp.Response response = RawHttp.send(app.port(), "TRACE", "/itStore/max_invoice");
        Errors.assertError(response, 405, "/itStore/max_invoice", List.of(StandardErrors.METHOD_NOT_ALLOWED));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/itStore/first_N_products?N=%zz", "/itStore/first_N_products?N=1&x=%4",
            "/itStore/first_N_products?N=1%", "/itStore/max_invoice?%zz", "/itStore/products/1?a=%G0"})
    void aBadEscapeInTheQueryIsMalformed(String target) {
        Errors.assertError(RawHttp.get(app.port(), target), 400, target.substring(0, target.indexOf('?')),
                List.of(StandardErrors.MALFORMED_REQUEST));
        assertThat(app.store().lastArgument.get()).isNull();
    }

    @Test
    void aQueryTomcatRefusesIsMalformed() {
        // more parameters than Tomcat's limit (1,000)
        String target = "/itStore/max_invoice?" + "a=1&".repeat(1_001);
        Errors.assertError(RawHttp.get(app.port(), target), 400, "/itStore/max_invoice",
                List.of(StandardErrors.MALFORMED_REQUEST));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/itStore/products/%00", "/itStore/products/1%00", "/itStore%00/max_invoice"})
    void aNulInThePathIs400(String path) {
        Errors.assertError(RawHttp.get(app.port(), path), 400, path, List.of(StandardErrors.NUL_IN_PATH));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/itStore/products/%zz", "/itStore/products/1%2F2", "/itStore/products/%"})
    void aPathTomcatRefusesIsMalformed(String path) {
        Errors.assertError(RawHttp.get(app.port(), path), 400, path, List.of(StandardErrors.MALFORMED_REQUEST));
    }

    @Test
    void anUnavailableDatabaseIs503WithRetryAfter() {
        app.store().failure.set(new ApiException.Unavailable(ApiException.Unavailable.DATABASE));
        for (String target : List.of("/itStore/max_invoice", "/itStore/products/1", "/itStore/first_N_products?N=5",
                "/itStore/ces_by_type?type=s")) {
            Errors.assertError(RawHttp.get(app.port(), target), 503, target.replaceAll("\\?.*", ""),
                    List.of(ApiException.Unavailable.DATABASE));
        }
        assertThat(app.store().streamsOpened).hasValue(0);
        // a bad parameter is still a 400: checked before the store is asked
        Errors.assertError(RawHttp.get(app.port(), "/itStore/first_N_products?N=-1"), 400,
                "/itStore/first_N_products", List.of(ItStoreRequests.N_INVALID));
    }

    @Test
    void anUnexpectedFailureIs500WithoutItsCause() {
        app.store().failure.set(new IllegalStateException("secret detail"));
        RawHttp.Response response = RawHttp.get(app.port(), "/itStore/sales_cost");
        Errors.assertError(response, 500, "/itStore/sales_cost", List.of(StandardErrors.INTERNAL));
        assertThat(response.text()).doesNotContain("secret");
    }
}
