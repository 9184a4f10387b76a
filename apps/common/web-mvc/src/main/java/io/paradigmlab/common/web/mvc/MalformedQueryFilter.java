package io.paradigmlab.common.web.mvc;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * A query string the server cannot decode is a 400 (the application's {@code malformedRequest} word) on every path, before
 * anything reads a parameter: a broken percent escape ({@code %zz}, {@code %4}), or any query Tomcat refuses to parse
 * (it throws an {@code IllegalStateException} the first time a parameter is read, which would otherwise be a 500, and
 * only on the endpoints that read one). Tomcat parses the query once per request and keeps the result, so the
 * controller's later reads cost nothing more.
 */
public final class MalformedQueryFilter extends OncePerRequestFilter {

    private final ErrorResponses errors;

    public MalformedQueryFilter(ErrorResponses errors) {
        this.errors = errors;
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

    private static boolean parses(HttpServletRequest request, String query) {
        if (!escapesAreWellFormed(query)) {
            return false;
        }
        try {
            request.getParameterMap();
            return true;
        } catch (IllegalStateException e) {
            // Tomcat's InvalidParameterException: too many parameters, an undecodable one
            return false;
        }
    }

    /** Whether every {@code %} of the raw query is followed by two hexadecimal digits. */
    static boolean escapesAreWellFormed(String query) {
        for (int i = query.indexOf('%'); i >= 0; i = query.indexOf('%', i + 3)) {
            if (i + 2 >= query.length() || !hex(query.charAt(i + 1)) || !hex(query.charAt(i + 2))) {
                return false;
            }
        }
        return true;
    }

    // ASCII only: Character.digit would also take other scripts' digits
    private static boolean hex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }
}
