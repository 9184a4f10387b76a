package io.paradigmlab.lab.k8s;

import io.paradigmlab.lab.api.KubernetesVariant;

/**
 * The CPU and memory of every container the lab's Kubernetes manifests run: one constant per role, the same in every
 * variant of every application, so a comparison on a cluster is between paradigms on equal resources, never between
 * resource settings. Requests equal limits: the pods are in the Guaranteed QoS class (never the first evicted, CPU not
 * borrowed from a neighbour at one moment and missing at the next) and the JVM sizes itself from the limit (its
 * available processors are the CPU limit, its memory the container's).
 *
 * <p>These are measurement knobs: changing one changes every result measured on a cluster; the report of such a
 * campaign should name them (docs/scale-out.md).
 *
 * @param cpu    Kubernetes CPU quantity, for request and limit
 * @param memory Kubernetes memory quantity, for request and limit
 */
public record KubernetesResources(String cpu, String memory) {

    /**
     * A service JVM: 2 CPUs (a CPU-sized pool has more than one thread, as on the lab's smallest machines) and 1.5 GiB,
     * the lab's fixed heap ceiling ({@code -Xmx1g}, {@code ServiceProcess.DEFAULT_JVM_ARGS}) plus room for metaspace,
     * thread stacks, direct buffers and the code cache.
     */
    public static final KubernetesResources SERVICE = new KubernetesResources("2", "1536Mi");

    /** A gateway JVM: as a service, so the gateway is never the narrower door in one variant only. */
    public static final KubernetesResources GATEWAY = new KubernetesResources("2", "1536Mi");

    /** PostgreSQL: 2 CPUs and 2 GiB, shared by the variant's databases (as the lab's one embedded server). */
    public static final KubernetesResources POSTGRES = new KubernetesResources("2", "2Gi");

    /** MariaDB (the e-shop's orders): as PostgreSQL. */
    public static final KubernetesResources MARIADB = POSTGRES;

    /** Redis: single-threaded, half a CPU is more than its command loop uses at the lab's levels; 256 MiB. */
    public static final KubernetesResources REDIS = new KubernetesResources("500m", "256Mi");

    /** PostgreSQL's volume: room for the {@code seed} scale's data set (docs/data.md) and its indexes. */
    public static final String POSTGRES_STORAGE = "20Gi";

    /** MariaDB's volume: the orders a campaign writes. */
    public static final String MARIADB_STORAGE = "10Gi";

    /** The resources of an application container of {@code role}. */
    public static KubernetesResources of(KubernetesVariant.Role role) {
        return switch (role) {
            case SERVICE -> SERVICE;
            case GATEWAY -> GATEWAY;
        };
    }
}
