package io.paradigmlab.tweebyte.domain.user;

import java.util.UUID;

/** What login reads: the account id, its email and its password hash. */
public record StoredCredentials(UUID id, String email, String passwordHash) {
}
