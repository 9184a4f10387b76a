package io.paradigmlab.tweebyte.security;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.paradigmlab.common.contract.ApiException;
import java.security.interfaces.RSAPublicKey;
import java.text.ParseException;
import java.time.Clock;
import java.util.Date;
import java.util.UUID;

/** Checks {@code Authorization: Bearer <token>} headers; every failure is a 401 with a fixed message. */
public final class TokenVerifier {

    public static final String MISSING = "Missing bearer token";
    public static final String INVALID = "Invalid token";
    public static final String EXPIRED = "Token expired";

    private static final String BEARER = "Bearer ";

    private final RSASSAVerifier verifier;
    private final Clock clock;

    public TokenVerifier(RSAPublicKey key, Clock clock) {
        this.verifier = new RSASSAVerifier(key);
        this.clock = clock;
    }

    public Caller verify(String authorizationHeader) {
        if (authorizationHeader == null || !authorizationHeader.regionMatches(true, 0, BEARER, 0, BEARER.length())
                || authorizationHeader.length() == BEARER.length()) {
            throw new ApiException.Unauthorized(MISSING);
        }
        String token = authorizationHeader.substring(BEARER.length()).trim();
        JWTClaimsSet claims;
        try {
            SignedJWT jwt = SignedJWT.parse(token);
            if (!JWSAlgorithm.RS256.equals(jwt.getHeader().getAlgorithm()) || !jwt.verify(verifier)) {
                throw new ApiException.Unauthorized(INVALID);
            }
            claims = jwt.getJWTClaimsSet();
        } catch (ParseException | JOSEException | IllegalStateException e) {
            throw new ApiException.Unauthorized(INVALID);
        }
        Date expires = claims.getExpirationTime();
        if (expires == null || !expires.toInstant().isAfter(clock.instant())) {
            throw new ApiException.Unauthorized(EXPIRED);
        }
        try {
            Object userId = claims.getClaim("user_id");
            Object email = claims.getClaim("email");
            if (!(userId instanceof String id) || !id.equals(claims.getSubject())) {
                throw new ApiException.Unauthorized(INVALID);
            }
            return new Caller(UUID.fromString(id), email instanceof String e ? e : null);
        } catch (IllegalArgumentException e) {
            throw new ApiException.Unauthorized(INVALID);
        }
    }
}
