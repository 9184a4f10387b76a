package io.paradigmlab.tweebyte.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.common.contract.ApiException;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TokensTest {

    private static final KeyPair PAIR = KeyMaterial.generate();
    private static final Clock NOW = Clock.fixed(Instant.parse("2026-11-21T10:00:00Z"), ZoneOffset.UTC);

    private final TokenIssuer issuer = new TokenIssuer((RSAPrivateKey) PAIR.getPrivate(), NOW, Duration.ofHours(24));
    private final TokenVerifier verifier = new TokenVerifier((RSAPublicKey) PAIR.getPublic(), NOW);

    @Test
    void roundTripCarriesUserIdAndEmail() {
        UUID id = UUID.randomUUID();
        Caller caller = verifier.verify("Bearer " + issuer.issue(id, "a@b.co"));
        assertThat(caller).isEqualTo(new Caller(id, "a@b.co"));
        String payload = new String(Base64.getUrlDecoder().decode(issuer.issue(id, "a@b.co").split("\\.")[1]));
        assertThat(payload).contains("\"sub\":\"" + id + "\"", "\"user_id\":\"" + id + "\"", "\"email\":\"a@b.co\"");
    }

    @Test
    void expiresAfterItsLifetime() {
        String token = issuer.issue(UUID.randomUUID(), "a@b.co");
        TokenVerifier later = new TokenVerifier((RSAPublicKey) PAIR.getPublic(),
                Clock.offset(NOW, Duration.ofHours(24)));
        assertThatThrownBy(() -> later.verify("Bearer " + token)).hasMessage(TokenVerifier.EXPIRED);
    }

    @Test
    void rejectsForgedMalformedAndMissingTokens() {
        KeyPair other = KeyMaterial.generate();
        String forged = new TokenIssuer((RSAPrivateKey) other.getPrivate(), NOW, Duration.ofHours(1))
                .issue(UUID.randomUUID(), "x@y.z");
        assertThatThrownBy(() -> verifier.verify("Bearer " + forged))
                .isInstanceOf(ApiException.Unauthorized.class).hasMessage(TokenVerifier.INVALID);
        String[] parts = issuer.issue(UUID.randomUUID(), "a@b.co").split("\\.");
        String unsigned = Base64.getUrlEncoder().withoutPadding().encodeToString("{\"alg\":\"none\"}".getBytes())
                + "." + parts[1] + ".";
        assertThatThrownBy(() -> verifier.verify("Bearer " + unsigned)).hasMessage(TokenVerifier.INVALID);
        assertThatThrownBy(() -> verifier.verify("Bearer garbage")).hasMessage(TokenVerifier.INVALID);
        assertThatThrownBy(() -> verifier.verify(null)).hasMessage(TokenVerifier.MISSING);
        assertThatThrownBy(() -> verifier.verify("Basic abc")).hasMessage(TokenVerifier.MISSING);
    }

    @Test
    void keysSurviveAPemRoundTrip(@TempDir Path dir) {
        KeyMaterial.write(PAIR, dir.resolve("k.pem"), dir.resolve("k.pub.pem"));
        assertThat(KeyMaterial.readPrivate(dir.resolve("k.pem"))).isEqualTo(PAIR.getPrivate());
        assertThat(KeyMaterial.readPublic(dir.resolve("k.pub.pem"))).isEqualTo(PAIR.getPublic());
    }

    @Test
    void passwordHashesMatchOnlyTheirPassword() {
        PasswordHasher hasher = new PasswordHasher(4);
        String hash = hasher.hash("correct horse");
        assertThat(hasher.matches("correct horse", hash)).isTrue();
        assertThat(hasher.matches("wrong horse", hash)).isFalse();
        assertThat(hasher.matches("correct horse", null)).isFalse();
    }
}
