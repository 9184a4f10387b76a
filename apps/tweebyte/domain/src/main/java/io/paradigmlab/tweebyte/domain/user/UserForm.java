package io.paradigmlab.tweebyte.domain.user;

import java.util.function.Function;

/**
 * The raw multipart fields of register and update, as the client sent them (null when absent).
 * Field names are the contract's: userName, email, biography, isPrivate, password, birthDate.
 */
public record UserForm(String userName, String email, String biography, String isPrivate, String password,
                       String birthDate) {

    /** Reads the form from any field lookup (a servlet parameter map, a WebFlux multipart map). */
    public static UserForm from(Function<String, String> field) {
        return new UserForm(field.apply("userName"), field.apply("email"), field.apply("biography"),
                field.apply("isPrivate"), field.apply("password"), field.apply("birthDate"));
    }
}
