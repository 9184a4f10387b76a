package io.paradigmlab.itstore.domain;

/**
 * A row of {@code customer_employee_supplier}: the element of {@code /itStore/ces_by_type}.
 *
 * @param idCes   {@code id_ces}
 * @param name    {@code name}
 * @param ein     {@code ein}, the tax id of a company; null for a person
 * @param typeCes {@code type_ces}, one letter of {@link CesType}
 * @param address {@code address}, may be null
 * @param iban    {@code iban}
 * @param ssn     {@code ssn}, the personal id of a person; null for a company
 */
public record Ces(int idCes, String name, String ein, String typeCes, String address, String iban, String ssn) {
}
