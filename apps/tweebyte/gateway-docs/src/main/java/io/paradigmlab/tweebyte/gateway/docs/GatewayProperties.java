package io.paradigmlab.tweebyte.gateway.docs;

import java.net.URI;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * What a gateway, the servlet one and the reactive one alike, reads from {@code tweebyte.*}: the same keys the
 * services use for the same things.
 *
 * @param services where each service listens ({@code tweebyte.services.*-url}, as the services call each other)
 * @param client   timeouts of the gateway's calls to the services ({@code tweebyte.client.*}, the services' values)
 * @param gateway  the gateway's own knobs ({@code tweebyte.gateway.*})
 */
@ConfigurationProperties("tweebyte")
public record GatewayProperties(Services services, @DefaultValue Client client, @DefaultValue Gateway gateway) {

    /** Base URLs of the services. */
    public record Services(URI userUrl, URI tweetUrl, URI interactionUrl) {

        /** The base URL of service {@code user}, {@code tweet} or {@code interaction}. */
        public URI url(String service) {
            URI url = switch (service) {
                case "user" -> userUrl;
                case "tweet" -> tweetUrl;
                case "interaction" -> interactionUrl;
                default -> throw new IllegalArgumentException("Unknown service " + service);
            };
            if (url == null) {
                throw new IllegalStateException("tweebyte.services." + service + "-url is not set");
            }
            return url;
        }
    }

    /**
     * @param connectTimeout  how long a connection to a service may take to open; past it the answer is 503
     * @param responseTimeout how long a service may take to answer (its status and headers); past it, 503
     */
    public record Client(@DefaultValue("1s") Duration connectTimeout, @DefaultValue("3s") Duration responseTimeout) {
    }

    /**
     * @param maxRequestSize the largest request body passed on (the services' own largest, a 2 MB multipart form);
     *                       a larger one is answered 413 by the gateway itself
     */
    public record Gateway(@DefaultValue("2MB") DataSize maxRequestSize) {
    }
}
