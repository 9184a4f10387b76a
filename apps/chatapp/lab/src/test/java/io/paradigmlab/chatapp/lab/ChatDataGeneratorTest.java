package io.paradigmlab.chatapp.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.chatapp.domain.Palindromes;
import io.paradigmlab.chatapp.domain.Passwords;
import io.paradigmlab.chatapp.domain.SeedUsers;
import io.paradigmlab.chatapp.domain.WordLines;
import io.paradigmlab.chatapp.schema.ChatSchema;
import io.paradigmlab.lab.app.DataGenerator;
import io.paradigmlab.lab.infra.LabException;
import io.paradigmlab.lab.infra.PostgresEndpoint;
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
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generator on a real PostgreSQL with the real migration. */
class ChatDataGeneratorTest {

    private static final long SEED = 7;
    private static final ChatDataGenerator GENERATOR = new ChatDataGenerator();
    private static final DataGenerator.Scale STANDARD = GENERATOR.scale("standard");

    private static EmbeddedPostgres embedded;
    private static PostgresEndpoint pg;
    private static String db;
    private static Path files;
    private static final List<String> progress = new ArrayList<>();

    @TempDir
    static Path temp;

    @BeforeAll
    static void generateOnce() throws IOException, SQLException {
        embedded = EmbeddedPostgres.builder().setDataDirectory(Files.createTempDirectory(temp, "pg"))
                .setCleanDataDirectory(true).start();
        pg = new PostgresEndpoint("localhost", embedded.getPort(), "postgres", "postgres");
        db = migrated("chatapp_a");
        files = Files.createDirectories(temp.resolve("files-a"));
        GENERATOR.generate(pg, Map.of(ChatAppApplication.SERVICE, db), STANDARD, SEED, files, progress::add);
    }

    @AfterAll
    static void stop() throws IOException {
        if (embedded != null) {
            embedded.close();
        }
    }

    @Test
    void theOnlyScaleIsStandardWith1100Users() {
        assertThat(GENERATOR.scales()).extracting(DataGenerator.Scale::name).containsExactly("standard");
        assertThat(STANDARD.users()).isEqualTo(1_100);
        assertThatThrownBy(() -> GENERATOR.scale("ci")).isInstanceOf(LabException.class)
                .hasMessageContaining("choose one of standard");
    }

    @Test
    void theAccountsAreTheSeedUsersWithHashedPasswordsAndIdsFromOne() throws SQLException {
        List<String> rows = rows(db, "SELECT id, nickname, firstname, lastname, password, last_login IS NULL,"
                + " modified_at IS NULL FROM person ORDER BY id");

        assertThat(rows).hasSize(1_100);
        for (int i : new int[] {1, 2, 550, 1_100}) {
            assertThat(rows.get(i - 1)).isEqualTo(i + "|" + SeedUsers.nick(i) + "|" + SeedUsers.first(i) + "|"
                    + SeedUsers.last(i) + "|" + Passwords.sha256Hex(SeedUsers.password(i)) + "|t|t");
        }
        assertThat(rows(db, "SELECT count(*) FROM message")).containsExactly("0");
    }

    @Test
    void aRegistrationAfterTheLoadGetsTheNextIdAndTheKeysHold() throws SQLException {
        try (Connection c = connect(db); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("INSERT INTO person (nickname, firstname, lastname, password)"
                    + " VALUES ('newcomer', 'N', 'C', repeat('0', 64)) RETURNING id")) {
                rs.next();
                assertThat(rs.getLong(1)).isEqualTo(1_101);
            }
            // the unique nickname was rebuilt after the COPY
            assertThatThrownBy(() -> s.execute("INSERT INTO person (nickname, firstname, lastname, password)"
                    + " VALUES ('user_5', 'N', 'C', repeat('0', 64))")).isInstanceOf(SQLException.class)
                    .hasMessageContaining("duplicate key");
            s.execute("DELETE FROM person WHERE nickname = 'newcomer'");
        }
    }

    @Test
    void everyCpuLineIsTheSeededLineWithItsPalindromeCount() throws SQLException {
        List<String> rows = rows(db, "SELECT id, content, palindromes FROM cpu_line ORDER BY id");

        assertThat(rows).hasSize(1_000);
        long total = 0;
        for (int id = 1; id <= 1_000; id++) {
            String[] row = rows.get(id - 1).split("\\|");
            String line = WordLines.line(SEED, id, 1_000);
            assertThat(row[0]).isEqualTo(Integer.toString(id));
            assertThat(row[1]).isEqualTo(line);
            assertThat(Integer.parseInt(row[2])).isEqualTo(Palindromes.count(line));
            assertThat(line.split(" ")).hasSize(1_000);
            total += Integer.parseInt(row[2]);
        }
        // single letters are palindromes and one word in 50 has one letter: the counts are far from zero
        assertThat(total).isGreaterThan(1_000L * 10);
    }

    @Test
    void theDataFilesHoldTheClearPasswordsAndTheCounts() throws IOException, SQLException {
        List<String> users = Files.readAllLines(files.resolve("users.csv"));
        List<String> lines = Files.readAllLines(files.resolve("lines.csv"));

        assertThat(users).hasSize(1_101);
        assertThat(users.getFirst()).isEqualTo("nick,password");
        assertThat(users.get(1)).isEqualTo(SeedUsers.nick(1) + "," + SeedUsers.password(1));
        assertThat(users.get(1_100)).isEqualTo(SeedUsers.nick(1_100) + "," + SeedUsers.password(1_100));
        assertThat(lines).hasSize(1_001);
        assertThat(lines.getFirst()).isEqualTo("id,palindromes");
        List<String> counts = rows(db, "SELECT id || ',' || palindromes FROM cpu_line ORDER BY id");
        assertThat(lines.subList(1, lines.size())).isEqualTo(counts);
    }

    @Test
    void theSameSeedGivesTheSameRowsAndFilesAndAnotherSeedOtherLines() throws IOException, SQLException {
        String again = migrated("chatapp_b");
        Path againFiles = Files.createDirectories(temp.resolve("files-b"));
        GENERATOR.generate(pg, Map.of(ChatAppApplication.SERVICE, again), STANDARD, SEED, againFiles, line -> { });
        String other = migrated("chatapp_c");
        Path otherFiles = Files.createDirectories(temp.resolve("files-c"));
        // the only database of the map is filled whatever its service is called
        GENERATOR.generate(pg, Map.of("x", other), STANDARD, SEED + 1, otherFiles, line -> { });

        for (String table : ChatDataGenerator.TABLES) {
            assertThat(checksum(again, table)).as(table).isEqualTo(checksum(db, table));
        }
        for (String file : List.of("users.csv", "lines.csv")) {
            assertThat(Files.readAllBytes(againFiles.resolve(file))).as(file)
                    .isEqualTo(Files.readAllBytes(files.resolve(file)));
        }
        // the accounts do not depend on the seed, the lines do
        assertThat(checksum(other, "person")).isEqualTo(checksum(db, "person"));
        assertThat(checksum(other, "cpu_line")).isNotEqualTo(checksum(db, "cpu_line"));
        assertThat(Files.readAllBytes(otherFiles.resolve("users.csv")))
                .isEqualTo(Files.readAllBytes(files.resolve("users.csv")));
    }

    @Test
    void progressEndsWithASummary() {
        assertThat(progress.getLast()).startsWith("ChatApp data set standard (seed 7): 1,100 accounts, 1,000 CPU lines");
    }

    @Test
    void twoDatabasesOfOtherServicesAreRefused() {
        assertThatThrownBy(() -> ChatDataGenerator.database(Map.of("a", "x", "b", "y")))
                .isInstanceOf(LabException.class).hasMessageContaining("fills one database (service 'chat')");
    }

    private static String migrated(String name) throws SQLException {
        try (Connection c = connect("postgres"); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + name);
            s.execute("CREATE DATABASE " + name);
        }
        Flyway.configure().dataSource(pg.jdbcUrl(name), pg.user(), pg.password()).locations(ChatSchema.LOCATION)
                .failOnMissingLocations(true).load().migrate();
        return name;
    }

    private static List<String> rows(String database, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = connect(database); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int columns = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= columns; i++) {
                    row.append(i > 1 ? "|" : "").append(rs.getString(i));
                }
                out.add(row.toString());
            }
        }
        return out;
    }

    private static String checksum(String database, String table) throws SQLException {
        return rows(database, "SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) FROM " + table + " t").getFirst();
    }

    private static Connection connect(String database) throws SQLException {
        return DriverManager.getConnection(pg.jdbcUrl(database), pg.user(), pg.password());
    }
}
