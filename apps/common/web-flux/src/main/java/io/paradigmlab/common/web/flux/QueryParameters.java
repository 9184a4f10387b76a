package io.paradigmlab.common.web.flux;

import java.util.ArrayList;
import java.util.List;
import org.springframework.http.server.reactive.ServerHttpRequest;

/** A query parameter's values as Tomcat reads them, so that a WebFlux controller sees what the servlet variants see. */
public final class QueryParameters {

    private QueryParameters() {
    }

    /**
     * The raw values of query parameter {@code name}, null when absent, for an application's request rules (which
     * refuse a repeated one). A name given without {@code =} ({@code ?month}) is an empty value, as Tomcat reads it, not
     * an absent one (Spring lists it as null, which would take the default).
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
}
