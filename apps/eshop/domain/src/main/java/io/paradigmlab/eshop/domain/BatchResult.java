package io.paradigmlab.eshop.domain;

import java.util.List;

/**
 * The answer of {@code POST /orders/batch}: {@code {accepted:[{orderNumber,id}],rejected:[{orderNumber,productCode}]}},
 * each in the order of the request's lines ({@link Orders#result} builds it the same way in every variant).
 */
public record BatchResult(List<Accepted> accepted, List<Rejected> rejected) {

    public BatchResult {
        accepted = List.copyOf(accepted);
        rejected = List.copyOf(rejected);
    }
}
