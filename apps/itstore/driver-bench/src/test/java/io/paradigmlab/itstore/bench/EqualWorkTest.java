package io.paradigmlab.itstore.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.api.PostgresEndpoint;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * On a real PostgreSQL with {@code pg_stat_statements}: for every operation the JDBC and the R2DBC variant send the server
 * the same statements the same number of times, read the same values, affect the same rows and leave the same data;
 * and the untimed steps that follow an invocation put the database back as it was. Each driver works on its own copy
 * of the same databases, so "the same data after" compares two independent runs.
 */
class EqualWorkTest {

    /** A small data set: 1,000 products, otherwise the {@code ci} plan (1,031 CES, 1,000 invoices). */
    private static final DataGenerator.Scale SMALL = new DataGenerator.Scale("test", 1_000, "driver bench test");
    private static final Pattern SESSION = Pattern.compile(
            "^(BEGIN|START TRANSACTION|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE|SET|RESET|SHOW|DISCARD|DEALLOCATE)\\b.*",
            Pattern.DOTALL | Pattern.CASE_INSENSITIVE);

    private static EmbeddedPostgres embedded;
    private static PostgresEndpoint server;
    private static BenchDatabases databases;
    private static Map<String, Target> targets;

    @TempDir
    static Path temp;

    @BeforeAll
    static void prepare() throws IOException, SQLException {
        embedded = EmbeddedPostgres.builder()
                .setDataDirectory(Files.createTempDirectory(temp, "pg"))
                .setCleanDataDirectory(true)
                .setServerConfig("shared_preload_libraries", "pg_stat_statements")
                // top-level statements only: one entry per statement a variant sent (not the foreign-key checks inside)
                .setServerConfig("pg_stat_statements.track", "top")
                .start();
        server = new PostgresEndpoint("localhost", embedded.getPort(), "postgres", "postgres");
        try (Connection c = admin(); Statement s = c.createStatement()) {
            s.execute("CREATE EXTENSION pg_stat_statements");
        }
        databases = new BenchDatabases(server, "postgres");
        databases.fill("t_data", SMALL, 42, line -> { });
        targets = new LinkedHashMap<>();
        for (String driver : Driver.NAMES) {
            targets.put(driver, databases.create("t_data", "t_" + driver));
        }
    }

    @AfterAll
    static void stop() throws IOException {
        if (embedded != null) {
            embedded.close();
        }
    }

    /** An operation as the benchmark runs it, and what puts its database back. */
    record Op(String name, Target.Purpose purpose, Function<Target, List<Step>> steps, List<Step> restore) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Op> operations() {
        List<Op> ops = new ArrayList<>(List.of(
                new Op("ddlCreate", Target.Purpose.DDL_CREATE, t -> Workload.ddlCreate(), Workload.ddlDrop()),
                new Op("ddlDrop", Target.Purpose.DDL_DROP, t -> Workload.ddlDrop(), Workload.ddlCreate()),
                new Op("simpleQueries", Target.Purpose.READ, t -> Workload.simpleQueries(), List.of()),
                new Op("complexQueries", Target.Purpose.READ, t -> Workload.complexQueries(), List.of()),
                new Op("updates", Target.Purpose.UPDATE, t -> Workload.updates(t.invoice()), List.of()),
                new Op("deleteAll", Target.Purpose.DELETE, t -> Workload.deleteAll(), Workload.refill())));
        for (int k = 1; k <= Workload.TABLES.size(); k++) {
            int tables = k;
            ops.add(new Op("insert" + k, Target.Purpose.INSERT, t -> Workload.insert(tables), Workload.truncate()));
        }
        return ops.stream();
    }

    /** What one variant did: statements by normalized text with their calls, values read, count, data around it. */
    record Outcome(Map<String, Long> statements, List<String> values, long count, Map<String, String> before,
                   Map<String, String> after, Map<String, String> restored) {
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("operations")
    void bothDriversDoTheSameWork(Op op) throws Exception {
        Outcome jdbc = run("jdbc", op);
        Outcome r2dbc = run("r2dbc", op);
        List<Step> steps = op.steps().apply(targets.get("jdbc"));
        long statements = steps.stream().filter(s -> s.sql() != null).count();

        // the same statements, each the same number of times, and nothing else
        assertThat(jdbc.statements()).isNotEmpty();
        assertThat(r2dbc.statements()).isEqualTo(jdbc.statements());
        assertThat(jdbc.statements().values().stream().mapToLong(Long::longValue).sum()).isEqualTo(statements);
        // the same values read, the same rows affected, the same data left
        assertThat(r2dbc.values()).isEqualTo(jdbc.values());
        assertThat(r2dbc.count()).isEqualTo(jdbc.count());
        assertThat(jdbc.before()).isEqualTo(r2dbc.before());
        assertThat(r2dbc.after()).isEqualTo(jdbc.after());
        // the untimed steps after an invocation restore the starting state (where the operation changes it)
        if (!op.restore().isEmpty()) {
            assertThat(jdbc.after()).isNotEqualTo(jdbc.before());
            assertThat(jdbc.restored()).isEqualTo(jdbc.before());
            assertThat(r2dbc.restored()).isEqualTo(r2dbc.before());
        }

        switch (op.name()) {
            case "ddlCreate" -> {
                assertThat(jdbc.before().get("tables")).isEmpty();
                assertThat(jdbc.after().get("tables")).isEqualTo(String.join(",", sorted(Workload.TABLES)));
                assertThat(jdbc.after().get("foreign keys")).isEqualTo("7");
            }
            case "ddlDrop" -> {
                assertThat(jdbc.before().get("foreign keys")).isEqualTo("7");
                assertThat(jdbc.after().get("tables")).isEmpty();
            }
            case "simpleQueries" -> {
                // S1 all 1,000 customers, S2 product 0's 4 characteristics, S3 one row, S4 at least one product
                assertThat(jdbc.statements()).hasSize(4).allSatisfy((sql, calls) -> assertThat(calls).isEqualTo(1));
                assertThat(jdbc.count()).isGreaterThan(1_000 + 4 + 1);
                assertThat(jdbc.values()).hasSizeGreaterThan(7 * 1_000);
            }
            case "complexQueries" -> {
                assertThat(jdbc.statements()).hasSize(4).allSatisfy((sql, calls) -> assertThat(calls).isEqualTo(1));
                assertThat(jdbc.count()).isPositive();
            }
            case "updates" -> {
                assertThat(jdbc.count()).isEqualTo(3);
                assertThat(jdbc.after()).isNotEqualTo(jdbc.before());
            }
            case "deleteAll" -> {
                long rows = Workload.TABLES.stream()
                        .mapToLong(t -> Long.parseLong(jdbc.before().get(t).split(" ")[0])).sum();
                assertThat(rows).isGreaterThan(10_000);
                assertThat(jdbc.count()).isEqualTo(rows);
                for (String table : Workload.TABLES) {
                    assertThat(jdbc.after().get(table)).startsWith("0 ");
                }
            }
            default -> {
                int k = Integer.parseInt(op.name().substring("insert".length()));
                assertThat(jdbc.count()).isEqualTo((long) k * Workload.INSERT_ROWS);
                assertThat(jdbc.statements()).hasSize(k)
                        .allSatisfy((sql, calls) -> assertThat(calls).isEqualTo(Workload.INSERT_ROWS));
                for (int i = 0; i < Workload.TABLES.size(); i++) {
                    assertThat(jdbc.after().get(Workload.TABLES.get(i)))
                            .startsWith((i < k ? Workload.INSERT_ROWS : 0) + " ");
                }
            }
        }
    }

    /**
     * JMH itself, in this JVM (no fork), for the operations with the three kinds of tear-down (none, DDL, insert):
     * one warm-up and two measured invocations each. The states connect, the parameters are wired, and the
     * tear-downs put each database back (a second DDL or insert invocation would fail on what the first one left).
     */
    @Test
    void theBenchmarksRunUnderJmh() throws Exception {
        Target target = databases.create("t_data", "t_jmh");
        Path file = target.write();
        System.setProperty(Target.PROPERTY, file.toString());
        try {
            Collection<RunResult> results = new Runner(new OptionsBuilder()
                    .include(BenchOptions.parse("--only", "ddlCreate,updates,insert").includePattern())
                    .param("tables", "2")
                    .mode(Mode.SingleShotTime)
                    .timeUnit(TimeUnit.MILLISECONDS)
                    .forks(0)
                    .warmupIterations(1)
                    .measurementIterations(2)
                    .shouldFailOnError(true)
                    .verbosity(VerboseMode.SILENT)
                    .build()).run();
            List<Results.Row> rows = Results.rows(results, "warm");
            assertThat(rows).extracting(Results.Row::operation, Results.Row::driver).containsExactly(
                    tuple("ddlCreate", "jdbc"), tuple("ddlCreate", "r2dbc"), tuple("updates", "jdbc"),
                    tuple("updates", "r2dbc"), tuple("insert2", "jdbc"), tuple("insert2", "r2dbc"));
            assertThat(rows).allSatisfy(r -> {
                assertThat(r.samples()).isEqualTo(2);
                assertThat(r.score()).isPositive();
                assertThat(r.unit()).isEqualTo("ms/op");
            });
            assertThat(Results.table(rows)).contains("| insert2 | warm |");
            // put back: the insert database empty, the DDL one without tables
            assertThat(state(target.database(Target.Purpose.INSERT)).get("products")).startsWith("0 ");
            assertThat(state(target.database(Target.Purpose.DDL_CREATE)).get("tables")).isEmpty();
        } finally {
            System.clearProperty(Target.PROPERTY);
            Files.deleteIfExists(file);
        }
    }

    private static Outcome run(String driver, Op op) throws Exception {
        Target target = targets.get(driver);
        String database = target.database(op.purpose());
        List<Step> steps = op.steps().apply(target);
        try (Driver db = Driver.open(driver, server, database)) {
            Map<String, String> before = state(database);
            resetStatements();
            List<String> values = new ArrayList<>();
            long count = db.run(steps, value -> values.add(normalized(value)));
            Map<String, Long> statements = statements(database);
            Map<String, String> after = state(database);
            db.run(op.restore(), Sink.NONE);
            return new Outcome(statements, values, count, before, after, state(database));
        }
    }

    /** A value as text, the same for both drivers' Java types of one SQL value (JDBC's java.sql.Date, R2DBC's LocalDate). */
    private static String normalized(Object value) {
        return switch (value) {
            case null -> "null";
            case java.sql.Date d -> d.toLocalDate().toString();
            case BigDecimal b -> b.toPlainString();
            default -> value.toString();
        };
    }

    /**
     * The database as far as the operations can change it: per table row count and a digest of its rows, the tables
     * and columns, and the foreign keys.
     */
    private static Map<String, String> state(String database) throws SQLException {
        Map<String, String> state = new TreeMap<>();
        try (Connection c = DriverManager.getConnection(server.jdbcUrl(database), server.user(), server.password());
             Statement s = c.createStatement()) {
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("select relname from pg_class where relkind = 'r'"
                    + " and relnamespace = 'public'::regnamespace and relname = any(array['"
                    + String.join("','", Workload.TABLES) + "']) order by relname")) {
                while (rs.next()) {
                    tables.add(rs.getString(1));
                }
            }
            state.put("tables", String.join(",", tables));
            state.put("columns", text(s, "select c.relname, a.attnum, a.attname, format_type(a.atttypid, a.atttypmod),"
                    + " a.attnotnull from pg_attribute a join pg_class c on c.oid = a.attrelid where c.relkind = 'r'"
                    + " and c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped"
                    + " order by 1, 2"));
            state.put("keys", text(s, "select conrelid::regclass::text, conname, pg_get_constraintdef(oid)"
                    + " from pg_constraint where connamespace = 'public'::regnamespace order by 2"));
            state.put("foreign keys", text(s, "select count(*) from pg_constraint where contype = 'f'"
                    + " and connamespace = 'public'::regnamespace"));
            for (String table : tables) {
                state.put(table, text(s, "select count(*) || ' ' || coalesce(md5(string_agg(t::text, '|'"
                        + " order by t::text)), '-') from " + table + " t"));
            }
        }
        return state;
    }

    private static String text(Statement s, String sql) throws SQLException {
        StringBuilder out = new StringBuilder();
        try (ResultSet rs = s.executeQuery(sql)) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                for (int i = 1; i <= columns; i++) {
                    out.append(i > 1 ? "," : out.isEmpty() ? "" : ";").append(rs.getString(i));
                }
            }
        }
        return out.toString();
    }

    private static void resetStatements() throws SQLException {
        try (Connection c = admin(); Statement s = c.createStatement()) {
            s.execute("select pg_stat_statements_reset()");
        }
    }

    /**
     * The statements {@code database} executed since the reset, by normalized text, with their calls; transaction
     * control and session statements left out. Read until two reads agree: a reactive driver may complete before the
     * server has recorded the last statement.
     */
    private static Map<String, Long> statements(String database) throws SQLException, InterruptedException {
        Map<String, Long> previous = Map.of();
        for (int i = 0; i < 40; i++) {
            Thread.sleep(25);
            Map<String, Long> now = new TreeMap<>();
            try (Connection c = admin(); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("select s.query, s.calls from pg_stat_statements s"
                         + " join pg_database d on d.oid = s.dbid where d.datname = '" + database + "'")) {
                while (rs.next()) {
                    String query = rs.getString(1).replaceAll("\\s+", " ").trim();
                    if (!SESSION.matcher(query).matches() && !query.toLowerCase(Locale.ROOT).contains("pg_type")) {
                        now.merge(query, rs.getLong(2), Long::sum);
                    }
                }
            }
            if (!now.isEmpty() && now.equals(previous)) {
                return now;
            }
            previous = now;
        }
        return previous;
    }

    private static Connection admin() throws SQLException {
        return DriverManager.getConnection(server.jdbcUrl("postgres"), server.user(), server.password());
    }

    private static List<String> sorted(List<String> names) {
        return names.stream().sorted().toList();
    }
}
