package io.paradigmlab.itstore.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.itstore.lab.ItStoreDeployment;
import io.paradigmlab.itstore.lab.ItStoreVariant;
import io.paradigmlab.lab.api.Application;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The {@code --faithful} switch brings back the original's two threading defects and nothing else: JDBC inline on
 * WebFlux's event loop, which BlockHound flags, and R2DBC subscribed on {@code parallel()} and blocked on in MVC,
 * which answers as the fair bridge does.
 */
@ExtendWith(ItStoreFixture.Resolver.class)
class FaithfulIT {

    @Test
    void blockHoundFlagsJdbcOnTheEventLoopOfTheFaithfulJdbcWebfluxCell(ItStoreFixture fixture) throws Exception {
        try (ItStoreDeployment faithful = fixture.startDeployment(ItStoreVariant.JDBC_WEBFLUX, "_faithful",
                Map.of(Application.FAITHFUL, "true"))) {
            Client client = new Client(faithful.url());
            Client.Response r = client.get("/itStore/max_invoice");

            assertThat(r.status()).as("%s", r).isEqualTo(500);
            ItStoreSpec.assertError(r, 500, "/itStore/max_invoice", "Internal server error");
            assertThat(Files.readString(faithful.process().log())).contains("Blocking call");
            // no database, no blocking call: the event loop serves it
            assertThat(client.get("/itStore/test_controller_only").status()).isEqualTo(200);
        }
    }

    @Test
    void theFaithfulR2dbcMvcCellAnswersAsTheBridgedOne(ItStoreFixture fixture) {
        Client bridged = new Client(fixture.deployment(ItStoreVariant.R2DBC_MVC).url());
        try (ItStoreDeployment faithful = fixture.startDeployment(ItStoreVariant.R2DBC_MVC, "_faithful",
                Map.of(Application.FAITHFUL, "true"))) {
            Client client = new Client(faithful.url());
            for (String request : List.of("/itStore/ces_by_type?type=s", "/itStore/max_invoice",
                    "/itStore/sales_cost", "/itStore/category_profit", "/itStore/first_N_products?N=3000",
                    "/itStore/products/5", "/itStore/characteristics_for_product?productId=999999")) {
                Client.Response expected = bridged.get(request);
                Client.Response actual = client.get(request);
                assertThat(actual.status()).as(request).isEqualTo(200);
                assertThat(actual.body()).as(request).isEqualTo(expected.body());
            }
        }
    }
}
