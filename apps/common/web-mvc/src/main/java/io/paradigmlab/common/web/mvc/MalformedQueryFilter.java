package io.paradigmlab.common.web.mvc;

import io.paradigmlab.common.contract.EdgeRefusals;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Predicate;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * A query string the server cannot decode is a 400 (the application's {@code malformedRequest} word) on every path, before
 * anything reads a parameter: a broken percent escape ({@code %zz}, {@code %4}), any query Tomcat refuses to parse
 * (too many parameters, an undecodable one: it throws an {@code IllegalStateException} the first time a parameter is
 * read, which would otherwise be a 500, and only on the endpoints that read one), or a query the application's own rule
 * refuses (Tweebyte's {@code QueryStrings}: a parameter without a name, bytes that are not UTF-8), as
 * {@code common-web-flux}'s {@code EdgeRulesFilter} does with {@code WebPlumbing.malformedQuery}. Tomcat parses the
 * query once per request and keeps the result, so the controller's later reads cost nothing more.
 *
 * <p>Tomcat's parse is asked for only when the request has no form or multipart body: for those, reading the
 * parameters would read (and use up) the body here, before the application's limits and controllers, and, in a
 * gateway, before it is streamed on. Such a request's query is still held to the escapes and the application's rule;
 * a parameter Tomcat cannot parse then fails where it is first read, which {@link MvcErrorHandler} answers with the
 * same 400.
 */
public final class MalformedQueryFilter extends OncePerRequestFilter {

    private final ErrorResponses errors;
    private final Predicate<String> rule;

    public MalformedQueryFilter(ErrorResponses errors) {
        this(errors, query -> false);
    }

    /** @param rule the application's own rule on the raw query string: true refuses it (never called with null or empty) */
    public MalformedQueryFilter(ErrorResponses errors, Predicate<String> rule) {
        this.errors = errors;
        this.rule = Objects.requireNonNull(rule, "rule");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String query = request.getQueryString();
        if (query != null && !query.isEmpty() && !parses(request, query)) {
            errors.write(request, response, 400, List.of(errors.words().malformedRequest()));
            return;
        }
        chain.doFilter(request, response);
    }

    private boolean parses(HttpServletRequest request, String query) {
        if (!EdgeRefusals.escapesAreWellFormed(query) || rule.test(query)) {
            return false;
        }
        if (hasFormBody(request)) {
            return true;
        }
        try {
            request.getParameterMap();
            return true;
        } catch (IllegalStateException e) {
            // Tomcat's InvalidParameterException: too many parameters, an undecodable one
            return false;
        }
    }

    /** Whether Tomcat would read parameters from the body too ({@code application/x-www-form-urlencoded}, multipart). */
    static boolean hasFormBody(HttpServletRequest request) {
        String type = request.getContentType();
        if (type == null) {
            return false;
        }
        String lower = type.toLowerCase(Locale.ROOT);
        return lower.startsWith("application/x-www-form-urlencoded") || lower.startsWith("multipart/");
    }
}
