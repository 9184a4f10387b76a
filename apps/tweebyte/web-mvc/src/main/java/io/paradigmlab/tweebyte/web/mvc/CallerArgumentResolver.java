package io.paradigmlab.tweebyte.web.mvc;

import io.paradigmlab.tweebyte.security.Authenticator;
import io.paradigmlab.tweebyte.security.Caller;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpHeaders;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/**
 * A controller method that declares a {@link Caller} parameter requires a valid token (401 otherwise).
 * Declared first in the parameter list, it is checked before any path variable is parsed.
 */
public final class CallerArgumentResolver implements HandlerMethodArgumentResolver {

    private final Authenticator authenticator;

    public CallerArgumentResolver(Authenticator authenticator) {
        this.authenticator = authenticator;
    }

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return parameter.getParameterType() == Caller.class;
    }

    @Override
    public Caller resolveArgument(MethodParameter parameter, ModelAndViewContainer mavContainer,
                                  NativeWebRequest webRequest, WebDataBinderFactory binderFactory) {
        return authenticator.authenticate(webRequest.getHeader(HttpHeaders.AUTHORIZATION));
    }
}
