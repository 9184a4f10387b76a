package io.paradigmlab.eshop.domain;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Order's mapping of a batch, written once for every variant: which lines to persist once Inventory answered, and the
 * answer in request order whatever order the individual calls completed in.
 */
public final class Orders {

    private Orders() {
    }

    /** The rejected lines of the individual mode's outcomes (any order in, any order out). */
    public static List<Rejected> rejected(Collection<ReservationOutcome> outcomes) {
        return outcomes.stream().filter(o -> !o.reserved())
                .map(o -> new Rejected(o.orderNumber(), o.productCode())).toList();
    }

    /** The lines Inventory reserved: every line whose order number is not among {@code rejected}, in request order. */
    public static List<OrderLine> accepted(List<OrderLine> lines, Collection<Rejected> rejected) {
        Set<String> out = numbers(lines, rejected);
        return lines.stream().filter(l -> !out.contains(l.orderNumber())).toList();
    }

    /**
     * The answer of {@code POST /orders/batch}: accepted lines with the ids MariaDB gave their rows, rejected lines,
     * both in request order.
     *
     * @param ids the row id of every accepted line, by order number
     * @throws IllegalStateException when an accepted line has no id
     */
    public static BatchResult result(List<OrderLine> lines, Map<String, Long> ids, Collection<Rejected> rejected) {
        Set<String> out = numbers(lines, rejected);
        List<Accepted> accepted = new ArrayList<>();
        for (OrderLine l : lines) {
            if (!out.contains(l.orderNumber())) {
                Long id = ids.get(l.orderNumber());
                if (id == null) {
                    throw new IllegalStateException("no row id for accepted order " + l.orderNumber());
                }
                accepted.add(new Accepted(l.orderNumber(), id));
            }
        }
        return new BatchResult(accepted, inRequestOrder(lines, rejected));
    }

    /** {@code rejected} sorted by the position of their order numbers in {@code lines}. */
    static List<Rejected> inRequestOrder(List<OrderLine> lines, Collection<Rejected> rejected) {
        Set<String> out = numbers(lines, rejected);
        Map<String, Rejected> byNumber = new HashMap<>();
        rejected.forEach(r -> byNumber.put(r.orderNumber(), r));
        return lines.stream().filter(l -> out.contains(l.orderNumber())).map(l -> byNumber.get(l.orderNumber()))
                .toList();
    }

    /** The order numbers of {@code rejected}, each checked to belong to a line (a downstream answer is not trusted). */
    private static Set<String> numbers(List<OrderLine> lines, Collection<Rejected> rejected) {
        Set<String> known = new HashSet<>();
        lines.forEach(l -> known.add(l.orderNumber()));
        Set<String> out = new HashSet<>();
        for (Rejected r : rejected) {
            if (!known.contains(r.orderNumber())) {
                throw new IllegalStateException("rejected order " + r.orderNumber() + " is not in the batch");
            }
            out.add(r.orderNumber());
        }
        return out;
    }
}
