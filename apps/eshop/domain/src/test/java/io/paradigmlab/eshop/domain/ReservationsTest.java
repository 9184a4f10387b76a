package io.paradigmlab.eshop.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ReservationsTest {

    private static OrderLine line(int i, String code, long q) {
        return new OrderLine(new UUID(0, i).toString(), code, q);
    }

    @Test
    void roundsHoldEachCodeOnceInRequestOrder() {
        OrderLine a1 = line(1, "P0000001", 5);
        OrderLine b1 = line(2, "P0000002", 1);
        OrderLine a2 = line(3, "P0000001", 3);
        OrderLine a3 = line(4, "P0000001", 1);
        OrderLine c1 = line(5, "P0000003", 1);
        OrderLine b2 = line(6, "P0000002", 1);
        assertThat(Reservations.rounds(List.of(a1, b1, a2, a3, c1, b2)))
                .containsExactly(List.of(a1, b1, c1), List.of(a2, b2), List.of(a3));
        assertThat(Reservations.rounds(SeedData.invalidOrders())).containsExactly(SeedData.invalidOrders());
        assertThat(Reservations.codes(List.of(a1, b1))).containsExactly("P0000001", "P0000002");
        assertThat(Reservations.quantities(List.of(a1, b1))).containsExactly(5L, 1L);
    }

    /**
     * Rounds of the bulk statement (each row decremented at most once per round, when its stock covers the line)
     * reserve exactly what one conditional decrement per line in request order does: checked on random batches.
     */
    @Test
    void roundsReserveWhatOneDecrementPerLineWould() {
        SplittableRandom random = new SplittableRandom(42);
        for (int trial = 0; trial < 2_000; trial++) {
            Map<String, Long> stock = new HashMap<>();
            for (int c = 1; c <= 4; c++) {
                stock.put(SeedData.code(c), (long) random.nextInt(8));
            }
            List<OrderLine> lines = new ArrayList<>();
            int size = 1 + random.nextInt(12);
            for (int i = 0; i < size; i++) {
                // code 5 is unknown: no row, always rejected
                lines.add(line(i, SeedData.code(1 + random.nextInt(5)), 1 + random.nextInt(5)));
            }

            Map<String, Long> sequential = new HashMap<>(stock);
            List<Rejected> expected = new ArrayList<>();
            for (OrderLine l : lines) {
                Long have = sequential.get(l.productCode());
                if (have != null && have >= l.quantity()) {
                    sequential.put(l.productCode(), have - l.quantity());
                } else {
                    expected.add(Rejected.of(l));
                }
            }

            Map<String, Long> bulk = new HashMap<>(stock);
            List<Rejected> rejected = new ArrayList<>();
            for (List<OrderLine> round : Reservations.rounds(lines)) {
                Set<String> reserved = new HashSet<>();
                for (OrderLine l : round) { // what RESERVE_MANY does to each of its distinct rows
                    Long have = bulk.get(l.productCode());
                    if (have != null && have >= l.quantity()) {
                        bulk.put(l.productCode(), have - l.quantity());
                        reserved.add(l.productCode());
                    }
                }
                rejected.addAll(Reservations.rejected(round, reserved));
            }
            assertThat(bulk).isEqualTo(sequential);
            assertThat(Reservations.result(lines, rejected).rejected()).isEqualTo(expected);
        }
    }

    @Test
    void theBatchAnswerIsInRequestOrder() {
        OrderLine a = line(1, "P0000001", 1);
        OrderLine b = line(2, "P0000002", 1);
        OrderLine c = line(3, "P0000003", 1);
        List<OrderLine> lines = List.of(a, b, c);
        List<Rejected> rejected = List.of(Rejected.of(c), Rejected.of(a));
        assertThat(Orders.accepted(lines, rejected)).containsExactly(b);
        BatchResult result = Orders.result(lines, Map.of(b.orderNumber(), 7L), rejected);
        assertThat(result).isEqualTo(new BatchResult(List.of(new Accepted(b.orderNumber(), 7)),
                List.of(Rejected.of(a), Rejected.of(c))));

        List<ReservationOutcome> outcomes = List.of(ReservationOutcome.of(c, false), ReservationOutcome.of(b, true),
                ReservationOutcome.of(a, false));
        assertThat(Orders.result(lines, Map.of(b.orderNumber(), 7L), Orders.rejected(outcomes))).isEqualTo(result);
        assertThat(Orders.result(lines, Map.of(), List.of(Rejected.of(a), Rejected.of(b), Rejected.of(c))))
                .isEqualTo(new BatchResult(List.of(), List.of(Rejected.of(a), Rejected.of(b), Rejected.of(c))));
    }

    @Test
    void aDownstreamAnswerIsChecked() {
        OrderLine a = line(1, "P0000001", 1);
        assertThatThrownBy(() -> Orders.accepted(List.of(a), List.of(new Rejected("other", "P0000001"))))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> Orders.result(List.of(a), Map.of(), List.of()))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void theFanOutKnob() {
        assertThat(FanOut.DEFAULT).isEqualTo(55);
        assertThat(FanOut.SEQUENTIAL).isEqualTo(1);
        assertThat(FanOut.validate(1)).isEqualTo(1);
        assertThat(FanOut.validate(1000)).isEqualTo(1000);
        assertThatThrownBy(() -> FanOut.validate(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(FanOut.PROPERTY);
        assertThatThrownBy(() -> FanOut.validate(1001)).isInstanceOf(IllegalArgumentException.class);
    }
}
