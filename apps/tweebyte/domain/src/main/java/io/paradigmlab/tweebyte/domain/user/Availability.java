package io.paradigmlab.tweebyte.domain.user;

/** The answer of the uniqueness query: is the user name, is the email, already someone else's? */
public record Availability(boolean userNameTaken, boolean emailTaken) {

    /** @throws io.paradigmlab.common.contract.ApiException.Conflict naming each taken field */
    public void requireAvailable() {
        UserRules.requireAvailable(userNameTaken, emailTaken);
    }
}
