package io.paradigmlab.tweebyte.security;

import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code tweebyte.security.*}, the same in every variant.
 *
 * @param enabled       when false (a benchmark's "security off" mode, as the seeds ran) no token is checked and
 *                      ownership is not enforced; it changes the work per request, so a result records it
 * @param privateKey    PEM file of the RSA private key that signs tokens (user service only)
 * @param publicKey     PEM file of the RSA public key that verifies tokens; with neither key set, a throw-away pair
 *                      is generated at start-up, which only this process can verify
 * @param tokenLifetime lifetime of an issued token (the contract's 24 h)
 * @param bcryptStrength BCrypt log rounds; it sets the CPU cost of register and login
 */
@ConfigurationProperties("tweebyte.security")
public record SecurityProperties(
        @DefaultValue("true") boolean enabled,
        Path privateKey,
        Path publicKey,
        @DefaultValue("24h") Duration tokenLifetime,
        @DefaultValue("10") int bcryptStrength) {
}
