package io.paradigmlab.itstore.web.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.itstore.domain.request.ItStoreRequests;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every bad parameter gets the contract's 400 and message, whatever its shape (docs/api/itstore.md, "Parameters"). */
class ParametersTest {

    private static final String NINES = "9".repeat(1000);
    private static TestApps.Running app;

    @BeforeAll
    static void start() {
        app = TestApps.shared();
    }

    @BeforeEach
    void reset() {
        app.store().reset();
    }

    static Stream<Arguments> badRequests() {
        String type = ItStoreRequests.TYPE_INVALID;
        String productId = ItStoreRequests.PRODUCT_ID_INVALID;
        String year = ItStoreRequests.YEAR_INVALID;
        String month = ItStoreRequests.MONTH_INVALID;
        String n = ItStoreRequests.N_INVALID;
        String id = ItStoreRequests.ID_INVALID;
        return Stream.of(
                Arguments.of("/itStore/ces_by_type", List.of(type)),
                Arguments.of("/itStore/ces_by_type?type=", List.of(type)),
                Arguments.of("/itStore/ces_by_type?type=x", List.of(type)),
                Arguments.of("/itStore/ces_by_type?type=C", List.of(type)),
                Arguments.of("/itStore/ces_by_type?type=c&type=c", List.of(type)),
                Arguments.of("/itStore/ces_by_type?type=c%00", List.of(type)),
                Arguments.of("/itStore/ces_by_type?type=%20c", List.of(type)),
                Arguments.of("/itStore/characteristics_for_product", List.of(productId)),
                Arguments.of("/itStore/characteristics_for_product?productId=", List.of(productId)),
                Arguments.of("/itStore/characteristics_for_product?productId=-1", List.of(productId)),
                Arguments.of("/itStore/characteristics_for_product?productId=%2B1", List.of(productId)),
                Arguments.of("/itStore/characteristics_for_product?productId=1e3", List.of(productId)),
                Arguments.of("/itStore/characteristics_for_product?productId=1.0", List.of(productId)),
                Arguments.of("/itStore/characteristics_for_product?productId=99999999999", List.of(productId)),
                Arguments.of("/itStore/characteristics_for_product?productId=" + NINES, List.of(productId)),
                Arguments.of("/itStore/characteristics_for_product?productId=%00", List.of(productId)),
                Arguments.of("/itStore/characteristics_for_product?productId=1%00", List.of(productId)),
                Arguments.of("/itStore/characteristics_for_product?productId=1&productId=2", List.of(productId)),
                Arguments.of("/itStore/characteristics_for_product?productId=%D9%A1", List.of(productId)),
                Arguments.of("/itStore/items_between_dates?year=0", List.of(year)),
                Arguments.of("/itStore/items_between_dates?year=10000", List.of(year)),
                Arguments.of("/itStore/items_between_dates?year=", List.of(year)),
                Arguments.of("/itStore/items_between_dates?month=13", List.of(month)),
                Arguments.of("/itStore/items_between_dates?month=", List.of(month)),
                Arguments.of("/itStore/items_between_dates?month=1e1", List.of(month)),
                Arguments.of("/itStore/items_between_dates?month=%00", List.of(month)),
                Arguments.of("/itStore/items_between_dates?year=2022&year=2022", List.of(year)),
                Arguments.of("/itStore/items_between_dates?month=13&year=-1", List.of(year, month)),
                Arguments.of("/itStore/items_between_dates?year=99999999999&month=0", List.of(year, month)),
                Arguments.of("/itStore/first_N_products", List.of(n)),
                Arguments.of("/itStore/first_N_products?n=5", List.of(n)),
                Arguments.of("/itStore/first_N_products?N=", List.of(n)),
                Arguments.of("/itStore/first_N_products?N=-1", List.of(n)),
                Arguments.of("/itStore/first_N_products?N=abc", List.of(n)),
                Arguments.of("/itStore/first_N_products?N=1e3", List.of(n)),
                Arguments.of("/itStore/first_N_products?N=1000001", List.of(n)),
                Arguments.of("/itStore/first_N_products?N=99999999999", List.of(n)),
                Arguments.of("/itStore/first_N_products?N=" + NINES, List.of(n)),
                Arguments.of("/itStore/first_N_products?N=%00", List.of(n)),
                Arguments.of("/itStore/first_N_products?N=1&N=2", List.of(n)),
                Arguments.of("/itStore/products/abc", List.of(id)),
                Arguments.of("/itStore/products/-1", List.of(id)),
                Arguments.of("/itStore/products/1e3", List.of(id)),
                Arguments.of("/itStore/products/99999999999", List.of(id)),
                Arguments.of("/itStore/products/" + NINES, List.of(id)));
    }

    @ParameterizedTest
    @MethodSource("badRequests")
    void aBadParameterIsA400WithItsMessage(String target, List<String> errors) {
        RawHttp.Response response = RawHttp.get(app.port(), target);

        int query = target.indexOf('?');
        Errors.assertError(response, 400, query < 0 ? target : target.substring(0, query), errors);
        assertThat(app.store().lastArgument.get()).as("the store is not called").isNull();
    }
}
