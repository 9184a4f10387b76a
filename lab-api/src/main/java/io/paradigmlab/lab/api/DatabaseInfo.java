package io.paradigmlab.lab.api;

/**
 * The database of one service.
 *
 * @param service           the {@link ServiceInfo#id()} that owns it
 * @param name              its name in the contract, e.g. {@code tweebyte_user}; the lab appends a suffix per run
 * @param migrationLocation Flyway location of its migrations, e.g. {@code classpath:db/tweebyte/user}
 * @param engine            the server it lives on: PostgreSQL (filled by the data generator from a template) or
 *                          MariaDB (created empty and migrated afresh for every launch; the data generator never
 *                          sees it)
 */
public record DatabaseInfo(String service, String name, String migrationLocation, Engine engine) {

    /** A PostgreSQL database. */
    public DatabaseInfo(String service, String name, String migrationLocation) {
        this(service, name, migrationLocation, Engine.POSTGRES);
    }

    /** The database servers the lab starts (embedded) or connects to (by URL). */
    public enum Engine {
        /** {@link LabInfrastructure#postgres()}. */
        POSTGRES,
        /** {@link LabInfrastructure#mariaDb()}, started on first use. */
        MARIADB
    }

    public boolean postgres() {
        return engine == Engine.POSTGRES;
    }
}
