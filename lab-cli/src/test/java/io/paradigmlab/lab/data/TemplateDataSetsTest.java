package io.paradigmlab.lab.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.api.DatabaseInfo;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.PostgresEndpoint;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Template data sets on a real embedded PostgreSQL, with a tiny generator that counts its calls. */
class TemplateDataSetsTest {

    private static EmbeddedPostgres embedded;
    private static PostgresEndpoint pg;

    @TempDir
    Path temp;
    private Path migrations;
    private Path cache;
    private List<DatabaseInfo> dbs;
    private final CountingGenerator generator = new CountingGenerator();
    private final List<String> progress = new ArrayList<>();

    @BeforeAll
    static void start() throws IOException {
        embedded = EmbeddedPostgres.builder()
                .setDataDirectory(Files.createTempDirectory("template-data-sets-pg"))
                .setCleanDataDirectory(true).start();
        pg = new PostgresEndpoint("localhost", embedded.getPort(), "postgres", "postgres");
    }

    @AfterAll
    static void stop() throws IOException {
        if (embedded != null) {
            embedded.close();
        }
    }

    @BeforeEach
    void migrationsAndCache() throws IOException {
        migrations = temp.resolve("migrations");
        Files.createDirectories(migrations);
        Files.writeString(migrations.resolve("V1__items.sql"), "CREATE TABLE items (n int PRIMARY KEY, seed bigint NOT NULL);\n");
        cache = temp.resolve("cache");
        dbs = List.of(new DatabaseInfo("main", "fake_main", "filesystem:" + migrations),
                new DatabaseInfo("side", "fake_side", "filesystem:" + migrations));
    }

    @Test
    void aSecondPrepareReusesTheSetWithoutCallingTheGenerator() {
        var first = prepare("reuse", 1);
        assertThat(generator.calls).hasValue(1);
        assertThat(first.reused()).isFalse();
        assertThat(first.generation()).isPositive();
        assertThat(first.dataDir()).isDirectory().isEqualTo(cache.toAbsolutePath()
                .resolve("reuse-tiny-1-" + first.fingerprint()));
        assertThat(first.dataDir().resolve("items.csv")).hasContent("n\n1\n2\n3");
        assertThat(first.templates()).containsOnlyKeys("main", "side");
        assertThat(first.template("main")).isEqualTo("tpl_reuse_main_tiny_1_" + first.fingerprint().substring(0, 8));

        var second = prepare("reuse", 1);
        assertThat(generator.calls).as("reused, not generated").hasValue(1);
        assertThat(second.reused()).isTrue();
        assertThat(second.templates()).isEqualTo(first.templates());
        assertThat(second.dataDir()).isEqualTo(first.dataDir());
        assertThat(second.describe()).contains("reuse", "tiny", "seed 1", "reused");
        assertThat(progress).anySatisfy(line -> assertThat(line).startsWith("reusing"));

        prepare("reuse", 2);
        assertThat(generator.calls).as("another seed is another set").hasValue(2);
    }

    @Test
    void aChangedMigrationMakesANewFingerprintAndRegenerates() throws IOException {
        var before = prepare("schema", 1);
        Files.writeString(migrations.resolve("V1__items.sql"),
                "CREATE TABLE items (n int PRIMARY KEY, seed bigint NOT NULL, note text);\n");
        var after = prepare("schema", 1);
        assertThat(generator.calls).hasValue(2);
        assertThat(after.fingerprint()).isNotEqualTo(before.fingerprint());
        assertThat(after.template("main")).isNotEqualTo(before.template("main"));
        assertThat(after.dataDir()).isNotEqualTo(before.dataDir());
        assertThat(columns(after.template("main"))).contains("note");
    }

    @Test
    void anIncompleteSetIsDroppedAndGeneratedAgain() throws SQLException {
        generator.failAfterRows = true;
        assertThatThrownBy(() -> prepare("crash", 1)).hasMessageContaining("generator crashed");
        String template = TemplateDataSets.templateName("crash", "main", "tiny", 1,
                TemplateDataSets.fingerprint(dbs, generator, CountingGenerator.TINY));
        assertThat(TemplateDataSets.existing(pg, List.of(template))).as("left behind, without the mark")
                .containsExactly(template);
        assertThat(cache.toFile().list()).as("no data folder of a crashed generation").isEmpty();

        generator.failAfterRows = false;
        var set = prepare("crash", 1);
        assertThat(generator.calls).hasValue(2);
        assertThat(set.reused()).isFalse();
        assertThat(count(set.template("main"), "SELECT count(*) FROM items")).isEqualTo(3);

        // a template without its mark (a crash between generation and marking) is not reused either
        execute("postgres", "COMMENT ON DATABASE " + set.template("side") + " IS NULL");
        assertThat(prepare("crash", 1).reused()).isFalse();
        assertThat(generator.calls).hasValue(3);

        // nor is a set whose data folder went missing
        TemplateDataSetsTestSupport.delete(set.dataDir());
        assertThat(prepare("crash", 1).reused()).isFalse();
        assertThat(generator.calls).hasValue(4);
        assertThat(prepare("crash", 1).reused()).isTrue();
    }

    @Test
    void copiesAreIndependentOfEachOtherAndOfTheTemplate() throws SQLException {
        var set = prepare("copies", 5);
        TemplateDataSets.copy(pg, set, "main", "copy_one");
        TemplateDataSets.copy(pg, set, "main", "copy_two");
        execute("copy_one", "INSERT INTO items VALUES (100, 0)");
        assertThat(count("copy_one", "SELECT count(*) FROM items")).isEqualTo(4);
        assertThat(count("copy_two", "SELECT count(*) FROM items")).isEqualTo(3);
        assertThat(count(set.template("main"), "SELECT count(*) FROM items")).isEqualTo(3);
        assertThat(count("copy_two", "SELECT min(seed) FROM items")).isEqualTo(5);

        // copying again replaces the copy (even with a session open on it) with the template's rows
        try (Connection ignored = DriverManager.getConnection(pg.jdbcUrl("copy_one"), pg.user(), pg.password())) {
            TemplateDataSets.copy(pg, set, "main", "copy_one");
        }
        assertThat(count("copy_one", "SELECT count(*) FROM items")).isEqualTo(3);
        assertThatThrownBy(() -> TemplateDataSets.copy(pg, set, "nope", "copy_three"))
                .isInstanceOf(LabException.class).hasMessageContaining("nope");
        assertThatThrownBy(() -> TemplateDataSets.copy(pg, set, "main", "Bad-Name"))
                .isInstanceOf(LabException.class);
    }

    @Test
    void templateNamesAreLowerCaseAndFitPostgresql() {
        assertThat(TemplateDataSets.templateName("Tweebyte", "user", "seed", 42, "0123456789abcdef"))
                .isEqualTo("tpl_tweebyte_user_seed_42_01234567");
        assertThat(TemplateDataSets.templateName("app", "svc", "quick", -3, "abcdef0123456789"))
                .isEqualTo("tpl_app_svc_quick_m3_abcdef01");
        String longName = TemplateDataSets.templateName("a-very-long-application-name", "interaction-service",
                "enormous-scale", Long.MAX_VALUE, "0123456789abcdef");
        assertThat(longName).hasSizeLessThanOrEqualTo(63).matches("[a-z0-9_]+").startsWith("tpl_a_very_long");
        assertThat(TemplateDataSets.templateName("a-very-long-application-name", "interaction-service",
                "enormous-scale", Long.MAX_VALUE - 1, "0123456789abcdef")).isNotEqualTo(longName);
    }

    @Test
    void theFingerprintReadsClasspathMigrationsToo() throws IOException {
        Path classes = temp.resolve("cp");
        Files.createDirectories(classes.resolve("db/fake"));
        Files.writeString(classes.resolve("db/fake/V1__a.sql"), "CREATE TABLE a (x int);");
        try (var loader = new java.net.URLClassLoader(new java.net.URL[] {classes.toUri().toURL()}, null)) {
            Map<String, byte[]> scripts = TemplateDataSets.migrationScripts("classpath:db/fake", loader);
            assertThat(scripts).containsOnlyKeys("V1__a.sql");
        }
        assertThatThrownBy(() -> TemplateDataSets.migrationScripts("classpath:db/none", getClass().getClassLoader()))
                .isInstanceOf(LabException.class);
        assertThat(TemplateDataSets.generatorClasses(CountingGenerator.class)).isNotEmpty()
                .containsKey("io/paradigmlab/lab/data/TemplateDataSetsTest$CountingGenerator.class");
    }

    // ---- helpers

    private TemplateDataSets.DataSet prepare(String app, long seed) {
        return TemplateDataSets.prepare(pg, app, dbs, generator, CountingGenerator.TINY, seed, cache, progress::add);
    }

    private static long count(String db, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl(db), pg.user(), pg.password());
             Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static List<String> columns(String db) {
        try {
            List<String> names = new ArrayList<>();
            try (Connection c = DriverManager.getConnection(pg.jdbcUrl(db), pg.user(), pg.password());
                 Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                         "SELECT column_name FROM information_schema.columns WHERE table_name = 'items'")) {
                while (rs.next()) {
                    names.add(rs.getString(1));
                }
            }
            return names;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void execute(String db, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl(db), pg.user(), pg.password());
             Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    /** Writes three rows into each database and one data file; counts its calls; can crash half way. */
    static final class CountingGenerator implements DataGenerator {

        static final Scale TINY = new Scale("tiny", 3, "three rows");

        final AtomicInteger calls = new AtomicInteger();
        volatile boolean failAfterRows;

        @Override
        public List<Scale> scales() {
            return List.of(TINY);
        }

        @Override
        public void generate(PostgresEndpoint postgres, Map<String, String> databases, Scale scale, long seed,
                             Path dataDir, Progress progress) {
            calls.incrementAndGet();
            try {
                for (String db : databases.values()) {
                    try (Connection c = DriverManager.getConnection(postgres.jdbcUrl(db), postgres.user(),
                            postgres.password()); Statement s = c.createStatement()) {
                        s.execute("INSERT INTO items SELECT n, " + seed + " FROM generate_series(1, " + scale.users()
                                + ") n");
                    }
                }
                if (failAfterRows) {
                    Files.writeString(dataDir.resolve("items.csv"), "n\n1");
                    throw new IllegalStateException("generator crashed");
                }
                Files.writeString(dataDir.resolve("items.csv"), "n\n1\n2\n3");
            } catch (SQLException | IOException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** File helpers. */
    static final class TemplateDataSetsTestSupport {
        static void delete(Path dir) {
            try (var files = Files.walk(dir)) {
                for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
