package io.paradigmlab.eshop.domain;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Inventory's mapping of a reservations request, written once for every variant (spec 2.6 #2: one bulk call, one
 * {@code List} mapping in shared code). A line is reserved when its conditional decrement
 * ({@code quantity >= q}) changed a row, lines are taken in request order per code (greedy: stock 6, lines 5, 3, 1
 * reserves 5 and 1), and the answer lists the rejected lines in request order.
 *
 * <p>The bulk statement ({@code EshopSql.RESERVE_MANY}) updates each inventory row at most once, so a request is run
 * as {@link #rounds}: round k holds the k-th line of every code, the rounds run one after the other. A request with
 * distinct codes (the seed's 55 invalid orders) is one round, one statement.
 */
public final class Reservations {

    private Reservations() {
    }

    /**
     * The lines split into rounds in which each code appears once; round k has the k-th line of each code, in request
     * order. Running the rounds in order reserves exactly what one conditional decrement per line, in request order,
     * would.
     */
    public static List<List<OrderLine>> rounds(List<OrderLine> lines) {
        List<List<OrderLine>> rounds = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (OrderLine line : lines) {
            int k = seen.merge(line.productCode(), 1, Integer::sum) - 1;
            if (k == rounds.size()) {
                rounds.add(new ArrayList<>());
            }
            rounds.get(k).add(line);
        }
        return rounds.stream().map(List::copyOf).toList();
    }

    /** The codes of a round, in its order, for the bulk statement's {@code :codes} array. */
    public static String[] codes(List<OrderLine> round) {
        return round.stream().map(OrderLine::productCode).toArray(String[]::new);
    }

    /** The quantities of a round, in its order, for the bulk statement's {@code :quantities} array. */
    public static Long[] quantities(List<OrderLine> round) {
        return round.stream().map(OrderLine::quantity).toArray(Long[]::new);
    }

    /**
     * The lines of one round that were not reserved, given the codes the bulk statement returned (codes are unique in
     * a round, so a code names its line).
     */
    public static List<Rejected> rejected(List<OrderLine> round, Collection<String> reservedCodes) {
        Set<String> reserved = reservedCodes instanceof Set<String> s ? s : new HashSet<>(reservedCodes);
        return round.stream().filter(l -> !reserved.contains(l.productCode())).map(Rejected::of).toList();
    }

    /** The answer: the rejected lines of all rounds, back in request order. */
    public static ReservationResult result(List<OrderLine> lines, Collection<Rejected> rejected) {
        return new ReservationResult(Orders.inRequestOrder(lines, rejected));
    }
}
