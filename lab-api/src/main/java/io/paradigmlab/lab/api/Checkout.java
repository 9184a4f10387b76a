package io.paradigmlab.lab.api;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds the Paradigm Lab checkout the lab runs in. It stands below every other package of the lab, so that the
 * server registry ({@code reaper}) can find the checkout's {@code .lab/servers/} without depending on the packages
 * that record servers in it ({@code launch}, {@code infra}).
 */
public final class Checkout {

    private Checkout() {
    }

    /**
     * The checkout's folder: {@code -Dlab.home} (set by ./lab), else the nearest folder upwards holding mvnw and
     * apps/; empty when this JVM runs outside a checkout.
     */
    public static Optional<Path> find() {
        String home = System.getProperty("lab.home");
        if (home != null) {
            return Optional.of(Path.of(home).toAbsolutePath().normalize());
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("mvnw")) && Files.isDirectory(p.resolve("apps"))) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }
}
