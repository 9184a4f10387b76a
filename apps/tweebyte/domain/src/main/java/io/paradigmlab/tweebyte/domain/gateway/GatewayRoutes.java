package io.paradigmlab.tweebyte.domain.gateway;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The API gateway's routing table and rules, the same for every variant's gateway (servlet or reactive): which
 * prefix goes to which service, which requests pass without a token, where its API docs page is, and the words of
 * its own errors.
 */
public final class GatewayRoutes {

    /** Sent to a service with the prefix the gateway stripped, so the service can report the path the client used. */
    public static final String FORWARDED_PREFIX = "X-Forwarded-Prefix";

    /**
     * One route: requests under {@code prefix} go to {@code service}, with the prefix stripped.
     *
     * @param service the service id ({@code user}, {@code tweet}, {@code interaction}), as in
     *                {@code tweebyte.services.<service>-url}
     * @param prefix  the first path segment the client adds, e.g. {@code /user-service}
     */
    public record Route(String service, String prefix) {

        /** Whether {@code path} (as the client sent it) is this route's: the prefix alone or anything below it. */
        public boolean matches(String path) {
            return path.equals(prefix) || path.startsWith(prefix + "/");
        }

        /** The service's OpenAPI document (JSON) through the gateway, e.g. {@code /user-service/v3/api-docs}. */
        public String openApiPath() {
            return prefix + OPENAPI_PATH;
        }
    }

    /** Where each service serves its OpenAPI document (JSON; the YAML form adds {@code .yaml}). */
    public static final String OPENAPI_PATH = "/v3/api-docs";

    /** The gateway's own API docs page (Swagger UI over every service's document); {@code /} redirects to it. */
    public static final String DOCS_PATH = "/docs";

    public static final Route USER = new Route("user", "/user-service");
    public static final Route TWEET = new Route("tweet", "/tweet-service");
    public static final Route INTERACTION = new Route("interaction", "/interaction-service");

    /** Every route, in the contract's order. */
    public static final List<Route> ROUTES = List.of(USER, TWEET, INTERACTION);

    /** The writes a client sends before it has a token (the gateway's health and docs page are not routed). */
    private static final List<String> OPEN_POSTS = List.of(USER.prefix() + "/auth/login", USER.prefix() + "/auth/register");

    /** The services' OpenAPI documents: public, as the services serve them, so that the docs page needs no token. */
    private static final List<String> OPEN_GETS = ROUTES.stream()
            .flatMap(route -> Stream.of(route.openApiPath(), route.openApiPath() + ".yaml")).toList();

    private GatewayRoutes() {
    }

    /** The route of a path as the client sent it, if any: none means 404. */
    public static Optional<Route> routeOf(String path) {
        return ROUTES.stream().filter(route -> route.matches(path)).findFirst();
    }

    /**
     * Whether a request passes without a token: {@code POST} to log in or register, and {@code GET} of a service's
     * OpenAPI document (JSON or YAML), compared with the raw path exactly, so that any other spelling of them (an
     * encoded letter, a dot segment, a trailing slash) needs a token.
     */
    public static boolean isOpen(String method, String rawPath) {
        return "POST".equals(method) && OPEN_POSTS.contains(rawPath)
                || "GET".equals(method) && OPEN_GETS.contains(rawPath);
    }

    /** The first path segment, after a route's prefix, of the calls between services (no token needed there). */
    public static final String INTERNAL_SEGMENT = "internal";

    /**
     * Whether a path reaches a service's calls for other services ({@code <prefix>/internal/...}), which the gateway
     * does not route (404): they need no token at the service, so through the gateway any client could list users
     * by id. The path is read as the service will read it (percent escapes decoded, {@code ;} parameters dropped,
     * dot segments resolved), so no other spelling of it slips through.
     */
    public static boolean isInternal(String rawPath) {
        Optional<Route> route = routeOf(rawPath);
        if (route.isEmpty()) {
            return false;
        }
        java.util.ArrayDeque<String> segments = new java.util.ArrayDeque<>();
        for (String raw : rawPath.substring(route.get().prefix().length()).split("/", -1)) {
            int semicolon = raw.indexOf(';');
            String segment = decode(semicolon < 0 ? raw : raw.substring(0, semicolon));
            if (segment.equals("..")) {
                segments.pollLast();
            } else if (!segment.isEmpty() && !segment.equals(".")) {
                segments.addLast(segment);
            }
        }
        return INTERNAL_SEGMENT.equals(segments.peekFirst());
    }

    /** Percent escapes decoded as UTF-8; a malformed one leaves the segment as it is (the server refuses it). */
    private static String decode(String segment) {
        if (segment.indexOf('%') < 0) {
            return segment;
        }
        try {
            return java.net.URLDecoder.decode(segment.replace("+", "%2B"), java.nio.charset.StandardCharsets.UTF_8);
        } catch (IllegalArgumentException malformed) {
            return segment;
        }
    }

    /** The error of a 503 when a service cannot be reached or does not answer in time. */
    public static String unavailable(String service) {
        return "Service unavailable: " + service;
    }
}
