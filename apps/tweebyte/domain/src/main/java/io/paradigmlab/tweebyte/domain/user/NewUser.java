package io.paradigmlab.tweebyte.domain.user;

import java.time.LocalDate;

/** A validated registration; {@code email} is normalized to lower case, {@code password} is still clear text. */
public record NewUser(String userName, String email, String biography, boolean isPrivate, String password,
                      LocalDate birthDate) {
}
