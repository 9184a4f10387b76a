package io.paradigmlab.tweebyte.domain.user;

/** {@code {"token"}}, the answer of register and login. */
public record TokenResponse(String token) {
}
