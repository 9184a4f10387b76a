package io.paradigmlab.lab.app;

/**
 * The database of one service.
 *
 * @param service           the {@link ServiceInfo#id()} that owns it
 * @param name              its name in the contract, e.g. {@code tweebyte_user}; the lab appends a suffix per run
 * @param migrationLocation Flyway location of its migrations, e.g. {@code classpath:db/tweebyte/user}
 */
public record DatabaseInfo(String service, String name, String migrationLocation) {
}
