package io.paradigmlab.itstore.domain;

/**
 * A row of {@code characteristic}: the element of {@code /itStore/characteristics_for_product}.
 *
 * @param idProd           {@code id_prod}
 * @param idCharacteristic {@code id_characteristic}, numbered per product
 * @param name             {@code name}
 * @param value            {@code value}
 */
public record Characteristic(int idProd, int idCharacteristic, String name, String value) {
}
