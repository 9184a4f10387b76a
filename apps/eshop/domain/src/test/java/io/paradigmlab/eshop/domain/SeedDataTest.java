package io.paradigmlab.eshop.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.eshop.domain.csv.ProductCsv;
import io.paradigmlab.eshop.domain.request.EshopRequests;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SeedDataTest {

    @Test
    void theRangesOfCodes() {
        assertThat(SeedData.code(1)).isEqualTo("P0000001");
        assertThat(SeedData.code(SeedData.PRODUCTS)).isEqualTo("P0271600");
        assertThat(SeedData.code(SeedData.FIRST_RESERVED)).isEqualTo("P0270601");
        assertThat(SeedData.code(SeedData.FIRST_IMPORT)).isEqualTo("P0271601");
        assertThat(SeedData.code(SeedData.LAST_IMPORT)).isEqualTo("P0289684");
        assertThat(SeedData.code(SeedData.FIRST_ADDED)).isEqualTo("P1000000");
        assertThat(SeedData.number("P0271600")).isEqualTo(271_600);
        assertThatThrownBy(() -> SeedData.code(10_000_000)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SeedData.number("X0000001")).isInstanceOf(IllegalArgumentException.class);
        // codes sort as their numbers, so "above the seed" is a code range for the lab's reset
        assertThat(SeedData.code(99_999).compareTo(SeedData.code(100_000))).isNegative();
    }

    /**
     * Golden values: the data generator, the lab and every test must keep making exactly these data (a change of
     * words, ranges or of the JDK's SplittableRandom would silently change every run's data set).
     */
    @Test
    void theDataArePinned() throws Exception {
        assertThat(SeedData.product(1)).isEqualTo(new NewProduct("P0000001", "Sturdy Jacket L-688", "Tools",
                new BigDecimal("97.13"), "Our sturdy jacket is quiet and energy saving, for everyday use."));
        assertThat(SeedData.quantity(1)).isEqualTo(896);
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        assertThat(HexFormat.of().formatHex(sha.digest(SeedData.importCsv())))
                .isEqualTo("51a4e8fb912d10a6364437ef2c8f9c80308e145f19e844945c95f222b5e719db");
        byte[] export = ProductCsv.document(SeedData.products().toList()).getBytes(StandardCharsets.UTF_8);
        assertThat(export.length).isEqualTo(29_879_957);
        assertThat(HexFormat.of().formatHex(sha.digest(export)))
                .isEqualTo("e639e37dc143050a73ef51da8e234d7a0bf5e3ecaddc510efb06352a1051b970");
        String stock = SeedData.inventory().map(s -> s.code() + "=" + s.quantity()).collect(Collectors.joining("\n"));
        assertThat(HexFormat.of().formatHex(sha.digest(stock.getBytes(StandardCharsets.UTF_8))))
                .isEqualTo("04704e6c3d4418efb0d68e48e5fa78dc6bee70990ef235049c28b48a15f58a66");
    }

    @Test
    void anyProductCanBeMadeAlone() {
        List<NewProduct> sequential = SeedData.products().skip(1_000).limit(100).toList();
        List<NewProduct> alone = java.util.stream.IntStream.rangeClosed(1_001, 1_100).parallel()
                .mapToObj(SeedData::product).toList();
        assertThat(alone).isEqualTo(sequential);
    }

    @Test
    void everySeededProductIsValidAndCodesAreUnique() {
        Set<String> codes = new HashSet<>();
        IntSummaryStatistics description = new IntSummaryStatistics();
        int quoted = 0;
        for (NewProduct p : SeedData.products().toList()) {
            assertThat(EshopRequests.newProduct(p)).isEqualTo(p);
            assertThat(codes.add(p.code())).isTrue();
            assertThat(p.price().scale()).isEqualTo(2);
            description.accept(p.description().length());
            if (p.description().contains(",")) {
                quoted++;
            }
        }
        assertThat(codes).hasSize(SeedData.PRODUCTS);
        // "~60 characters" (spec D-9)
        assertThat(description.getAverage()).isBetween(50.0, 70.0);
        assertThat(quoted).isBetween(SeedData.PRODUCTS / 3, SeedData.PRODUCTS);
        assertThat(SeedData.products().map(NewProduct::category).collect(Collectors.toSet()))
                .containsExactlyInAnyOrderElementsOf(SeedData.CATEGORIES);
    }

    @Test
    void theReservedBlockHasNoStockAndTheRestSome() {
        List<StockLevel> inventory = SeedData.inventory().toList();
        assertThat(inventory).hasSize(SeedData.PRODUCTS);
        assertThat(inventory.stream().filter(s -> s.quantity() == 0).count()).isEqualTo(SeedData.RESERVED);
        for (StockLevel s : inventory) {
            int n = SeedData.number(s.code());
            if (SeedData.isReserved(n)) {
                assertThat(s.quantity()).isZero();
            } else {
                assertThat(s.quantity()).isBetween((long) SeedData.MIN_STOCK, (long) SeedData.MAX_STOCK);
            }
        }
    }

    @Test
    void theImportFileHasFreshCodes() {
        List<NewProduct> rows = SeedData.importProducts().toList();
        assertThat(rows).hasSize(18_084);
        assertThat(rows.getFirst().code()).isEqualTo("P0271601");
        assertThat(rows.getLast().code()).isEqualTo("P0289684");
        byte[] file = SeedData.importCsv();
        // "about 2.2 MB" (spec D-9, an estimate): 1,987,889 bytes here
        assertThat(file.length).isBetween(1_800_000, 2_600_000);
        assertThat(SeedData.importCsv()).isEqualTo(file);
    }

    @Test
    void theInvalidOrdersNameDistinctReservedCodes() {
        List<OrderLine> orders = SeedData.invalidOrders();
        assertThat(orders).hasSize(55);
        assertThat(orders.stream().map(OrderLine::productCode).distinct()).hasSize(55);
        assertThat(orders.stream().map(OrderLine::orderNumber).distinct()).hasSize(55);
        for (OrderLine line : orders) {
            assertThat(SeedData.isReserved(SeedData.number(line.productCode()))).isTrue();
            assertThat(line.quantity()).isEqualTo(1L);
        }
        // valid as a batch, with its own numbers kept
        assertThat(io.paradigmlab.eshop.domain.request.EshopRequests.orderBatch(new OrderBatch(orders), () -> {
            throw new AssertionError("no number should be generated");
        })).isEqualTo(orders);
        assertThat(SeedData.invalidOrders()).isEqualTo(orders);
    }

    @Test
    void pricesSpreadOverTheRange() {
        List<BigDecimal> prices = SeedData.products().limit(20_000).map(NewProduct::price).toList();
        assertThat(prices.stream().filter(p -> p.compareTo(new BigDecimal("200")) >= 0).count())
                .isBetween(1_500L, 2_500L);
        assertThat(prices).allMatch(p -> p.compareTo(new BigDecimal("2499.99")) <= 0);
    }
}
