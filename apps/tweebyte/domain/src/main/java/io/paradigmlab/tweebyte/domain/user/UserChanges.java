package io.paradigmlab.tweebyte.domain.user;

import java.time.LocalDate;

/** A validated profile update: a null field is left as it is. {@code password} is still clear text. */
public record UserChanges(String userName, String email, String biography, Boolean isPrivate, String password,
                          LocalDate birthDate) {

    /** Whether the update must first ask if the new user name or email is free (one more statement). */
    public boolean touchesUniqueFields() {
        return userName != null || email != null;
    }

    public boolean changesPassword() {
        return password != null;
    }
}
