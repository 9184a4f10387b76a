package io.paradigmlab.lab.api;

/**
 * The database servers the lab runs for a launch ({@link LaunchRequest#infra()}): what a deployment needs to create
 * its databases and point its services at them. The lab starts and stops the servers; a deployment never does.
 */
public interface LabInfrastructure {

    /** The PostgreSQL server every application's databases live on (unless it declares MariaDB). */
    PostgresEndpoint postgres();

    /** The Redis server. */
    RedisEndpoint redis();

    /** Drops the PostgreSQL database {@code name} if it exists, creates it and migrates it (Flyway location). */
    void recreateDatabase(String name, String migrationLocation);

    /** The MariaDB server, started on first use (the e-shop's platform-thread variants are the only users). */
    MariaDbEndpoint mariaDb();

    /** Drops the MariaDB database {@code name} if it exists, creates it and migrates it (Flyway location). */
    void recreateMariaDbDatabase(String name, String migrationLocation);
}
