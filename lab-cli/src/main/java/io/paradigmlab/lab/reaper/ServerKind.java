package io.paradigmlab.lab.reaper;

import java.util.Arrays;

/**
 * The kinds of server the lab starts, with the stage in which {@link OrphanReaper} stops them: the clients first
 * (service JVMs and the ssh sessions that run them elsewhere), then what they talk to, PostgreSQL last.
 */
public enum ServerKind {
    SERVICE_JVM("service-jvm", "service JVM", 1),
    SSH_SESSION("ssh-session", "ssh session", 1),
    TOXIPROXY("toxiproxy", "Toxiproxy", 2),
    REDIS("redis", "Redis", 2),
    MARIADB("mariadb", "MariaDB", 2),
    POSTGRES("postgres", "PostgreSQL", 3);

    private final String id;
    private final String label;
    private final int stage;

    ServerKind(String id, String label, int stage) {
        this.id = id;
        this.label = label;
        this.stage = stage;
    }

    /** The name in a record's {@code kind} field and file name, e.g. {@code service-jvm}. */
    public String id() {
        return id;
    }

    /** The name in messages, e.g. {@code PostgreSQL}. */
    public String label() {
        return label;
    }

    /** Servers of a lower stage are stopped before those of a higher one. */
    public int stage() {
        return stage;
    }

    /** @throws IllegalArgumentException for a name that is no kind */
    public static ServerKind byId(String id) {
        return Arrays.stream(values()).filter(kind -> kind.id.equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown kind '" + id + "'"));
    }
}
