package io.paradigmlab.eshop.domain;

/** The answer of {@code POST /products/import}: {@code {imported}}, the number of rows saved (all of them). */
public record ImportResult(int imported) {
}
