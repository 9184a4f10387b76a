package io.paradigmlab.tweebyte.security;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import java.security.interfaces.RSAPrivateKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.UUID;

/** Issues the contract's RS256 tokens: subject and claim {@code user_id} = the user's id, claim {@code email}. */
public final class TokenIssuer {

    public static final String ISSUER = "tweebyte-user-service";

    private final RSASSASigner signer;
    private final Clock clock;
    private final Duration lifetime;

    public TokenIssuer(RSAPrivateKey key, Clock clock, Duration lifetime) {
        this.signer = new RSASSASigner(key);
        this.clock = clock;
        this.lifetime = lifetime;
    }

    public String issue(UUID userId, String email) {
        Instant now = clock.instant();
        JWTClaimsSet claims = new JWTClaimsSet.Builder()
                .issuer(ISSUER)
                .subject(userId.toString())
                .claim("user_id", userId.toString())
                .claim("email", email)
                .issueTime(Date.from(now))
                .expirationTime(Date.from(now.plus(lifetime)))
                .jwtID(UUID.randomUUID().toString())
                .build();
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.RS256), claims);
        try {
            jwt.sign(signer);
        } catch (JOSEException e) {
            throw new IllegalStateException("Cannot sign a token", e);
        }
        return jwt.serialize();
    }
}
