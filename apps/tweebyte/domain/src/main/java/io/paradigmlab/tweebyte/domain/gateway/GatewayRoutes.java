package io.paradigmlab.tweebyte.domain.gateway;

import java.util.List;
import java.util.Optional;

/**
 * The API gateway's routing table and rules, the same for every variant's gateway (servlet or reactive): which
 * prefix goes to which service, which requests pass without a token, and the words of its own errors.
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
    }

    public static final Route USER = new Route("user", "/user-service");
    public static final Route TWEET = new Route("tweet", "/tweet-service");
    public static final Route INTERACTION = new Route("interaction", "/interaction-service");

    /** Every route, in the contract's order. */
    public static final List<Route> ROUTES = List.of(USER, TWEET, INTERACTION);

    /** The only requests a client sends before it has a token (the gateway's own health check is not routed). */
    private static final List<String> OPEN_POSTS = List.of(USER.prefix() + "/auth/login", USER.prefix() + "/auth/register");

    private GatewayRoutes() {
    }

    /** The route of a path as the client sent it, if any: none means 404. */
    public static Optional<Route> routeOf(String path) {
        return ROUTES.stream().filter(route -> route.matches(path)).findFirst();
    }

    /**
     * Whether a request passes without a token: {@code POST} to log in or register, compared with the raw path
     * exactly, so that any other spelling of it (an encoded letter, a dot segment, a trailing slash) needs a token.
     */
    public static boolean isOpen(String method, String rawPath) {
        return "POST".equals(method) && OPEN_POSTS.contains(rawPath);
    }

    /** The error of a 503 when a service cannot be reached or does not answer in time. */
    public static String unavailable(String service) {
        return "Service unavailable: " + service;
    }
}
