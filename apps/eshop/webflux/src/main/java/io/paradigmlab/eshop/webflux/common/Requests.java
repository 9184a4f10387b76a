package io.paradigmlab.eshop.webflux.common;

import java.util.ArrayList;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;

/** What the controllers share: raw query values, and JSON answers that skip content negotiation. */
public final class Requests {

    private Requests() {
    }

    /**
     * The raw values of a query parameter, null when absent, for {@code EshopRequests}' list overloads (which refuse a
     * repeated one). A name given without {@code =} ({@code ?ms}) is an empty value, as Tomcat reads it, not an
     * absent one (Spring lists it as null).
     */
    public static List<String> query(ServerHttpRequest request, String name) {
        List<String> values = request.getQueryParams().get(name);
        if (values == null) {
            return null;
        }
        List<String> out = new ArrayList<>(values.size());
        for (String value : values) {
            out.add(value == null ? "" : value);
        }
        return out;
    }

    /** A 200 {@code application/json} answer, whatever the {@code Accept} header (as the MVC variants). */
    public static <T> ResponseEntity<T> json(T body) {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(body);
    }
}
