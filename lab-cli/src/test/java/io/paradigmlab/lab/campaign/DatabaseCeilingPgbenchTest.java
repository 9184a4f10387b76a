package io.paradigmlab.lab.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.api.DatabaseCeiling;
import io.paradigmlab.lab.api.DatabaseInfo;
import io.paradigmlab.lab.api.PostgresEndpoint;
import io.paradigmlab.lab.data.TemplateDataSets;
import io.paradigmlab.lab.results.DatabaseCeilingResult;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The database ceiling run for real: the pgbench on the PATH against an embedded PostgreSQL, on a fresh copy of a
 * template with UUID ids numbered by the setup, as Tweebyte's user summary declares it. Without pgbench this test
 * fails with what to install, unless {@code LAB_NO_PGBENCH=1} says the machine has none on purpose (CI installs it:
 * .ci/run).
 */
class DatabaseCeilingPgbenchTest {

    @TempDir
    Path work;

    @Test
    void pgbenchMeasuresTheStatementOnAFreshCopyAndTheCopyIsDroppedAfterwards() throws Exception {
        var pgbench = DatabaseCeilingBench.find();
        if (pgbench.isEmpty()) {
            assumeFalse("1".equals(System.getenv("LAB_NO_PGBENCH")), "LAB_NO_PGBENCH=1: no pgbench on purpose");
            fail("No pgbench on the PATH: install it (Debian: apt-get install postgresql-client; .ci/run does) or"
                    + " set LAB_NO_PGBENCH=1 to skip this test");
        }
        try (EmbeddedPostgres embedded = EmbeddedPostgres.builder()
                .setDataDirectory(Files.createTempDirectory("db-ceiling-pg")).setCleanDataDirectory(true).start()) {
            PostgresEndpoint pg = new PostgresEndpoint("localhost", embedded.getPort(), "postgres", "postgres");
            execute(pg, "postgres", "CREATE DATABASE tpl_dbceiling_main");
            execute(pg, "tpl_dbceiling_main", "CREATE TABLE users (id uuid PRIMARY KEY, user_name varchar(50) NOT"
                    + " NULL, is_private boolean NOT NULL DEFAULT false, created_at timestamptz NOT NULL DEFAULT now());"
                    + " INSERT INTO users (id, user_name) SELECT gen_random_uuid(), 'user' || i"
                    + " FROM generate_series(1, 500) i");
            var data = new TemplateDataSets.DataSet("t", new DataGenerator.Scale("tiny", 500, "tiny"), 1,
                    "0123456789abcdef", Map.of("main", "tpl_dbceiling_main"), work.resolve("data"), Duration.ZERO);
            var ceiling = new DatabaseCeiling("main", "a summary of a random one of 500 users",
                    "CREATE TABLE ids AS SELECT (row_number() OVER (ORDER BY id))::int AS n, id FROM users;\n"
                            + "ALTER TABLE ids ADD PRIMARY KEY (n);",
                    "\\set n random(1, :users)\nSELECT id, user_name, is_private, created_at FROM users"
                            + " WHERE id = (SELECT id FROM ids WHERE n = :n);\n", Map.of("users", 500L), 4);
            List<String> progress = new ArrayList<>();

            DatabaseCeilingResult result = DatabaseCeilingBench.measure(pgbench.get(), ceiling, pg, data,
                    new DatabaseInfo("main", "fake_main", "filesystem:unused"), 3, work, progress::add);

            assertThat(result.tps()).as(result.command()).isPositive();
            assertThat(result.transactions()).isPositive();
            assertThat(result.failed()).isZero();
            assertThat(result.clients()).isEqualTo(4);
            assertThat(result.threads()).isBetween(1, 4);
            assertThat(result.seconds()).isEqualTo(3);
            assertThat(result.pgbenchVersion()).startsWith("pgbench (PostgreSQL)");
            assertThat(result.command()).contains("-M prepared", "-c 4", "-T 3", "-D users=500", "fake_main_dbceiling")
                    .doesNotContain("postgres@");
            assertThat(progress).singleElement().asString().contains("pgbench");
            assertThat(result.describe()).contains("transactions/s with 4 clients");
            assertThat(queryInt(pg, "SELECT count(*) FROM pg_database WHERE datname = 'fake_main_dbceiling'"))
                    .as("the copy is dropped").isZero();
            assertThat(queryInt(pg, "SELECT count(*) FROM pg_database WHERE datname = 'tpl_dbceiling_main'"))
                    .as("the template stays").isEqualTo(1);
        }
    }

    private static void execute(PostgresEndpoint pg, String database, String sql) throws Exception {
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl(database), pg.user(), pg.password());
             Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static int queryInt(PostgresEndpoint pg, String sql) throws Exception {
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl("postgres"), pg.user(), pg.password());
             Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
            r.next();
            return r.getInt(1);
        }
    }
}
