package io.paradigmlab.chatapp.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.chatapp.domain.Palindromes;
import io.paradigmlab.chatapp.domain.Passwords;
import io.paradigmlab.chatapp.domain.SeedUsers;
import io.paradigmlab.chatapp.domain.WordLines;
import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.data.TemplateDataSets;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.testkit.DataGeneratorContract;
import java.io.IOException;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** ChatApp's generator under the lab's data-generator contract, and what is ChatApp's own. */
class ChatDataGeneratorTest extends DataGeneratorContract {

    @Override
    protected Application application() {
        return new ChatAppApplication();
    }

    /** The seed's 1,100 accounts and 1,000 CPU lines; messages are written only by the load. */
    @Override
    protected Map<String, Size> sizes(DataGenerator.Scale smallest) {
        return Map.of("chat.person", Size.exactly(1_100), "chat.cpu_line", Size.exactly(1_000),
                "chat.message", Size.exactly(0));
    }

    private String db() {
        return database(ChatAppApplication.SERVICE);
    }

    @Test
    void theOnlyScaleIsStandardWith1100Users() {
        assertThat(application().data().scales()).extracting(DataGenerator.Scale::name).containsExactly("standard");
        assertThat(smallest().users()).isEqualTo(1_100);
        assertThatThrownBy(() -> application().data().scale("ci")).isInstanceOf(LabException.class)
                .hasMessageContaining("choose one of standard");
    }

    @Test
    void theAccountsAreTheSeedUsersWithHashedPasswordsAndIdsFromOne() throws SQLException {
        List<String> rows = rows(db(), "SELECT id, nickname, firstname, lastname, password, last_login IS NULL,"
                + " modified_at IS NULL FROM person ORDER BY id");

        assertThat(rows).hasSize(1_100);
        for (int i : new int[] {1, 2, 550, 1_100}) {
            assertThat(rows.get(i - 1)).isEqualTo(i + "|" + SeedUsers.nick(i) + "|" + SeedUsers.first(i) + "|"
                    + SeedUsers.last(i) + "|" + Passwords.sha256Hex(SeedUsers.password(i)) + "|t|t");
        }
        assertThat(rows(db(), "SELECT count(*) FROM message")).containsExactly("0");
    }

    @Test
    void aRegistrationAfterTheLoadGetsTheNextIdAndTheKeysHold() throws SQLException {
        // on a copy, as a run gets it: the template stays as generated
        try (Connection c = connect(copyOf(ChatAppApplication.SERVICE, "registration")); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("INSERT INTO person (nickname, firstname, lastname, password)"
                    + " VALUES ('newcomer', 'N', 'C', repeat('0', 64)) RETURNING id")) {
                rs.next();
                assertThat(rs.getLong(1)).isEqualTo(1_101);
            }
            // the unique nickname was rebuilt after the COPY
            assertThatThrownBy(() -> s.execute("INSERT INTO person (nickname, firstname, lastname, password)"
                    + " VALUES ('user_5', 'N', 'C', repeat('0', 64))")).isInstanceOf(SQLException.class)
                    .hasMessageContaining("duplicate key");
        }
    }

    @Test
    void everyCpuLineIsTheSeededLineWithItsPalindromeCount() throws SQLException {
        List<String> rows = rows(db(), "SELECT id, content, palindromes FROM cpu_line ORDER BY id");

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
        List<String> users = Files.readAllLines(dataDir().resolve("users.csv"));
        List<String> lines = Files.readAllLines(dataDir().resolve("lines.csv"));

        assertThat(users).hasSize(1_101);
        assertThat(users.getFirst()).isEqualTo("nick,password");
        assertThat(users.get(1)).isEqualTo(SeedUsers.nick(1) + "," + SeedUsers.password(1));
        assertThat(users.get(1_100)).isEqualTo(SeedUsers.nick(1_100) + "," + SeedUsers.password(1_100));
        assertThat(lines).hasSize(1_001);
        assertThat(lines.getFirst()).isEqualTo("id,palindromes");
        List<String> counts = rows(db(), "SELECT id || ',' || palindromes FROM cpu_line ORDER BY id");
        assertThat(lines.subList(1, lines.size())).isEqualTo(counts);
    }

    @Test
    void theAccountsDoNotDependOnTheSeedTheLinesDo() throws IOException, SQLException {
        TemplateDataSets.DataSet other = generated(SEED + 1);
        String otherDb = other.template(ChatAppApplication.SERVICE);

        assertThat(checksum(otherDb, "person")).isEqualTo(checksum(db(), "person"));
        assertThat(checksum(otherDb, "cpu_line")).isNotEqualTo(checksum(db(), "cpu_line"));
        assertThat(Files.readAllBytes(other.dataDir().resolve("users.csv")))
                .isEqualTo(Files.readAllBytes(dataDir().resolve("users.csv")));
    }

    @Test
    void progressHoldsTheSummary() {
        assertThat(progress()).anySatisfy(line -> assertThat(line)
                .startsWith("ChatApp data set standard (seed 7): 1,100 accounts, 1,000 CPU lines"));
    }

    @Test
    void twoDatabasesOfOtherServicesAreRefused() {
        assertThatThrownBy(() -> ChatDataGenerator.database(Map.of("a", "x", "b", "y")))
                .isInstanceOf(LabException.class).hasMessageContaining("fills one database (service 'chat')");
    }

    private List<String> rows(String database, String sql) throws SQLException {
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

    private Connection connect(String database) throws SQLException {
        return DriverManager.getConnection(postgres().jdbcUrl(database), postgres().user(), postgres().password());
    }
}
