package io.paradigmlab.tweebyte.security;

/** Turns a request's Authorization header into a {@link Caller}, honouring the security switch. */
public final class Authenticator {

    private final TokenVerifier verifier;
    private final boolean enabled;

    public Authenticator(TokenVerifier verifier, boolean enabled) {
        this.verifier = verifier;
        this.enabled = enabled;
    }

    /** @throws io.paradigmlab.common.contract.ApiException.Unauthorized when security is on and the token is bad */
    public Caller authenticate(String authorizationHeader) {
        return enabled ? verifier.verify(authorizationHeader) : Caller.UNCHECKED;
    }
}
