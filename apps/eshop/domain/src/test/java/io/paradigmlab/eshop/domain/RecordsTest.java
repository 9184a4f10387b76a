package io.paradigmlab.eshop.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The records' components are the contract's JSON fields (spec 2.7), in its order: Jackson names them so. */
class RecordsTest {

    private static List<String> components(Class<? extends Record> type) {
        return Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList();
    }

    @Test
    void productBodies() {
        assertThat(components(Product.class))
                .containsExactly("id", "code", "name", "category", "price", "description");
        assertThat(components(NewProduct.class)).containsExactly("code", "name", "category", "price", "description");
        assertThat(components(StockLevel.class)).containsExactly("code", "quantity");
        assertThat(components(StockUpdate.class)).containsExactly("quantity");
        assertThat(components(ImportResult.class)).containsExactly("imported");
        assertThat(components(DelayResult.class)).containsExactly("delayedMs");
    }

    @Test
    void orderAndReservationBodies() {
        assertThat(components(OrderLine.class)).containsExactly("orderNumber", "productCode", "quantity");
        assertThat(components(OrderBatch.class)).containsExactly("orders");
        assertThat(components(Rejected.class)).containsExactly("orderNumber", "productCode");
        assertThat(components(ReservationResult.class)).containsExactly("rejected");
        assertThat(components(ReservationOutcome.class)).containsExactly("orderNumber", "productCode", "status");
        assertThat(ReservationOutcome.Status.values()).extracting(Enum::name).containsExactly("RESERVED", "REJECTED");
        assertThat(components(Accepted.class)).containsExactly("orderNumber", "id");
        assertThat(components(BatchResult.class)).containsExactly("accepted", "rejected");
        assertThat(components(Order.class)).containsExactly("id", "orderNumber", "productCode", "quantity");
    }

    @Test
    void aProductAndItsNewFormConvert() {
        NewProduct p = SeedData.product(7);
        assertThat(p.withId(7).withoutId()).isEqualTo(p);
        assertThat(p.withId(7).id()).isEqualTo(7);
    }

    @Test
    void listsAreCopies() {
        var rejected = new java.util.ArrayList<Rejected>();
        ReservationResult result = new ReservationResult(rejected);
        rejected.add(new Rejected("a", "P0000001"));
        assertThat(result.rejected()).isEmpty();
    }

    @Test
    void anOutcomeSaysWhetherItReserved() {
        OrderLine line = new OrderLine("n", "P0000001", 1L);
        assertThat(ReservationOutcome.of(line, true).status()).isEqualTo(ReservationOutcome.Status.RESERVED);
        assertThat(ReservationOutcome.of(line, true).reserved()).isTrue();
        assertThat(ReservationOutcome.of(line, false).reserved()).isFalse();
        assertThat(BatchMode.BULK.wire()).isEqualTo("bulk");
        assertThat(BatchMode.INDIVIDUAL.wire()).isEqualTo("individual");
    }
}
