package io.paradigmlab.lab.app;

/**
 * One service of an application: its own JVM per variant.
 *
 * @param id          e.g. {@code user}; a scenario addresses it as the Hyperfoil endpoint of that name
 * @param defaultPort the contract's port, used by {@code ./lab up}
 */
public record ServiceInfo(String id, int defaultPort, String description) {
}
