package io.paradigmlab.itstore.web.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.itstore.domain.request.ItStoreRequests;
import io.paradigmlab.itstore.domain.request.ItemsPeriod;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The 200 answers: JSON with the records' component names in order, amounts with scale 2, nulls written. */
class AnswersTest {

    private static TestApps.Running app;

    @BeforeAll
    static void start() {
        app = TestApps.shared();
    }

    @BeforeEach
    void reset() {
        app.store().reset();
    }

    private static String ok(String target) {
        RawHttp.Response response = RawHttp.get(app.port(), target);
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        assertThat(response.header("Content-Type")).isEqualTo("application/json");
        assertThat(response.complete()).isTrue();
        return response.text();
    }

    @Test
    void everyEndpointAnswersWithTheRecordsNames() {
        assertThat(ok("/itStore/ces_by_type?type=c")).isEqualTo("[{\"idCes\":4,\"name\":\"Dan Ionescu\",\"ein\":null,"
                + "\"typeCes\":\"c\",\"address\":\"Str. Mica 2, Iasi\",\"iban\":\"RO02RZBR0000060012345678\","
                + "\"ssn\":\"1900202123456\"}]");
        assertThat(app.store().lastArgument.get()).isEqualTo("c");
        assertThat(ok("/itStore/characteristics_for_product?productId=0"))
                .isEqualTo("[{\"idProd\":0,\"idCharacteristic\":1,\"name\":\"Color\",\"value\":\"silver\"}]");
        assertThat(ok("/itStore/characteristics_for_product?productId=0007")).isEqualTo("[]");
        assertThat(app.store().lastArgument.get()).isEqualTo(7);
        assertThat(ok("/itStore/characteristics_for_product?productId=2147483647")).isEqualTo("[]");
        assertThat(ok("/itStore/max_invoice")).isEqualTo("{\"maxValue\":1500.00}");
        assertThat(ok("/itStore/items_between_dates")).isEqualTo("[{\"prodName\":\"Laptop A\",\"quantity\":2}]");
        assertThat(app.store().lastArgument.get()).isEqualTo(ItemsPeriod.DEFAULT);
        ok("/itStore/items_between_dates?year=007&month=01&unknown=%00");
        assertThat(app.store().lastArgument.get()).isEqualTo(new ItemsPeriod(7, 1));
        assertThat(ok("/itStore/sales_cost"))
                .isEqualTo("[{\"year\":2022,\"month\":9,\"sales\":1500.00,\"costs\":800.50}]");
        assertThat(ok("/itStore/month_with_greatest_sale"))
                .isEqualTo("[{\"year\":2021,\"month\":1,\"sales\":2000.00}]");
        assertThat(ok("/itStore/profit_on_each_product")).isEqualTo("[{\"prodName\":\"Laptop A\",\"profit\":-40.10}]");
        assertThat(ok("/itStore/product_max_profit"))
                .isEqualTo("[{\"category\":\"laptops\",\"prodName\":\"Laptop A\",\"profit\":0.00}]");
        assertThat(ok("/itStore/category_profit")).isEqualTo("[{\"category\":\"laptops\",\"profit\":12.50}]");
        assertThat(ok("/itStore/products/3")).isEqualTo("{\"idProd\":3,\"prodName\":\"Product \\\"3\\\" \\\\ ü\","
                + "\"idSupplier\":3,\"availability\":\"in stock\",\"category\":\"category 3\",\"addInfo\":null}");
        assertThat(ok("/itStore/products/0004")).contains("\"idProd\":4,");
    }

    @Test
    void theNoDatabaseEndpointIsTheFixedArray() {
        String body = ok("/itStore/test_controller_only");
        assertThat(body).isEqualTo("[\"Alexandru Popescu\",\"Bianca Ionescu\",\"Cristian Dumitru\",\"Daria Stan\","
                + "\"Emil Gheorghe\",\"Florina Munteanu\",\"George Stoica\",\"Ioana Matei\"]");
        assertThat(body.getBytes(StandardCharsets.UTF_8)).hasSize(135);
        assertThat(app.store().lastArgument.get()).isNull();
    }

    @Test
    void anAcceptHeaderDoesNotChangeTheAnswer() {
        RawHttp.Response html = RawHttp.send(app.port(), "GET", "/itStore/max_invoice", "Accept: text/html");
        assertThat(html.status()).isEqualTo(200);
        assertThat(html.header("Content-Type")).isEqualTo("application/json");
        assertThat(html.text()).isEqualTo("{\"maxValue\":1500.00}");

        RawHttp.Response streamed = RawHttp.send(app.port(), "GET", "/itStore/first_N_products?N=1",
                "Accept: application/xml");
        assertThat(streamed.status()).isEqualTo(200);
        assertThat(streamed.header("Content-Type")).isEqualTo("application/json");

        RawHttp.Response error = RawHttp.send(app.port(), "GET", "/itStore/first_N_products?N=x", "Accept: text/html");
        Errors.assertError(error, 400, "/itStore/first_N_products", List.of(ItStoreRequests.N_INVALID));
    }
}
