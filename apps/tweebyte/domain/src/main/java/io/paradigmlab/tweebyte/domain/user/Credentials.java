package io.paradigmlab.tweebyte.domain.user;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.text.TextRules;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The login body {@code {"email","password"}}. */
public record Credentials(String email, String password) {

    /** Checks presence only: a wrong email or password is a 401, never a 400 that tells which one was wrong. */
    public Credentials validated() {
        List<String> errors = new ArrayList<>();
        if (!TextRules.checkNoNul("email", email, errors)) {
            // reported below with the other errors
        } else if (email == null || email.isBlank()) {
            errors.add(UserRules.EMAIL_REQUIRED);
        }
        if (!TextRules.checkNoNul("password", password, errors)) {
            // reported below with the other errors
        } else if (password == null || password.isEmpty()) {
            errors.add(UserRules.PASSWORD_REQUIRED);
        }
        if (!errors.isEmpty()) {
            throw new ApiException.BadRequest(errors);
        }
        return new Credentials(email.trim().toLowerCase(Locale.ROOT), password);
    }
}
