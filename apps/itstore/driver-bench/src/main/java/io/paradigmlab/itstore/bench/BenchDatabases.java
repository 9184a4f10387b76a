package io.paradigmlab.itstore.bench;

import io.paradigmlab.itstore.lab.data.ItStoreDataGenerator;
import io.paradigmlab.itstore.schema.ItStoreSchema;
import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.api.PostgresEndpoint;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Makes the benchmark's databases, before any fork starts, with pgjdbc in the main process (never in a fork: its
 * first statement must be the measured operation's, so that a cold JDBC run does not find pgjdbc warmed up by set-up
 * work the R2DBC run would not have had).
 *
 * <p>One data set is generated into a template database ({@link ItStoreDataGenerator}: COPY-loaded, keys built once,
 * frozen and analyzed); each {@link Target.Purpose} then gets its own database, copied from it or built with the
 * benchmark's own DDL, in the state its operation starts from.
 */
public final class BenchDatabases {

    private final PostgresEndpoint server;
    /** The database the administrative connection uses (CREATE/DROP DATABASE): {@code postgres} unless told. */
    private final String maintenance;

    public BenchDatabases(PostgresEndpoint server, String maintenance) {
        this.server = server;
        this.maintenance = maintenance;
    }

    /**
     * Creates {@code template}, migrates it (Flyway, the IT store's migration) and fills it with the IT store's data
     * set of {@code scale} and {@code seed}.
     */
    public void fill(String template, DataGenerator.Scale scale, long seed, DataGenerator.Progress progress) {
        admin("CREATE DATABASE " + template);
        ItStoreSchema.migrate(server.jdbcUrl(template), server.user(), server.password());
        Path files;
        try {
            files = Files.createTempDirectory("driver-bench-data");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            // the generator also writes the lab's scenario files (request values); the benchmark needs none of them
            new ItStoreDataGenerator().generate(server, Map.of(ItStoreDataGenerator.SERVICE, template), scale, seed,
                    files, progress);
        } finally {
            deleteTree(files);
        }
    }

    /** The generator's scale called {@code name} ({@code ci} or {@code paper}). */
    public static DataGenerator.Scale scale(String name) {
        return new ItStoreDataGenerator().scale(name);
    }

    /** Creates the six databases {@code <prefix>_<purpose>} from {@code template}; returns where the forks connect. */
    public Target create(String template, String prefix) {
        Target target = new Target(server, prefix, firstInvoice(template));
        for (Target.Purpose purpose : List.of(Target.Purpose.READ, Target.Purpose.UPDATE, Target.Purpose.DELETE)) {
            admin("CREATE DATABASE " + target.database(purpose) + " TEMPLATE " + template);
        }
        // the copy to refill from, then the refill itself: the first invocation starts as every later one
        run(target.database(Target.Purpose.DELETE), Workload.keepSource(), Workload.refill());
        for (Target.Purpose purpose : List.of(Target.Purpose.INSERT, Target.Purpose.DDL_DROP)) {
            admin("CREATE DATABASE " + target.database(purpose));
            run(target.database(purpose), Workload.ddlCreate());
        }
        admin("CREATE DATABASE " + target.database(Target.Purpose.DDL_CREATE));
        return target;
    }

    /** Drops {@code template} and every {@code <prefix>_<purpose>} database, those that exist. */
    public void drop(String template, String prefix) {
        List<String> names = new ArrayList<>();
        names.add(template);
        for (Target.Purpose purpose : Target.Purpose.values()) {
            names.add(purpose.database(prefix));
        }
        for (String name : names) {
            admin("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
        }
    }

    /** The earliest invoice (numbers follow dates, so number 1 where the generator made it). */
    private Workload.InvoiceKey firstInvoice(String database) {
        try (Connection c = DriverManager.getConnection(server.jdbcUrl(database), server.user(), server.password());
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select nr, invoice_date from invoice order by invoice_date, nr limit 1")) {
            if (!rs.next()) {
                throw new IllegalStateException(database + " has no invoice to update");
            }
            return new Workload.InvoiceKey(rs.getInt(1), rs.getObject(2, java.time.LocalDate.class));
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot read an invoice key from " + database + ": " + e.getMessage(), e);
        }
    }

    @SafeVarargs
    private void run(String database, List<Step>... lists) {
        try (Driver jdbc = new JdbcDriver(server, database)) {
            for (List<Step> steps : lists) {
                jdbc.run(steps, Sink.NONE);
            }
        }
    }

    private void admin(String sql) {
        try (Connection c = DriverManager.getConnection(server.jdbcUrl(maintenance), server.user(), server.password());
             Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql + " failed on " + server.jdbcUrl(maintenance) + " as " + server.user()
                    + " (the benchmark needs the right to create databases): " + e.getMessage(), e);
        }
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException ignored) {
            // a temporary folder left behind
        }
    }
}
