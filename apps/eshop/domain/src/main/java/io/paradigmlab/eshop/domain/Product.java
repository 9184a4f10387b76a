package io.paradigmlab.eshop.domain;

import java.math.BigDecimal;

/**
 * A stored product, the body of {@code GET /products/{id}} and {@code POST /products}:
 * {@code {id,code,name,category,price,description}}.
 *
 * @param id          the database key (bigserial; 1..271,600 equal the seed's code numbers when loaded in code order)
 * @param code        unique, {@code P} and 7 digits
 * @param name        1..100 characters
 * @param category    1..50 characters
 * @param price       0.01..9,999.99, scale 2 (a JSON number)
 * @param description 0..200 characters, never null (an absent description is stored as empty)
 */
public record Product(long id, String code, String name, String category, BigDecimal price, String description) {

    /** The same product without its id: what the CSV export writes and the import reads. */
    public NewProduct withoutId() {
        return new NewProduct(code, name, category, price, description);
    }
}
