package io.paradigmlab.lab.api;

/**
 * One service of an application: its own JVM per variant.
 *
 * @param id          e.g. {@code user}; a scenario addresses it as the Hyperfoil endpoint of that name
 * @param defaultPort the contract's port, used by {@code ./lab up}
 * @param docsPath    the path of its API docs page for a person with a browser (e.g. {@code /docs} on a gateway),
 *                    or {@code null} when it has none; {@code ./lab up} prints its URL
 */
public record ServiceInfo(String id, int defaultPort, String description, String docsPath) {

    /** A service without an API docs page. */
    public ServiceInfo(String id, int defaultPort, String description) {
        this(id, defaultPort, description, null);
    }
}
