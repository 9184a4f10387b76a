package io.paradigmlab.eshop.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.eshop.domain.FanOut;
import io.paradigmlab.eshop.domain.SeedData;
import io.paradigmlab.eshop.lab.EshopDeployment;
import io.paradigmlab.eshop.lab.EshopService;
import io.paradigmlab.eshop.lab.EshopVariant;
import io.paradigmlab.lab.api.Application;
import java.util.EnumSet;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The e-shop's behaviour suite against the {@code platform} variant, one instance of each service; and the variant launched
 * {@code --set faithful=true}, which makes its reservation calls one at a time as the seed's conventional service did.
 */
class PlatformEshopIT extends EshopSpec {

    @Override
    EshopVariant variant() {
        return EshopVariant.PLATFORM;
    }

    /** Faithful: fan-out 1, so the 55 calls of 100 ms take at least the sequential 5.5 s. */
    @Test
    void theFaithfulPlatformArmMakesItsReservationCallsOneAtATime() {
        EshopDeployment faithful = fixture.startDeployment(EshopVariant.PLATFORM, 1, "-faithful",
                Map.of(Application.FAITHFUL, "true"), EnumSet.of(EshopService.INVENTORY, EshopService.ORDER));
        try {
            assertThat(faithful.fanOut()).isEqualTo(FanOut.SEQUENTIAL);
            Client orders = new Client(faithful.urls(EshopService.ORDER));

            Client.Response r = ok(orders.post("/orders/batch?mode=individual&delayMs=100", INVALID_ORDERS));

            System.out.printf("platform, faithful: 55 delayed reservation calls one at a time in %d ms%n",
                    r.took().toMillis());
            assertThat(r.json().get("rejected").size()).isEqualTo(SeedData.INVALID_ORDER_LINES);
            assertThat(r.took()).isGreaterThanOrEqualTo(SEQUENTIAL_FLOOR);
        } finally {
            EshopFixture.stop(faithful);
        }
    }
}
