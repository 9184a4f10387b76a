package io.paradigmlab.lab.api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How one variant of an application runs on Kubernetes ({@code ./lab k8s render}, docs/scale-out.md): its containers,
 * whether they use Redis, and the files they read from a Secret. The lab's renderer adds what every application gets
 * alike: PostgreSQL with the application's PostgreSQL databases created and migrated, Redis, the resources of each
 * {@link Role}, the lab's JVM flags, health probes and the Hyperfoil operator's custom resource.
 *
 * @param containers  the variant's processes, each its own Deployment and Service named by its id
 * @param redis       whether the containers use Redis (the renderer then adds it)
 * @param secretFiles file name to content, mounted read-only under {@link KubernetesNames#secretFile} in each
 *                    container whose arguments name the file there (and only those files)
 */
public record KubernetesVariant(List<Container> containers, boolean redis, Map<String, String> secretFiles) {

    public KubernetesVariant {
        containers = List.copyOf(containers);
        secretFiles = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(secretFiles));
        if (containers.isEmpty()) {
            throw new IllegalArgumentException("a variant runs at least one container");
        }
    }

    /**
     * What a container is, which decides its CPU and memory (the same for a role in every variant, so the
     * variants are compared on equal resources: {@code io.paradigmlab.lab.k8s.KubernetesResources}).
     */
    public enum Role {
        /** A service of the application: it serves the load and owns a database. */
        SERVICE,
        /** The application's gateway in front of its services. */
        GATEWAY
    }

    /**
     * One process of the variant.
     *
     * @param id    the service's id ({@link ServiceInfo#id()}), also its Kubernetes Deployment and Service name, so
     *              other containers reach it at {@link KubernetesNames#url}
     * @param image the container image ({@link KubernetesNames#image}); its entry point runs the service's main class
     * @param port  the port it listens on; health at {@code /actuator/health} there
     * @param role  decides its resources
     * @param args  the program arguments (Spring's {@code --key=value}), as the lab passes them to the service JVM;
     *              {@code $(NAME)} expands environment variables the renderer sets (the database password)
     * @param jvmArgs JVM flags of this application's own beyond the lab's ({@link ProcessLauncher#DEFAULT_JVM_ARGS},
     *              which the renderer gives every container), e.g. system properties a service reads its settings
     *              from; {@code $(NAME)} expands as in {@code args}
     */
    public record Container(String id, String image, int port, Role role, List<String> args, List<String> jvmArgs) {

        /** A container with the lab's JVM flags only. */
        public Container(String id, String image, int port, Role role, List<String> args) {
            this(id, image, port, role, args, List.of());
        }

        public Container {
            args = List.copyOf(args);
            jvmArgs = List.copyOf(jvmArgs);
            if (!id.matches("[a-z0-9]([-a-z0-9]*[a-z0-9])?")) {
                throw new IllegalArgumentException("'" + id + "' is not a Kubernetes name (lower-case, digits, '-')");
            }
        }
    }
}
