package io.paradigmlab.lab.api;

import java.nio.file.Files;
import java.nio.file.Path;

/** Where the checkout is and where its build puts each service's runnable jar. */
public record RepoLayout(Path root) {

    /** The checkout ({@link Checkout#find()}). */
    public static RepoLayout locate() {
        return Checkout.find().map(RepoLayout::new).orElseThrow(() -> new LabException(
                "Cannot find the Paradigm Lab checkout from " + Path.of("").toAbsolutePath()
                        + ": run from inside it, or set -Dlab.home"));
    }

    /**
     * The runnable jar of one service of one variant, by the repository's convention
     * {@code apps/<app>/<variant>/<service>/target/<app>-<variant>-<service>-exec.jar}; it must exist.
     *
     * @throws LabException naming the module to build when it does not
     */
    public Path serviceJar(String app, String variant, String service) {
        Path module = module(app, variant, service);
        Path jar = module.resolve("target").resolve(app + "-" + variant + "-" + service + "-exec.jar");
        if (!Files.isRegularFile(jar)) {
            String name = root.relativize(module).toString();
            throw new LabException("The " + variant + " " + service + " service is not built (" + root.relativize(jar)
                    + " is missing)" + (Files.isDirectory(module) ? "" : ", and its module " + name + " does not exist yet")
                    + ". Build it with: ./mvnw -B install -DskipTests -pl " + name + " -am");
        }
        return jar;
    }

    /** The module folder {@code apps/<app>/<variant>/<service>}, whether or not it exists. */
    public Path module(String app, String variant, String service) {
        return root.resolve("apps").resolve(app).resolve(variant).resolve(service);
    }

    /** Whether the checkout has this variant's module for {@code service} (built or not). */
    public boolean hasModule(String app, String variant, String service) {
        return Files.isDirectory(module(app, variant, service));
    }

    /** A folder for this run's files (logs, keys, embedded data), under the checkout's ignored {@code .lab/}. */
    public Path workDir(String name) {
        return root.resolve(".lab").resolve(name);
    }
}
