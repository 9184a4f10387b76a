package io.paradigmlab.eshop.domain;

/**
 * The query parameters of {@code POST /orders/batch}, validated by {@code EshopRequests.batchOptions}.
 *
 * @param mode    bulk (default) or individual
 * @param delayMs the delay each individual reservation asks Inventory for, 0..1,000 (0 in bulk mode)
 */
public record BatchOptions(BatchMode mode, int delayMs) {
}
