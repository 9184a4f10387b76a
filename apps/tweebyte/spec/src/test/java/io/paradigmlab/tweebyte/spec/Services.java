package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.domain.gateway.GatewayRoutes;
import io.paradigmlab.tweebyte.lab.TweebyteDeployment;

/**
 * The three services of one deployed variant, each behind its own plain HTTP client. The suites talk to each
 * service directly ({@link #of}), so paths are the services' own; {@link #viaGateway} reaches the same services
 * through the variant's API gateway, each client's base URL ending in the service's prefix, so the same paths work.
 */
record Services(Http user, Http tweet, Http interaction) {

    static Services of(TweebyteDeployment deployment) {
        return new Services(new Http(deployment.userUrl()), new Http(deployment.tweetUrl()),
                new Http(deployment.interactionUrl()));
    }

    /** The services behind the deployment's gateway: {@code <gateway>/user-service}, {@code /tweet-service}... */
    static Services viaGateway(TweebyteDeployment deployment) {
        String gateway = deployment.gatewayUrl();
        return new Services(new Http(gateway + GatewayRoutes.USER.prefix()),
                new Http(gateway + GatewayRoutes.TWEET.prefix()), new Http(gateway + GatewayRoutes.INTERACTION.prefix()));
    }

    /**
     * The gateway prefix a request went through ({@code /user-service}...), or "" for a request sent to a service
     * directly: behind the gateway an error body's path is the one the client sent, prefix included.
     */
    static String gatewayPrefix(String requestUri) {
        // not java.net.URI: the suite also sends what it refuses (a bad % escape)
        int end = requestUri.indexOf('?');
        String path = end < 0 ? requestUri : requestUri.substring(0, end);
        return GatewayRoutes.ROUTES.stream().map(GatewayRoutes.Route::prefix)
                .filter(prefix -> path.startsWith(prefix + "/"))
                .findFirst().orElse("");
    }
}
