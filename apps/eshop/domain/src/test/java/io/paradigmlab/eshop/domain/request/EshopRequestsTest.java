package io.paradigmlab.eshop.domain.request;

import static io.paradigmlab.eshop.domain.request.EshopRequests.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.eshop.domain.BatchMode;
import io.paradigmlab.eshop.domain.BatchOptions;
import io.paradigmlab.eshop.domain.NewProduct;
import io.paradigmlab.eshop.domain.OrderBatch;
import io.paradigmlab.eshop.domain.OrderLine;
import io.paradigmlab.eshop.domain.StockUpdate;
import io.paradigmlab.common.contract.ApiException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

class EshopRequestsTest {

    private static final String N1 = "0b7e8d1c-4a1f-4c1e-9a3e-1d2c3b4a5f60";
    private static final String N2 = "1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b";

    /** The call fails with a 400 carrying exactly these messages. */
    private static void badRequest(ThrowingCallable call, String... messages) {
        assertThatThrownBy(call).isInstanceOfSatisfying(ApiException.BadRequest.class, e -> {
            assertThat(e.status()).isEqualTo(400);
            assertThat(e.errors()).containsExactly(messages);
        });
    }

    private static NewProduct valid() {
        return new NewProduct("P0000001", "Lamp", "Home", new BigDecimal("12.5"), "A lamp");
    }

    // ---- the field rules

    @Test
    void aCodeIsPAndSevenAsciiDigits() {
        assertThat(isCode("P0000001")).isTrue();
        assertThat(isCode("P9999999")).isTrue();
        for (String bad : new String[] {null, "", "P", "P000001", "P00000001", "p0000001", "Q0000001", "P000000a",
                "P 000001", "P-000001", "P000000\u0661", "P\uFF10000000", "P000000\u0000"}) {
            assertThat(isCode(bad)).as(String.valueOf(bad)).isFalse();
        }
    }

    @Test
    void textLengthsCountCharactersNotUtf16Units() {
        String hundredEmoji = "\uD83D\uDE00".repeat(100); // 200 chars, 100 code points
        assertThat(isName(hundredEmoji)).isTrue();
        assertThat(isName(hundredEmoji + "x")).isFalse();
        assertThat(isName("x".repeat(100))).isTrue();
        assertThat(isName("x".repeat(101))).isFalse();
        assertThat(isName("")).isFalse();
        assertThat(isName(null)).isFalse();
        assertThat(isCategory("c".repeat(50))).isTrue();
        assertThat(isCategory("c".repeat(51))).isFalse();
        assertThat(isCategory("")).isFalse();
        assertThat(isDescription("")).isTrue();
        assertThat(isDescription(null)).isTrue();
        assertThat(isDescription("d".repeat(200))).isTrue();
        assertThat(isDescription("d".repeat(201))).isFalse();
    }

    @Test
    void textRefusesNulAndUnpairedSurrogates() {
        assertThat(isName("a\u0000b")).isFalse();
        assertThat(isDescription("\u0000")).isFalse();
        assertThat(isName("a\uD83D")).isFalse();
        assertThat(isName("\uDE00a")).isFalse();
        assertThat(isName("\uD83Da")).isFalse();
        // other control characters and line breaks are text (the CSV quotes them)
        assertThat(isDescription("line 1\nline 2\ttab")).isTrue();
    }

    @Test
    void aPriceIsInRangeWithAtMostTwoDecimals() {
        assertThat(price(new BigDecimal("0.01"))).isEqualByComparingTo("0.01");
        assertThat(price(new BigDecimal("9999.99"))).isEqualTo(new BigDecimal("9999.99"));
        assertThat(price(new BigDecimal("12.5"))).isEqualTo(new BigDecimal("12.50"));
        assertThat(price(new BigDecimal("12.500"))).isEqualTo(new BigDecimal("12.50"));
        assertThat(price(new BigDecimal("1E+2"))).isEqualTo(new BigDecimal("100.00"));
        assertThat(price(new BigDecimal("7"))).hasToString("7.00");
        for (String bad : new String[] {"0", "0.00", "0.009", "-1", "10000", "9999.991", "1.234", "1E+10000",
                "1E-10000"}) {
            assertThat(price(new BigDecimal(bad))).as(bad).isNull();
        }
        assertThat(price((BigDecimal) null)).isNull();
    }

    @Test
    void aPriceAsTextIsPlainDigits() {
        assertThat(price("12")).isEqualTo(new BigDecimal("12.00"));
        assertThat(price("12.5")).isEqualTo(new BigDecimal("12.50"));
        assertThat(price("0012.50")).isEqualTo(new BigDecimal("12.50"));
        assertThat(price("9999.99")).isEqualTo(new BigDecimal("9999.99"));
        for (String bad : new String[] {null, "", " 1", "1 ", "+1", "-1", "1e2", "1E2", "1.", ".5", "1.2.3", "1,5",
                "\u0661", "10000", "0", "1.234", "abc", "1".repeat(21)}) {
            assertThat(price(bad)).as(String.valueOf(bad)).isNull();
        }
    }

    @Test
    void anOrderNumberIsAUuidLowerCased() {
        assertThat(orderNumber(N1)).isEqualTo(N1);
        assertThat(orderNumber(N1.toUpperCase())).isEqualTo(N1);
        for (String bad : new String[] {null, "", "x", N1.substring(1), N1 + "0", N1.replace('-', '_'),
                "0b7e8d1c4a1f-4c1e-9a3e-1d2c3b4a5f60", N1.replace('b', 'g'), N1.replace('0', '\uFF10')}) {
            assertThat(orderNumber(bad)).as(String.valueOf(bad)).isNull();
        }
    }

    // ---- Product

    @Test
    void aNewProductIsNormalized() {
        NewProduct p = newProduct(valid());
        assertThat(p.price()).isEqualTo(new BigDecimal("12.50"));
        assertThat(newProduct(new NewProduct("P0000001", "n", "c", BigDecimal.ONE, null)).description()).isEmpty();
    }

    @Test
    void aNewProductReportsEveryBadFieldInOrder() {
        badRequest(() -> newProduct(new NewProduct(null, null, null, null, "d".repeat(201))),
                CODE, NAME, CATEGORY, PRICE, DESCRIPTION);
        badRequest(() -> newProduct(new NewProduct("P1", "n", "c", BigDecimal.ONE, "")), CODE);
        badRequest(() -> newProduct(new NewProduct("P0000001", "", "c", BigDecimal.ONE, "")), NAME);
        badRequest(() -> newProduct(new NewProduct("P0000001", "n", "c".repeat(51), BigDecimal.ONE, "")), CATEGORY);
        badRequest(() -> newProduct(new NewProduct("P0000001", "n", "c", new BigDecimal("0.001"), "")), PRICE);
        badRequest(() -> newProduct(null), BODY_REQUIRED);
        assertThat(CODE).isEqualTo("code must be P followed by 7 digits");
        assertThat(PRICE).isEqualTo("price must be from 0.01 to 9999.99 with at most 2 decimals");
    }

    @Test
    void idsArePositiveLongs() {
        assertThat(productId("1")).isEqualTo(1);
        assertThat(productId("007")).isEqualTo(7);
        assertThat(productId("9223372036854775807")).isEqualTo(Long.MAX_VALUE);
        assertThat(orderId("42")).isEqualTo(42);
        for (String bad : new String[] {null, "", "0", "000", "-1", "+1", " 1", "1 ", "1.0", "abc", "1e3",
                "9223372036854775808", "99999999999999999999999", "\u0661", "1\u0000"}) {
            badRequest(() -> productId(bad), ID);
            badRequest(() -> orderId(bad), ID);
        }
    }

    @Test
    void aPathCodeIsACode() {
        assertThat(code("P0271600")).isEqualTo("P0271600");
        badRequest(() -> code("P27"), CODE);
        badRequest(() -> code(null), CODE);
    }

    @Test
    void aStockQuantityIsZeroToOneBillion() {
        assertThat(stockQuantity(new StockUpdate(0L))).isZero();
        assertThat(stockQuantity(new StockUpdate(1_000_000_000L))).isEqualTo(1_000_000_000L);
        badRequest(() -> stockQuantity(new StockUpdate(1_000_000_001L)), STOCK_QUANTITY);
        badRequest(() -> stockQuantity(new StockUpdate(-1L)), STOCK_QUANTITY);
        badRequest(() -> stockQuantity(new StockUpdate(null)), STOCK_QUANTITY);
        badRequest(() -> stockQuantity(null), BODY_REQUIRED);
    }

    @Test
    void theProductDelayIsRequiredAndUpToTenSeconds() {
        assertThat(productDelayMs("0")).isZero();
        assertThat(productDelayMs("100")).isEqualTo(100);
        assertThat(productDelayMs("10000")).isEqualTo(10_000);
        assertThat(productDelayMs(List.of("100"))).isEqualTo(100);
        for (String bad : new String[] {null, "", "10001", "-1", "1.5", "99999999999999999999"}) {
            badRequest(() -> productDelayMs(bad), MS);
        }
        badRequest(() -> productDelayMs(List.of("1", "2")), MS);
        badRequest(() -> productDelayMs(List.of()), MS);
    }

    // ---- Inventory

    @Test
    void theReservationDelayIsOptionalAndUpToOneSecond() {
        assertThat(reservationDelayMs((String) null)).isZero();
        assertThat(reservationDelayMs((List<String>) null)).isZero();
        assertThat(reservationDelayMs("1000")).isEqualTo(1000);
        badRequest(() -> reservationDelayMs("1001"), DELAY_MS);
        badRequest(() -> reservationDelayMs(""), DELAY_MS);
        badRequest(() -> reservationDelayMs(List.of("1", "1")), DELAY_MS);
    }

    @Test
    void reservationsNeedNumbersCodesAndPositiveQuantities() {
        List<OrderLine> ok = reservations(List.of(new OrderLine(N1.toUpperCase(), "P0000001", 1L),
                new OrderLine(N2, "P0000001", 1_000_000_000L)));
        assertThat(ok).containsExactly(new OrderLine(N1, "P0000001", 1L),
                new OrderLine(N2, "P0000001", 1_000_000_000L));

        badRequest(() -> reservations(Arrays.asList(new OrderLine(null, "P1", 0L), null,
                        new OrderLine(N1, "P0000002", 1_000_000_001L), new OrderLine(N1, "P0000002", 1L),
                        new OrderLine(N1.toUpperCase(), "P0000003", 1L))),
                "[0].orderNumber must be a UUID", "[0].productCode must be P followed by 7 digits",
                "[0].quantity must be an integer from 1 to 1000000000", "[1] must not be null",
                "[2].quantity must be an integer from 1 to 1000000000", "[4].orderNumber duplicates [3]");
        badRequest(() -> reservations(List.of()), RESERVATIONS_SIZE);
        badRequest(() -> reservations(lines(1001)), RESERVATIONS_SIZE);
        assertThat(reservations(lines(1000))).hasSize(1000);
        badRequest(() -> reservations(null), BODY_REQUIRED);
    }

    @Test
    void oneReservationIsALine() {
        assertThat(reservation(new OrderLine(N1, "P0000001", 3L))).isEqualTo(new OrderLine(N1, "P0000001", 3L));
        badRequest(() -> reservation(new OrderLine(null, "P0000001", 0L)), "orderNumber must be a UUID",
                "quantity must be an integer from 1 to 1000000000");
        badRequest(() -> reservation(null), BODY_REQUIRED);
    }

    // ---- Order

    @Test
    void aBatchKeepsGivenNumbersAndAssignsTheMissingOnesInLineOrder() {
        UUID a = new UUID(1, 1);
        UUID b = new UUID(2, 2);
        Iterator<UUID> generated = List.of(a, b).iterator();
        List<OrderLine> lines = orderBatch(new OrderBatch(List.of(new OrderLine(null, "P0000001", 1L),
                new OrderLine(N1.toUpperCase(), "P0000002", 2L), new OrderLine(null, "P0000003", 3L))),
                generated::next);
        assertThat(lines).containsExactly(new OrderLine(a.toString(), "P0000001", 1L),
                new OrderLine(N1, "P0000002", 2L), new OrderLine(b.toString(), "P0000003", 3L));
    }

    @Test
    void aBadBatchConsumesNoNumbers() {
        List<UUID> handed = new ArrayList<>();
        Supplier<UUID> numbers = () -> {
            UUID u = UUID.randomUUID();
            handed.add(u);
            return u;
        };
        badRequest(() -> orderBatch(new OrderBatch(List.of(new OrderLine(null, "P0000001", 1L),
                new OrderLine(null, "P0000002", 0L))), numbers),
                "orders[1].quantity must be an integer from 1 to 1000000000");
        assertThat(handed).isEmpty();
    }

    @Test
    void aBatchHasOneToAThousandLinesWithUniqueNumbers() {
        Supplier<UUID> numbers = UUID::randomUUID;
        assertThat(orderBatch(new OrderBatch(lines(1000)), numbers)).hasSize(1000);
        badRequest(() -> orderBatch(new OrderBatch(lines(1001)), numbers), ORDERS_SIZE);
        badRequest(() -> orderBatch(new OrderBatch(List.of()), numbers), ORDERS_SIZE);
        badRequest(() -> orderBatch(new OrderBatch(null), numbers), ORDERS_SIZE);
        badRequest(() -> orderBatch(null, numbers), BODY_REQUIRED);
        badRequest(() -> orderBatch(new OrderBatch(List.of(new OrderLine(N1, "P0000001", 1L),
                new OrderLine(N1, "P0000002", 1L))), numbers), "orders[1].orderNumber duplicates orders[0]");
        badRequest(() -> orderBatch(new OrderBatch(List.of(new OrderLine("nope", "P0000001", 1L))), numbers),
                "orders[0].orderNumber must be a UUID");
        assertThatThrownBy(() -> orderBatch(new OrderBatch(List.of(new OrderLine(null, "P0000001", 1L),
                new OrderLine(null, "P0000002", 1L))), () -> new UUID(0, 0)))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aHugeBadBatchReportsAHundredMessagesAndACount() {
        List<OrderLine> bad = IntStream.range(0, 1000).mapToObj(i -> new OrderLine(null, "x", 0L)).toList();
        assertThatThrownBy(() -> orderBatch(new OrderBatch(bad), UUID::randomUUID))
                .isInstanceOfSatisfying(ApiException.BadRequest.class, e -> assertThat(e.errors()).hasSize(101)
                        .endsWith("and 1900 more errors"));
    }

    @Test
    void batchOptionsDefaultToBulkWithoutDelay() {
        assertThat(batchOptions((String) null, null)).isEqualTo(new BatchOptions(BatchMode.BULK, 0));
        assertThat(batchOptions("bulk", null)).isEqualTo(new BatchOptions(BatchMode.BULK, 0));
        assertThat(batchOptions("individual", null)).isEqualTo(new BatchOptions(BatchMode.INDIVIDUAL, 0));
        assertThat(batchOptions("individual", "100")).isEqualTo(new BatchOptions(BatchMode.INDIVIDUAL, 100));
        assertThat(batchOptions(List.of("individual"), List.of("1000")))
                .isEqualTo(new BatchOptions(BatchMode.INDIVIDUAL, 1000));
        badRequest(() -> batchOptions("BULK", null), MODE);
        badRequest(() -> batchOptions("", null), MODE);
        badRequest(() -> batchOptions("bulk", "100"), DELAY_NEEDS_INDIVIDUAL);
        badRequest(() -> batchOptions((String) null, "0"), DELAY_NEEDS_INDIVIDUAL);
        badRequest(() -> batchOptions("individual", "1001"), DELAY_MS);
        badRequest(() -> batchOptions("x", "x"), MODE, DELAY_MS);
        badRequest(() -> batchOptions(List.of("bulk", "bulk"), List.of("1", "2")), MODE, DELAY_MS);
    }

    private static List<OrderLine> lines(int n) {
        return IntStream.range(0, n).mapToObj(i -> new OrderLine(new UUID(7, i).toString(), "P0000001", 1L))
                .toList();
    }
}
