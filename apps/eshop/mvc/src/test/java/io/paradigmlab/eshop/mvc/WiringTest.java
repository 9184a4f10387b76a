package io.paradigmlab.eshop.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.eshop.domain.Product;
import io.paradigmlab.eshop.domain.SeedData;
import io.paradigmlab.eshop.mvc.common.InventoryClient;
import io.paradigmlab.eshop.mvc.inventory.InventoryController;
import io.paradigmlab.eshop.mvc.order.FanOutExecutor;
import io.paradigmlab.eshop.mvc.order.OrderController;
import io.paradigmlab.eshop.mvc.product.ProductController;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.ApplicationContext;

/** Each app holds only its own service's beans; the fan-out follows the threads; Inventory is called round-robin. */
class WiringTest {

    private static EshopTestServices services;

    @BeforeAll
    static void start() {
        services = EshopTestServices.get();
    }

    private static boolean has(ApplicationContext context, Class<?> type) {
        return context.getBeanNamesForType(type).length > 0;
    }

    @Test
    void eachAppLoadsOnlyItsOwnService() {
        ApplicationContext inventory = services.inventory.context();
        assertThat(has(inventory, InventoryController.class)).isTrue();
        assertThat(has(inventory, InventoryClient.class)).isFalse();
        assertThat(has(inventory, ProductController.class) || has(inventory, OrderController.class)).isFalse();

        ApplicationContext product = services.product().context();
        assertThat(has(product, ProductController.class) && has(product, InventoryClient.class)).isTrue();
        assertThat(has(product, InventoryController.class) || has(product, OrderController.class)
                || has(product, FanOutExecutor.class)).isFalse();

        ApplicationContext order = services.orderPlatform().context();
        assertThat(has(order, OrderController.class) && has(order, InventoryClient.class)).isTrue();
        assertThat(has(order, InventoryController.class) || has(order, ProductController.class)).isFalse();
    }

    @Test
    void theFanOutRunsOnTheVariantsThreads() {
        assertThat(services.orderPlatform().context().getBean(FanOutExecutor.class).isVirtual()).isFalse();
        assertThat(services.orderVirtual().context().getBean(FanOutExecutor.class).isVirtual()).isTrue();
    }

    @Test
    void inventoryInstancesAreCalledRoundRobin() {
        EshopTestServices.App second = services.startInventory();
        EshopTestServices.App product = services.startProduct(false, services.inventory.port(), List.of(
                "spring.cloud.discovery.client.simple.instances.inventory[1].uri=http://127.0.0.1:" + second.port()));
        try {
            Http.Response added = Http.json("POST", product.url("/products"), SeedData.product(6_100_001));
            assertThat(added.status()).isEqualTo(201);
            long id = added.as(Product.class).id();
            EshopTestServices.CallCounter first = services.inventoryCalls();
            EshopTestServices.CallCounter other = second.context().getBean(EshopTestServices.CallCounter.class);
            int before = first.count("PUT /inventory/");
            for (int i = 0; i < 4; i++) {
                assertThat(Http.json("PUT", product.url("/products/" + id + "/stock"), "{\"quantity\":" + i + "}")
                        .status()).isEqualTo(200);
            }
            assertThat(first.count("PUT /inventory/") - before).isEqualTo(2);
            assertThat(other.count("PUT /inventory/")).isEqualTo(2);
        } finally {
            product.context().close();
            second.context().close();
        }
    }
}
