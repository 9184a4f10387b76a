package io.paradigmlab.lab.api;

/**
 * The names the lab's Kubernetes manifests give what an application's containers reach ({@link KubernetesVariant}):
 * images, other services, PostgreSQL, Redis and the Secret's files. Every object of a variant lives in one
 * namespace, so a Service's short name is its DNS name there ({@code http://tweet:9092}).
 *
 * @param imageRegistry prefix of every application image, e.g. {@code registry.example.org/paradigm-lab}
 * @param imageTag      tag of every application image, e.g. the project's version
 */
public record KubernetesNames(String imageRegistry, String imageTag) {

    /** PostgreSQL's Service (a StatefulSet behind it). */
    public static final String POSTGRES_HOST = "postgres";
    public static final int POSTGRES_PORT = 5432;
    public static final String POSTGRES_USER = "postgres";
    /** The environment variable of every application container holding PostgreSQL's password (from a Secret). */
    public static final String POSTGRES_PASSWORD_ENV = "LAB_POSTGRES_PASSWORD";
    /** MariaDB's Service (a StatefulSet behind it), for an application with a MariaDB database. */
    public static final String MARIADB_HOST = "mariadb";
    public static final int MARIADB_PORT = 3306;
    /** The account the services use, granted their databases (as the lab's embedded server's). */
    public static final String MARIADB_USER = "lab";
    /** The environment variable of every application container holding MariaDB's password, when there is MariaDB. */
    public static final String MARIADB_PASSWORD_ENV = "LAB_MARIADB_PASSWORD";
    /** Redis's Service. */
    public static final String REDIS_HOST = "redis";
    public static final int REDIS_PORT = 6379;
    /** Where the Secret of {@link KubernetesVariant#secretFiles()} is mounted in every application container. */
    public static final String SECRET_DIR = "/etc/paradigm-lab";

    public KubernetesNames {
        imageRegistry = imageRegistry.endsWith("/") ? imageRegistry.substring(0, imageRegistry.length() - 1)
                : imageRegistry;
    }

    /**
     * The image of one service of one variant: {@code <registry>/<app>-<variant>-<service>:<tag>}, the name
     * docs/scale-out.md builds it under (the runnable jar {@code <app>-<variant>-<service>-exec.jar}'s module).
     */
    public String image(String app, String variant, String service) {
        return imageRegistry + "/" + app + "-" + variant + "-" + service + ":" + imageTag;
    }

    /** An image of the application's own naming, {@code <registry>/<name>:<tag>}, for a layout without services. */
    public String image(String name) {
        return imageRegistry + "/" + name + ":" + imageTag;
    }

    /** The JDBC URL of one of the application's PostgreSQL databases on the cluster's server. */
    public String postgresJdbcUrl(String database) {
        return "jdbc:postgresql://" + POSTGRES_HOST + ":" + POSTGRES_PORT + "/" + database;
    }

    /** The base URL another container reaches a service at, e.g. {@code http://tweet:9092}. */
    public String url(String service, int port) {
        return "http://" + service + ":" + port;
    }

    /** PostgreSQL's password as a program argument: expanded by Kubernetes from {@link #POSTGRES_PASSWORD_ENV}. */
    public String postgresPassword() {
        return "$(" + POSTGRES_PASSWORD_ENV + ")";
    }

    /** MariaDB's password as a program argument: expanded by Kubernetes from {@link #MARIADB_PASSWORD_ENV}. */
    public String mariadbPassword() {
        return "$(" + MARIADB_PASSWORD_ENV + ")";
    }

    /** The path of a file of {@link KubernetesVariant#secretFiles()} in a container. */
    public String secretFile(String name) {
        return SECRET_DIR + "/" + name;
    }
}
