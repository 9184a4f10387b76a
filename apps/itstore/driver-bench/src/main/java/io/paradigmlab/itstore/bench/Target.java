package io.paradigmlab.itstore.bench;

import io.paradigmlab.lab.api.PostgresEndpoint;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.LocalDate;
import java.util.Locale;
import java.util.Properties;

/**
 * What a JMH fork needs to know to connect: the server, the prefix of the benchmark's databases (one per
 * {@link Purpose}), and the key of the invoice the updates change. The main process writes it to a file readable by
 * its user only ({@link #write}) and passes the file's path to every fork as {@code -D}{@value #PROPERTY}: the password
 * stays out of the command lines and of JMH's JSON, which records the forks' JVM options.
 *
 * @param server  the PostgreSQL server
 * @param prefix  the databases are {@code <prefix>_<purpose>}
 * @param invoice the invoice the updates change
 */
public record Target(PostgresEndpoint server, String prefix, Workload.InvoiceKey invoice) {

    /** The system property naming the target file. */
    public static final String PROPERTY = "driverbench.target";

    /** Which database an operation runs on; each starts, and is put back after every invocation, as described. */
    public enum Purpose {
        /** The generated data set; only read (S1-S4, C1-C4). */
        READ,
        /** The generated data set; the three updates change three rows, the same way every time. */
        UPDATE,
        /** The generated data set and a copy of it in {@value Workload#SOURCE_SCHEMA} to refill it from. */
        DELETE,
        /** The five tables, empty. */
        INSERT,
        /** Empty: no tables. */
        DDL_CREATE,
        /** The five tables with their foreign keys, empty. */
        DDL_DROP;

        public String database(String prefix) {
            return prefix + "_" + name().toLowerCase(Locale.ROOT);
        }
    }

    public String database(Purpose purpose) {
        return purpose.database(prefix);
    }

    /** Writes this target to a new temporary file only its owner can read; the caller deletes it. */
    public Path write() {
        Properties p = new Properties();
        p.setProperty("host", server.host());
        p.setProperty("port", Integer.toString(server.port()));
        p.setProperty("user", server.user());
        p.setProperty("password", server.password());
        p.setProperty("prefix", prefix);
        p.setProperty("invoiceNr", Integer.toString(invoice.nr()));
        p.setProperty("invoiceDate", invoice.date().toString());
        try {
            Path file;
            try {
                file = Files.createTempFile("driver-bench-", ".properties",
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            } catch (UnsupportedOperationException notPosix) {
                file = Files.createTempFile("driver-bench-", ".properties");
            }
            file.toFile().deleteOnExit();
            try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                p.store(w, "driver benchmark target (deleted at the end of the run)");
            }
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The target a fork was started with; fails with a hint when it was started otherwise. */
    public static Target fromSystemProperties() {
        String path = System.getProperty(PROPERTY);
        if (path == null) {
            throw new IllegalStateException("system property " + PROPERTY + " is not set: run the benchmark through"
                    + " DriverBench (./lab driver-bench), which prepares the databases and passes them to each fork");
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(Path.of(path), StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the benchmark target " + path, e);
        }
        PostgresEndpoint server = new PostgresEndpoint(p.getProperty("host"), Integer.parseInt(p.getProperty("port")),
                p.getProperty("user"), p.getProperty("password"));
        return new Target(server, p.getProperty("prefix"), new Workload.InvoiceKey(
                Integer.parseInt(p.getProperty("invoiceNr")), LocalDate.parse(p.getProperty("invoiceDate"))));
    }
}
