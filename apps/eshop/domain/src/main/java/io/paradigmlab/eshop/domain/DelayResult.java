package io.paradigmlab.eshop.domain;

/** The answer of {@code GET /products/delay?ms=}: {@code {delayedMs}}, the delay requested (waited at least that). */
public record DelayResult(int delayedMs) {
}
