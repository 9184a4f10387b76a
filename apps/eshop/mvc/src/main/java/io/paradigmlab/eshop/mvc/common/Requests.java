package io.paradigmlab.eshop.mvc.common;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Arrays;
import java.util.List;

/** Reading a request as sent, for {@code EshopRequests}' overloads that take raw values. */
public final class Requests {

    private Requests() {
    }

    /**
     * Every value of a query parameter as sent (null when absent), so that a missing, empty, repeated, NUL-bearing
     * or huge value gets the contract's 400 message rather than Spring's binding errors.
     */
    public static List<String> values(HttpServletRequest request, String name) {
        String[] values = request.getParameterValues(name);
        return values == null ? null : Arrays.asList(values);
    }
}
