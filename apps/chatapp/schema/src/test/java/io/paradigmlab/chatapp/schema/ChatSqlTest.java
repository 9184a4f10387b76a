package io.paradigmlab.chatapp.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.chatapp.domain.Palindromes;
import io.paradigmlab.chatapp.domain.Passwords;
import io.paradigmlab.chatapp.domain.WordLines;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every statement of {@link ChatSql} on a real PostgreSQL after the migration, run through plain pgjdbc with
 * {@link ChatSql.Statement#jdbc()} (the threads variants' path; the Vert.x client takes {@code pg} itself).
 */
class ChatSqlTest {

    private static EmbeddedPostgres postgres;
    private static DataSource dataSource;

    @BeforeAll
    static void start() throws Exception {
        postgres = EmbeddedPostgres.builder().start();
        try (Connection c = postgres.getPostgresDatabase().getConnection();
                java.sql.Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + ChatSchema.DATABASE);
        }
        dataSource = postgres.getDatabase("postgres", ChatSchema.DATABASE);
        ChatSchema.migrate(dataSource);
    }

    @AfterAll
    static void stop() throws Exception {
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    void the_migration_creates_the_three_tables_once() throws SQLException {
        assertThat(rows("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
                + " AND table_name <> 'flyway_schema_history' ORDER BY table_name"))
                .extracting(r -> r.get("table_name")).containsExactly("cpu_line", "message", "person");
        // already migrated: nothing left to apply
        assertThat(ChatSchema.migrate(postgres.getJdbcUrl("postgres", ChatSchema.DATABASE), "postgres", "postgres"))
                .isZero();
    }

    @Test
    void register_inserts_once_then_login_reads_the_hash() throws SQLException {
        String hash = Passwords.sha256Hex("Secret#1");
        List<Map<String, Object>> first = run(ChatSql.REGISTER, "reg_1", "Ana", "Pop", hash);
        assertThat(first).hasSize(1);
        long id = (Long) first.getFirst().get("id");
        assertThat(run(ChatSql.REGISTER, "reg_1", "Other", "Name", hash)).isEmpty();

        List<Map<String, Object>> login = run(ChatSql.LOGIN, "reg_1");
        assertThat(login).hasSize(1);
        assertThat(login.getFirst()).containsEntry("id", id).containsEntry("password", hash);
        assertThat(Passwords.matches("Secret#1", (String) login.getFirst().get("password"))).isTrue();
        assertThat(run(ChatSql.LOGIN, "nobody")).isEmpty();

        assertThat(run(ChatSql.PERSON_EXISTS, "reg_1")).hasSize(1);
        assertThat(run(ChatSql.PERSON_EXISTS, "nobody")).isEmpty();
        // nicknames are case-sensitive, as the grammar's
        assertThat(run(ChatSql.PERSON_EXISTS, "REG_1")).isEmpty();
    }

    @Test
    void touch_login_and_update_person() throws SQLException {
        long id = person("upd_1");
        assertThat(rows("SELECT last_login, modified_at FROM person WHERE id = " + id).getFirst())
                .containsEntry("last_login", null).containsEntry("modified_at", null);
        assertThat(update(ChatSql.TOUCH_LOGIN, id)).isEqualTo(1);
        assertThat(rows("SELECT last_login FROM person WHERE id = " + id).getFirst().get("last_login")).isNotNull();

        // nulls keep the old values
        assertThat(update(ChatSql.UPDATE_PERSON, "Maria", null, null, id)).isEqualTo(1);
        Map<String, Object> row = rows("SELECT firstname, lastname, password, modified_at FROM person WHERE id = " + id)
                .getFirst();
        assertThat(row).containsEntry("firstname", "Maria").containsEntry("lastname", "Last")
                .containsEntry("password", Passwords.sha256Hex("Secret#1"));
        assertThat(row.get("modified_at")).isNotNull();

        String newHash = Passwords.sha256Hex("Other#2");
        assertThat(update(ChatSql.UPDATE_PERSON, null, "Ionescu", newHash, id)).isEqualTo(1);
        assertThat(rows("SELECT firstname, lastname, password FROM person WHERE id = " + id).getFirst())
                .containsEntry("firstname", "Maria").containsEntry("lastname", "Ionescu")
                .containsEntry("password", newHash);
        assertThat(update(ChatSql.UPDATE_PERSON, "x", "y", null, -1L)).isZero();
    }

    @Test
    void insert_message_stores_targets_and_starts_at_version_zero() throws SQLException {
        long a = person("ins_a");
        List<Map<String, Object>> inserted = run(ChatSql.INSERT_MESSAGE, a, "hi", "blockcast", "private",
                new String[] {"ins_b", "ins_c"});
        assertThat(inserted).hasSize(1);
        assertThat(inserted.getFirst().get("created_at")).isNotNull();
        long id = (Long) inserted.getFirst().get("id");
        Map<String, Object> row = rows("SELECT created_by, modified_by, content, kind, edit_type, targets, version,"
                + " modified_at FROM message WHERE id = " + id).getFirst();
        assertThat(row).containsEntry("created_by", a).containsEntry("modified_by", null)
                .containsEntry("content", "hi").containsEntry("kind", "blockcast")
                .containsEntry("edit_type", "private").containsEntry("version", 0)
                .containsEntry("modified_at", null);
        assertThat((Object[]) row.get("targets")).containsExactly("ins_b", "ins_c");
        assertThat(run(ChatSql.MESSAGE_CONTENT, id)).containsExactly(Map.of("content", "hi"));
        assertThat(run(ChatSql.MESSAGE_CONTENT, -1L)).isEmpty();

        // the check constraints refuse anything but the wire forms
        assertThatThrownBy(() -> run(ChatSql.INSERT_MESSAGE, a, "x", "multicast", "final", new String[0]))
                .isInstanceOf(SQLException.class);
        assertThatThrownBy(() -> run(ChatSql.INSERT_MESSAGE, a, "x", "broadcast", "FINAL", new String[0]))
                .isInstanceOf(SQLException.class);
    }

    @Test
    void edit_replace_follows_the_permission_rule() throws SQLException {
        long author = person("edr_a");
        long other = person("edr_b");
        long pub = message(author, "unicast", "public", "p0", "edr_b");
        long priv = message(author, "broadcast", "private", "q0");
        long fin = message(author, "broadcast", "final", "f0");

        // public: anyone, the author included
        List<Map<String, Object>> edited = run(ChatSql.EDIT_REPLACE, "p1", other, pub, other);
        assertThat(edited).hasSize(1);
        Map<String, Object> row = edited.getFirst();
        assertThat(row).containsEntry("id", pub).containsEntry("kind", "unicast").containsEntry("content", "p1")
                .containsEntry("version", 1).containsEntry("author", "edr_a");
        assertThat((Object[]) row.get("targets")).containsExactly("edr_b");
        assertThat(row.get("modified_at")).isNotNull();
        assertThat(rows("SELECT modified_by FROM message WHERE id = " + pub).getFirst())
                .containsEntry("modified_by", other);
        assertThat(run(ChatSql.EDIT_REPLACE, "p2", author, pub, author)).singleElement()
                .satisfies(r -> assertThat(r).containsEntry("version", 2).containsEntry("content", "p2"));

        // private: the author only
        assertThat(run(ChatSql.EDIT_REPLACE, "q1", other, priv, other)).isEmpty();
        assertThat(run(ChatSql.EDIT_REPLACE, "q1", author, priv, author)).singleElement()
                .satisfies(r -> assertThat(r).containsEntry("version", 1).containsEntry("content", "q1"));

        // final: nobody
        assertThat(run(ChatSql.EDIT_REPLACE, "f1", author, fin, author)).isEmpty();
        assertThat(run(ChatSql.EDIT_REPLACE, "f1", other, fin, other)).isEmpty();
        assertThat(run(ChatSql.MESSAGE_CONTENT, fin)).containsExactly(Map.of("content", "f0"));
        assertThat(rows("SELECT version, modified_by FROM message WHERE id = " + fin).getFirst())
                .containsEntry("version", 0).containsEntry("modified_by", null);

        // after a miss, the probe tells NOT_FOUND (no row) from EDIT_FORBIDDEN (a row)
        assertThat(run(ChatSql.EDIT_REPLACE, "x", author, -5L, author)).isEmpty();
        assertThat(run(ChatSql.EDIT_PROBE, -5L)).isEmpty();
        assertThat(run(ChatSql.EDIT_PROBE, fin)).containsExactly(Map.of("edit_type", "final"));
        assertThat(run(ChatSql.EDIT_PROBE, priv)).containsExactly(Map.of("edit_type", "private"));
    }

    @Test
    void edit_append_appends_and_bumps_the_version() throws SQLException {
        long author = person("eda_a");
        long other = person("eda_b");
        long pub = message(author, "broadcast", "public", "start");
        long fin = message(author, "broadcast", "final", "start");
        for (int i = 1; i <= 3; i++) {
            assertThat(run(ChatSql.EDIT_APPEND, "+" + i, other, pub, other)).singleElement()
                    .satisfies(r -> assertThat(r).containsEntry("kind", "broadcast")
                            .containsEntry("author", "eda_a"));
        }
        assertThat(rows("SELECT content, version FROM message WHERE id = " + pub).getFirst())
                .containsEntry("content", "start+1+2+3").containsEntry("version", 3);
        assertThat(run(ChatSql.EDIT_APPEND, "+x", author, fin, author)).isEmpty();
    }

    @Test
    void cpu_line_reads_a_seeded_line() throws SQLException {
        String line = WordLines.line(7, 1, WordLines.DEFAULT_WORDS);
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("INSERT INTO cpu_line (id, content, palindromes)"
                        + " VALUES (?, ?, ?)")) {
            ps.setInt(1, 1);
            ps.setString(2, line);
            ps.setInt(3, Palindromes.count(line));
            ps.executeUpdate();
        }
        List<Map<String, Object>> read = run(ChatSql.CPU_LINE, 1);
        assertThat(read).hasSize(1);
        assertThat(Palindromes.count((String) read.getFirst().get("content"))).isEqualTo(Palindromes.count(line));
        assertThat(read.getFirst().get("content")).isEqualTo(line);
        assertThat(run(ChatSql.CPU_LINE, 2)).isEmpty();
    }

    @Test
    void history_shows_what_each_user_may_see_in_id_order() throws SQLException {
        long a = person("his_a");
        long b = person("his_b");
        long c = person("his_c");
        long before = (Long) rows("SELECT coalesce(max(id), 0) AS max FROM message").getFirst().get("max");
        long m1 = message(a, "broadcast", "final", "m1");
        long m2 = message(a, "unicast", "final", "m2", "his_b");
        long m3 = message(a, "blockcast", "final", "m3", "his_b");
        long m4 = message(b, "unicast", "public", "m4", "his_c");
        long m5 = message(c, "blockcast", "private", "m5", "his_a");

        assertThat(history(before, a, "his_a", 100)).containsExactly(m1, m2, m3);
        assertThat(history(before, b, "his_b", 100)).containsExactly(m1, m2, m4, m5);
        assertThat(history(before, c, "his_c", 100)).containsExactly(m1, m3, m4, m5);
        // afterId and limit
        assertThat(history(m1, c, "his_c", 100)).containsExactly(m3, m4, m5);
        assertThat(history(before, c, "his_c", 2)).containsExactly(m1, m3);

        Map<String, Object> row = run(ChatSql.HISTORY, m4 - 1, b, "his_b", "his_b", 1).getFirst();
        assertThat(row).containsEntry("id", m4).containsEntry("nickname", "his_b").containsEntry("kind", "unicast")
                .containsEntry("edit_type", "public").containsEntry("content", "m4").containsEntry("version", 0);
        assertThat(row.get("created_at")).isNotNull();
    }

    @Test
    void every_statement_prepares_with_as_many_parameters_as_it_declares() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            for (ChatSql.Statement s : ChatSql.ALL) {
                try (PreparedStatement ps = c.prepareStatement(s.jdbc())) {
                    // the metadata comes from the server's parse of the text
                    assertThat(ps.getParameterMetaData().getParameterCount()).as(s.name()).isEqualTo(s.parameters());
                }
            }
        }
    }

    @Test
    void every_statement_uses_each_placeholder_once_in_increasing_order() {
        Pattern placeholder = Pattern.compile("\\$(\\d+)");
        for (ChatSql.Statement s : ChatSql.ALL) {
            List<Integer> seen = new ArrayList<>();
            Matcher m = placeholder.matcher(s.pg());
            while (m.find()) {
                seen.add(Integer.parseInt(m.group(1)));
            }
            List<Integer> expected = new ArrayList<>();
            for (int i = 1; i <= seen.size(); i++) {
                expected.add(i);
            }
            assertThat(seen).as(s.name()).isNotEmpty().isEqualTo(expected);
            assertThat(s.parameters()).as(s.name()).isEqualTo(seen.size());
            // so jdbc() is exact: no '?' of its own in the text, one per placeholder after
            assertThat(s.pg()).as(s.name()).doesNotContain("?");
            assertThat(s.jdbc()).as(s.name()).doesNotContain("$")
                    .isEqualTo(placeholder.matcher(s.pg()).replaceAll("?"));
        }
    }

    @Test
    void a_statement_with_misordered_or_repeated_placeholders_cannot_be_built() {
        assertThatThrownBy(() -> new ChatSql.Statement("X", "SELECT $2, $1"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ChatSql.Statement("X", "SELECT $1, $1"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ChatSql.Statement("X", "SELECT $1, $3"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ChatSql.Statement("X", "SELECT $1, $2, $10"))
                .isInstanceOf(IllegalArgumentException.class);
        // multi-digit placeholders become one '?' each
        ChatSql.Statement ten = new ChatSql.Statement("TEN",
                "SELECT $1,$2,$3,$4,$5,$6,$7,$8,$9,$10, '$' || 'x'");
        assertThat(ten.parameters()).isEqualTo(10);
        assertThat(ten.jdbc()).isEqualTo("SELECT ?,?,?,?,?,?,?,?,?,?, '$' || 'x'");
        assertThat(new ChatSql.Statement("X", "SELECT 1").jdbc()).isEqualTo("SELECT 1");
    }

    @Test
    void all_lists_every_constant_under_its_own_name() throws IllegalAccessException {
        List<String> constants = new ArrayList<>();
        for (Field f : ChatSql.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == ChatSql.Statement.class) {
                ChatSql.Statement s = (ChatSql.Statement) f.get(null);
                assertThat(s.name()).isEqualTo(f.getName());
                assertThat(ChatSql.ALL).contains(s);
                constants.add(f.getName());
            }
        }
        assertThat(ChatSql.ALL).extracting(ChatSql.Statement::name).containsExactlyInAnyOrderElementsOf(constants)
                .containsExactly("REGISTER", "LOGIN", "TOUCH_LOGIN", "UPDATE_PERSON", "PERSON_EXISTS",
                        "INSERT_MESSAGE", "EDIT_REPLACE", "EDIT_APPEND", "EDIT_PROBE", "MESSAGE_CONTENT", "CPU_LINE",
                        "HISTORY");
    }

    // ---- helpers: plain JDBC, as a threads variant runs the statements ----

    private static long person(String nick) throws SQLException {
        return (Long) run(ChatSql.REGISTER, nick, "First", "Last", Passwords.sha256Hex("Secret#1")).getFirst()
                .get("id");
    }

    private static long message(long author, String kind, String edit, String content, String... targets)
            throws SQLException {
        return (Long) run(ChatSql.INSERT_MESSAGE, author, content, kind, edit, targets).getFirst().get("id");
    }

    private static List<Long> history(long afterId, long callerId, String nick, int limit) throws SQLException {
        return run(ChatSql.HISTORY, afterId, callerId, nick, nick, limit).stream().map(r -> (Long) r.get("id"))
                .toList();
    }

    private static List<Map<String, Object>> run(ChatSql.Statement statement, Object... params) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = prepare(c, statement, params);
                ResultSet rs = ps.executeQuery()) {
            return read(rs);
        }
    }

    private static int update(ChatSql.Statement statement, Object... params) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = prepare(c, statement, params)) {
            return ps.executeUpdate();
        }
    }

    private static PreparedStatement prepare(Connection c, ChatSql.Statement statement, Object... params)
            throws SQLException {
        assertThat(params).as(statement.name()).hasSize(statement.parameters());
        PreparedStatement ps = c.prepareStatement(statement.jdbc());
        for (int i = 0; i < params.length; i++) {
            Object p = params[i];
            if (p == null) {
                ps.setNull(i + 1, Types.VARCHAR);
            } else if (p instanceof String[] array) {
                ps.setArray(i + 1, c.createArrayOf("text", array));
            } else {
                ps.setObject(i + 1, p);
            }
        }
        return ps;
    }

    private static List<Map<String, Object>> rows(String sql) throws SQLException {
        try (Connection c = dataSource.getConnection(); java.sql.Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            return read(rs);
        }
    }

    private static List<Map<String, Object>> read(ResultSet rs) throws SQLException {
        ResultSetMetaData meta = rs.getMetaData();
        List<Map<String, Object>> out = new ArrayList<>();
        while (rs.next()) {
            Map<String, Object> row = new LinkedHashMap<>();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
                Object value = rs.getObject(i);
                if (value instanceof Array array) {
                    value = Arrays.copyOf((Object[]) array.getArray(), ((Object[]) array.getArray()).length,
                            Object[].class);
                }
                row.put(meta.getColumnLabel(i), value);
            }
            out.add(row);
        }
        return out;
    }
}
