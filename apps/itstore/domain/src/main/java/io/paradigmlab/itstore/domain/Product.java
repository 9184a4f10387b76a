package io.paradigmlab.itstore.domain;

/**
 * A row of {@code products}, flat (the supplier is its id, not a nested object: the original's JPA side nested it
 * and sent about twice the bytes, spec 1.6 #1). The answer of {@code /itStore/products/{id}} and the element of
 * {@code /itStore/first_N_products}.
 *
 * @param idProd       {@code id_prod}, 0-based
 * @param prodName     {@code prod_name}
 * @param idSupplier   {@code id_supplier}, a customer_employee_supplier of type {@code s}
 * @param availability {@code availability}
 * @param category     {@code category}
 * @param addInfo      {@code add_info}, may be null (written as JSON {@code null})
 */
public record Product(int idProd, String prodName, int idSupplier, String availability, String category,
                      String addInfo) {
}
