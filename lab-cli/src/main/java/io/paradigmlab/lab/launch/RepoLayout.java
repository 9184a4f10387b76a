package io.paradigmlab.lab.launch;

import io.paradigmlab.lab.infra.LabException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where the checkout is and where its build puts each service's runnable jar. */
public record RepoLayout(Path root) {

    /** The checkout: {@code -Dlab.home} (set by ./lab), else the nearest folder upwards holding mvnw and apps/. */
    public static RepoLayout locate() {
        String home = System.getProperty("lab.home");
        if (home != null) {
            return new RepoLayout(Path.of(home).toAbsolutePath().normalize());
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("mvnw")) && Files.isDirectory(p.resolve("apps/tweebyte"))) {
                return new RepoLayout(p);
            }
        }
        throw new LabException("Cannot find the Paradigm Lab checkout from " + Path.of("").toAbsolutePath()
                + ": run from inside it, or set -Dlab.home");
    }

    /** {@code apps/tweebyte/<variant>/<service>/target/tweebyte-<variant>-<service>-exec.jar}, which must exist. */
    public Path serviceJar(Variant variant, String service) {
        Path module = module(variant, service);
        Path jar = module.resolve("target").resolve("tweebyte-" + variant.id() + "-" + service + "-exec.jar");
        if (!Files.isRegularFile(jar)) {
            String name = root.relativize(module).toString();
            throw new LabException("The " + variant.id() + " " + service + " service is not built (" + root.relativize(jar)
                    + " is missing)" + (Files.isDirectory(module) ? "" : ", and its module " + name + " does not exist yet")
                    + ". Build it with: ./mvnw -B install -DskipTests -pl " + name + " -am");
        }
        return jar;
    }

    public Path serviceJar(Variant variant, TweebyteService service) {
        return serviceJar(variant, service.id());
    }

    /** The module folder {@code apps/tweebyte/<variant>/<service>}, whether or not it exists. */
    public Path module(Variant variant, String service) {
        return root.resolve("apps/tweebyte").resolve(variant.id()).resolve(service);
    }

    /** Whether the checkout has this variant's module for {@code service} (built or not). */
    public boolean hasModule(Variant variant, TweebyteService service) {
        return Files.isDirectory(module(variant, service.id()));
    }

    /** A folder for this run's files (logs, keys, embedded data), under the checkout's ignored {@code .lab/}. */
    public Path workDir(String name) {
        return root.resolve(".lab").resolve(name);
    }
}
