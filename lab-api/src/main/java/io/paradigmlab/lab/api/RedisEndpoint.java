package io.paradigmlab.lab.api;

import java.net.URI;
import java.net.URISyntaxException;

/** Where a Redis server listens. */
public record RedisEndpoint(String host, int port) {

    public String url() {
        return "redis://" + host + ":" + port;
    }

    /** Parses {@code redis://host:port}. */
    public static RedisEndpoint parse(String url) {
        try {
            URI uri = new URI(url);
            if (!"redis".equals(uri.getScheme()) || uri.getHost() == null) {
                throw new LabException("Redis URL must look like redis://host:6379, got: " + url);
            }
            return new RedisEndpoint(uri.getHost(), uri.getPort() > 0 ? uri.getPort() : 6379);
        } catch (URISyntaxException e) {
            throw new LabException("Not a valid Redis URL: " + url);
        }
    }
}
