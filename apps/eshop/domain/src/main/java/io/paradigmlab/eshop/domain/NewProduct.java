package io.paradigmlab.eshop.domain;

import java.math.BigDecimal;

/**
 * A product to add: the body of {@code POST /products} ({@code {code,name,category,price,description}}) and one row
 * of the import CSV. As received it may hold anything (nulls included); {@code EshopRequests.newProduct} checks it and
 * returns the normalized copy (price at scale 2, a null description as empty) that the variants store.
 */
public record NewProduct(String code, String name, String category, BigDecimal price, String description) {

    /** The stored product this becomes under {@code id}. */
    public Product withId(long id) {
        return new Product(id, code, name, category, price, description);
    }
}
