package io.paradigmlab.lab.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.api.DatabaseInfo;
import io.paradigmlab.lab.data.TemplateDataSets;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.PostgresEndpoint;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every application's data generator must do, whatever it generates: the contract a generator's test extends
 * (as Micrometer's TCK is extended by each registry). It runs the generator the way the lab does, through
 * {@link TemplateDataSets#prepare}, on an embedded PostgreSQL with the application's own migrations, at the smallest
 * scale, and checks:
 * <ul>
 *   <li>the scales: named once each, smallest first, an unknown name refused naming the choices;</li>
 *   <li>sizes: every table of every database holds the rows the subclass says the smallest scale holds (so a new
 *       table, or a generator that stops filling one, fails here);</li>
 *   <li>determinism: the same seed, generated again from scratch, gives the same rows in every table and the same
 *       bytes in every scenario file, and another seed gives other data (unless {@link #seedChangesTheData()});</li>
 *   <li>the template and its copy: a second preparation reuses the templates, and the copy every repetition gets
 *       ({@code CREATE DATABASE ... TEMPLATE}) holds the same rows;</li>
 *   <li>the schema: after the bulk load (which may drop constraints and indexes to COPY faster) the constraints and
 *       indexes are exactly those of a freshly migrated empty database, and every table the generator filled has
 *       been analyzed, so the planner sees the data the load will query.</li>
 * </ul>
 * The subclass's own tests may read the generated set through {@link #database(String)} and {@link #dataDir()}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class DataGeneratorContract {

    /** The seed of the data set the tests read. */
    protected static final long SEED = 7;

    /** The class's folder: PostgreSQL's data, the data sets' files (a {@code @TempDir} of the whole class). */
    private Path temp;

    private EmbeddedPostgres embedded;
    private PostgresEndpoint pg;
    private TemplateDataSets.DataSet set;
    private final List<String> progress = new ArrayList<>();

    /** The application whose generator and databases are under test. */
    protected abstract Application application();

    /**
     * The rows each table holds at the smallest scale, keyed {@code service.table} ({@code user.users}): every table
     * of every PostgreSQL database of the application, those the generator leaves empty as {@code Size.exactly(0)}.
     */
    protected abstract Map<String, Size> sizes(DataGenerator.Scale smallest);

    /**
     * How many rows a table holds: exactly so many where the scale's plan fixes it, or a range where the generator
     * draws it (the range its plan implies, not the count one seed happened to give).
     */
    public record Size(long min, long max) {

        public Size {
            if (min < 0 || max < min) {
                throw new IllegalArgumentException("no such size: " + min + ".." + max);
            }
        }

        public static Size exactly(long rows) {
            return new Size(rows, rows);
        }

        public static Size between(long min, long max) {
            return new Size(min, max);
        }

        boolean admits(long rows) {
            return rows >= min && rows <= max;
        }

        @Override
        public String toString() {
            return min == max ? Long.toString(min) : min + ".." + max;
        }
    }

    /**
     * Whether the seed changes the data. True by default; a generator of one fixed data set (the e-shop's: the
     * study's products) says false, and the contract then checks that another seed gives the very same data.
     */
    protected boolean seedChangesTheData() {
        return true;
    }

    @BeforeAll
    void prepareTheSmallestDataSet(@TempDir Path dir) throws IOException {
        temp = dir;
        embedded = EmbeddedPostgres.builder().setDataDirectory(Files.createTempDirectory(temp, "pg"))
                .setCleanDataDirectory(true).start();
        pg = new PostgresEndpoint("localhost", embedded.getPort(), "postgres", "postgres");
        set = prepare(SEED, folder(SEED), progress::add);
    }

    @AfterAll
    void stopPostgres() throws IOException {
        if (embedded != null) {
            embedded.close();
        }
    }

    /** The PostgreSQL the data set lives on. */
    protected final PostgresEndpoint postgres() {
        return pg;
    }

    /** The template database of {@code service} in the data set of {@link #SEED} at the smallest scale. */
    protected final String database(String service) {
        return set.template(service);
    }

    /** The scenario data files of that data set (read-only). */
    protected final Path dataDir() {
        return set.dataDir();
    }

    /** What the generator reported while generating it. */
    protected final List<String> progress() {
        return List.copyOf(progress);
    }

    /** The smallest scale, the one the contract generates. */
    protected final DataGenerator.Scale smallest() {
        return application().data().scales().getFirst();
    }

    @Test
    void scalesAreNamedOnceSmallestFirstAndAnUnknownOneIsRefusedNamingTheChoices() {
        List<DataGenerator.Scale> scales = application().data().scales();
        assertThat(scales).isNotEmpty();
        assertThat(scales).extracting(DataGenerator.Scale::name).doesNotHaveDuplicates()
                .allSatisfy(name -> assertThat(name).matches("[a-z][a-z0-9-]*"));
        assertThat(scales).extracting(DataGenerator.Scale::users).isSorted()
                .allSatisfy(users -> assertThat(users).isPositive());
        assertThat(scales).allSatisfy(s -> assertThat(s.description()).isNotBlank());
        scales.forEach(s -> assertThat(application().data().scale(s.name())).isEqualTo(s));
        assertThatThrownBy(() -> application().data().scale("no-such-scale")).isInstanceOf(LabException.class)
                .hasMessageContaining("no-such-scale").hasMessageContaining(scales.getFirst().name());
    }

    @Test
    void everyTableHoldsTheRowsOfTheSmallestScale() throws SQLException {
        Map<String, Long> counts = new TreeMap<>();
        for (DatabaseInfo db : postgresDatabases()) {
            for (String table : tables(database(db.service()))) {
                counts.put(db.service() + "." + table, count(database(db.service()), table));
            }
        }
        Map<String, Size> sizes = new TreeMap<>(sizes(smallest()));
        assertThat(counts.keySet()).as("the tables, every one with its size").isEqualTo(sizes.keySet());
        counts.forEach((table, rows) -> assertThat(sizes.get(table).admits(rows))
                .as("%s holds %,d rows, expected %s", table, rows, sizes.get(table)).isTrue());
    }

    @Test
    void theSameSeedGivesTheSameRowsAndFilesAndAnotherSeedOtherData() throws Exception {
        Map<String, String> first = checksums(set);
        Map<String, String> firstFiles = fileDigests(set.dataDir());
        assertThat(firstFiles).as("scenario data files").isNotEmpty();

        TemplateDataSets.DataSet again = prepare(SEED, temp.resolve("again"), line -> { });
        assertThat(again.reused()).as("generated afresh in another cache folder").isFalse();
        assertThat(checksums(again)).isEqualTo(first);
        assertThat(fileDigests(again.dataDir())).isEqualTo(firstFiles);

        TemplateDataSets.DataSet other = generated(SEED + 1);
        Map<String, String> otherSums = checksums(other);
        assertThat(otherSums.keySet()).isEqualTo(first.keySet());
        if (seedChangesTheData()) {
            assertThat(otherSums).as("another seed gives other rows somewhere").isNotEqualTo(first);
        } else {
            assertThat(otherSums).as("one fixed data set, whatever the seed").isEqualTo(first);
            assertThat(fileDigests(other.dataDir())).isEqualTo(firstFiles);
        }
    }

    @Test
    void aSecondPreparationReusesTheTemplatesAndTheirCopyHoldsTheSameRows() throws SQLException {
        TemplateDataSets.DataSet reused = prepare(SEED, folder(SEED), line -> { });
        assertThat(reused.reused()).isTrue();
        assertThat(reused.templates()).isEqualTo(set.templates());
        for (DatabaseInfo db : postgresDatabases()) {
            String copy = copyOf(db.service(), "contract_copy");
            for (String table : tables(database(db.service()))) {
                assertThat(checksum(copy, table)).as("%s.%s", db.service(), table)
                        .isEqualTo(checksum(database(db.service()), table));
            }
        }
    }

    @Test
    void theSchemaIsTheMigrationsOwnAndEveryTableTheGeneratorFilledIsAnalyzed() throws SQLException {
        for (DatabaseInfo db : postgresDatabases()) {
            String empty = "contract_empty_" + db.service().replaceAll("[^a-z0-9_]", "_");
            try (Connection c = connect("postgres"); Statement s = c.createStatement()) {
                s.execute("DROP DATABASE IF EXISTS " + empty + " WITH (FORCE)");
                s.execute("CREATE DATABASE " + empty);
            }
            Flyway.configure().dataSource(pg.jdbcUrl(empty), pg.user(), pg.password())
                    .locations(db.migrationLocation()).failOnMissingLocations(true).load().migrate();
            String template = database(db.service());
            assertThat(definitions(template)).as("constraints and indexes of %s", db.service())
                    .isEqualTo(definitions(empty));
            for (String table : tables(template)) {
                // the tables the generator filled; a row the migration itself inserts is not its to analyze
                if (count(template, table) > count(empty, table)) {
                    assertThat(analyzed(template, table)).as("%s.%s analyzed after the load", db.service(), table)
                            .isTrue();
                }
            }
        }
    }

    /**
     * The data set of {@code seed} at the smallest scale, generated on first use (the contract's own test of another
     * seed uses {@code SEED + 1}: asking for it again costs nothing).
     */
    protected final TemplateDataSets.DataSet generated(long seed) {
        return prepare(seed, folder(seed), line -> { });
    }

    /**
     * A fresh copy of {@code service}'s template of the {@link #SEED} data set, named {@code name_<service>}, as a
     * repetition gets it: for a test that writes (the templates themselves stay as generated).
     */
    protected final String copyOf(String service, String name) {
        String copy = name + "_" + service.replaceAll("[^a-z0-9_]", "_");
        TemplateDataSets.copy(pg, set, service, copy);
        return copy;
    }

    /** A digest of the rows of {@code table} in {@code database}, in a stable order. */
    protected final String checksum(String database, String table) throws SQLException {
        return one(database, "SELECT coalesce(md5(string_agg(t::text, E'\\n' ORDER BY t::text)), '') FROM "
                + table + " t");
    }

    private Path folder(long seed) {
        return temp.resolve("sets-" + seed);
    }

    private TemplateDataSets.DataSet prepare(long seed, Path cacheDir, DataGenerator.Progress lines) {
        Application app = application();
        return TemplateDataSets.prepare(pg, app.id(), app.databases(), app.data(), smallest(), seed, cacheDir,
                lines);
    }

    private List<DatabaseInfo> postgresDatabases() {
        return application().databases().stream().filter(DatabaseInfo::postgres).toList();
    }

    /** {@code service.table} to a digest of the table's rows in text form, in a stable order. */
    private Map<String, String> checksums(TemplateDataSets.DataSet of) throws SQLException {
        Map<String, String> sums = new TreeMap<>();
        for (DatabaseInfo db : postgresDatabases()) {
            String database = of.template(db.service());
            for (String table : tables(database)) {
                sums.put(db.service() + "." + table, checksum(database, table));
            }
        }
        return sums;
    }

    private long count(String database, String table) throws SQLException {
        return Long.parseLong(one(database, "SELECT count(*) FROM " + table));
    }

    private boolean analyzed(String database, String table) throws SQLException {
        return Boolean.parseBoolean(one(database, "SELECT (last_analyze IS NOT NULL OR last_autoanalyze IS NOT NULL)"
                + "::text FROM pg_stat_user_tables WHERE schemaname = 'public' AND relname = '" + table + "'"));
    }

    /** The tables of the public schema but Flyway's history. */
    private List<String> tables(String database) throws SQLException {
        return list(database, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
                + " AND tablename <> 'flyway_schema_history' ORDER BY tablename");
    }

    /** Every constraint and index of the public schema, as PostgreSQL prints their definitions. */
    private List<String> definitions(String database) throws SQLException {
        List<String> all = new ArrayList<>(list(database, "SELECT conrelid::regclass::text || ' ' || conname || ' '"
                + " || pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = 'public'::regnamespace"
                + " AND conrelid::regclass::text <> 'flyway_schema_history' ORDER BY 1"));
        all.addAll(list(database, "SELECT indexdef FROM pg_indexes WHERE schemaname = 'public'"
                + " AND tablename <> 'flyway_schema_history' ORDER BY 1"));
        return all;
    }

    private static Map<String, String> fileDigests(Path dir) {
        Map<String, String> digests = new TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                MessageDigest md = MessageDigest.getInstance("SHA-256");
                digests.put(file.getFileName().toString(), HexFormat.of().formatHex(md.digest(Files.readAllBytes(file))));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        return digests;
    }

    private String one(String database, String sql) throws SQLException {
        List<String> rows = list(database, sql);
        assertThat(rows).as(sql).hasSize(1);
        return rows.getFirst();
    }

    private List<String> list(String database, String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection c = connect(database); Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            while (r.next()) {
                rows.add(r.getString(1));
            }
        }
        return rows;
    }

    private Connection connect(String database) throws SQLException {
        return DriverManager.getConnection(pg.jdbcUrl(database), pg.user(), pg.password());
    }
}
