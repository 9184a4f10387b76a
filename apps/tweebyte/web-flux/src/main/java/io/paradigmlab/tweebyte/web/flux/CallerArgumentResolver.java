package io.paradigmlab.tweebyte.web.flux;

import io.paradigmlab.tweebyte.security.Authenticator;
import io.paradigmlab.tweebyte.security.Caller;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpHeaders;
import org.springframework.web.reactive.BindingContext;
import org.springframework.web.reactive.result.method.SyncHandlerMethodArgumentResolver;
import org.springframework.web.server.ServerWebExchange;

/**
 * A controller method that declares a {@link Caller} parameter requires a valid token (401 otherwise).
 * Declared first in the parameter list, it is checked before any path variable is parsed. Verifying an
 * RS256 signature is a short public-key operation with no I/O, so it runs on the event loop.
 */
public final class CallerArgumentResolver implements SyncHandlerMethodArgumentResolver {

    private final Authenticator authenticator;

    public CallerArgumentResolver(Authenticator authenticator) {
        this.authenticator = authenticator;
    }

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return parameter.getParameterType() == Caller.class;
    }

    @Override
    public Caller resolveArgumentValue(MethodParameter parameter, BindingContext bindingContext,
                                       ServerWebExchange exchange) {
        return authenticator.authenticate(exchange.getRequest().getHeaders().getFirst(HttpHeaders.AUTHORIZATION));
    }
}
