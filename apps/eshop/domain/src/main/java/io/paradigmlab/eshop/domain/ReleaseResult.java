package io.paradigmlab.eshop.domain;

/**
 * The answer of {@code POST /inventory/releases} (Order's compensation): {@code {released}}, the stock rows whose
 * quantity was given back (a line of an unknown code releases nothing).
 */
public record ReleaseResult(int released) {
}
